"""A refund on the desk may be a repayment's, made on its lender's own provider account: the row
keeps which lender's account (to ask it again there) and the loan it repaid.

Revision ID: 0012_desk_refund_lender
Revises: 0011_finding_paid_by_retry
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012_desk_refund_lender"
down_revision = "0011_finding_paid_by_retry"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("desk_refund") as table:  # batch: SQLite alters by copying the table
        table.add_column(sa.Column("lender", sa.String(16), nullable=True))
        table.add_column(sa.Column("loan_number", sa.String(32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("desk_refund") as table:
        table.drop_column("loan_number")
        table.drop_column("lender")
