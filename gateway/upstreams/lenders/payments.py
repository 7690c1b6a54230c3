"""The port's words for a borrower's repayments: who the borrower is to the lender, what is owed,
a checkout for it, how a payment settled, the payments made, and the platform's view of them
(amounts in exact Decimal rupees, moments as datetimes)."""

from __future__ import annotations

import enum
from datetime import date, datetime
from decimal import Decimal
from typing import Annotated, Literal

import msgspec


class RepaymentRecord(msgspec.Struct, rename="camel", kw_only=True):
    """`data[0]` of webRepayment/verifyOtp; a null totalRepaymentAmount means nothing is pending."""

    user_id: int
    user_name: str
    mobile_number: str
    total_repayment_amount: Decimal | None = None
    remaining_amount: Decimal | None = None


class RepaymentDetail(msgspec.Struct, rename="camel", kw_only=True):
    remaining_amount: Decimal  # the total due: pending_amount plus late_fees
    late_fees: Decimal
    pending_amount: Decimal  # the principal outstanding
    # Our extension of the lender's contract: the loan's particulars, None when not given.
    due_date: date | None = None
    days_overdue: Annotated[int, msgspec.Meta(ge=0)] | None = None
    lender_name: str | None = None
    loan_number: str | None = None


class PaymentSession(msgspec.Struct, kw_only=True):
    """`data` of webRepayment/cashFreeRequest (the lender's snake_case names)."""

    payment_session_id: str
    order_id: str
    order_amount: Decimal
    id: int  # the payment log id


class Allocation(msgspec.Struct, rename="camel", kw_only=True, omit_defaults=True):
    """How a paid payment was applied, as the lender books it (our extension)."""

    charges: Decimal
    interest: Decimal
    principal: Decimal
    # What it brought beyond everything owed (the loan closed while it was with the bank), given
    # back to the payer by the lender; None when nothing was.
    refunded: Decimal | None = None


class PaymentHistoryEntry(msgspec.Struct, rename="camel", kw_only=True):
    """One element of webRepayment/paymentHistory (our extension of the lender's contract)."""

    payment_log_id: int
    order_id: str
    amount: Decimal
    # Beside pending, paid and failed: paid and given back because the lender refused to book it
    # (a Fineract checker's rejection), as the provider says the refund stands: given back, on its
    # way, or given up by the bank (then the desk's to pay; the borrower is told so).
    status: Literal["pending", "paid", "failed", "refunded", "refundPending", "refundCancelled"]
    created_at: datetime
    paid_at: datetime | None = None
    provider_reference: str | None = None
    remaining_after: Decimal | None = None
    # Our extension: why a failed payment failed (the provider's), and where a paid one's receipt
    # was mailed (masked); None when the lender does not say.
    failure_reason: Literal["declined", "expired"] | None = None
    receipt_mailed_to: str | None = None
    allocation: Allocation | None = None
    # Whether the lender can draw this payment's receipt (every payment of ours; a Fineract
    # lender keeps none): the portal offers the download only where there is one.
    receipt_available: bool = True
    # False when the lender knows only the day it was paid (a repayment a Fineract lender booked
    # without a payment the provider can date): `created_at`/`paid_at` are then that day's start
    # in India, for ordering only, and every screen shows the date alone.
    time_known: bool = True


class Settlement(enum.Enum):
    """How a payment stands once the lender was asked to settle it (`update_payment_status`)."""

    COMPLETED = "completed"  # the lender has booked it
    FAILED = "failed"  # not paid: the checkout failed or expired
    NOT_ATTEMPTED = "notAttempted"  # the checkout is still open with nothing tried (closed unpaid)
    # Paid, and the lender has it, but its checker has yet to approve the booking (maker-checker):
    # never to be paid again, followed until booked.
    AWAITING_APPROVAL = "awaitingApproval"
    # Tried, and the payer's bank has yet to answer (the provider's PENDING): it may yet be taken,
    # so it is never offered again; followed until the bank answers or the order expires.
    BANK_PENDING = "bankPending"
    # Tried, the bank never answered, and the provider's order has expired: it ended unpaid (said
    # expired). The bank may still take it late (Cashfree: an EXPIRED order can become PAID), so a
    # follow-up still looks, and books it then.
    EXPIRED = "expired"
    # Paid, but the lender refused to book it (Fineract's checker rejected the command): never
    # posted again, and refunded to the payer in full; what is owed is unchanged.
    REFUNDED = "refunded"


# A borrower's access as the lender granted it: the bearer token the gateway keeps in the session
# (never shown to the browser) and the borrower's record. Opaque outside the adapters.
BorrowerAccess = tuple[str, RepaymentRecord]

RepaymentsBy = Literal["date", "mobileNumber", "loanNumber", "orderId"]


RepaymentStatus = Literal[
    "pending", "paid", "failed", "awaitingApproval", "refunded", "refundPending", "refundCancelled"
]


class PartnerRepayment(msgspec.Struct, rename="camel", kw_only=True):
    order_id: str
    user_id: int
    user_name: str
    mobile_number: str
    email: str | None = None  # where the lender mails the borrower
    loan_number: str | None = None
    amount: Decimal
    # awaitingApproval: paid and with the lender, its checker yet to approve the booking (Fineract's
    # maker-checker): never to be asked of the customer again.
    # refunded: paid, the lender refused to book it (its checker rejected it), refunded in full;
    # refundPending: that refund is still on its way (pending or on hold at the bank);
    # refundCancelled: the bank gave that refund up for good: the desk is to pay it back.
    status: RepaymentStatus
    cf_payment_id: str | None = None
    created_at: datetime
    paid_at: datetime | None = None
    # Whether the desk can have the receipt mailed again (False: the lender draws none, nor does
    # a companion service of its; the desk says so rather than offer an action that fails).
    receipt_resendable: bool = True
    # False when the lender knows only the day (then `created_at`/`paid_at` are that day's start
    # in India, for ordering only): shown as the date alone, never as a time.
    time_known: bool = True
    # Paid, and what it brought beyond everything owed when it was booked (the loan closed while
    # it was with the bank) refunded by the lender on the same provider order; None when nothing was.
    refunded: Decimal | None = None


class ReminderLink(msgspec.Struct, rename="camel", kw_only=True):
    """The payment link behind a reminder's short link (`/l/<code>`), as the lender says it stands:
    `open` (it takes a payment, or the rest of one), `paid`, `expired` or `cancelled`."""

    code: str
    status: Literal["open", "paid", "expired", "cancelled"]
    link_url: str  # the provider's page
    amount_left: Decimal
    expires_at: datetime


class ReceiptSent(msgspec.Struct, rename="camel", kw_only=True):
    order_id: str
    email: str
