"""A failed payout's finding keeps why it failed, as the payouts provider said it (its status_code
and status_description), so the desk's worklist shows why and what to do.

Revision ID: 0008_finding_payout_reason
Revises: 0007_run_payouts_in_transit
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_finding_payout_reason"
down_revision = "0007_run_payouts_in_transit"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("reconciliation_finding") as table:  # batch: SQLite alters by copying the table
        table.add_column(sa.Column("reason_code", sa.String(64), nullable=True))
        table.add_column(sa.Column("reason_text", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("reconciliation_finding") as table:
        table.drop_column("reason_text")
        table.drop_column("reason_code")
