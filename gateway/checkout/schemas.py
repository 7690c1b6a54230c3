"""What the checkout screens send and get (camelCase JSON; amounts as exact 2-decimal strings)."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from gateway.validation import MobileNumber, TextChecked, whole

# Whole-string patterns: with a bare `$`, "122103\n" would pass as a pin code and travel upstream.
Money = Annotated[str, msgspec.Meta(pattern=whole(r"[0-9]{1,9}\.[0-9]{2}"), examples=["1198.99"])]
Pincode = Annotated[str, msgspec.Meta(pattern=whole("[1-9][0-9]{5}"))]
PaymentMethod = Literal["online", "cod", "credit"]
Serviceability = Literal["oneHour", "standard", "notServiceable"]
OrderStatus = Literal["placed", "packed", "shipped", "outForDelivery", "delivered", "cancelled", "returned"]
# Why credit cannot pay (the app words each): no credit account, an amount overdue, a total above
# what is available, or the lender not answering.
CreditRefusal = Literal["noAccount", "overdue", "overLimit", "unchecked"]
# What a timeline step's note says, for the app to word: the upstream's note is English data.
NoteCode = Literal["deliveryAttempt", "deliveryFailed", "returnedToSeller", "cancelledByYou", "notPaidInTime"]
PaymentState = Literal["pending", "paid", "onDelivery", "onCredit", "refundInitiated", "creditReversed", "cancelled"]


class CheckoutAddress(msgspec.Struct, rename="camel", kw_only=True):
    """City and state are not taken: they always come from the pin code (a `city` or `state`
    sent anyway is ignored), so the invoice never prints a place the pin code is not in."""

    name: Annotated[str, msgspec.Meta(min_length=1, max_length=80)]
    mobile_number: MobileNumber
    address1: Annotated[str, msgspec.Meta(min_length=1, max_length=200)]
    pincode: Pincode
    address2: Annotated[str, msgspec.Meta(max_length=200)] = ""


class BusinessDetails(msgspec.Struct, rename="camel", kw_only=True):
    # As typed: spaces, hyphens and dashes are dropped and letters upper-cased (gateway/gstin.py).
    gstin: Annotated[str, msgspec.Meta(min_length=1, max_length=30)]
    legal_name: Annotated[str, msgspec.Meta(min_length=1, max_length=120)]


class CheckoutQuoteRequest(TextChecked, rename="camel", kw_only=True):
    address: CheckoutAddress
    payment_method: PaymentMethod
    business: BusinessDetails | None = None


class PlaceOrderRequest(CheckoutQuoteRequest, kw_only=True):
    quoted_total: Money


class DeliveryPromiseView(msgspec.Struct, rename="camel", kw_only=True):
    type: Literal["oneHour", "standard"]
    earliest_by: str
    latest_by: str
    label: str  # 'Get it in 1 Hour', or the shipping policy's date range


class GstinCheck(msgspec.Struct, rename="camel", kw_only=True):
    """The gateway's GSTIN rule applied to what the user typed (the page shows this answer)."""

    gstin: str  # canonical: upper case, without separators
    valid: bool
    code: str | None  # gstin_invalid, gstin_check_digit, gstin_wrong_state
    message: str | None
    state: str | None  # the state the GSTIN is registered in, when its code is known


class PincodeCheck(msgspec.Struct, rename="camel", kw_only=True):
    pincode: str
    city: str
    district: str
    state: str
    serviceability: Serviceability
    delivery: DeliveryPromiseView | None
    message: str


class SavedAddress(msgspec.Struct, rename="camel", kw_only=True):
    id: int | None
    name: str
    mobile_number: str
    address1: str
    address2: str
    pincode: str
    city: str
    state: str
    last_used: bool


class CheckoutAddresses(msgspec.Struct, rename="camel", kw_only=True):
    addresses: list[SavedAddress]
    mobile_number: str | None


class OrderLineView(msgspec.Struct, rename="camel", kw_only=True):
    product_id: int
    product_name: str
    hsn_code: str
    gst_rate: str
    unit_price: Money
    quantity: int
    taxable_amount: Money
    gst_amount: Money
    line_total: Money


class OrderCharges(msgspec.Struct, rename="camel", kw_only=True):
    subtotal: Money
    convenience_fee: Money
    platform_fee: Money
    gst_total: Money
    total: Money


class DeliveryAddressView(msgspec.Struct, rename="camel", kw_only=True):
    name: str
    mobile_number: str
    address1: str
    address2: str
    pincode: str
    city: str
    state: str


