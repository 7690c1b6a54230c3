"""A refund on the desk may be a return's, handed over when the bank gave it up: the row keeps the
return's number, so the orders service is told how the desk gave it back (asked again, or paid
another way) and the return follows it.

Revision ID: 0013_desk_refund_return
Revises: 0012_desk_refund_lender
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013_desk_refund_return"
down_revision = "0012_desk_refund_lender"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("desk_refund") as table:  # batch: SQLite alters by copying the table
        table.add_column(sa.Column("return_number", sa.String(32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("desk_refund") as table:
        table.drop_column("return_number")
