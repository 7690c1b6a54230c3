"""A loan's AutoPay mandate and its debits, kept by the gateway (issue 58).

Revision ID: 0009_loan_mandates
Revises: 0008_finding_payout_reason
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from advanced_alchemy.types import BigIntIdentity, DateTimeUTC
from alembic import op

revision = "0009_loan_mandates"
down_revision = "0008_finding_payout_reason"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "loan_mandate",
        sa.Column("id", BigIntIdentity, sa.Identity(start=1, increment=1), nullable=False),
        sa.Column("mandate_id", sa.String(32), nullable=False),
        sa.Column("cf_subscription_id", sa.String(64), nullable=True),
        sa.Column("lender", sa.String(16), nullable=False),
        sa.Column("lender_name", sa.String(120), nullable=False),
        sa.Column("loan_number", sa.String(32), nullable=False),
        sa.Column("user_id", sa.String(32), nullable=False),
        sa.Column("customer", sa.String(20), nullable=False),
        sa.Column("email", sa.String(120), nullable=False),
        sa.Column("method", sa.String(8), nullable=False),
        sa.Column("max_amount", sa.Numeric(14, 2), nullable=False),
        sa.Column("frequency", sa.String(16), nullable=False),
        sa.Column("start_on", sa.Date(), nullable=False),
        sa.Column("end_on", sa.Date(), nullable=False),
        sa.Column("status", sa.String(24), nullable=False),
        sa.Column("request_key", sa.String(64), nullable=False),
        sa.Column("approval_link", sa.Text(), nullable=True),
        sa.Column("created_at", DateTimeUTC(timezone=True), nullable=False),
        sa.Column("updated_at", DateTimeUTC(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_loan_mandate")),
        sa.UniqueConstraint("mandate_id", name="uq_loan_mandate_mandate_id"),
    )
    op.create_index("ix_loan_mandate_loan_number", "loan_mandate", ["loan_number"])
    op.create_index("ix_loan_mandate_customer", "loan_mandate", ["customer"])
    op.create_table(
        "loan_mandate_debit",
        sa.Column("id", BigIntIdentity, sa.Identity(start=1, increment=1), nullable=False),
        sa.Column("mandate_ref", BigIntIdentity, nullable=False),
        sa.Column("payment_id", sa.String(32), nullable=False),
        sa.Column("cf_payment_id", sa.String(64), nullable=True),
        sa.Column("instalment", sa.Integer(), nullable=False),
        sa.Column("due_on", sa.Date(), nullable=False),
        sa.Column("amount", sa.Numeric(14, 2), nullable=False),
        sa.Column("scheduled_at", DateTimeUTC(timezone=True), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("failure_reason", sa.String(120), nullable=True),
        sa.Column("noticed_at", DateTimeUTC(timezone=True), nullable=True),
        sa.Column("booked_at", DateTimeUTC(timezone=True), nullable=True),
        sa.Column("updated_at", DateTimeUTC(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["mandate_ref"], ["loan_mandate.id"], name=op.f("fk_loan_mandate_debit_mandate_ref_loan_mandate"),
            ondelete="RESTRICT",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_loan_mandate_debit")),
        sa.UniqueConstraint("payment_id", name="uq_loan_mandate_debit_payment_id"),
        sa.UniqueConstraint("mandate_ref", "due_on", name="uq_loan_mandate_debit_due_on"),
    )  # fmt: skip


def downgrade() -> None:
    op.drop_table("loan_mandate_debit")
    op.drop_index("ix_loan_mandate_customer", "loan_mandate")
    op.drop_index("ix_loan_mandate_loan_number", "loan_mandate")
    op.drop_table("loan_mandate")
