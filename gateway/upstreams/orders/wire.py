"""The orders service's wire shapes (contracts/orders.openapi.yaml): what the client sends and
decodes, msgspec structs in the contract's camelCase."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Literal

import msgspec

PaymentMethod = Literal["online", "cod", "credit"]


Serviceability = Literal["oneHour", "standard", "notServiceable"]
PromiseType = Literal["oneHour", "nextOpening", "standard"]
# Where a return's refund goes: back to the card or UPI, to a UPI ID or bank account, off credit.
RefundRoute = Literal["source", "account", "credit"]
PayeeRoute = Literal["source", "upi", "bank", "credit"]
PayoutStatus = Literal["pending", "paid", "failed"]


class DeliveryPromise(msgspec.Struct, rename="camel", kw_only=True):
    # oneHour only where the area and the hour allow it; nextOpening: a one-hour area while its
    # dark store is closed (the first hour after it opens); standard: by courier, a date range.
    type: PromiseType
    earliest_by: datetime
    latest_by: datetime


class StoreHours(msgspec.Struct, rename="camel", kw_only=True):
    opens_at: str
    closes_at: str
    last_order_at: str
    open_now: bool


class PincodeInfo(msgspec.Struct, rename="camel", kw_only=True):
    pincode: str
    district: str
    city: str
    state: str
    serviceability: Serviceability
    delivery: DeliveryPromise | None = None
    hours: StoreHours | None = None  # one-hour areas: the dark store's hours


class AddressInput(msgspec.Struct, rename="camel", kw_only=True, omit_defaults=True):
    name: str
    mobile_number: str
    address1: str
    pincode: str
    address2: str = ""
    city: str | None = None
    state: str | None = None


class Business(msgspec.Struct, rename="camel", kw_only=True):
    gstin: str
    legal_name: str


class LineInput(msgspec.Struct, rename="camel", kw_only=True):
    product_id: int
    quantity: int


class QuoteRequest(msgspec.Struct, rename="camel", kw_only=True):
    user_id: int
    lines: list[LineInput]
    address: AddressInput
    payment_method: PaymentMethod
    business: Business | None = None


class PlaceRequest(QuoteRequest, kw_only=True, omit_defaults=True):
    quoted_total: Decimal
    return_url: str | None = None


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
    return_days: int = 0  # days after delivery it may be returned; 0: never (cut to length)


class Charges(msgspec.Struct, rename="camel", kw_only=True):
    subtotal: Decimal
    convenience_fee: Decimal
    platform_fee: Decimal
    gst_total: Decimal  # the tax invoice's GST, the fees' included
    total: Decimal
    taxable_total: Decimal  # the total without GST
    cgst: Decimal | None  # the split by the place of supply; None before an address (a cart's price)
    sgst: Decimal | None
    igst: Decimal | None
    fee_threshold: Decimal  # the subtotal from which no fee is charged
    short_of_no_fees: Decimal  # what to add for no fees (0 when none is charged)


class PriceRequest(msgspec.Struct, rename="camel", kw_only=True):
    user_id: int
    lines: list[LineInput]


class Price(msgspec.Struct, rename="camel", kw_only=True):
    lines: list[Line]
    charges: Charges


class DeliveryAddress(msgspec.Struct, rename="camel", kw_only=True):
    name: str
    mobile_number: str
    address1: str
    address2: str
    pincode: str
    city: str
    district: str
    state: str
    country: str


class Quote(msgspec.Struct, rename="camel", kw_only=True):
    lines: list[Line]
    charges: Charges
    delivery: DeliveryPromise
    address: DeliveryAddress
    business: Business | None = None
    payment_method: PaymentMethod


PaymentState = Literal["pending", "paid", "onDelivery", "onCredit", "refundInitiated", "creditReversed", "cancelled"]


OrderStatus = Literal["placed", "packed", "shipped", "outForDelivery", "delivered", "cancelled", "returned"]


class Payment(msgspec.Struct, rename="camel", kw_only=True):
    method: PaymentMethod
    state: PaymentState
    amount: Decimal
    payment_session_id: str | None = None
    provider_order_id: str | None = None
    paid_at: datetime | None = None
    credit_due_on: date | None = None
    pay_by: datetime | None = None
    provider_payment_id: str | None = None  # the provider's reference of the paying payment
    failed_at: datetime | None = None  # the provider refused the last attempt; nothing was taken
    bank_pending_since: datetime | None = None  # a payment tried is still with the payer's bank


class TimelineEvent(msgspec.Struct, rename="camel", kw_only=True):
    status: OrderStatus
    at: datetime
    note: str | None = None


RefundKind = Literal["toSource", "creditReversed", "nothingPaid", "toUpi", "toBank", "creditReduced"]


ReturnStatus = Literal["requested", "approved", "pickedUp", "received", "refunded"]


ReturnReason = Literal["damaged", "defective", "wrongItem", "notAsDescribed", "noLongerNeeded"]


PickupWindow = Literal["morning", "afternoon"]


CancelReason = Literal["orderedByMistake", "foundCheaper", "deliveryTooLate", "changedAddress", "other"]


class Refund(msgspec.Struct, rename="camel", kw_only=True):
    kind: RefundKind
    amount: Decimal
    initiated_at: datetime
    expected_by: date | None = None
    timeline: str
    message: str
    paid_after_cancelling: bool = False  # the payment landed after the cancellation


class InvoiceRef(msgspec.Struct, rename="camel", kw_only=True):
    number: str
    issued_at: datetime


class CreditNoteRef(msgspec.Struct, rename="camel", kw_only=True):
    number: str
    issued_at: datetime
    reason: str


class ReturnLine(msgspec.Struct, rename="camel", kw_only=True):
    product_id: int
    product_name: str
    hsn_code: str
    gst_rate: Decimal
    unit_price: Decimal
    quantity: int
    taxable_amount: Decimal
    gst_amount: Decimal
    line_total: Decimal


class PickupSlot(msgspec.Struct, rename="camel", kw_only=True):
    date: date
    window: PickupWindow


class ReturnPhoto(msgspec.Struct, rename="camel", kw_only=True):
    name: str
    content_type: str
    size: int


class RefundTo(msgspec.Struct, rename="camel", kw_only=True):
    route: PayeeRoute
    upi_id: str | None = None
    account_name: str | None = None
    account_ending: str | None = None
    ifsc: str | None = None


class ReturnEvent(msgspec.Struct, rename="camel", kw_only=True):
    status: ReturnStatus
    at: datetime


class Payout(msgspec.Struct, rename="camel", kw_only=True):
    """A cash order's return paid out to a UPI ID or bank account by the payouts provider."""

    transfer_id: str
    status: PayoutStatus
    utr: str | None = None
    reason: str | None = None  # the provider's status code when failed: INVALID_VPA, REVERSED, ...
    paid_at: datetime | None = None


