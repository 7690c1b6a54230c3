"""The orders service's operations calls (contracts/orders.openapi.yaml, tag `operations`): what
our own staff tools and the daily reconciliation ask, with the service key in
`x-operations-key` rather than a shopper's token.

- `GET /operations/payments?date=`: every online order whose money moved that day (India's
  calendar): paid, or refunded to the card or UPI (its cancellation's refund, or a return's);
- `GET /operations/payouts/unknown?date=`: the payouts account's transfers the payouts provider
  told of that day whose transfer_id is no return's (money out with nothing owed);
- `GET /operations/orders?mobileNumber=&orderNumber=&providerOrderId=&userId=`: orders found,
  every filter given holding;
- `GET /operations/shoppers?mobileNumber=&userId=`: the shopper's account (the e-mail address
  order mails go to), so the support desk can read back every mail the shopper was sent;
- `POST /operations/orders/{orderNumber}/cancel`: a cancellation on the shopper's behalf (the
  same rules and refund as theirs, idempotent on `Idempotency-Key`);
- `POST /operations/orders/{orderNumber}/resend`: the order's latest mail again (the invoice or
  credit note attached when it has one);
- `POST /operations/orders/{orderNumber}/returns/{returnNumber}/refund`: a return's refund the bank
  gave up, given back by the support desk (asked again under a refund id the return then follows,
  or paid another way).
"""

from __future__ import annotations

import hmac
import re
from collections.abc import Awaitable, Callable
from datetime import date, datetime
from decimal import Decimal
from typing import Annotated, Any

import msgspec
from litestar import Request, Response, get, post
from litestar.handlers import HTTPRouteHandler
from litestar.params import FromPath

from upstream_mocks.envelope import envelope
from upstream_mocks.ist import IST
from upstream_mocks.orders import returns, tracking
from upstream_mocks.orders.order_mail import send_return_mails, send_status_mails
from upstream_mocks.orders.records import Order, OrdersState, Placement
from upstream_mocks.world import MockWorld

_KEY = re.compile(r"^[A-Za-z0-9_-]{8,64}$")
_MOBILE = re.compile(r"^[0-9]{10}$")


class RefundMoved(msgspec.Struct, rename="camel", kw_only=True):
    """One refund to the card or UPI: the cancellation's (the order number) or a return's (its number)."""

    reference: str
    amount: Decimal
    at: datetime


class MoneyMoved(msgspec.Struct, rename="camel", kw_only=True):
    """One online order's money as the orders service recorded it."""

    order_number: str
    user_id: int
    status: str
    payment_state: str
    amount: Decimal
    provider_order_id: str | None
    provider_payment_id: str | None
    paid_at: datetime | None
    refunded_amount: Decimal | None  # the cancellation's, given back to the card or UPI
    refunded_at: datetime | None
    refunds: list[RefundMoved]  # every refund to the card or UPI: the cancellation's and each return's


class PayoutMoved(msgspec.Struct, rename="camel", kw_only=True):
    """One return's payout to a UPI ID or bank account as the orders service recorded it."""

    order_number: str
    return_number: str
    transfer_id: str
    amount: Decimal
    status: str  # pending, paid or failed
    return_status: str
    utr: str | None
    reason: str | None
    started_at: datetime
    paid_at: datetime | None


def payouts_of(order: Order) -> list[PayoutMoved]:
    return [
        PayoutMoved(
            order_number=order.order_number,
            return_number=ret.number,
            transfer_id=ret.payout.transfer_id,
            amount=ret.amount,
            status=ret.payout.status,
            return_status=ret.status,
            utr=ret.payout.utr,
            reason=ret.payout.reason,
            # The current attempt's: a retry after a failed payout is reconciled on the day it was asked.
            started_at=ret.payout.started_at or ret.refund.initiated_at,
            paid_at=ret.payout.paid_at,
        )
        for ret in order.returns
        if ret.payout is not None and ret.refund is not None
    ]


