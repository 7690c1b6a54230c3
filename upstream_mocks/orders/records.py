"""The order record and the orders mock's state (`world.states["orders"]`).

An order keeps everything a later invoice, order list or 'Buy again' needs: lines with HSN
code, GST rate and unit price, the delivery address with its state, the buyer's GSTIN and
legal name, the seller (for CGST+SGST or IGST), payment method and state, status, timestamps,
its status timeline, a cancellation's refund, the tax invoice's number once issued and the
credit note that answers the invoice when an invoiced order is cancelled or comes back.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Literal

import msgspec

from upstream_mocks.orders.pincodes import DeliveryPromise
from upstream_mocks.orders.seller import Seller
from upstream_mocks.texts import Language

PaymentMethod = Literal["online", "cod", "credit"]
# refundInitiated: paid online, refunded to the card or UPI; creditReversed: the amount owed to
# the lender was cancelled; cancelled: nothing had been taken (cash on delivery, unpaid online).
PaymentState = Literal["pending", "paid", "onDelivery", "onCredit", "refundInitiated", "creditReversed", "cancelled"]
# returned: three delivery attempts failed, so the goods went back to the seller (shipping policy).
OrderStatus = Literal["placed", "packed", "shipped", "outForDelivery", "delivered", "cancelled", "returned"]
# A return's refund: toSource (online), toUpi or toBank (cash on delivery), creditReduced (credit).
RefundKind = Literal["toSource", "creditReversed", "nothingPaid", "toUpi", "toBank", "creditReduced"]
# A return's steps, as the order page shows them (docs/decisions/returns.md).
ReturnStatus = Literal["requested", "approved", "pickedUp", "received", "refunded"]
ReturnReason = Literal["damaged", "defective", "wrongItem", "notAsDescribed", "noLongerNeeded"]
PickupWindow = Literal["morning", "afternoon"]
# Where a return's money goes: back to the card or UPI paid with, to a bank account or UPI ID
# the buyer gives (cash on delivery), or off what is owed at the lender (credit).
RefundRoute = Literal["source", "upi", "bank", "credit"]
CancelReason = Literal["orderedByMistake", "foundCheaper", "deliveryTooLate", "changedAddress", "other"]

ORDER_PREFIX = "VK"
FIRST_ORDER_SERIAL = 10_000_001
INVOICE_PREFIX = "VKI"
CREDIT_NOTE_PREFIX = "VKC"


class Line(msgspec.Struct, rename="camel", kw_only=True):
    product_id: int
    product_name: str
    hsn_code: str
    gst_rate: Decimal
    unit_price: Decimal
    quantity: int
    taxable_amount: Decimal
    gst_amount: Decimal
    line_total: Decimal
    # Days after delivery the line may be returned (the product's window when it was bought); 0: never.
    return_days: int = 0


class Charges(msgspec.Struct, rename="camel", kw_only=True):
    subtotal: Decimal
    convenience_fee: Decimal
    platform_fee: Decimal
    gst_total: Decimal  # all the GST in the total, the fees' included: the invoice's CGST + SGST + IGST
    total: Decimal
    taxable_total: Decimal  # the total without GST (the invoice's taxable value)
    # The split of gst_total by the place of supply; None while it is unknown (a cart's price).
    cgst: Decimal | None
    sgst: Decimal | None
    igst: Decimal | None
    fee_threshold: Decimal  # the subtotal from which neither fee is charged
    short_of_no_fees: Decimal  # what the subtotal lacks to reach it (0.00 when no fee is charged)


class DeliveryAddress(msgspec.Struct, rename="camel", kw_only=True):
    name: str
    mobile_number: str
    address1: str
    address2: str
    pincode: str
    city: str
    district: str
    state: str
    country: str = "India"


class Business(msgspec.Struct, rename="camel", kw_only=True):
    gstin: str
    legal_name: str


class Payment(msgspec.Struct, rename="camel", kw_only=True):
    method: PaymentMethod
    state: PaymentState
    amount: Decimal
    payment_session_id: str | None = None
    provider_order_id: str | None = None
    paid_at: datetime | None = None
    credit_due_on: date | None = None
    pay_by: datetime | None = None  # an unpaid online order expires then, with its provider order
    # The provider's own reference of the payment that paid it (its cf_payment_id), for the shopper's bank.
    provider_payment_id: str | None = None
    # The last attempt the provider refused while the order is still unpaid: nothing was taken.
    failed_at: datetime | None = None
    # Since when a payment tried is still with the payer's bank (the provider's PENDING): it may
    # yet be taken, so the order is not offered for paying again while it waits.
    bank_pending_since: datetime | None = None


class Quote(msgspec.Struct, rename="camel", kw_only=True):
    lines: list[Line]
    charges: Charges
    delivery: DeliveryPromise
    address: DeliveryAddress
    business: Business | None
    payment_method: PaymentMethod


class TimelineEvent(msgspec.Struct, rename="camel", kw_only=True):
    status: OrderStatus
    at: datetime
    note: str | None = None  # e.g. "Delivery attempt 1 of 3 failed"


class Refund(msgspec.Struct, rename="camel", kw_only=True):
    """What a cancellation (or a return) gives back, and when, as the refund policy says."""

    kind: RefundKind
    amount: Decimal
    initiated_at: datetime
    expected_by: date | None  # the last business day of the policy's range; None when nothing is due
    timeline: str  # the policy's words, e.g. "2 to 4 business days"
    message: str  # what the shopper reads on the order
    # The money reached the provider after the order was cancelled (its checkout was still open):
    # the app says so, rather than guessing from two times that can share a second.
    paid_after_cancelling: bool = False


class Invoice(msgspec.Struct, rename="camel", kw_only=True):
    number: str  # from the financial year's series, e.g. VKI/26-27/000001
    issued_at: datetime


class CreditNote(msgspec.Struct, rename="camel", kw_only=True):
    """GST's answer to a cancelled supply already invoiced: it credits that invoice in full."""

    number: str  # its own series per financial year, e.g. VKC/26-27/000001
    issued_at: datetime
    reason: str  # "Order cancelled", or the goods' return after failed deliveries


