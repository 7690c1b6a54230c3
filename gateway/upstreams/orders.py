"""Typed client of the orders service (contracts/orders.openapi.yaml, our extension).

Amounts are exact decimal strings upstream and `Decimal` here. A refusal becomes
`OrdersRefused` with the service's reason code and the field at fault, so the checkout can
show the message beside the right field.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Literal, TypeVar

import httpx
import msgspec

from gateway.errors import REFUSALS, UpstreamError, UpstreamRefused, in_our_words
from gateway.language.codes import DEFAULT, Language, texts_in
from gateway.upstreams.envelope import Envelope
from gateway.upstreams.http import UpstreamHttp

T = TypeVar("T")
PaymentMethod = Literal["online", "cod", "credit"]
Serviceability = Literal["oneHour", "standard", "notServiceable"]


class DeliveryPromise(msgspec.Struct, rename="camel", kw_only=True):
    # oneHour only where the area and the hour allow it; nextOpening: a one-hour area while its
    # dark store is closed (the first hour after it opens); standard: by courier, a date range.
    type: Literal["oneHour", "nextOpening", "standard"]
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
    route: Literal["source", "upi", "bank", "credit"]
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
    status: Literal["pending", "paid", "failed"]
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
    refund_route: Literal["source", "account", "credit"]


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


class OrdersRefused(UpstreamRefused):
    """The orders service refused: `code` is its reason, `field` the request field at fault."""

    def __init__(self, message: str, *, upstream: str, status: int, code: str, field: str | None) -> None:
        super().__init__(message, upstream=upstream, status=status, code=code)
        self.field = field


class OrdersClient:
    def __init__(self, http: UpstreamHttp) -> None:
        self.http = http

    def _check(self, response: httpx.Response, fallback: str) -> None:
        if response.status_code == 200:
            return
        answer = self.http.decode(response, Envelope[Refusal | None])
        refusal = answer.data or Refusal()
        # Our code and words for the refusal; the service's own text goes to the log.
        code, message = in_our_words(refusal.reason, answer.message, self.http.name)
        raise OrdersRefused(
            message if code in REFUSALS else fallback,
            upstream=self.http.name,
            status=response.status_code,
            code=code,
            field=refusal.field if code in REFUSALS else None,
        )

    def _data(self, response: httpx.Response, type_: type[Envelope[T]], fallback: str) -> T:
        self._check(response, fallback)
        answer = self.http.decode(response, type_)
        if answer.data is None:
            raise UpstreamError(fallback, upstream=self.http.name, status=response.status_code)
        return answer.data

    async def pincode(self, pincode: str) -> PincodeInfo | None:
        """GET electrician/pincode/{pincode}: None for a pin code India Post does not know."""
        response = await self.http.request("GET", f"electrician/pincode/{pincode}")
        if response.status_code == 404:
            return None
        return self._data(response, Envelope[PincodeInfo], "The pin code could not be checked.")

    async def price(self, body: PriceRequest, token: str) -> Price:
        """POST electrician/order/price: a cart's fees and GST before an address; reads only."""
        response = await self.http.request("POST", "electrician/order/price", json=body, token=token, idempotent=True)
        return self._data(response, Envelope[Price], "The cart could not be priced.")

    async def quote(self, body: QuoteRequest, token: str) -> Quote:
        """POST electrician/order/quote: reads only, so it may be repeated."""
        response = await self.http.request("POST", "electrician/order/quote", json=body, token=token, idempotent=True)
        return self._data(response, Envelope[Quote], "The order could not be priced.")

    async def place(self, body: PlaceRequest, token: str, idempotency_key: str, language: Language = DEFAULT) -> Order:
        """POST electrician/order/place: safe to retry with the same key, which makes one order.
        The order's mails, now and later, are in `language`."""
        response = await self.http.request(
            "POST",
            "electrician/order/place",
            json=body,
            token=token,
            headers={"Idempotency-Key": idempotency_key, **texts_in(language)},
            idempotent=True,
        )
        return self._data(response, Envelope[Order], "The order could not be placed.")

    async def order(self, order_number: str, user_id: int, token: str) -> Order | None:
        response = await self.http.request(
            "GET", f"electrician/order/{order_number}", params={"userId": user_id}, token=token
        )
        if response.status_code == 404:
            return None
        return self._data(response, Envelope[Order], "The order could not be loaded.")

    async def recheck_payment(self, order_number: str, user_id: int, token: str) -> Order:
        """Ask the provider about a pending online payment; settled once when paid."""
        return await self._payment_call(order_number, "recheck", user_id, token, "The payment could not be checked.")

    async def payment_session(self, order_number: str, user_id: int, token: str, idempotency_key: str) -> Order:
        """A live checkout session to pay a pending order (again); a repeated key answers the first result."""
        return await self._payment_call(
            order_number,
            "session",
            user_id,
            token,
            "The payment could not be started.",
            {"Idempotency-Key": idempotency_key},
        )

    async def pay_on_delivery(self, order_number: str, user_id: int, token: str, idempotency_key: str) -> Order:
        """An unpaid online order becomes cash on delivery; a repeated key answers the first result."""
        return await self._payment_call(
            order_number,
            "cash",
            user_id,
            token,
            "The order could not be changed to cash on delivery.",
            {"Idempotency-Key": idempotency_key},
        )

    async def _payment_call(
        self,
        order_number: str,
        action: str,
        user_id: int,
        token: str,
        fallback: str,
        headers: dict[str, str] | None = None,
    ) -> Order:
        # Both are safe to repeat: a recheck settles at most once, a session is reused while live.
        response = await self.http.request(
            "POST",
            f"electrician/order/{order_number}/payment/{action}",
            params={"userId": user_id},
            token=token,
            headers=headers,
            idempotent=True,
        )
        return self._data(response, Envelope[Order], fallback)

    async def orders(self, user_id: int, token: str, page: int, page_size: int) -> OrderPage:
        """GET electrician/orders: newest first."""
        response = await self.http.request(
            "GET", "electrician/orders", params={"userId": user_id, "page": page, "pageSize": page_size}, token=token
        )
        return self._data(response, Envelope[OrderPage], "Your orders could not be loaded.")

    async def cancel(
        self, order_number: str, user_id: int, token: str, idempotency_key: str, reason: CancelReason | None = None
    ) -> Order:
        """POST electrician/order/{n}/cancel: never applied twice; a repeat with the key that
        cancelled it answers the cancelled order again, so it is safe to retry."""
        response = await self.http.request(
            "POST",
            f"electrician/order/{order_number}/cancel",
            params={"userId": user_id},
            json={"reason": reason} if reason else None,
            token=token,
            headers={"Idempotency-Key": idempotency_key},
            idempotent=True,
        )
        return self._data(response, Envelope[Order], "The order could not be cancelled.")

    async def ask_return(
        self, order_number: str, user_id: int, token: str, body: ReturnInput, idempotency_key: str
    ) -> Order:
        """POST electrician/order/{n}/returns: one return per Idempotency-Key; a repeat answers
        the order with it, so it is safe to retry."""
        response = await self.http.request(
            "POST",
            f"electrician/order/{order_number}/returns",
            params={"userId": user_id},
            token=token,
            json=msgspec.to_builtins(body),
            headers={"Idempotency-Key": idempotency_key},
            idempotent=True,
        )
        return self._data(response, Envelope[Order], "The return could not be asked for.")

    async def return_credit_note(
        self, order_number: str, return_number: str, user_id: int, token: str, language: Language = DEFAULT
    ) -> bytes:
        """GET electrician/order/{n}/returns/{r}/credit-note: the return's credit note PDF."""
        return await self._pdf(
            f"electrician/order/{order_number}/returns/{return_number}/credit-note",
            user_id,
            token,
            "The credit note",
            language,
        )

    async def invoice(self, order_number: str, user_id: int, token: str, language: Language = DEFAULT) -> bytes:
        """GET electrician/order/{n}/invoice: the tax invoice's PDF bytes, in `language`."""
        return await self._pdf(f"electrician/order/{order_number}/invoice", user_id, token, "The invoice", language)

    async def credit_note(self, order_number: str, user_id: int, token: str, language: Language = DEFAULT) -> bytes:
        """GET electrician/order/{n}/credit-note: the PDF bytes of the credit note against its invoice."""
        return await self._pdf(
            f"electrician/order/{order_number}/credit-note", user_id, token, "The credit note", language
        )

    async def _pdf(self, path: str, user_id: int, token: str, what: str, language: Language) -> bytes:
        response = await self.http.request(
            "GET", path, params={"userId": user_id}, token=token, headers=texts_in(language)
        )
        failure = f"{what} could not be loaded."
        self._check(response, failure)
        if not response.content.startswith(b"%PDF"):
            raise UpstreamError(failure, upstream=self.http.name, status=response.status_code)
        return response.content

    async def reorder(self, order_number: str, user_id: int, token: str) -> Reorder:
        """POST electrician/order/{n}/reorder: reads only, so it may be repeated."""
        response = await self.http.request(
            "POST",
            f"electrician/order/{order_number}/reorder",
            params={"userId": user_id},
            token=token,
            idempotent=True,
        )
        return self._data(response, Envelope[Reorder], "The order could not be bought again.")