class BusinessDetailsView(msgspec.Struct, rename="camel", kw_only=True):
    gstin: str
    legal_name: str


class CreditOffer(msgspec.Struct, rename="camel", kw_only=True):
    """Whether 'Pay with {product} Credit' can pay this total, and if not, why."""

    offered: bool
    available: Money | None
    message: str | None
    repay_url: str | None
    reason: CreditRefusal | None = None  # why not offered, for the app's words
    overdue: Money | None = None  # the amount overdue (reason overdue)


class CashOffer(msgspec.Struct, rename="camel", kw_only=True):
    """Whether 'Cash on delivery' can take this total today, and if not, why (the daily cash limit)."""

    offered: bool
    message: str | None
    limit: Money  # the buyer's cash limit a day
    used_today: Money  # cash orders placed today and not cancelled


class CheckoutQuote(msgspec.Struct, rename="camel", kw_only=True):
    lines: list[OrderLineView]
    charges: OrderCharges
    delivery: DeliveryPromiseView
    address: DeliveryAddressView
    business: BusinessDetailsView | None
    payment_method: PaymentMethod
    credit: CreditOffer
    cash: CashOffer


class OrderPaymentView(msgspec.Struct, rename="camel", kw_only=True):
    method: PaymentMethod
    state: PaymentState
    label: str  # 'Paid', 'Pay on delivery', 'Refund started', ...
    amount: Money
    payment_session_id: str | None
    provider_order_id: str | None
    credit_due_on: str | None
    paid_at: str | None
    # An unpaid online order can be paid until then; after it the order is cancelled, unpaid.
    pay_by: str | None = None


class TrackingStep(msgspec.Struct, rename="camel", kw_only=True):
    """One row of the order's status timeline: reached (with its time) or still to come."""

    status: OrderStatus
    label: str
    at: str | None
    state: Literal["done", "current", "upcoming"]
    note: str | None  # the orders service's own words (English)
    note_code: NoteCode | None = None  # what the note says, for the app's words; None: a note it does not know
    attempt: int | None = None  # the delivery attempt a note counts (deliveryAttempt, deliveryFailed, returnedToSeller)


class RefundView(msgspec.Struct, rename="camel", kw_only=True):
    kind: Literal["toSource", "creditReversed", "nothingPaid"]
    amount: Money
    timeline: str  # the refund policy's words, e.g. '2 to 4 business days'
    expected_by: str | None  # ISO date
    message: str
    paid_after_cancelling: bool  # the payment landed after the order was cancelled


class InvoiceView(msgspec.Struct, rename="camel", kw_only=True):
    number: str
    issued_at: str
    download_url: str


class CreditNoteView(msgspec.Struct, rename="camel", kw_only=True):
    """The credit note answering the invoice of an order cancelled (or returned) after it shipped."""

    number: str
    issued_at: str
    invoice_number: str  # the invoice it credits
    reason: str  # 'Order cancelled'
    download_url: str


class PlacedOrder(msgspec.Struct, rename="camel", kw_only=True):
    order_number: str
    status: OrderStatus
    status_label: str
    created_at: str
    lines: list[OrderLineView]
    charges: OrderCharges
    delivery: DeliveryPromiseView
    address: DeliveryAddressView
    business: BusinessDetailsView | None
    payment: OrderPaymentView
    timeline: list[TrackingStep]
    can_cancel: bool  # placed, packed or shipped (the cancellation policy)
    refund: RefundView | None
    invoice: InvoiceView | None  # issued when the order ships
    credit_note: CreditNoteView | None  # issued when an invoiced order is cancelled or returned


class OrderListItem(msgspec.Struct, rename="camel", kw_only=True):
    order_number: str
    status: OrderStatus
    status_label: str
    created_at: str
    total: Money
    item_count: int
    summary: str  # 'Kavach Power PVC Conduit Pipe 20mm and 1 more'
    first_product_name: str  # the summary's parts, for the app's words
    line_count: int
    payment_method: PaymentMethod
    payment_state: PaymentState
    payment_label: str


class OrderList(msgspec.Struct, rename="camel", kw_only=True):
    orders: list[OrderListItem]
    page: int
    total_pages: int
    total_orders: int


class BuyAgainLine(msgspec.Struct, rename="camel", kw_only=True):
    product_id: int
    product_name: str
    quantity: int


class BuyAgainResult(msgspec.Struct, rename="camel", kw_only=True):
    added: list[BuyAgainLine]
    skipped: list[BuyAgainLine]  # out of stock now; quantity is what was ordered
    message: str
