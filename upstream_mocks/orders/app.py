"""Orders mock (contracts/orders.openapi.yaml): pin codes, quotes, placement, the shopper's
orders, tracking, cancellation, tax invoices and 'Buy again' availability.

Stateful over `world.states["orders"]`; reads product facts and shoppers' tokens from the
catalogue mock's state, puts credit orders on the lender's books (upstream_mocks.lending.credit)
in-process, and online ones at the payment provider over HTTP (upstream_mocks/orders/online_payment.py).
Placements under one Idempotency-Key are made one at a time, so concurrent ones make one order;
stock is taken before the provider is asked.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import datetime
from decimal import Decimal
from typing import Any

import msgspec
import structlog
from anyio import to_thread
from litestar import Request, Response, get, post
from litestar.exceptions import HTTPException, ValidationException
from litestar.params import FromPath, FromQuery
from stdnum.in_ import gstin as gstin_number

from upstream_mocks.built_on_use import BuiltOnUse, mock_app
from upstream_mocks.clock import every, mocks_now, mocks_today, on_tick
from upstream_mocks.lending import credit
from upstream_mocks.money import rupees_text
from upstream_mocks.orders import online_payment, payout, returns, stock, tracking
from upstream_mocks.orders.gst import is_intra_state
from upstream_mocks.orders.invoice import (
    credit_note_filename,
    invoice_filename,
    render_credit_note,
    render_invoice,
    render_return_credit_note,
    return_credit_note_filename,
)
from upstream_mocks.orders.operations import operations_routes
from upstream_mocks.orders.order_mail import send_return_mails, send_status_mails
from upstream_mocks.orders.pincodes import lookup
from upstream_mocks.orders.pricing import charges, priced_line
from upstream_mocks.orders.records import (
    Business,
    CancelReason,
    DeliveryAddress,
    Order,
    OrdersState,
    OrderSummary,
    Payment,
    PaymentMethod,
    Placement,
    Quote,
    seed,
)
from upstream_mocks.orders.seller import Seller, shipping_seller
from upstream_mocks.orders.webhook_receiver import payouts_webhook_route, webhook_route
from upstream_mocks.texts import Language, requested
from upstream_mocks.world import MockWorld

# Matched with fullmatch: `$` alone would let a final newline through ("122103\n").
_PINCODE = re.compile(r"[1-9][0-9]{5}")
_IDEMPOTENCY_KEY = re.compile(r"[A-Za-z0-9_-]{8,64}")
_MISSING_PARAMETER = re.compile(r"parameter '(\w+)'")
MAX_PAGE_SIZE = 50
log = structlog.get_logger("upstream_mocks.orders")


class AdvanceBody(msgspec.Struct, rename="camel", kw_only=True):
    """QA control: move an order one step now, or fail its delivery attempt."""

    step: tracking.Step = "next"


class CancelBody(msgspec.Struct, rename="camel", kw_only=True):
    """Why the shopper cancels (optional: older callers send no body)."""

    reason: CancelReason | None = None


class ReorderLine(msgspec.Struct, rename="camel", kw_only=True):
    product_id: int
    product_name: str
    quantity: int  # as ordered
    available: int  # what can go in the cart now (0: out of stock)


class AddressBody(msgspec.Struct, rename="camel", kw_only=True):
    name: str
    mobile_number: str
    address1: str
    pincode: str
    address2: str = ""
    city: str | None = None
    state: str | None = None


class LineBody(msgspec.Struct, rename="camel", kw_only=True):
    product_id: int
    quantity: int


class QuoteBody(msgspec.Struct, rename="camel", kw_only=True):
    user_id: int
    lines: list[LineBody]
    address: AddressBody
    payment_method: PaymentMethod
    business: Business | None = None


class PriceBody(msgspec.Struct, rename="camel", kw_only=True):
    """A cart's lines, priced before any address is known (fees and GST, not its split)."""

    user_id: int
    lines: list[LineBody]


class PlaceBody(QuoteBody, kw_only=True):
    quoted_total: Decimal
    return_url: str | None = None


