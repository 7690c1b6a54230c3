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
    # A repayment's refund, made on its lender's own provider account (that LENDERS kind; None: the
    # store's), with the lender's loan it repaid; `order_number` is then the repayment's provider order.
    lender: Mapped[str | None] = mapped_column(String(16), default=None)
    loan_number: Mapped[str | None] = mapped_column(String(32), default=None)
    # A return's refund the bank gave up (handed over by the provider's webhook): the return's
    # number, so the orders service is told how the desk gave it back.
    return_number: Mapped[str | None] = mapped_column(String(32), default=None)
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
    # Returns' payouts the bank had yet to answer: the day is run again until each has ended.
    payouts_in_transit: Mapped[Decimal] = mapped_column(MONEY, server_default="0")
    # Refunds the provider's bank had yet to pay out: likewise run again until each shows or is late.
    refunds_in_transit: Mapped[Decimal] = mapped_column(MONEY, server_default="0")
    fees: Mapped[Decimal] = mapped_column(MONEY)
    findings: Mapped[list[ReconciliationFinding]] = relationship(
        back_populates="run", lazy="selectin", order_by="ReconciliationFinding.id"
    )
    # Findings of earlier runs this run found again: still one finding each, ageing from the first.
    found_again: Mapped[list[ReconciliationFinding]] = relationship(
        secondary="reconciliation_sighting", lazy="selectin", viewonly=True, order_by="ReconciliationFinding.id"
    )
    # Every time the day was run and stored (the first, and each run again while money was in
    # transit), oldest first: the row above holds the latest figures only.
    passes: Mapped[list[ReconciliationPass]] = relationship(
        lazy="selectin", order_by="ReconciliationPass.id", viewonly=True
    )


class ReconciliationPass(IdentityBase):
    """One run of a stored day, with the figures it found then: a day run again keeps each."""

    __tablename__ = "reconciliation_pass"
    __table_args__ = (Index("ix_reconciliation_pass_run", "run_id"),)

    run_id: Mapped[int] = mapped_column(ForeignKey("reconciliation_run.id", ondelete="RESTRICT"))
    ran_at: Mapped[datetime] = mapped_column(DateTimeUTC(timezone=True))
    unreconciled: Mapped[Decimal] = mapped_column(MONEY)
    settled_net: Mapped[Decimal] = mapped_column(MONEY)
    in_transit_net: Mapped[Decimal] = mapped_column(MONEY)
    payouts_in_transit: Mapped[Decimal] = mapped_column(MONEY)
    refunds_in_transit: Mapped[Decimal] = mapped_column(MONEY, server_default="0")
    found: Mapped[int] = mapped_column(Integer)  # the mismatches (and disputes, failed payouts) it found


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
    # A failed payout's: why, as the payouts provider said it (its status_code and status_description).
    reason_code: Mapped[str | None] = mapped_column(String(64))
    reason_text: Mapped[str | None] = mapped_column(Text)
    utr: Mapped[str | None] = mapped_column(String(64))  # a payout's: the bank's reference of the provider's transfer
    # A failed payout's, closed by the reconciliation: the later attempt's transfer_id that paid the
    # return (its UTR then in `utr`).
    paid_by_retry: Mapped[str | None] = mapped_column(String(64))
    run: Mapped[ReconciliationRun] = relationship(back_populates="findings")


class ReconciliationSighting(IdentityBase):
    """A later run finding an open finding again (the same kind on the same provider order and
    payment): kept as a sighting, so the finding stays one and keeps ageing."""

    __tablename__ = "reconciliation_sighting"
    __table_args__ = (UniqueConstraint("run_id", "finding_id", name="uq_reconciliation_sighting"),)

    run_id: Mapped[int] = mapped_column(ForeignKey("reconciliation_run.id", ondelete="RESTRICT"))
    finding_id: Mapped[int] = mapped_column(ForeignKey("reconciliation_finding.id", ondelete="RESTRICT"))


