"""A mandate keeps when its loan's lender confirmed it knows of it (told once the provider has it
ACTIVE, and again until it confirms), so the lender's reminders before a due date say AutoPay
will debit the instalment instead of carrying a link to pay it twice.

Revision ID: 0017_mandate_lender_told
Revises: 0016_mandate_debited_account
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from advanced_alchemy.types import DateTimeUTC
from alembic import op

revision = "0017_mandate_lender_told"
down_revision = "0016_mandate_debited_account"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("loan_mandate") as table:  # batch: SQLite alters by copying the table
        table.add_column(sa.Column("lender_told_at", DateTimeUTC(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("loan_mandate") as table:
        table.drop_column("lender_told_at")