class ReturnRequest(msgspec.Struct, rename="camel", kw_only=True):
    number: str
    status: ReturnStatus
    requested_at: datetime
    lines: list[ReturnLine]
    reason: ReturnReason
    note: str
    photos: list[ReturnPhoto]
    pickup: PickupSlot
    refund_to: RefundTo
    amount: Decimal
    timeline: list[ReturnEvent]
    credit_note: CreditNoteRef | None = None
    provider_refund_id: str | None = None
    refund: Refund | None = None
    payout: Payout | None = None


class ReturnWindow(msgspec.Struct, rename="camel", kw_only=True):
    product_id: int
    return_days: int
    return_by: date | None
    returnable: int


class ReturnOptions(msgspec.Struct, rename="camel", kw_only=True):
    lines: list[ReturnWindow]
    pickup_slots: list[PickupSlot]
    refund_route: RefundRoute


class ReturnLineInput(msgspec.Struct, rename="camel", kw_only=True):
    product_id: int
    quantity: int


class PhotoInput(msgspec.Struct, rename="camel", kw_only=True):
    name: str
    content_type: str
    data: str  # base64


class RefundAccountInput(msgspec.Struct, rename="camel", kw_only=True, omit_defaults=True):
    upi_id: str | None = None
    account_number: str | None = None
    ifsc: str | None = None
    account_name: str | None = None


class ReturnInput(msgspec.Struct, rename="camel", kw_only=True, omit_defaults=True):
    lines: list[ReturnLineInput]
    reason: ReturnReason
    pickup: PickupSlot
    note: str = ""
    photos: list[PhotoInput] = msgspec.field(default_factory=list)
    refund_to: RefundAccountInput | None = None


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
    business: Business | None = None
    payment: Payment
    timeline: list[TimelineEvent] = msgspec.field(default_factory=list)
    delivery_attempts: int = 0
    refund: Refund | None = None
    invoice: InvoiceRef | None = None
    credit_note: CreditNoteRef | None = None
    returns: list[ReturnRequest] = msgspec.field(default_factory=list)
    cancel_reason: CancelReason | None = None
    return_options: ReturnOptions | None = None  # delivered orders: what a return may ask now


class OrderSummary(msgspec.Struct, rename="camel", kw_only=True):
    order_number: str
    status: OrderStatus
    created_at: datetime
    total: Decimal
    item_count: int
    first_product_name: str
    line_count: int
    payment_method: PaymentMethod
    payment_state: PaymentState
    payment_failed_at: datetime | None = None


class OrderPage(msgspec.Struct, rename="camel", kw_only=True):
    orders: list[OrderSummary]
    page: int
    page_size: int
    total_orders: int
    total_pages: int


class ReorderLine(msgspec.Struct, rename="camel", kw_only=True):
    product_id: int
    product_name: str
    quantity: int
    available: int


class Reorder(msgspec.Struct, rename="camel", kw_only=True):
    order_number: str
    lines: list[ReorderLine]


class Refusal(msgspec.Struct, kw_only=True):
    reason: str = "refused"
    field: str | None = None
