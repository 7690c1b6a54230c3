"""The operations database's tables. Money is NUMERIC (rupees, exact), times are UTC.

The audit trail is append-only: the migration that makes its table also makes the database refuse
any UPDATE or DELETE of it (a trigger on PostgreSQL and on SQLite alike).
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from advanced_alchemy.base import IdentityBase
from advanced_alchemy.types import DateTimeUTC
from sqlalchemy import Index, Numeric, String, Text
from sqlalchemy.orm import Mapped, mapped_column

MONEY = Numeric(14, 2, asdecimal=True)


class DeskAuditEntry(IdentityBase):
    """One thing a staff member did (or tried) on the desk, as it came out."""

    __tablename__ = "desk_audit"
    __table_args__ = (
        Index("ix_desk_audit_at", "at"),
        Index("ix_desk_audit_customer_at", "customer", "at"),
        Index("ix_desk_audit_staff_at", "staff", "at"),
    )

    at: Mapped[datetime] = mapped_column(DateTimeUTC(timezone=True))
    staff: Mapped[str] = mapped_column(String(64))
    role: Mapped[str] = mapped_column(String(16))
    action: Mapped[str] = mapped_column(String(40))
    customer: Mapped[str | None] = mapped_column(String(20))  # the customer's mobile number
    reference: Mapped[str | None] = mapped_column(String(64))  # the order, loan or repayment acted on
    amount: Mapped[Decimal | None] = mapped_column(MONEY)
    reason: Mapped[str | None] = mapped_column(Text)
    idempotency_key: Mapped[str | None] = mapped_column(String(64))
    trace_id: Mapped[str | None] = mapped_column(String(64))
    outcome: Mapped[str] = mapped_column(String(80))
