"""A stored run (and each pass of it) keeps the refunds the provider's bank had yet to pay out when
it ran, so a day with a refund still at the bank is run again until the refund shows on the
provider's report or its time has passed.

Revision ID: 0015_run_refunds_in_transit
Revises: 0014_reconciliation_passes
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015_run_refunds_in_transit"
down_revision = "0014_reconciliation_passes"
branch_labels = None
depends_on = None


def upgrade() -> None:
    for name in ("reconciliation_run", "reconciliation_pass"):
        with op.batch_alter_table(name) as table:  # batch: SQLite alters by copying the table
            table.add_column(sa.Column("refunds_in_transit", sa.Numeric(14, 2), nullable=False, server_default="0"))


def downgrade() -> None:
    for name in ("reconciliation_pass", "reconciliation_run"):
        with op.batch_alter_table(name) as table:
            table.drop_column("refunds_in_transit")
