"""What the order screens send and get (camelCase JSON; amounts as exact 2-decimal strings): an
order as the shopper sees it (its lines, figures, payment, timeline, refund, documents, returns),
the list of orders, and what a shopper asks of a placed order (cancel, return, payee).

The orders service's own words for a state (an order's status, a payment's method and state, a
return's reason ...) are the browser's too: those are the port's types (gateway/upstreams/orders),
named once there, as are the shapes that pass through as they are (a business's details); a
shape we word otherwise for the browser (money as strings, times as ISO text, labels) is our own
here. The checkout's quote shows its lines and figures in these same shapes."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from gateway.addresses.schemas import DeliveryPromiseView
from gateway.desk.shopper_refunds import SupportRefund
from gateway.plumbing.validation import TextChecked, whole
from gateway.upstreams.orders import (
    Business,
    CancelReason,
    OrderStatus,
    PayeeRoute,
    PaymentMethod,
    PaymentState,
    PayoutStatus,
    PickupWindow,
    RefundKind,
    RefundRoute,
    ReturnReason,
    ReturnStatus,
)

# Whole-string pattern: with a bare `$`, "1198.99\n" would pass as an amount.
Money = Annotated[str, msgspec.Meta(pattern=whole(r"[0-9]{1,9}\.[0-9]{2}"), examples=["1198.99"])]
# What a timeline step's note says, for the app to word: the upstream's note is English data.
NoteCode = Literal["deliveryAttempt", "deliveryFailed", "returnedToSeller", "cancelledByYou", "notPaidInTime"]


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
    return_days: int = 0  # days after delivery it may be returned; 0: not returnable (cut to length)


class OrderCharges(msgspec.Struct, rename="camel", kw_only=True):
    """The orders service's figures as they are (one tax rule: docs/decisions/one-tax-rule.md)."""

    subtotal: Money
    convenience_fee: Money
    platform_fee: Money
    gst_total: Money  # all the GST in the total, the fees' included: the tax invoice's
    total: Money
    taxable_total: Money  # the total without GST
    cgst: Money | None  # within the shipping store's state: CGST and SGST (a paisa apart at most); across: IGST
    sgst: Money | None
    igst: Money | None
    fee_threshold: Money  # the subtotal from which no fee is charged
    short_of_no_fees: Money  # what to add to the cart for no fees; 0.00 when none is charged


class DeliveryAddressView(msgspec.Struct, rename="camel", kw_only=True):
    name: str
    mobile_number: str
    address1: str
    address2: str
    pincode: str
    city: str
    state: str


class BusinessDetailsView(Business, kw_only=True):
    pass


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
    # The seconds left until then on the world's clock: the page counts down from these, never
    # from the device's clock, which may be hours off.
    pay_within_seconds: int | None = None
    # The provider's reference of the payment that paid it (online), to quote to a bank.
    provider_payment_id: str | None = None
    # While unpaid online: when the provider refused the last attempt (no money was taken).
    failed_at: str | None = None
    # While unpaid online: since when a payment tried is waiting for the payer's bank's answer
    # (it may yet be taken: not to be paid again, nor changed to cash, while it waits).
    bank_pending_since: str | None = None
    # An unpaid online order not yet packed can still change to cash on delivery.
    can_pay_on_delivery: bool = False


class TrackingStep(msgspec.Struct, rename="camel", kw_only=True):
    """One row of the order's status timeline: reached (with its time) or still to come."""

    status: OrderStatus
    label: str
    at: str | None
    state: Literal["done", "current", "upcoming"]
    note: str | None  # the orders service's own words (English)
    note_code: NoteCode | None = None  # what the note says, for the app's words; None: a note it does not know
    attempt: int | None = None  # the delivery attempt a note counts (deliveryAttempt, deliveryFailed, returnedToSeller)


# Where a refund to the card or UPI stands at the payment provider: asked for and not yet paid
# (initiated), held by the bank (onHold), cancelled by the provider (cancelled), given back (credited).
RefundProviderState = Literal["initiated", "onHold", "cancelled", "credited"]


class RefundView(msgspec.Struct, rename="camel", kw_only=True):
    """toSource: to the card or UPI paid with; creditReversed: a cancelled credit order's amount
    owed; nothingPaid; a return's: toUpi or toBank (cash on delivery), creditReduced (credit).
    `provider_state`: a toSource refund as the provider has it now (None when not read)."""

    kind: RefundKind
    amount: Money
    timeline: str  # the refund policy's words, e.g. '2 to 4 business days'
    expected_by: str | None  # ISO date
    message: str
    paid_after_cancelling: bool  # the payment landed after the order was cancelled
    provider_state: RefundProviderState | None = None


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


IsoDate = Annotated[str, msgspec.Meta(pattern=whole("20[0-9]{2}-[01][0-9]-[0-3][0-9]"), examples=["2026-11-30"])]


class PickupSlotView(msgspec.Struct, rename="camel", kw_only=True, frozen=True):
    date: IsoDate
    window: PickupWindow  # morning 9 am to 1 pm, afternoon 2 pm to 6 pm (India time)


class ReturnLineWindow(msgspec.Struct, rename="camel", kw_only=True):
    """One order line's return terms now."""

    product_id: int
    return_days: int  # 0: not returnable (cut to length)
    return_by: str | None  # the last day a return may be asked (ISO date); null: never
    returnable: int  # units that may still be asked back now