class ReturnLine(msgspec.Struct, rename="camel", kw_only=True):
    """A returned part of an order line, with exactly its own share of the line's tax."""

    product_id: int
    product_name: str
    hsn_code: str
    gst_rate: Decimal
    unit_price: Decimal
    quantity: int
    taxable_amount: Decimal
    gst_amount: Decimal
    line_total: Decimal


class PickupSlot(msgspec.Struct, rename="camel", kw_only=True, frozen=True):
    date: date
    window: PickupWindow


class ReturnPhoto(msgspec.Struct, rename="camel", kw_only=True):
    """What was kept of a photo the buyer sent (its bytes go to the returns desk, not the order)."""

    name: str
    content_type: str
    size: int  # bytes
    sha256: str


class RefundTo(msgspec.Struct, rename="camel", kw_only=True):
    route: RefundRoute
    upi_id: str | None = None
    account_name: str | None = None
    account_ending: str | None = None  # the bank account's last four digits: the rest is not kept
    ifsc: str | None = None


class ReturnEvent(msgspec.Struct, rename="camel", kw_only=True):
    status: ReturnStatus
    at: datetime


PayoutStatus = Literal["pending", "paid", "failed"]


class Payout(msgspec.Struct, rename="camel", kw_only=True):
    """A cash order's return refunded to a UPI ID or bank account through the payouts provider:
    its transfer (the id is the return's, so a retry is the same transfer), and where it stands."""

    # VK10000001_R1: the return's number as Cashfree's transfer_id takes it; a later attempt (another
    # account given after a failed one) adds its number: VK10000001_R1_2.
    transfer_id: str
    status: PayoutStatus
    utr: str | None = None  # the bank's reference, once paid
    reason: str | None = None  # the provider's status_code, once failed (INVALID_VPA, REVERSED, ...)
    paid_at: datetime | None = None
    attempt: int = 1  # the transfer's attempt: 1, then one more for each account given after a failure
    earlier: list[str] = msgspec.field(default_factory=list)  # the failed attempts' transfer ids
    # When a later attempt was asked (the first is asked with the refund: its initiated_at); the
    # operations listing puts a payout on the day its current attempt was asked, so a retry after
    # the day's reconciliation is reconciled on its own day.
    started_at: datetime | None = None


class ReturnRequest(msgspec.Struct, rename="camel", kw_only=True):
    number: str  # the order number and its return's count: VK10000001-R1
    status: ReturnStatus
    requested_at: datetime
    lines: list[ReturnLine]
    reason: ReturnReason
    note: str
    photos: list[ReturnPhoto]
    pickup: PickupSlot
    refund_to: RefundTo
    amount: Decimal  # the returned lines' total, GST included: what is refunded
    timeline: list[ReturnEvent]
    credit_note: CreditNote | None = None  # issued when the goods are received back
    provider_refund_id: str | None = None  # online: the refund's id at the provider (also its idempotency key)
    refund: Refund | None = None  # what happens to the money, once received
    payout: Payout | None = None  # cash on delivery: the transfer paying the refund out


class ReturnWindow(msgspec.Struct, rename="camel", kw_only=True):
    """One order line's return terms, as the order page offers them."""

    product_id: int
    return_days: int  # 0: not returnable (cut to length)
    return_by: date | None  # the last day (India time) a return may be asked; None: never
    returnable: int  # units that may still be asked back now


