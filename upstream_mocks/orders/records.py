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
RefundKind = Literal["toSource", "creditReversed", "nothingPaid"]

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


class Charges(msgspec.Struct, rename="camel", kw_only=True):
    subtotal: Decimal
    convenience_fee: Decimal
    platform_fee: Decimal
    gst_total: Decimal
    total: Decimal


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
        )


class Placement(msgspec.Struct, kw_only=True):
    """What one Idempotency-Key did (placed, cancelled or paid again), and the request it did it for."""

    fingerprint: str
    order_number: str


class OrdersState(msgspec.Struct, kw_only=True):
    orders: dict[str, Order] = msgspec.field(default_factory=dict)  # by order number
    placements: dict[tuple[int, str], Placement] = msgspec.field(default_factory=dict)  # (user, key): every keyed call
    stock_taken: dict[int, int] = msgspec.field(default_factory=dict)  # product id -> units sold
    next_serial: int = FIRST_ORDER_SERIAL
    invoice_serials: dict[str, int] = msgspec.field(default_factory=dict)  # financial year -> last number
    credit_note_serials: dict[str, int] = msgspec.field(default_factory=dict)  # financial year -> last number
    # The language each order's mails are written in: the shopper's when placing it.
    mail_languages: dict[str, Language] = msgspec.field(default_factory=dict)

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
