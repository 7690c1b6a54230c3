"""The daily reconciliation's stored runs (one per day) and their findings.

Revision ID: 0003_reconciliation_runs
Revises: 0002_desk_refunds
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from advanced_alchemy.types import BigIntIdentity, DateTimeUTC
from alembic import op

revision = "0003_reconciliation_runs"
down_revision = "0002_desk_refunds"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "reconciliation_run",
        sa.Column("id", BigIntIdentity, sa.Identity(start=1, increment=1), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("ran_at", DateTimeUTC(timezone=True), nullable=False),
        sa.Column("unreconciled", sa.Numeric(14, 2), nullable=False),
        sa.Column("settled_net", sa.Numeric(14, 2), nullable=False),
        sa.Column("in_transit_net", sa.Numeric(14, 2), nullable=False),
        sa.Column("fees", sa.Numeric(14, 2), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_reconciliation_run")),
        sa.UniqueConstraint("day", name="uq_reconciliation_run_day"),
    )
    op.create_table(
        "reconciliation_finding",
        sa.Column("id", BigIntIdentity, sa.Identity(start=1, increment=1), nullable=False),
        sa.Column("run_id", BigIntIdentity, nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("provider_order_id", sa.String(64), nullable=False),
        sa.Column("owner", sa.String(16), nullable=False),
        sa.Column("reference", sa.String(64), nullable=True),
        sa.Column("cf_payment_id", sa.String(64), nullable=True),
        sa.Column("recorded", sa.Numeric(14, 2), nullable=True),
        sa.Column("settled", sa.Numeric(14, 2), nullable=True),
        sa.Column("unreconciled", sa.Numeric(14, 2), nullable=False),
        sa.Column("found_on", sa.Date(), nullable=False),
        sa.Column("resolved_by", sa.String(64), nullable=True),
        sa.Column("resolved_at", DateTimeUTC(timezone=True), nullable=True),
        sa.Column("note", sa.Text(), nullable=True),
        sa.ForeignKeyConstraint(
            ["run_id"], ["reconciliation_run.id"], name=op.f("fk_reconciliation_finding_run_id_reconciliation_run"),
            ondelete="RESTRICT",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_reconciliation_finding")),
    )  # fmt: skip
    op.create_index("ix_reconciliation_finding_run", "reconciliation_finding", ["run_id"])


def downgrade() -> None:
    op.drop_table("reconciliation_finding")
    op.drop_table("reconciliation_run")