class ReturnOptionsView(msgspec.Struct, rename="camel", kw_only=True):
    lines: list[ReturnLineWindow]
    pickup_slots: list[PickupSlotView]
    # source: back to the card or UPI paid with; account: cash on delivery, to a UPI ID or bank
    # account the buyer gives; credit: off what is owed at the lender.
    refund_route: RefundRoute


class ReturnLineView(msgspec.Struct, rename="camel", kw_only=True):
    product_id: int
    product_name: str
    quantity: int
    taxable_amount: Money
    gst_amount: Money
    line_total: Money


class ReturnStepView(msgspec.Struct, rename="camel", kw_only=True):
    status: ReturnStatus
    at: str | None
    state: Literal["done", "current", "upcoming"]


class RefundToView(msgspec.Struct, rename="camel", kw_only=True):
    route: PayeeRoute
    upi_id: str | None
    account_ending: str | None  # a bank account's last four digits
    ifsc: str | None


# Why a payout to a UPI ID or bank account failed, as the shopper is told what to do about it:
# the account does not exist (give another), the bank was offline (we try again), the bank sent
# it back (give another), or anything else (support will call).
PayoutProblem = Literal["accountInvalid", "bankOffline", "returnedByBank", "other"]


class PayoutView(msgspec.Struct, rename="camel", kw_only=True):
    """A cash order's return refunded to a UPI ID or bank account: pending at the bank, paid (with
    the bank's UTR, the reference the shopper's bank shows), or failed (with what went wrong)."""

    status: PayoutStatus
    utr: str | None
    paid_at: str | None
    problem: PayoutProblem | None
    # The shopper may give another UPI ID or account (POST .../returns/{r}/payee): the payout
    # failed because the account does not exist or the bank sent the money back.
    another_account: bool = False


class ReturnView(msgspec.Struct, rename="camel", kw_only=True):
    number: str  # VK10000001-R1
    status: ReturnStatus
    requested_at: str
    lines: list[ReturnLineView]
    reason: ReturnReason
    note: str
    photo_count: int
    pickup: PickupSlotView
    refund_to: RefundToView
    amount: Money  # the returned lines' total, GST included: what is refunded
    timeline: list[ReturnStepView]
    credit_note: CreditNoteView | None  # issued when the items reach us
    refund: RefundView | None  # once the items reached us
    payout: PayoutView | None = None  # cash on delivery: the refund paid out to the account given


class ReturnLineRequest(msgspec.Struct, rename="camel", kw_only=True):
    product_id: Annotated[int, msgspec.Meta(ge=1, le=2_147_483_647)]
    quantity: Annotated[int, msgspec.Meta(ge=1, le=999)]


class ReturnPhotoUpload(TextChecked, rename="camel", kw_only=True):
    name: Annotated[str, msgspec.Meta(min_length=1, max_length=120)]
    content_type: Literal["image/jpeg", "image/png", "image/webp"]
    # Base64 of at most 1.5 MB: the app shrinks a phone's photo before sending it.
    data: Annotated[str, msgspec.Meta(min_length=4, max_length=2_000_000, pattern=whole("[A-Za-z0-9+/]+={0,2}"))]


class RefundAccount(TextChecked, rename="camel", kw_only=True):
    """Where a cash-on-delivery order's refund goes: a UPI ID, or a bank account (not both)."""

    upi_id: Annotated[str, msgspec.Meta(max_length=256)] | None = None
    account_number: Annotated[str, msgspec.Meta(max_length=24)] | None = None
    ifsc: Annotated[str, msgspec.Meta(max_length=11)] | None = None
    account_name: Annotated[str, msgspec.Meta(max_length=80)] | None = None


class ReturnRequestBody(TextChecked, rename="camel", kw_only=True):
    MULTI_LINE = frozenset({"note"})

    lines: Annotated[list[ReturnLineRequest], msgspec.Meta(min_length=1, max_length=50)]
    reason: ReturnReason
    pickup: PickupSlotView
    note: Annotated[str, msgspec.Meta(max_length=500)] = ""
    photos: Annotated[list[ReturnPhotoUpload], msgspec.Meta(max_length=4)] = msgspec.field(default_factory=list)
    refund_to: RefundAccount | None = None


class PayeeRequestBody(TextChecked, rename="camel", kw_only=True):
    """Another UPI ID or bank account for a return whose payout failed (the account does not
    exist, or the bank sent the money back)."""

    refund_to: RefundAccount


class CancelRequest(TextChecked, rename="camel", kw_only=True):
    reason: CancelReason


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
    can_return: bool = False  # delivered, with something still inside its return window
    return_options: ReturnOptionsView | None = None  # delivered orders: what a return may ask
    returns: list[ReturnView] = msgspec.field(default_factory=list)  # oldest first
    # Out for delivery: no cancelling, but the parcel may be refused at the door.
    can_refuse_at_delivery: bool = False
    cancel_reason: CancelReason | None = None
    # Refunds our support team gave on the order (gateway/desk/refunds.py), oldest first.
    support_refunds: list[SupportRefund] = msgspec.field(default_factory=list)


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
    payment_failed: bool = False  # unpaid online, the last attempt refused
    # A refund to the card or UPI as the provider has it now (RefundView.provider_state); None: no
    # such refund, or not read.
    refund_state: RefundProviderState | None = None


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