class CancelBody(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    reason: str
    staff: str


class GivenBackBody(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    """A return's given-up refund, given back by staff: one of the two."""

    staff: Annotated[str, msgspec.Meta(min_length=1)]
    refund_id: Annotated[str, msgspec.Meta(min_length=3, max_length=40)] | None = None  # asked again under it
    paid_reference: Annotated[str, msgspec.Meta(min_length=3, max_length=64)] | None = None  # paid another way


def _day(moment: datetime | None) -> date | None:
    return moment.astimezone(IST).date() if moment is not None else None


def money_moved(order: Order) -> MoneyMoved:
    refund = order.refund
    to_source = refund is not None and refund.kind == "toSource"
    refunds = (
        [RefundMoved(reference=order.order_number, amount=refund.amount, at=refund.initiated_at)]
        if (refund is not None and to_source)
        else []
    )
    refunds += [
        RefundMoved(reference=ret.number, amount=ret.refund.amount, at=ret.refund.initiated_at)
        for ret in order.returns
        if ret.refund is not None and ret.refund.kind == "toSource" and ret.provider_refund_id is not None
    ]
    return MoneyMoved(
        order_number=order.order_number,
        user_id=order.user_id,
        status=order.status,
        payment_state=order.payment.state,
        amount=order.payment.amount,
        provider_order_id=order.payment.provider_order_id,
        provider_payment_id=order.payment.provider_payment_id,
        paid_at=order.payment.paid_at,
        refunded_amount=refund.amount if refund is not None and to_source else None,
        refunded_at=refund.initiated_at if refund is not None and to_source else None,
        refunds=refunds,
    )


def operations_routes(
    world: MockWorld,
    state: Callable[[], OrdersState],
    clock: Callable[[], datetime],
    current: Callable[[Order, datetime], Awaitable[Order]],
    users: Callable[[], dict[str, Any]],
) -> list[HTTPRouteHandler]:
    def refused(request: Request[Any, Any, Any]) -> Response[Any] | None:
        given = request.headers.get("x-operations-key", "").encode()
        if not hmac.compare_digest(given, world.settings.operations_key.encode()):
            return envelope(None, "Unauthorized", 401)
        return None

    def email_of(user_id: int) -> str | None:
        return next((u.email for u in users().values() if u.user_id == user_id), None)

    @get("/operations/payments")
    async def payments_on(request: Request[Any, Any, Any]) -> Response[Any]:
        if no := refused(request):
            return no
        # One of the two: a day's money, or one provider order's (a refund the provider showed
        # on a later day than ours is matched against the order's whole history).
        provider_order_id = request.query_params.get("providerOrderId")
        day: date | None = None
        if provider_order_id is None:
            try:
                day = date.fromisoformat(request.query_params.get("date", ""))
            except ValueError:
                return envelope(None, "date must be YYYY-MM-DD", 400)
        elif "date" in request.query_params:
            return envelope(None, "date or providerOrderId, not both", 400)
        now = clock()
        moved = []
        for order in list(state().orders.values()):
            if order.payment.method != "online":
                continue
            if provider_order_id is not None:
                if order.payment.provider_order_id == provider_order_id:
                    moved.append(money_moved(await current(order, now)))
                continue
            row = money_moved(await current(order, now))
            if day == _day(row.paid_at) or any(day == _day(r.at) for r in row.refunds):
                moved.append(row)
        moved.sort(key=lambda r: r.order_number)
        return envelope(msgspec.to_builtins(moved), "Payments")

    @get("/operations/payouts")
    async def payouts_on(request: Request[Any, Any, Any]) -> Response[Any]:
        if no := refused(request):
            return no
        try:
            day = date.fromisoformat(request.query_params.get("date", ""))
        except ValueError:
            return envelope(None, "date must be YYYY-MM-DD", 400)
        asked = [p for order in list(state().orders.values()) for p in payouts_of(order) if _day(p.started_at) == day]
        asked.sort(key=lambda p: p.return_number)
        return envelope(msgspec.to_builtins(asked), "Payouts")

    @get("/operations/payouts/unknown")
    async def unknown_payouts_on(request: Request[Any, Any, Any]) -> Response[Any]:
        if no := refused(request):
            return no
        try:
            day = date.fromisoformat(request.query_params.get("date", ""))
        except ValueError:
            return envelope(None, "date must be YYYY-MM-DD", 400)
        heard = [t for t in list(state().unknown_transfers.values()) if _day(t.heard_at) == day]
        heard.sort(key=lambda t: t.transfer_id)
        return envelope(msgspec.to_builtins(heard), "Transfers of no return")

    @get("/operations/orders")
    async def find_orders(request: Request[Any, Any, Any]) -> Response[Any]:
        if no := refused(request):
            return no
        query = request.query_params
        mobile, number = query.get("mobileNumber"), query.get("orderNumber")
        provider_order, user = query.get("providerOrderId"), query.get("userId")
        if [mobile, number, provider_order, user].count(None) == 4:
            return envelope(None, "Give mobileNumber, orderNumber, providerOrderId or userId", 400)
        if mobile is not None and not _MOBILE.match(mobile):
            return envelope(None, "Invalid mobile number", 400)
        if user is not None and not user.isdigit():
            return envelope(None, "Invalid userId", 400)
        shopper = users().get(mobile) if mobile else None
        now = clock()

        def wanted(o: Order) -> bool:  # every filter given must hold
            mine = shopper is not None and o.user_id == shopper.user_id
            return (
                (mobile is None or mine or o.address.mobile_number == mobile)
                and number in (None, o.order_number)
                and provider_order in (None, o.payment.provider_order_id)
                and user in (None, str(o.user_id))
            )

        found = sorted(
            [await current(o, now) for o in list(state().orders.values()) if wanted(o)], key=lambda o: o.created_at
        )
        return envelope(msgspec.to_builtins(list(reversed(found))), "Orders")

    @get("/operations/shoppers")
    async def find_shoppers(request: Request[Any, Any, Any]) -> Response[Any]:
        if no := refused(request):
            return no
        mobile, user = request.query_params.get("mobileNumber"), request.query_params.get("userId")
        if mobile is None and user is None:
            return envelope(None, "Give mobileNumber or userId", 400)
        if mobile is not None and not _MOBILE.match(mobile):
            return envelope(None, "Invalid mobile number", 400)
        if user is not None and not user.isdigit():
            return envelope(None, "Invalid userId", 400)
        found = [
            {"userId": u.user_id, "mobileNumber": u.mobile_number, "userName": u.user_name, "email": u.email}
            for u in users().values()
            if mobile in (None, u.mobile_number) and user in (None, str(u.user_id))
        ]
        return envelope(found, "Shoppers")

    @post("/operations/orders/{order_number:str}/cancel", status_code=200)
    async def cancel_for_shopper(request: Request[Any, Any, Any], order_number: FromPath[str]) -> Response[Any]:
        if no := refused(request):
            return no
        key = request.headers.get("idempotency-key", "")
        if not _KEY.fullmatch(key):
            return envelope(None, "An Idempotency-Key header is required.", 400)
        try:
            msgspec.json.decode(await request.body(), type=CancelBody)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            return envelope(None, f"Invalid request: {exc}", 400)
        order = state().orders.get(order_number)
        if order is None:
            return envelope(None, "Order not found", 404)
        fingerprint = f"cancel {order_number}"
        earlier = state().placements.get((order.user_id, key))
        if earlier is not None:
            if earlier.fingerprint != fingerprint:
                return envelope(None, "This Idempotency-Key was used for another request.", 422)
            return envelope(msgspec.to_builtins(order), "Order already cancelled")
        now = clock()
        await current(order, now)
        await tracking.cancel(world, state(), order, now)  # CannotChange: the app's 409 answer
        state().placements[(order.user_id, key)] = Placement(fingerprint=fingerprint, order_number=order_number)
        send_status_mails(world, order, ["cancelled"], email_of(order.user_id))
        return envelope(msgspec.to_builtins(order), "Order cancelled")

    @post("/operations/orders/{order_number:str}/resend", status_code=200)
    async def resend_mail(request: Request[Any, Any, Any], order_number: FromPath[str]) -> Response[Any]:
        if no := refused(request):
            return no
        order = state().orders.get(order_number)
        if order is None:
            return envelope(None, "Order not found", 404)
        email = email_of(order.user_id)
        if email is None:
            return envelope(None, "The shopper has no e-mail address", 409)
        await current(order, clock())
        send_status_mails(world, order, [order.status], email)
        return envelope({"orderNumber": order_number, "status": order.status, "email": email}, "Mail sent again")

    @post("/operations/orders/{order_number:str}/returns/{return_number:str}/refund", status_code=200)
    async def return_refund_given_back(
        request: Request[Any, Any, Any], order_number: FromPath[str], return_number: FromPath[str]
    ) -> Response[Any]:
        if no := refused(request):
            return no
        try:
            body = msgspec.json.decode(await request.body(), type=GivenBackBody)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            return envelope(None, f"Invalid request: {exc}", 400)
        if (body.refund_id is None) == (body.paid_reference is None):
            return envelope(None, "Invalid request: give refundId or paidReference, not both", 400)
        order = state().orders.get(order_number)
        ret = returns.find(order, return_number) if order is not None else None
        if order is None or ret is None:
            return envelope(None, "Return not found", 404)
        now = clock()
        await current(order, now)
        # ReturnRefused (not given up, no refund at the provider): the app's own answer.
        reached = await returns.given_back_by_desk(world, order, ret, body.refund_id, body.paid_reference, now)
        if reached:
            send_return_mails(world, order, ret, reached)
        said = "Return refunded" if ret.status == "refunded" else "Refund followed"
        return envelope(msgspec.to_builtins(order), said)

    return [
        payments_on,
        payouts_on,
        unknown_payouts_on,
        find_orders,
        find_shoppers,
        cancel_for_shopper,
        resend_mail,
        return_refund_given_back,
    ]
