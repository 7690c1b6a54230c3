"""What the portal's screens send and receive (camelCase for the browser)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Literal

import msgspec

from gateway.portal.pending import PendingPayment
from gateway.sessions.controller import PortalSessionView
from gateway.upstreams.lenders.payments import Allocation, PaymentHistoryEntry

PaymentMode = Literal["totalOverdue", "partialPayment"]


class RepaymentView(msgspec.Struct, rename="camel", kw_only=True):
    """The borrower and what they owe now (the 'View Details' popup's figures included).

    Amounts are decimal strings in rupees with two places ("12450.00"), never binary floats.
    """

    user_name: str
    mobile_number: str
    remaining_amount: Decimal  # 'Total due': principal outstanding plus late fees
    late_fees: Decimal
    pending_amount: Decimal  # 'Principal outstanding'
    # The loan's particulars when the lender gives them (absent otherwise): the date the overdue
    # instalment fell due, the whole days since, the lender and the loan account number.
    due_date: date | None = None
    days_overdue: int | None = None
    lender_name: str | None = None
    loan_number: str | None = None
    # The lender's smallest part-payment for this loan, known before any checkout opens (None
    # when the lender does not say): a part-payment below it is refused, never started.
    minimum_payment: Decimal | None = None
    # Payments started but not yet known to be settled: 'Payment pending confirmation'.
    pending_payments: list[PendingPayment] = msgspec.field(default_factory=list)


class VerifyResponse(msgspec.Struct, rename="camel", kw_only=True):
    message: str
    # 'payment': logged in, go to /payment; 'nopayment': nothing is owed, go to /nopayment.
    outcome: Literal["payment", "nopayment"]
    portal: PortalSessionView | None = None


class CreatePaymentRequest(msgspec.Struct, rename="camel", kw_only=True):
    mode: PaymentMode = "totalOverdue"
    # Rupees (a decimal string or number), for 'partialPayment' only: above 0 and at least the
    # lender's minimum part-payment, at most two decimals and not above what is owed.
    amount: Decimal | None = None
    # True when the borrower was told a payment of the same amount is pending and pays anyway.
    pay_while_pending: bool = False


class PaymentCreated(msgspec.Struct, rename="camel", kw_only=True):
    order_id: str
    order_amount: Decimal
    payment_session_id: str
    payment_log_id: int


class ConfirmPaymentRequest(msgspec.Struct, rename="camel", kw_only=True):
    payment_log_id: int


class PaymentOutcome(msgspec.Struct, rename="camel", kw_only=True):
    """How a payment went, as the lender says: 'completed' (the provider took the money),
    'failed' (an attempt failed or the order expired), 'cancelled' (the order is still open with
    nothing taken and nothing tried: the borrower closed the checkout; it may be reopened) or
    'awaitingApproval' (paid, and the lender's checker is yet to approve its booking: it stays
    pending until booked and is never to be paid again) or 'bankPending' (tried, and the payer's
    bank has yet to answer: followed by the re-check until it is taken or the order expires, and
    never offered to be paid again meanwhile) or 'refunded' (paid, but the lender refused to book
    it: its checker rejected the booking; refunded in full to the payer, what is owed unchanged,
    and it may be paid again; `amount` is what is refunded)."""

    message: str
    status: Literal["completed", "failed", "cancelled", "awaitingApproval", "bankPending", "refunded"]
    order_id: str | None = None
    # What happened to the money, from the lender's record of the payment (each null when not
    # known): a completed one's amount, the provider's reference, where the receipt was mailed
    # (masked) and the receipt's address; a failed one's reason ('declined': the bank or card
    # issuer refused it; 'expired': the time to pay ran out). Nothing is debited when it failed.
    amount: Decimal | None = None
    provider_reference: str | None = None
    receipt_mailed_to: str | None = None
    receipt_url: str | None = None
    failure_reason: Literal["declined", "expired"] | None = None
    # How the lender applied a completed payment: charges, interest, principal.
    allocation: Allocation | None = None


class PaymentRecord(PaymentHistoryEntry, rename="camel", kw_only=True):
    """One payment in the borrower's history, as the lender lists it; a paid one has a receipt
    at `receiptUrl`."""

    receipt_url: str | None = None
    # A refund the bank gave up that our support team then paid another way (a bank transfer):
    # that payment's reference; the status is then `refunded`.
    refund_reference: str | None = None


class RecheckResult(msgspec.Struct, rename="camel", kw_only=True):
    """What re-checking the remembered payments found: those settled now, those still pending."""

    settled: list[PaymentOutcome]
    pending: list[PendingPayment]
