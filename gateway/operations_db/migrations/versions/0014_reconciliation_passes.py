"""Each run of a stored reconciliation day is kept with its figures (a day is run again while money
is in transit, and the stored run holds only the latest).

Revision ID: 0014_reconciliation_passes
Revises: 0013_desk_refund_return
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from advanced_alchemy.types import BigIntIdentity, DateTimeUTC
from alembic import op

revision = "0014_reconciliation_passes"
down_revision = "0013_desk_refund_return"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "reconciliation_pass",
        sa.Column("id", BigIntIdentity, sa.Identity(start=1, increment=1), nullable=False),
        sa.Column("run_id", BigIntIdentity, nullable=False),
        sa.Column("ran_at", DateTimeUTC(timezone=True), nullable=False),
        sa.Column("unreconciled", sa.Numeric(14, 2), nullable=False),
        sa.Column("settled_net", sa.Numeric(14, 2), nullable=False),
        sa.Column("in_transit_net", sa.Numeric(14, 2), nullable=False),
        sa.Column("payouts_in_transit", sa.Numeric(14, 2), nullable=False),
        sa.Column("found", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["run_id"], ["reconciliation_run.id"], name=op.f("fk_reconciliation_pass_run_id_reconciliation_run"),
            ondelete="RESTRICT",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_reconciliation_pass")),
    )  # fmt: skip
    op.create_index("ix_reconciliation_pass_run", "reconciliation_pass", ["run_id"])


def downgrade() -> None:
    op.drop_index("ix_reconciliation_pass_run", table_name="reconciliation_pass")
    op.drop_table("reconciliation_pass")
