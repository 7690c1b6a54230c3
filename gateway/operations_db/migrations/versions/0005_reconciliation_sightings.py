"""The worklist across runs: a finding found again by a later run stays one (a sighting), and a
dispute's or chargeback's finding carries its response deadline.

Revision ID: 0005_reconciliation_sightings
Revises: 0004_desk_refund_resolution
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from advanced_alchemy.types import BigIntIdentity
from alembic import op

revision = "0005_reconciliation_sightings"
down_revision = "0004_desk_refund_resolution"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("reconciliation_finding") as table:  # batch: SQLite alters by copying the table
        table.add_column(sa.Column("respond_by", sa.Date(), nullable=True))
        table.add_column(sa.Column("last_found_on", sa.Date(), nullable=True))
    op.create_table(
        "reconciliation_sighting",
        sa.Column("id", BigIntIdentity, sa.Identity(start=1, increment=1), nullable=False),
        sa.Column("run_id", BigIntIdentity, nullable=False),
        sa.Column("finding_id", BigIntIdentity, nullable=False),
        sa.ForeignKeyConstraint(
            ["run_id"], ["reconciliation_run.id"], name=op.f("fk_reconciliation_sighting_run_id_reconciliation_run"),
            ondelete="RESTRICT",
        ),
        sa.ForeignKeyConstraint(
            ["finding_id"], ["reconciliation_finding.id"],
            name=op.f("fk_reconciliation_sighting_finding_id_reconciliation_finding"), ondelete="RESTRICT",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_reconciliation_sighting")),
        sa.UniqueConstraint("run_id", "finding_id", name="uq_reconciliation_sighting"),
    )  # fmt: skip


def downgrade() -> None:
    op.drop_table("reconciliation_sighting")
    with op.batch_alter_table("reconciliation_finding") as table:
        table.drop_column("last_found_on")
        table.drop_column("respond_by")
