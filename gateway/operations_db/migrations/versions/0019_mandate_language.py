"""A mandate keeps the borrower's language at its set-up, so that the lender writes its pre-debit
notices in it (Fineract keeps no language for a borrower; our own lender's is told it too).

Revision ID: 0019_mandate_language
Revises: 0018_mandate_lender_asked
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0019_mandate_language"
down_revision = "0018_mandate_lender_asked"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("loan_mandate") as table:  # batch: SQLite alters by copying the table
        table.add_column(sa.Column("language", sa.String(2), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("loan_mandate") as table:
        table.drop_column("language")
