"""A payout's finding keeps the bank's reference (UTR) of the provider's transfer, so money paid
out under a transfer_id no return has can be found at the bank.

Revision ID: 0010_finding_payout_utr
Revises: 0009_loan_mandates
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010_finding_payout_utr"
down_revision = "0009_loan_mandates"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("reconciliation_finding") as table:  # batch: SQLite alters by copying the table
        table.add_column(sa.Column("utr", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("reconciliation_finding") as table:
        table.drop_column("utr")