class ReturnOptions(msgspec.Struct, rename="camel", kw_only=True):
    lines: list[ReturnWindow]
    pickup_slots: list[PickupSlot]
    refund_route: Literal["source", "account", "credit"]  # account: the buyer gives a UPI ID or bank account


class Order(msgspec.Struct, rename="camel", kw_only=True):
    order_number: str
    user_id: int
    status: OrderStatus
    created_at: datetime
    updated_at: datetime
    lines: list[Line]
    charges: Charges
    delivery: DeliveryPromise
    address: DeliveryAddress
    business: Business | None
    payment: Payment
    seller: Seller
    timeline: list[TimelineEvent] = msgspec.field(default_factory=list)
    delivery_attempts: int = 0  # failed ones; the third sends the goods back
    refund: Refund | None = None
    invoice: Invoice | None = None
    credit_note: CreditNote | None = None
    returns: list[ReturnRequest] = msgspec.field(default_factory=list)
    cancel_reason: CancelReason | None = None
    # What a return may ask now (delivered orders; worked out each time the order is read).
    return_options: ReturnOptions | None = None


class OrderSummary(msgspec.Struct, rename="camel", kw_only=True):
    """One row of the shopper's order list."""

    order_number: str
    status: OrderStatus
    created_at: datetime
    total: Decimal
    item_count: int  # units, all lines
    first_product_name: str
    line_count: int
    payment_method: PaymentMethod
    payment_state: PaymentState
    payment_failed_at: datetime | None = None

    @classmethod
    def of(cls, order: Order) -> OrderSummary:
        return cls(
            order_number=order.order_number,
            status=order.status,
            created_at=order.created_at,
            total=order.charges.total,
            item_count=sum(line.quantity for line in order.lines),
            first_product_name=order.lines[0].product_name,
            line_count=len(order.lines),
            payment_method=order.payment.method,
            payment_state=order.payment.state,
            payment_failed_at=order.payment.failed_at,
        )


class Placement(msgspec.Struct, kw_only=True):
    """What one Idempotency-Key did (placed, cancelled or paid again), and the request it did it for."""

    fingerprint: str
    order_number: str


class TransferHeard(msgspec.Struct, rename="camel", kw_only=True):
    """A transfer the payouts provider told of (its TRANSFER_* webhook, re-read at the provider)
    whose transfer_id is no return's payout: money sent from the payouts account that no return
    owes, kept for the daily reconciliation to report."""

    transfer_id: str
    amount: Decimal
    status: str  # the provider's, as last read
    utr: str | None
    heard_at: datetime  # when the webhook came: its day is the day it is reconciled on


class OrdersState(msgspec.Struct, kw_only=True):
    orders: dict[str, Order] = msgspec.field(default_factory=dict)  # by order number
    placements: dict[tuple[int, str], Placement] = msgspec.field(default_factory=dict)  # (user, key): every keyed call
    stock_taken: dict[int, int] = msgspec.field(default_factory=dict)  # product id -> units sold
    next_serial: int = FIRST_ORDER_SERIAL
    invoice_serials: dict[str, int] = msgspec.field(default_factory=dict)  # financial year -> last number
    credit_note_serials: dict[str, int] = msgspec.field(default_factory=dict)  # financial year -> last number
    # The language each order's mails are written in: the shopper's when placing it.
    mail_languages: dict[str, Language] = msgspec.field(default_factory=dict)
    # Provider orders whose refund (a cancellation's or a late payment's) the bank has paid out.
    refunds_paid_out: set[str] = msgspec.field(default_factory=set)
    # A bank account's full number by the return refunded to it, kept only until the payout is
    # paid (the return itself keeps the last four digits).
    payee_accounts: dict[str, str] = msgspec.field(default_factory=dict)
    # Transfers of the payouts account no return made, by transfer_id (TransferHeard).
    unknown_transfers: dict[str, TransferHeard] = msgspec.field(default_factory=dict)

    def new_order_number(self) -> str:
        number = f"{ORDER_PREFIX}{self.next_serial:08d}"
        self.next_serial += 1
        return number

    def new_invoice_number(self, issued: date) -> str:
        return _next_in_series(INVOICE_PREFIX, self.invoice_serials, issued)

    def new_credit_note_number(self, issued: date) -> str:
        return _next_in_series(CREDIT_NOTE_PREFIX, self.credit_note_serials, issued)


def _next_in_series(prefix: str, serials: dict[str, int], issued: date) -> str:
    """One gapless series per financial year (April to March), at most 16 characters as GST asks."""
    start = issued.year if issued.month >= 4 else issued.year - 1
    year = f"{start % 100:02d}-{(start + 1) % 100:02d}"
    serial = serials.get(year, 0) + 1
    serials[year] = serial
    return f"{prefix}/{year}/{serial:06d}"


def seed() -> OrdersState:
    return OrdersState()