class LoanMandate(IdentityBase):
    """A loan's AutoPay: a UPI AutoPay mandate (Cashfree's subscription) on the lender's own
    provider account, collecting the loan's instalments up to `max_amount` a debit."""

    __tablename__ = "loan_mandate"
    __table_args__ = (
        UniqueConstraint("mandate_id", name="uq_loan_mandate_mandate_id"),
        Index("ix_loan_mandate_loan_number", "loan_number"),
        Index("ix_loan_mandate_customer", "customer"),
    )

    mandate_id: Mapped[str] = mapped_column(String(32))  # our subscription_id (and plan_id) at the provider
    cf_subscription_id: Mapped[str | None] = mapped_column(String(64))
    lender: Mapped[str] = mapped_column(String(16))  # the LENDERS kind whose account it pays
    lender_name: Mapped[str] = mapped_column(String(120))
    loan_number: Mapped[str] = mapped_column(String(32))
    user_id: Mapped[str] = mapped_column(String(32))  # the borrower's id at that lender
    customer: Mapped[str] = mapped_column(String(20))  # the borrower's mobile number
    email: Mapped[str] = mapped_column(String(120))  # where the pre-debit notices and receipts go
    method: Mapped[str] = mapped_column(String(8))  # upi or enach
    max_amount: Mapped[Decimal] = mapped_column(MONEY)
    frequency: Mapped[str] = mapped_column(String(16))  # monthly: each instalment's due date
    start_on: Mapped[date] = mapped_column(Date)
    end_on: Mapped[date] = mapped_column(Date)
    # The provider's subscription status as last read (INITIALIZED, ACTIVE, ON_HOLD, CUSTOMER_PAUSED,
    # CUSTOMER_CANCELLED, CANCELLED, COMPLETED, EXPIRED, LINK_EXPIRED).
    status: Mapped[str] = mapped_column(String(24))
    request_key: Mapped[str] = mapped_column(String(64))  # the borrower's Idempotency-Key of the set-up
    approval_link: Mapped[str | None] = mapped_column(Text)  # the pending AUTH's UPI link or eNACH bank page
    # eNACH: the account it debits as the borrower reads it (the number's last four digits, the
    # IFSC's bank code); never the whole number.
    account_ending: Mapped[str | None] = mapped_column(String(4), default=None)
    bank_code: Mapped[str | None] = mapped_column(String(4), default=None)
    # When the loan's lender confirmed it keeps this mandate (told once ACTIVE, again until then),
    # so its reminders before a due date say AutoPay will debit the instalment, with no link.
    lender_told_at: Mapped[datetime | None] = mapped_column(DateTimeUTC(timezone=True), default=None)
    # When the lender was last asked to keep it, answered or not: a lender that keeps refusing is
    # asked again only after TELL_AGAIN_AFTER (gateway/loans/autopay.py), not at every read and run.
    lender_asked_at: Mapped[datetime | None] = mapped_column(DateTimeUTC(timezone=True), default=None)
    # The borrower's language when they set it up (en or hi): the lender's notices of its debits
    # are written in it (a lender such as Fineract keeps no language of its own for a borrower).
    language: Mapped[str | None] = mapped_column(String(2), default=None)
    created_at: Mapped[datetime] = mapped_column(DateTimeUTC(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTimeUTC(timezone=True))
    debits: Mapped[list[LoanMandateDebit]] = relationship(
        back_populates="mandate", lazy="selectin", order_by="LoanMandateDebit.id"
    )


class LoanMandateDebit(IdentityBase):
    """One instalment's debit on a mandate: raised with its pre-debit notice, then debited or failed."""

    __tablename__ = "loan_mandate_debit"
    __table_args__ = (
        UniqueConstraint("payment_id", name="uq_loan_mandate_debit_payment_id"),
        UniqueConstraint("mandate_ref", "due_on", name="uq_loan_mandate_debit_due_on"),
    )

    mandate_ref: Mapped[int] = mapped_column(ForeignKey("loan_mandate.id", ondelete="RESTRICT"))
    payment_id: Mapped[str] = mapped_column(String(32))  # ours at the provider, also its idempotency key
    cf_payment_id: Mapped[str | None] = mapped_column(String(64))
    instalment: Mapped[int] = mapped_column(Integer)
    due_on: Mapped[date] = mapped_column(Date)
    amount: Mapped[Decimal] = mapped_column(MONEY)
    scheduled_at: Mapped[datetime] = mapped_column(DateTimeUTC(timezone=True))
    # noticed (raised, pre-debit notice sent) -> debited | failed | cancelled, and debited ->
    # refunded (its booking refused by the lender's checker); or authenticate (above the
    # e-mandate limit: the borrower pays it with a fresh authentication, never debited).
    status: Mapped[str] = mapped_column(String(16))
    failure_reason: Mapped[str | None] = mapped_column(String(120))
    # Raised with its notice; for one above the limit, when the lender confirmed it told the borrower.
    noticed_at: Mapped[datetime | None] = mapped_column(DateTimeUTC(timezone=True))
    # The lender acted on how it ended: booked it (taken), refunded it (its booking refused), or
    # sent its reminder (failed).
    booked_at: Mapped[datetime | None] = mapped_column(DateTimeUTC(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTimeUTC(timezone=True))
    mandate: Mapped[LoanMandate] = relationship(back_populates="debits")
