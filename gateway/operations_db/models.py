"""The operations database's tables. Money is NUMERIC (rupees, exact), times are UTC.

The audit trail is append-only: the migration that makes its table also makes the database refuse
any UPDATE or DELETE of it (a trigger on PostgreSQL and on SQLite alike). Refund requests move (a
request is approved, then refunded); the audit trail keeps each step.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

from advanced_alchemy.base import IdentityBase
from advanced_alchemy.types import DateTimeUTC
from sqlalchemy import Date, ForeignKey, Index, Integer, Numeric, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

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


class DeskRefund(IdentityBase):
    """A refund of a paid order asked for on the desk: who asked, how much and why, the approvals
    it needs (two supervisors above the configured amount), and what the provider answered."""

    __tablename__ = "desk_refund"
    __table_args__ = (
        UniqueConstraint("request_key", name="uq_desk_refund_request_key"),
        Index("ix_desk_refund_customer", "customer"),
        Index("ix_desk_refund_order_number", "order_number"),
    )

    order_number: Mapped[str] = mapped_column(String(32))
    provider_order_id: Mapped[str] = mapped_column(String(64))
    customer: Mapped[str | None] = mapped_column(String(20))
    amount: Mapped[Decimal] = mapped_column(MONEY)
    reason_code: Mapped[str] = mapped_column(String(32))
    note: Mapped[str] = mapped_column(Text)
    requested_by: Mapped[str] = mapped_column(String(64))
    requested_at: Mapped[datetime] = mapped_column(DateTimeUTC(timezone=True))
    request_key: Mapped[str] = mapped_column(String(64))  # the agent's Idempotency-Key: one request per click
    approvals_needed: Mapped[int] = mapped_column(Integer)
    # requested -> approved (the provider is being asked) -> refunded | pending | cancelled; or rejected.
    # Cancelled (given up by the bank) -> approved again (asked anew) | paidOtherwise (by the desk).
    status: Mapped[str] = mapped_column(String(16))
    provider_refund_id: Mapped[str | None] = mapped_column(String(64))  # cf_refund_id, once asked
    # The refund_id (and x-idempotency-key) of the latest ask at the provider when it is not the
    # request's own (refunds.provider_refund_id): a refund the bank gave up, asked for anew.
    provider_key: Mapped[str | None] = mapped_column(String(40), default=None)
    # Paid to the customer another way (a bank transfer, say): that payment's reference.
    paid_reference: Mapped[str | None] = mapped_column(String(64), default=None)
    updated_at: Mapped[datetime] = mapped_column(DateTimeUTC(timezone=True))
    approvals: Mapped[list[DeskRefundApproval]] = relationship(
        back_populates="refund", lazy="selectin", order_by="DeskRefundApproval.id"
    )


class DeskRefundApproval(IdentityBase):
    """One supervisor's decision on a refund; one each (four eyes are two people)."""

    __tablename__ = "desk_refund_approval"
    __table_args__ = (UniqueConstraint("refund_id", "supervisor", name="uq_desk_refund_approval_supervisor"),)

    refund_id: Mapped[int] = mapped_column(ForeignKey("desk_refund.id", ondelete="RESTRICT"))
    supervisor: Mapped[str] = mapped_column(String(64))
    decision: Mapped[str] = mapped_column(String(16))  # approved | rejected
    at: Mapped[datetime] = mapped_column(DateTimeUTC(timezone=True))
    refund: Mapped[DeskRefund] = relationship(back_populates="approvals")


class ReconciliationRun(IdentityBase):
    """One day's stored reconciliation: one row per day, so replicas racing to run it store it once."""

    __tablename__ = "reconciliation_run"
    __table_args__ = (UniqueConstraint("day", name="uq_reconciliation_run_day"),)

    day: Mapped[date] = mapped_column(Date)  # the day reconciled (India's calendar)
    ran_at: Mapped[datetime] = mapped_column(DateTimeUTC(timezone=True))  # on the clock the rules read
    unreconciled: Mapped[Decimal] = mapped_column(MONEY)
    settled_net: Mapped[Decimal] = mapped_column(MONEY)
    in_transit_net: Mapped[Decimal] = mapped_column(MONEY)
    fees: Mapped[Decimal] = mapped_column(MONEY)
    findings: Mapped[list[ReconciliationFinding]] = relationship(
        back_populates="run", lazy="selectin", order_by="ReconciliationFinding.id"
    )
    # Findings of earlier runs this run found again: still one finding each, ageing from the first.
    found_again: Mapped[list[ReconciliationFinding]] = relationship(
        secondary="reconciliation_sighting", lazy="selectin", viewonly=True, order_by="ReconciliationFinding.id"
    )


class ReconciliationFinding(IdentityBase):
    """One mismatch a run found; open until a staff member resolves it with a note."""

    __tablename__ = "reconciliation_finding"
    __table_args__ = (Index("ix_reconciliation_finding_run", "run_id"),)

    run_id: Mapped[int] = mapped_column(ForeignKey("reconciliation_run.id", ondelete="RESTRICT"))
    kind: Mapped[str] = mapped_column(String(32))
    provider_order_id: Mapped[str] = mapped_column(String(64))
    owner: Mapped[str] = mapped_column(String(16))
    reference: Mapped[str | None] = mapped_column(String(64))
    cf_payment_id: Mapped[str | None] = mapped_column(String(64))
    recorded: Mapped[Decimal | None] = mapped_column(MONEY)
    settled: Mapped[Decimal | None] = mapped_column(MONEY)
    unreconciled: Mapped[Decimal] = mapped_column(MONEY)
    found_on: Mapped[date] = mapped_column(Date)  # India's today when the run found it: ageing counts from here
    resolved_by: Mapped[str | None] = mapped_column(String(64))
    resolved_at: Mapped[datetime | None] = mapped_column(DateTimeUTC(timezone=True))
    note: Mapped[str | None] = mapped_column(Text)
    # A dispute's or chargeback's: the day (India's) by which the provider must have our answer.
    respond_by: Mapped[date | None] = mapped_column(Date)
    last_found_on: Mapped[date | None] = mapped_column(Date)  # the day of the last run that found it
    fee: Mapped[Decimal | None] = mapped_column(MONEY)  # the provider's charge and tax on what it reported
    run: Mapped[ReconciliationRun] = relationship(back_populates="findings")


class ReconciliationSighting(IdentityBase):
    """A later run finding an open finding again (the same kind on the same provider order and
    payment): kept as a sighting, so the finding stays one and keeps ageing."""

    __tablename__ = "reconciliation_sighting"
    __table_args__ = (UniqueConstraint("run_id", "finding_id", name="uq_reconciliation_sighting"),)

    run_id: Mapped[int] = mapped_column(ForeignKey("reconciliation_run.id", ondelete="RESTRICT"))
    finding_id: Mapped[int] = mapped_column(ForeignKey("reconciliation_finding.id", ondelete="RESTRICT"))
