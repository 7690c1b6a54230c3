"""The support desk's structs (mirrors frontend/src/features/desk/api)."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Annotated, Literal

import msgspec

from gateway.desk.staff import Role
from gateway.reconciliation.attention import Attention
from gateway.upstreams.orders import RefundKind

Reason = Annotated[str, msgspec.Meta(min_length=1, max_length=500)]
Source = Literal["orders", "lender", "provider", "mail", "gateway"]  # gateway: our own login limits
FoundBy = Literal["mobile", "orderNumber", "loanNumber", "paymentReference"]


class DeskLoginRequest(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    name: Annotated[str, msgspec.Meta(min_length=1, max_length=64)]
    secret: Annotated[str, msgspec.Meta(min_length=1, max_length=256)]


class StaffView(msgspec.Struct, rename="camel", kw_only=True):
    name: str
    role: Role


Mobile = Annotated[str, msgspec.Meta(pattern="^[0-9]{10}$")]


class ActionRequest(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    """Every desk action says why: the audit trail keeps it with who acted, and for which
    customer (the mobile number the desk found them by)."""

    reason: Reason
    customer: Mobile | None = None


class TimelineEntry(msgspec.Struct, rename="camel", kw_only=True):
    at: datetime
    source: Source  # which upstream recorded it
    kind: str  # orderPlaced, orderPacked, ..., paymentTaken, paymentFailed, refund, repayment...
    reference: str  # the order number, or the repayment's provider order
    amount: str | None = None  # rupees, exact
    note: str | None = None
    provider_reference: str | None = None  # the provider's payment id or the bank's (UPI) reference
    sent_to: str | None = None  # a mail's or an SMS's recipient (an e-mail address masked)
    # False when the source knows only the day (a Fineract repayment the provider cannot date):
    # `at` is then that day's start in India, for ordering, and the desk shows the date alone.
    time_known: bool = True


class DeskOrder(msgspec.Struct, rename="camel", kw_only=True):
    order_number: str
    status: str
    total: str
    payment_method: str
    payment_state: str
    provider_order_id: str | None
    created_at: datetime
    # Where the money went when the order was cancelled or returned (the desk says it in its own words,
    # as its cancellation's result and the timeline do): back on the credit limit, to the card or UPI...
    refund_kind: RefundKind | None
    cancellable: bool


class DeskRepayment(msgspec.Struct, rename="camel", kw_only=True):
    order_id: str
    loan_number: str | None
    amount: str
    status: str
    cf_payment_id: str | None
    paid_at: str | None  # a moment, or a date (YYYY-MM-DD) when the lender knows only the day
    # False: the lender cannot mail its receipt again (no receipts, no companion to draw them);
    # the desk says so instead of offering the action.
    receipt_resendable: bool = True
    # A refund the bank gave up that the desk paid another way: that payment's reference (the
    # status is then `refunded`, as the borrower is told).
    refund_reference: str | None = None
    # Paid, and what it brought beyond everything owed (the loan closed while it was with the
    # bank) refunded by the lender on the same order: that amount.
    excess_refunded: str | None = None


class DeskComplaint(msgspec.Struct, rename="camel", kw_only=True):
    """A complaint the customer raised with the lender, as the lender keeps it."""

    ticket_number: str
    category: str  # charges, recovery, payment, loanDetails, other
    text: str  # the complaint in the borrower's words: its subject
    status: str  # received, inProgress, resolved, rejected
    raised_at: datetime
    updated_at: datetime
    answer_due_by: date
    loan_number: str | None = None


class DeskMandateDebit(msgspec.Struct, rename="camel", kw_only=True):
    payment_id: str
    instalment: int
    due_on: date
    amount: str
    status: str  # planned, noticed, debited, failed, cancelled, authenticate, refunded
    failure_reason: str | None = None
    # When the lender confirmed its notice went to the borrower: the pre-debit notice of a raised
    # debit, or (`authenticate`) the one asking them to pay an instalment above the limit themselves.
    noticed_at: datetime | None = None


class DeskMandate(msgspec.Struct, rename="camel", kw_only=True):
    """A loan's AutoPay mandate (UPI AutoPay or eNACH, on the lender's account) and its debits, as
    the gateway keeps them."""

    mandate_id: str
    loan_number: str
    lender_name: str
    status: str  # the provider's: INITIALIZED, ACTIVE, ON_HOLD, CUSTOMER_PAUSED, CANCELLED, ...
    method: Literal["upi", "enach"]
    max_amount: str
    start_on: date
    end_on: date
    debits: list[DeskMandateDebit]
    # An eNACH mandate's account as the borrower gave it: its last four digits and its bank's code.
    account_ending: str | None = None
    bank_code: str | None = None
    # When the loan's lender confirmed it keeps the mandate (its reminders then say AutoPay takes
    # the instalment); None while it has not, or for a lender not told (Fineract's).
    lender_told_at: datetime | None = None


class CustomerView(msgspec.Struct, rename="camel", kw_only=True):
    query: str
    found_by: FoundBy
    mobile_number: str | None
    name: str | None
    orders: list[DeskOrder]
    repayments: list[DeskRepayment]
    complaints: list[DeskComplaint]  # newest first
    timeline: list[TimelineEntry]  # newest first, from every upstream
    mandates: list[DeskMandate] = msgspec.field(default_factory=list)  # the borrower's AutoPay, newest first


class ActionDone(msgspec.Struct, rename="camel", kw_only=True):
    action: Literal["orderMailResent", "receiptResent", "orderCancelled"]
    reference: str
    sent_to: str | None = None  # the address masked
    order: DeskOrder | None = None


class FindingView(msgspec.Struct, rename="camel", kw_only=True):
    """One mismatch a stored reconciliation run found, as the worklist shows it."""

    id: int
    day: date  # the day reconciled
    kind: str  # a reconciliation mismatch kind (gateway/reconciliation/schemas.py)
    provider_order_id: str
    owner: str  # storeOrder | repayment | storeReturn | unknown
    reference: str | None  # the store order's number or the repayment's loan
    cf_payment_id: str | None
    recorded: Decimal | None
    settled: Decimal | None
    unreconciled: Decimal
    found_on: date
    days_open: int  # on the clock the desk reads; for a resolved one, until it was resolved
    resolved_by: str | None = None
    resolved_at: datetime | None = None
    note: str | None = None
    respond_by: date | None = None  # a dispute's or chargeback's deadline to answer the provider
    days_to_respond: int | None = None  # from today on the clock the desk reads; below 0: passed
    last_found_on: date | None = None  # the day of the last run that found it (a later run: still this one)
    fee: Decimal | None = None  # the provider's charge and tax on what it reported
    settled_net: Decimal | None = None  # what it reported, net of that fee
    # A failed payout's: why, as the payouts provider said it (its status_code: INVALID_VPA,
    # BENEFICIARY_BANK_OFFLINE, REVERSED, NOT_MADE when it made none; and its status_description).
    reason_code: str | None = None
    reason_text: str | None = None
    utr: str | None = None  # a payout's: the bank's reference of the provider's transfer
    # A failed payout's closed by the reconciliation: the later attempt's transfer_id that paid the
    # return (`utr` then its UTR; `resolvedBy` the reconciliation, with no note).
    paid_by_retry: str | None = None


class RunPass(msgspec.Struct, rename="camel", kw_only=True):
    """One run of the day, with what it found then."""

    ran_at: datetime
    unreconciled: Decimal
    settled_net: Decimal
    in_transit_net: Decimal
    payouts_in_transit: Decimal
    refunds_in_transit: Decimal  # refunds the provider's bank had yet to pay out
    found: int


class RunView(msgspec.Struct, rename="camel", kw_only=True):
    day: date
    ran_at: datetime
    unreconciled: Decimal
    settled_net: Decimal
    in_transit_net: Decimal
    refunds_in_transit: Decimal  # refunds of the day the provider's bank had yet to pay out
    fees: Decimal
    findings: int
    open_findings: int
    # Why the run needs attention (an open finding older than the settings' days, or above their
    # amount); empty: it does not.
    attention: list[Attention]
    # Every run of the day, oldest first (run again while money was in transit); the figures above
    # are the last one's.
    passes: list[RunPass] = msgspec.field(default_factory=list)


class WorklistDay(msgspec.Struct, rename="camel", kw_only=True):
    """A day's stored run (none yet: `run` is null) and every finding of it, open ones first; and,
    whichever day is chosen, every dispute and chargeback not yet resolved, nearest deadline first
    (each with the day whose run found it), so none is missed by looking at another day."""

    day: date
    today: date
    run: RunView | None
    findings: list[FindingView]
    open_disputes: list[FindingView]


class ResolveRequest(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    note: Reason
