"""A refund the bank gave up, resolved on the desk: asked of the provider again under a fresh refund
id, or recorded as paid another way with its reference.

Revision ID: 0004_desk_refund_resolution
Revises: 0003_reconciliation_runs
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_desk_refund_resolution"
down_revision = "0003_reconciliation_runs"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("desk_refund") as table:  # batch: SQLite alters by copying the table
        table.add_column(sa.Column("provider_key", sa.String(40), nullable=True))
        table.add_column(sa.Column("paid_reference", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("desk_refund") as table:
        table.drop_column("paid_reference")
        table.drop_column("provider_key")
