"""A mandate keeps when its lender was last asked to keep it, so that a lender refusing (or down)
is asked again after a while, not at every loan-page read and every AutoPay job run.

Revision ID: 0018_mandate_lender_asked
Revises: 0017_mandate_lender_told
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from advanced_alchemy.types import DateTimeUTC
from alembic import op

revision = "0018_mandate_lender_asked"
down_revision = "0017_mandate_lender_told"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("loan_mandate") as table:  # batch: SQLite alters by copying the table
        table.add_column(sa.Column("lender_asked_at", DateTimeUTC(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("loan_mandate") as table:
        table.drop_column("lender_asked_at")
