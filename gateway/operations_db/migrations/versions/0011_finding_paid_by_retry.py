"""A failed payout's finding closed by the reconciliation once a later attempt (another account the
shopper gave, a new transfer for the same return) is paid keeps that transfer's id, so the desk
shows it resolved by the retry (its UTR in the finding's `utr`) rather than by a person.

Revision ID: 0011_finding_paid_by_retry
Revises: 0010_finding_payout_utr
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011_finding_paid_by_retry"
down_revision = "0010_finding_payout_utr"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("reconciliation_finding") as table:  # batch: SQLite alters by copying the table
        table.add_column(sa.Column("paid_by_retry", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("reconciliation_finding") as table:
        table.drop_column("paid_by_retry")