class Refused(Exception):
    """A refusal the shopper sees: status, reason code, the field at fault and the message."""

    def __init__(self, status: int, reason: str, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.reason = reason
        self.message = message
        self.field = field


def _answer(data: Any, message: str = "Success") -> Response[Any]:
    # to_builtins keeps Decimal as its exact string (Litestar's own encoder would make it a float).
    return Response({"statusCode": 200, "message": message, "data": msgspec.to_builtins(data)})


def _refused(request: Request[Any, Any, Any], exc: Refused) -> Response[Any]:
    """Every route's refusals, raised wherever they are found (parsing, the caller's token, the order's checks)."""
    return Response(
        {"statusCode": exc.status, "message": exc.message, "data": {"reason": exc.reason, "field": exc.field}},
        status_code=exc.status,
    )


def _return_refused(request: Request[Any, Any, Any], exc: returns.ReturnRefused) -> Response[Any]:
    return _refused(request, Refused(exc.status, exc.reason, exc.message, exc.field))


def _cannot_change(request: Request[Any, Any, Any], exc: tracking.CannotChange) -> Response[Any]:
    """A step or cancellation the order's state does not allow: a conflict with no field at fault."""
    return _refused(request, Refused(409, exc.reason, exc.message))


def _invalid_parameter(request: Request[Any, Any, Any], exc: ValidationException) -> Response[Any]:
    """A query or path parameter Litestar could not read (a missing or non-numeric userId): the
    contract's refusal, naming the parameter, instead of Litestar's own error body."""
    extra = exc.extra if isinstance(exc.extra, list) else []
    first = extra[0] if extra and isinstance(extra[0], dict) else {}
    detail = str(first.get("message") or exc.detail)
    named = _MISSING_PARAMETER.search(detail)  # a missing parameter is named only in the text
    field = first.get("key") or (named.group(1) if named else None)
    return _refused(
        request, Refused(400, "invalid_request", f"Invalid request: {detail}", str(field) if field else None)
    )


def _http_error(request: Request[Any, Any, Any], exc: HTTPException) -> Response[Any]:
    """Litestar's own refusals (no such route, wrong method) in the contract's failure shape."""
    status = exc.status_code if exc.status_code >= 400 else 400
    answer = Response(
        {"statusCode": status, "message": exc.detail or "Request failed", "data": None}, status_code=status
    )
    answer.headers.update(exc.headers or {})
    return answer


def _unexpected(request: Request[Any, Any, Any], exc: Exception) -> Response[Any]:
    """A bug, never the caller's fault: still the contract's failure shape, and logged."""
    log.exception("orders_mock_unhandled", exc_type=type(exc).__name__, path=request.url.path)
    return Response(
        {"statusCode": 500, "message": "The orders service failed unexpectedly.", "data": None}, status_code=500
    )


def create_app(world: MockWorld) -> BuiltOnUse:
    world.register("orders", seed)

    def state() -> OrdersState:
        st: OrdersState = world.states["orders"]
        return st

    def clock() -> datetime:
        """Now, on the mocks' one clock (upstream_mocks/clock.py)."""
        return mocks_now(world)

    def catalogue() -> Any:
        return world.states["catalogue"]

    def caller(request: Request[Any, Any, Any], user_id: int) -> None:
        """The shopper the catalogue issued the bearer token to must be `user_id`."""
        scheme, _, token = request.headers.get("authorization", "").partition(" ")
        token_user = catalogue().tokens.get(token) if scheme.lower() == "bearer" and token else None
        if token_user is None:
            raise Refused(401, "unauthorized", "Unauthorized")
        if token_user != user_id:
            raise Refused(403, "forbidden", "Forbidden: the token belongs to another user")

    def parse(raw: bytes, type_: type[Any]) -> Any:
        try:
            body = msgspec.json.decode(raw or b"null", type=type_)
        except msgspec.ValidationError as exc:
            raise Refused(400, "invalid_request", f"Invalid request: {exc}") from exc
        except (msgspec.DecodeError, RecursionError) as exc:
            raise Refused(400, "invalid_request", "Invalid request: the body is not JSON") from exc
        if isinstance(body, PlaceBody) and not body.quoted_total.is_finite():
            # "NaN", "Infinity" and "sNaN" decode as Decimals; sNaN would raise when compared.
            raise Refused(
                400, "invalid_request", "Invalid request: quotedTotal must be an amount in rupees.", "quotedTotal"
            )
        return body

    def delivery_address(body: AddressBody, now: datetime) -> tuple[DeliveryAddress, Any]:
        place = lookup(body.pincode, now) if _PINCODE.fullmatch(body.pincode) else None
        if place is None:
            raise Refused(
                400,
                "pincode_unknown",
                f"We could not find pin code {body.pincode}. Please check it.",
                "address.pincode",
            )
        if place.delivery is None:
            raise Refused(
                422,
                "pincode_not_serviceable",
                f"Sorry, we do not deliver to pin code {body.pincode} ({place.district}, {place.state}) yet.",
                "address.pincode",
            )
        if not body.name.strip() or not body.address1.strip():
            raise Refused(400, "address_incomplete", "Please enter the name and address.", "address.address1")
        address = DeliveryAddress(
            name=body.name.strip(),
            mobile_number=body.mobile_number,
            address1=body.address1.strip(),
            address2=body.address2.strip(),
            pincode=body.pincode,
            city=place.city,  # from the pin code, as the state: a sent city is ignored
            district=place.district,
            state=place.state,  # always from the pin code: the invoice's place of supply
        )
        return address, place.delivery

    def checked_business(business: Business | None) -> Business | None:
        if business is None:
            return None
        number = business.gstin.strip().upper()
        if not gstin_number.is_valid(number):
            raise Refused(
                400,
                "gstin_invalid",
                f"GSTIN {number} is not valid. Please check it: 15 characters ending in a check digit.",
                "business.gstin",
            )
        if not business.legal_name.strip():
            raise Refused(
                400, "legal_name_missing", "Please enter the legal name of the business.", "business.legalName"
            )
        return Business(gstin=number, legal_name=business.legal_name.strip())

    def wanted_of(lines: list[LineBody]) -> Counter[int]:
        if not lines:
            raise Refused(400, "no_lines", "The order has no items.", "lines")
        wanted: Counter[int] = Counter()
        for line in lines:
            if line.quantity < 1:
                raise Refused(400, "invalid_request", "Each quantity must be 1 or more.", "lines")
            wanted[line.product_id] += line.quantity
        return wanted

    def product_of(product_id: int, index: int) -> Any:
        product = next((p for p in catalogue().products if p.id == product_id), None)
        if product is None:
            raise Refused(400, "product_unknown", f"Product {product_id} is not in the catalogue.", f"lines.{index}")
        return product

    def price_for(body: PriceBody) -> dict[str, Any]:
        """The cart's figures by the quote's own rules; stock is the cart's to show, not refused here."""
        lines = [
            priced_line(product_of(product_id, index), quantity)
            for index, (product_id, quantity) in enumerate(wanted_of(body.lines).items())
        ]
        return {"lines": lines, "charges": charges(lines)}

    def quote_for(body: QuoteBody, now: datetime) -> Quote:
        wanted = wanted_of(body.lines)
        address, delivery = delivery_address(body.address, now)
        business = checked_business(body.business)
        lines = []
        for index, (product_id, quantity) in enumerate(wanted.items()):
            product = product_of(product_id, index)
            on_hand = stock.on_hand(world, product)
            if quantity > on_hand:
                message = (
                    f"{product.product_name} is out of stock."
                    if on_hand == 0
                    else f"Only {on_hand} of {product.product_name} available; you asked for {quantity}."
                )
                raise Refused(409, "out_of_stock", message, f"lines.{index}.quantity")
            lines.append(priced_line(product, quantity))
        return Quote(
            lines=lines,
            charges=charges(lines, is_intra_state(seller_of(address, now).state, address.state)),
            delivery=delivery,
            address=address,
            business=business,
            payment_method=body.payment_method,
        )

    def seller_of(address: DeliveryAddress, now: datetime) -> Seller:
        """The GST registration that ships to a checked address: its area's dark store or the warehouse."""
        place = lookup(address.pincode, now)
        assert place is not None  # the address was checked against the same pin code data
        return shipping_seller(place)

    def shopper_mobile(user_id: int) -> str | None:
        return next((u.mobile_number for u in catalogue().users.values() if u.user_id == user_id), None)

    def shopper_email(user_id: int) -> str | None:
        return next((u.email for u in catalogue().users.values() if u.user_id == user_id), None)

    locks: dict[str, asyncio.Lock] = {}

    async def current(order: Order, now: datetime) -> Order:
        """The order as it stands now: paid if the provider says so, moved on by the time-based
        default. One at a time per order: the sweeper and a reader never both expire it."""
        async with locks.setdefault(order.order_number, asyncio.Lock()):
            return await moved_on(order, now)

    async def sweep(moment: datetime) -> None:
        """The orders service's own sweeper: every unpaid online order whose time to pay is over is
        moved on as a read would move it (expired, its stock back, the shopper's mail sent), read
        or not. Run at each step of a clock move and every `order_sweep_seconds` of real time."""
        for order in [o for o in state().orders.values() if online_payment.awaiting(o)]:
            if order.payment.pay_by is not None and order.payment.pay_by <= moment:
                await current(order, moment)

    on_tick(world, sweep)
    every(world, world.settings.order_sweep_seconds, sweep)

    async def moved_on(order: Order, now: datetime) -> Order:
        # One read of the provider serves both questions about an order waiting for its payment.
        view = await online_payment.provider_view(world, order) if online_payment.awaiting(order) else None
        await online_payment.settle(world, order, now, view)
        await online_payment.follow_refund(world, state().refunds_paid_out, order)
        if await online_payment.pay_time_over(world, order, now, view):
            await tracking.expire(world, state(), order, now)
            send_status_mails(world, order, ["cancelled"], shopper_email(order.user_id))
            return order
        reached = tracking.catch_up(state(), order, now)
        send_status_mails(world, order, reached, shopper_email(order.user_id))
        order.return_options = returns.options(order, now)
        return order

    async def place(body: PlaceBody, now: datetime, language: Language) -> Order:
        quote = quote_for(body, now)
        total = quote.charges.total
        if total != body.quoted_total:
            raise Refused(
                409,
                "quote_changed",
                f"Prices or fees changed since your summary: the total is now {rupees_text(total)}. "
                "Please check the summary and place the order again.",
                "quotedTotal",
            )
        mobile = shopper_mobile(body.user_id) or ""
        if body.payment_method == "credit":
            reason = credit.refusal(credit.summary(world, mobile, mocks_today(world)), total)
            if reason is not None:
                raise Refused(422, "credit_refused", reason, "paymentMethod")
        st = state()
        order_number = st.new_order_number()
        payment = Payment(method=body.payment_method, state="pending", amount=total)
        if body.payment_method == "cod":
            payment.state = "onDelivery"
        elif body.payment_method == "credit":
            payment.state = "onCredit"
            payment.credit_due_on = credit.draw(world, mobile, total, order_number, now).due_on
        order = Order(
            order_number=order_number,
            user_id=body.user_id,
            status="placed",
            created_at=now,
            updated_at=now,
            lines=quote.lines,
            charges=quote.charges,
            delivery=quote.delivery,
            address=quote.address,
            business=quote.business,
            payment=payment,
            seller=seller_of(quote.address, now),
        )
        # The stock is taken before the provider is asked, so a placement meanwhile cannot have it too.
        for line in order.lines:
            st.stock_taken[line.product_id] = st.stock_taken.get(line.product_id, 0) + line.quantity
        if body.payment_method == "online":
            try:
                await online_payment.open_checkout(world, order, body.return_url)
            except online_payment.CannotPay as exc:
                for line in order.lines:
                    st.stock_taken[line.product_id] -= line.quantity
                raise Refused(503, "provider_unavailable", str(exc)) from exc
        tracking.placed(order)
        st.orders[order_number] = order
        st.mail_languages[order_number] = language
        take_from_cart(body.user_id, order)
        send_status_mails(world, order, ["placed"], shopper_email(body.user_id))
        return order

    def take_from_cart(user_id: int, order: Order) -> None:
        """The bought units leave the shopper's cart in the same step as the order is made (the
        catalogue's cart, which this service shares), so a placed order never leaves it full."""
        bought = {line.product_id: line.quantity for line in order.lines}
        kept = []
        for line in catalogue().carts.get(user_id, []):
            line.quantity -= bought.get(line.product_id, 0)
            if line.quantity > 0:
                kept.append(line)
        catalogue().carts[user_id] = kept

    async def own_order(request: Request[Any, Any, Any], order_number: str, user_id: int) -> Order:
        caller(request, user_id)
        order = state().orders.get(order_number)
        if order is None or order.user_id != user_id:  # another shopper's order does not exist for you
            raise Refused(404, "order_not_found", "Order not found")
        return await current(order, clock())

    @get("/electrician/pincode/{pincode:str}")
    async def check_pincode(pincode: FromPath[str]) -> Response[Any]:
        if not _PINCODE.fullmatch(pincode):
            raise Refused(400, "pincode_invalid", "Please enter a valid 6-digit pin code.", "pincode")
        place = lookup(pincode, clock())
        if place is None:
            raise Refused(404, "pincode_unknown", f"We could not find pin code {pincode}. Please check it.", "pincode")
        return _answer(place, "Pin code found")

    @post("/electrician/order/quote", status_code=200)
    async def quote(request: Request[Any, Any, Any]) -> Response[Any]:
        body: QuoteBody = parse(await request.body(), QuoteBody)
        caller(request, body.user_id)
        return _answer(quote_for(body, clock()), "Quote")

    @post("/electrician/order/price", status_code=200)
    async def price(request: Request[Any, Any, Any]) -> Response[Any]:
        body: PriceBody = parse(await request.body(), PriceBody)
        caller(request, body.user_id)
        return _answer(price_for(body), "Price")

    def idempotency_key(request: Request[Any, Any, Any], required: bool) -> str | None:
        key = request.headers.get("idempotency-key")
        if key is None and not required:
            return None
        if key is None or not _IDEMPOTENCY_KEY.fullmatch(key):
            raise Refused(400, "idempotency_key_missing", "An Idempotency-Key header is required.", "Idempotency-Key")
        return key

    def repeated(user_id: int, key: str | None, fingerprint: str) -> Order | None:
        """The order a key already answered for this request; a key used for another request is refused."""
        earlier = state().placements.get((user_id, key)) if key is not None else None
        if earlier is None:
            return None
        if earlier.fingerprint != fingerprint:
            raise Refused(
                422, "idempotency_conflict", "This Idempotency-Key was used for another request.", "Idempotency-Key"
            )
        return state().orders[earlier.order_number]

    placements: dict[tuple[int, str | None], asyncio.Lock] = {}

    @asynccontextmanager
    async def placing(user_id: int, key: str | None) -> AsyncIterator[None]:
        """Hold the placements under one key in turn; the lock goes when no one waits on it."""
        lock = placements.setdefault((user_id, key), asyncio.Lock())
        try:
            async with lock:
                yield
        finally:
            if not lock.locked() and placements.get((user_id, key)) is lock:
                del placements[(user_id, key)]

    def remember(user_id: int, key: str | None, fingerprint: str, order: Order) -> None:
        if key is not None:
            state().placements[(user_id, key)] = Placement(fingerprint=fingerprint, order_number=order.order_number)

    @post("/electrician/order/place", status_code=200)
    async def place_order(request: Request[Any, Any, Any]) -> Response[Any]:
        body: PlaceBody = parse(await request.body(), PlaceBody)
        caller(request, body.user_id)
        key = idempotency_key(request, required=True)
        fingerprint = "place " + hashlib.sha256(msgspec.json.encode(body)).hexdigest()
        if (earlier := repeated(body.user_id, key, fingerprint)) is not None:
            return _answer(await current(earlier, clock()), "Order already placed")
        # One placement under a key at a time: the provider is asked between the check and the order.
        async with placing(body.user_id, key):
            if (earlier := repeated(body.user_id, key, fingerprint)) is not None:
                return _answer(await current(earlier, clock()), "Order already placed")
            order = await place(body, clock(), requested(request.headers))
            remember(body.user_id, key, fingerprint, order)
        return _answer(order, "Order placed")

    @get("/electrician/order/{order_number:str}")
    async def get_order(
        request: Request[Any, Any, Any], order_number: FromPath[str], userId: FromQuery[int]
    ) -> Response[Any]:
        order = await own_order(request, order_number, userId)
        return _answer(order, "Order")

    @post("/electrician/order/{order_number:str}/payment/recheck", status_code=200)
    async def recheck(
        request: Request[Any, Any, Any], order_number: FromPath[str], userId: FromQuery[int]
    ) -> Response[Any]:
        order = await own_order(request, order_number, userId)
        await online_payment.settle(world, order, clock())
        return _answer(order, "Payment checked")

    @post("/electrician/order/{order_number:str}/payment/session", status_code=200)
    async def renew_session(
        request: Request[Any, Any, Any], order_number: FromPath[str], userId: FromQuery[int]
    ) -> Response[Any]:
        order = await own_order(request, order_number, userId)
        key = idempotency_key(request, required=False)
        fingerprint = f"session {order_number}"
        if repeated(userId, key, fingerprint) is not None:
            return _answer(order, "Payment session")
        await online_payment.settle(world, order, clock())
        if order.payment.method != "online" or order.payment.state != "pending":
            raise Refused(409, "nothing_to_pay", "This order has nothing left to pay online.")
        if order.payment.bank_pending_since is not None:  # no second charge while the bank decides
            raise Refused(
                409,
                "bank_pending",
                "A payment for this order is waiting for your bank's answer, so it cannot be paid again now.",
            )
        remember(userId, key, fingerprint, order)
        return _answer(order, "Payment session")

    @post("/electrician/order/{order_number:str}/payment/cash", status_code=200)
    async def pay_on_delivery(
        request: Request[Any, Any, Any], order_number: FromPath[str], userId: FromQuery[int]
    ) -> Response[Any]:
        order = await own_order(request, order_number, userId)
        key = idempotency_key(request, required=False)
        fingerprint = f"cash {order_number}"
        if repeated(userId, key, fingerprint) is not None:
            return _answer(order, "Cash on delivery")  # the first answer, not not_switchable
        try:
            await online_payment.switch_to_cash(world, order, clock())
        except online_payment.CannotSwitch as exc:
            raise Refused(exc.status, exc.code, exc.message) from exc
        remember(userId, key, fingerprint, order)
        return _answer(order, "Cash on delivery")

    @get("/electrician/orders")
    async def list_orders(
        request: Request[Any, Any, Any], userId: FromQuery[int], page: FromQuery[int] = 1, pageSize: FromQuery[int] = 10
    ) -> Response[Any]:
        caller(request, userId)
        if page < 1 or not 1 <= pageSize <= MAX_PAGE_SIZE:
            raise Refused(400, "invalid_page", f"page starts at 1; pageSize is 1 to {MAX_PAGE_SIZE}.", "page")
        now = clock()
        mine = sorted(
            [await current(o, now) for o in list(state().orders.values()) if o.user_id == userId],
            key=lambda o: (o.created_at, o.order_number),
            reverse=True,  # newest first
        )
        start = (page - 1) * pageSize
        return _answer(
            {
                "orders": [OrderSummary.of(o) for o in mine[start : start + pageSize]],
                "page": page,
                "pageSize": pageSize,
                "totalOrders": len(mine),
                "totalPages": max((len(mine) + pageSize - 1) // pageSize, 1),
            },
            "Orders",
        )

    @post("/electrician/order/{order_number:str}/cancel", status_code=200)
    async def cancel_order(
        request: Request[Any, Any, Any], order_number: FromPath[str], userId: FromQuery[int]
    ) -> Response[Any]:
        why: CancelBody = parse(await request.body() or b"{}", CancelBody)
        order = await own_order(request, order_number, userId)
        key = idempotency_key(request, required=False)
        fingerprint = f"cancel {order_number}"
        if repeated(userId, key, fingerprint) is not None:
            return _answer(order, "Order already cancelled")  # the first answer, not already_cancelled
        await tracking.cancel(world, state(), order, clock())  # raises CannotChange: then no mail goes out
        order.cancel_reason = why.reason
        remember(userId, key, fingerprint, order)
        send_status_mails(world, order, ["cancelled"], shopper_email(userId))
        return _answer(order, "Order cancelled")

    @get("/electrician/order/{order_number:str}/invoice")
    async def invoice(
        request: Request[Any, Any, Any], order_number: FromPath[str], userId: FromQuery[int]
    ) -> Response[Any]:
        order = await own_order(request, order_number, userId)
        if order.invoice is None:
            raise Refused(
                409, "invoice_not_ready", "The tax invoice is issued when the order ships. Please check back then."
            )
        # Drawing a PDF is CPU work: off the event loop, which in the embedded default is the
        # gateway's too, so other requests and their deadlines are not held up behind it.
        return Response(
            await to_thread.run_sync(render_invoice, order, requested(request.headers)),
            media_type="application/pdf",
            headers={"content-disposition": f'attachment; filename="{invoice_filename(order)}"'},
        )

    @get("/electrician/order/{order_number:str}/credit-note")
    async def credit_note(
        request: Request[Any, Any, Any], order_number: FromPath[str], userId: FromQuery[int]
    ) -> Response[Any]:
        order = await own_order(request, order_number, userId)
        if order.credit_note is None:
            raise Refused(
                409,
                "no_credit_note",
                "A credit note is issued only when an order is cancelled or returned after its invoice.",
            )
        return Response(
            await to_thread.run_sync(render_credit_note, order, requested(request.headers)),
            media_type="application/pdf",
            headers={"content-disposition": f'attachment; filename="{credit_note_filename(order)}"'},
        )

    @post("/electrician/order/{order_number:str}/returns", status_code=200)
    async def ask_return(
        request: Request[Any, Any, Any], order_number: FromPath[str], userId: FromQuery[int]
    ) -> Response[Any]:
        """A return of a delivered order's lines, in part or whole (once per Idempotency-Key)."""
        body: returns.ReturnBody = parse(await request.body(), returns.ReturnBody)
        order = await own_order(request, order_number, userId)
        key = idempotency_key(request, required=True)
        fingerprint = f"return {order_number} " + hashlib.sha256(msgspec.json.encode(body)).hexdigest()
        if repeated(userId, key, fingerprint) is not None:
            return _answer(order, "Return already requested")
        now = clock()
        made = returns.request(order, body, now)  # raises ReturnRefused: then nothing is kept
        try:  # the UPI ID or account, checked by shape, is verified with the provider
            await payout.check_payee(world, order, made.refund_to, returns.account_number(body))
        except returns.ReturnRefused:
            order.returns.remove(made)  # nothing is kept
            raise
        returns.keep_account(state(), made, body)
        order.return_options = returns.options(order, now)
        remember(userId, key, fingerprint, order)
        send_return_mails(world, order, made, ["requested"])
        return _answer(order, "Return requested")

    @post("/electrician/order/{order_number:str}/returns/{return_number:str}/payee", status_code=200)
    async def give_payee(
        request: Request[Any, Any, Any],
        order_number: FromPath[str],
        return_number: FromPath[str],
        userId: FromQuery[int],
    ) -> Response[Any]:
        """Another UPI ID or bank account for a return whose payout failed (the account did not
        exist, or the bank sent the money back): verified, then paid by a new transfer; once per
        Idempotency-Key."""
        body: returns.PayeeBody = parse(await request.body(), returns.PayeeBody)
        order = await own_order(request, order_number, userId)
        key = idempotency_key(request, required=True)
        fingerprint = f"payee {order_number} {return_number} " + hashlib.sha256(msgspec.json.encode(body)).hexdigest()
        if repeated(userId, key, fingerprint) is not None:
            return _answer(order, "Refund account changed")
        found = returns.find(order, return_number)
        if found is None:
            raise Refused(404, "return_not_found", "Return not found")
        now = clock()
        await returns.change_payee(world, state(), order, found, body, now)
        order.updated_at = now
        remember(userId, key, fingerprint, order)
        return _answer(order, "Refund account changed")

    @get("/electrician/order/{order_number:str}/returns/{return_number:str}/credit-note")
    async def return_credit_note(
        request: Request[Any, Any, Any],
        order_number: FromPath[str],
        return_number: FromPath[str],
        userId: FromQuery[int],
    ) -> Response[Any]:
        order = await own_order(request, order_number, userId)
        found = returns.find(order, return_number)
        if found is None:
            raise Refused(404, "return_not_found", "Return not found")
        if found.credit_note is None or order.invoice is None:
            raise Refused(409, "no_credit_note", "The credit note is issued when the returned items reach us.")
        return Response(
            await to_thread.run_sync(render_return_credit_note, order, found, requested(request.headers)),
            media_type="application/pdf",
            headers={"content-disposition": f'attachment; filename="{return_credit_note_filename(found)}"'},
        )

    @post("/electrician/order/{order_number:str}/reorder", status_code=200)
    async def reorder(
        request: Request[Any, Any, Any], order_number: FromPath[str], userId: FromQuery[int]
    ) -> Response[Any]:
        """What of the order's lines can be bought again now; reads only (the cart is the catalogue's)."""
        order = await own_order(request, order_number, userId)
        products = {p.id: p for p in catalogue().products}
        lines = []
        for line in order.lines:
            product = products.get(line.product_id)
            on_hand = 0
            if product is not None:
                on_hand = stock.on_hand(world, product)
            lines.append(
                ReorderLine(
                    product_id=line.product_id,
                    product_name=line.product_name,
                    quantity=line.quantity,
                    available=min(line.quantity, on_hand),
                )
            )
        return _answer({"orderNumber": order.order_number, "lines": lines}, "Reorder")

    # QA control (not part of the upstream contract): end an unpaid online order's time to pay now.
    @post("/{order_number:str}/expire", status_code=200)
    async def expire_now(order_number: FromPath[str]) -> Response[Any]:
        order = state().orders.get(order_number)
        if order is None:
            raise Refused(404, "order_not_found", "Order not found")
        now = clock()
        await current(order, now)
        if not await online_payment.expire_checkout(world, order):
            raise Refused(409, "nothing_to_expire", f"Order {order_number} is not waiting for an online payment.")
        return _answer(await current(order, now), "Order expired")

    # QA control (not part of the upstream contract): move an order along now.
    @post("/{order_number:str}/advance", status_code=200)
    async def advance(request: Request[Any, Any, Any], order_number: FromPath[str]) -> Response[Any]:
        body: AdvanceBody = parse(await request.body() or b"{}", AdvanceBody)
        order = state().orders.get(order_number)
        if order is None:
            raise Refused(404, "order_not_found", "Order not found")
        now = clock()
        await current(order, now)
        reached = await tracking.step(world, state(), order, now, body.step)  # raises CannotChange: then no mail
        send_status_mails(world, order, [reached], shopper_email(order.user_id))
        return _answer(order, f"Order {reached}")

    # QA control (not part of the upstream contract): the returns desk moves the order's open
    # return one step (requested -> approved -> pickedUp -> received -> refunded).
    @post("/{order_number:str}/returns/advance", status_code=200)
    async def advance_return(order_number: FromPath[str]) -> Response[Any]:
        order = state().orders.get(order_number)
        if order is None:
            raise Refused(404, "order_not_found", "Order not found")
        now = clock()
        await current(order, now)
        moved, reached = await returns.advance(world, state(), order, now)  # raises ReturnRefused: then no mail
        order.return_options = returns.options(order, now)
        send_return_mails(world, order, moved, reached)
        return _answer(order, f"Return {moved.number} {moved.status}")

    return mock_app(
        [
            check_pincode,
            price,
            quote,
            place_order,
            get_order,
            recheck,
            renew_session,
            pay_on_delivery,
            list_orders,
            cancel_order,
            invoice,
            credit_note,
            reorder,
            ask_return,
            give_payee,
            return_credit_note,
            advance,
            advance_return,
            expire_now,
            *operations_routes(world, state, clock, current, lambda: catalogue().users),
            webhook_route(world),
            payouts_webhook_route(world),
        ],
        openapi_config=None,
        # Every answer, even to a request the handlers never saw, is the contract's envelope.
        # Litestar picks the first class in the exception's MRO that has a handler, so Refused and
        # CannotChange get their own answers and only what nothing else claims reaches `_unexpected`.
        exception_handlers={
            Refused: _refused,
            tracking.CannotChange: _cannot_change,
            returns.ReturnRefused: _return_refused,
            ValidationException: _invalid_parameter,
            HTTPException: _http_error,
            Exception: _unexpected,
        },
    )
