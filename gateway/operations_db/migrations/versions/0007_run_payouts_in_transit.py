"""A stored run keeps the payouts still in transit when it ran, so a day whose payout the bank has
yet to answer is run again until it is paid, failed or overdue.

Revision ID: 0007_run_payouts_in_transit
Revises: 0006_reconciliation_finding_fee
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_run_payouts_in_transit"
down_revision = "0006_reconciliation_finding_fee"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("reconciliation_run") as table:  # batch: SQLite alters by copying the table
        table.add_column(sa.Column("payouts_in_transit", sa.Numeric(14, 2), nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("reconciliation_run") as table:
        table.drop_column("payouts_in_transit")
