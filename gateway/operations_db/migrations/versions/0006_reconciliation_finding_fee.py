"""A finding keeps the provider's fee and tax on what it reported, so the desk shows it net.

Revision ID: 0006_reconciliation_finding_fee
Revises: 0005_reconciliation_sightings
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_reconciliation_finding_fee"
down_revision = "0005_reconciliation_sightings"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("reconciliation_finding") as table:  # batch: SQLite alters by copying the table
        table.add_column(sa.Column("fee", sa.Numeric(14, 2), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("reconciliation_finding") as table:
        table.drop_column("fee")
