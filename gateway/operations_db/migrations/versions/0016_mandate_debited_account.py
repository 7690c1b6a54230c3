"""An eNACH mandate keeps which account it debits, as the borrower may read it: the account
number's last four digits and the bank's code (the IFSC's first four letters), never the number.

Revision ID: 0016_mandate_debited_account
Revises: 0015_run_refunds_in_transit
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0016_mandate_debited_account"
down_revision = "0015_run_refunds_in_transit"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("loan_mandate") as table:  # batch: SQLite alters by copying the table
        table.add_column(sa.Column("account_ending", sa.String(4), nullable=True))
        table.add_column(sa.Column("bank_code", sa.String(4), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("loan_mandate") as table:
        table.drop_column("bank_code")
        table.drop_column("account_ending")
