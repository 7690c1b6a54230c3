"""Refunds asked for on the desk, and the supervisors' approvals of them.

Revision ID: 0002_desk_refunds
Revises: 0001_desk_audit
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from advanced_alchemy.types import BigIntIdentity, DateTimeUTC
from alembic import op

revision = "0002_desk_refunds"
down_revision = "0001_desk_audit"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "desk_refund",
        sa.Column("id", BigIntIdentity, sa.Identity(start=1, increment=1), nullable=False),
        sa.Column("order_number", sa.String(32), nullable=False),
        sa.Column("provider_order_id", sa.String(64), nullable=False),
        sa.Column("customer", sa.String(20), nullable=True),
        sa.Column("amount", sa.Numeric(14, 2), nullable=False),
        sa.Column("reason_code", sa.String(32), nullable=False),
        sa.Column("note", sa.Text(), nullable=False),
        sa.Column("requested_by", sa.String(64), nullable=False),
        sa.Column("requested_at", DateTimeUTC(timezone=True), nullable=False),
        sa.Column("request_key", sa.String(64), nullable=False),
        sa.Column("approvals_needed", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("provider_refund_id", sa.String(64), nullable=True),
        sa.Column("updated_at", DateTimeUTC(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_desk_refund")),
        sa.UniqueConstraint("request_key", name="uq_desk_refund_request_key"),
    )
    op.create_index("ix_desk_refund_customer", "desk_refund", ["customer"])
    op.create_index("ix_desk_refund_order_number", "desk_refund", ["order_number"])
    op.create_table(
        "desk_refund_approval",
        sa.Column("id", BigIntIdentity, sa.Identity(start=1, increment=1), nullable=False),
        sa.Column("refund_id", BigIntIdentity, nullable=False),
        sa.Column("supervisor", sa.String(64), nullable=False),
        sa.Column("decision", sa.String(16), nullable=False),
        sa.Column("at", DateTimeUTC(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["refund_id"], ["desk_refund.id"], name=op.f("fk_desk_refund_approval_refund_id_desk_refund"),
            ondelete="RESTRICT",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_desk_refund_approval")),
        sa.UniqueConstraint("refund_id", "supervisor", name="uq_desk_refund_approval_supervisor"),
    )  # fmt: skip


def downgrade() -> None:
    op.drop_table("desk_refund_approval")
    op.drop_table("desk_refund")
