"""Payments mock: the part of Cashfree's Payment Gateway API (x-api-version 2025-01-01) the
platform uses (contracts/payments.openapi.yaml), the hosted checkout, and QA controls."""

from __future__ import annotations

import asyncio
import hashlib
import secrets
from datetime import datetime
from decimal import Decimal
from typing import Any, Literal

import msgspec
from litestar import MediaType, Request, Response, delete, get, patch, post
from litestar.params import FromPath

from upstream_mocks.built_on_use import BuiltOnUse, mock_app
from upstream_mocks.envelope import json_answer
from upstream_mocks.money import has_paise_only
from upstream_mocks.payments.checkout_page import POLICY, render_checkout, render_link, render_missing
from upstream_mocks.payments.delivery import (
    announce_refund,
    deliver_link_event,
    deliver_refund_webhook,
    deliver_webhook,
)
from upstream_mocks.payments.links import (
    CreateLinkBody,
    Link,
    LinkRefused,
    LinksState,
    cancel_link,
    create_link,
    get_link,
    link_by_code,
    link_orders,
    order_to_pay,
)
from upstream_mocks.payments.orders import (
    REFUND_PATH,
    CannotChange,
    CustomerDetails,
    Order,
    OrderExists,
    OrderMeta,
    PaymentsState,
    Refund,
    Remembered,
    attempt_payment,
    complete_payment,
    create_order,
    expire_order,
    find_payment,
    find_refund,
    get_order,
    order_for_session,
    payments_for,
    provider_now,
    refund_by_cf_id,
    refund_order,
    refunds_for,
    set_refund_status,
    state,
    terminate_order,
)
from upstream_mocks.payments.settlements import (
    Chargeback,
    Mistake,
    MistakeRefused,
    RangeRefused,
    check_mistake,
    disputes_for,
    events_between,
    in_range,
    page,
    settled_between,
)
from upstream_mocks.payments.subscription_routes import subscription_handlers
from upstream_mocks.payments.upi import PayOrderBody, UpiOutcome, answer_upi, attempt_for_link, lapse_upi, start_upi
from upstream_mocks.payments.upi_app_page import POLICY as UPI_APP_POLICY
from upstream_mocks.payments.upi_app_page import render_app, render_unknown
from upstream_mocks.settings import MerchantAccount, MockSettings
from upstream_mocks.world import MockWorld

# The credentials the mock provider accepts (the gateway's PAYMENTS_CLIENT_ID/SECRET defaults).
IDEMPOTENCY_HEADER = "x-idempotency-key"


class CreateOrderBody(msgspec.Struct, kw_only=True):
    order_amount: Decimal
    order_currency: Literal["INR"]
    customer_details: CustomerDetails
    order_id: str | None = None
    order_meta: OrderMeta | None = None
    order_note: str | None = None
    order_expiry_time: datetime | None = None


class TerminateBody(msgspec.Struct, kw_only=True):
    order_status: Literal["TERMINATED"]


class RefundBody(msgspec.Struct, kw_only=True):
    refund_amount: Decimal
    refund_id: str
    refund_note: str | None = None


class Pagination(msgspec.Struct, kw_only=True):
    limit: int
    cursor: str | None = None


class ReconBody(msgspec.Struct, kw_only=True):
    filters: dict[str, Any]
    pagination: Pagination


# What the hosted checkout's tester may do: pay, fail, leave, or leave it waiting for the bank.
CheckoutChoice = Literal["success", "failure", "dropped", "pending"]
OUTCOMES: dict[str, Any] = {"success": "SUCCESS", "failure": "FAILED", "dropped": "USER_DROPPED", "pending": "PENDING"}


class CheckoutOutcome(msgspec.Struct, kw_only=True):
    outcome: CheckoutChoice


class LinkPayment(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """The link page's own call: the tester's outcome, and the part paid when the link takes parts."""

    outcome: CheckoutChoice
    amount: Decimal | None = None


class BankAnswer(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """QA: the bank's answer on a PENDING payment."""

    payment_status: Literal["SUCCESS", "FAILED"]


class AppAnswer(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """The UPI app stand-in's own call: the payer approves the request named by `tr`, or leaves."""

    tr: str
    outcome: UpiOutcome


class UpiWord(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """QA: the payer's answer to a PENDING UPI request in their app (approved, or the app left)."""

    outcome: UpiOutcome


class RefundWord(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """QA: the bank's word on an unfinished refund."""

    refund_status: Literal["ONHOLD", "SUCCESS", "CANCELLED"]


async def bank_decides(
    world: MockWorld, order: Order, refund: Refund, word: Literal["onHold", "cancelled"], after_ms: int
) -> None:
    """QA's refund faults: ONHOLD at once and paid out later, or CANCELLED later; each told by webhook."""
    if word == "onHold":  # told now; its delivery's retries do not hold the payout back
        set_refund_status(world, refund, "ONHOLD")
        world.spawn(announce_refund(world, order, refund))
    await asyncio.sleep(after_ms / 1000)
    await deliver_refund_webhook(world, order, refund, "SUCCESS" if word == "onHold" else "CANCELLED")


def _error(status: int, message: str, code: str, type_: str = "invalid_request_error") -> Response[Any]:
    return json_answer({"message": message, "code": code, "type": type_}, status)


def _caller(request: Request[Any, Any, Any], settings: MockSettings) -> MerchantAccount | Response[Any]:
    """The merchant account calling, by its client credentials (one of MockSettings.merchant_accounts),
    or the refusal: the provider's API checks them and the version header on every call."""
    headers = request.headers
    client_id, client_secret = headers.get("x-client-id", ""), headers.get("x-client-secret", "")
    known = next((a for a in settings.merchant_accounts if a.client_id == client_id), None)
    if known is None or not secrets.compare_digest(known.client_secret.encode(), client_secret.encode()):
        return _error(401, "authentication Failed", "request_failed", "authentication_error")
    if not headers.get("x-api-version"):
        return _error(400, "x-api-version : is missing in the request", "request_invalid")
    return known


def _fingerprint(request: Request[Any, Any, Any], body: bytes) -> tuple[str, str, bytes]:
    return request.method, request.url.path, hashlib.sha256(body).digest()


def _replayed(world: MockWorld, request: Request[Any, Any, Any], body: bytes) -> Response[Any] | None:
    """A write under an x-idempotency-key used before: the same request gets the same answer
    again; another body under the same key is a 422 idempotency_error, as Cashfree answers."""
    key = request.headers.get(IDEMPOTENCY_HEADER)
    if not key:
        return None
    earlier = state(world).idempotency.get((request.headers.get("x-client-id", ""), key))
    if earlier is None:
        return None
    if earlier.request != _fingerprint(request, body):
        return _error(
            422,
            "x-idempotency-key : was used before with a different request",
            "idempotency_error",
            "idempotency_error",
        )
    return Response(
        earlier.body,
        status_code=earlier.status,
        media_type=MediaType.JSON,
        headers={"x-idempotency-replayed": "true"},
    )


def _remember(world: MockWorld, request: Request[Any, Any, Any], body: bytes, answer: Response[Any]) -> Response[Any]:
    """Keep a write's answer under its key (a refused one too: Cashfree replays refusals)."""
    key = request.headers.get(IDEMPOTENCY_HEADER)
    status = answer.status_code or 200
    if key and status < 500 and isinstance(answer.content, bytes):
        state(world).idempotency[(request.headers.get("x-client-id", ""), key)] = Remembered(
            request=_fingerprint(request, body), status=status, body=answer.content
        )
    return answer


def _order_refusal(body: CreateOrderBody) -> Response[Any] | None:
    if body.order_amount < 1:
        return _error(400, "order_amount : should be at least 1", "order_amount_invalid")
    if not has_paise_only(body.order_amount):
        return _error(400, "order_amount : at most two decimals", "order_amount_invalid")
    if not 3 <= len(body.customer_details.customer_id) <= 50:
        return _error(400, "customer_details.customer_id : should be 3 to 50 characters", "customer_id_invalid")
    if body.order_id is not None and not 3 <= len(body.order_id) <= 45:
        return _error(400, "order_id : should be 3 to 45 characters", "order_id_invalid")
    return None


def create_app(world: MockWorld) -> BuiltOnUse:
    world.register("payments", PaymentsState)
    world.register("payment_links", LinksState)

    @post("/pg/orders", status_code=200)
    async def new_order(request: Request[Any, Any, Any]) -> Response[Any]:
        caller = _caller(request, world.settings)
        if isinstance(caller, Response):
            return caller
        raw = await request.body()
        if replayed := _replayed(world, request, raw):
            return replayed
        return _remember(world, request, raw, _new_order(raw, caller))

    def _own_order(caller: MerchantAccount, order_id: str) -> Order | None:
        """The caller's order: another account's is not found, as an unknown one."""
        return get_order(world, caller.client_id, order_id)

    def _new_order(raw: bytes, caller: MerchantAccount) -> Response[Any]:
        try:
            body = msgspec.json.decode(raw, type=CreateOrderBody)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            return _error(400, f"Invalid request: {exc}", "request_invalid")
        if refusal := _order_refusal(body):
            return refusal
        try:
            order = create_order(
                world,
                order_amount=body.order_amount,
                customer=body.customer_details,
                order_id=body.order_id,
                order_meta=body.order_meta,
                order_note=body.order_note,
                order_expiry_time=body.order_expiry_time,
                account=caller.client_id,
            )
        except OrderExists:
            return _error(409, "order with same id is already present", "order_already_exists")
        return json_answer(order)

    def _lapse(order: Order) -> None:
        """UPI requests past their window end FAILED when anyone looks; the merchant is told."""
        for payment in lapse_upi(world, order):
            world.spawn(deliver_webhook(world, order, payment))

    @post("/pg/orders/sessions", status_code=200)
    async def order_pay(request: Request[Any, Any, Any]) -> Response[Any]:
        # Cashfree's "Order Pay" is authorised by the payment session alone (security: []).
        if not request.headers.get("x-api-version"):
            return _error(400, "x-api-version : is missing in the request", "request_invalid")
        raw = await request.body()
        if replayed := _replayed(world, request, raw):
            return replayed
        return _remember(world, request, raw, _order_pay(raw))

    def _order_pay(raw: bytes) -> Response[Any]:
        try:
            body = msgspec.json.decode(raw, type=PayOrderBody)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            return _error(400, f"Invalid request: {exc}", "request_invalid")
        order = order_for_session(world, body.payment_session_id)
        if order is None:
            return _error(400, "payment_session_id : is invalid", "payment_session_id_invalid")
        if order.order_status != "ACTIVE":
            return _error(409, f"order is {order.order_status.lower()}", "order_not_active")
        channel = body.payment_method.upi.channel
        if channel == "collect":
            return _error(400, "upi collect : is not enabled for this merchant", "payment_method_unsupported")
        return json_answer(start_upi(world, order, channel))

    @get("/pg/orders/{order_id:str}")
    async def read_order(request: Request[Any, Any, Any], order_id: FromPath[str]) -> Response[Any]:
        caller = _caller(request, world.settings)
        if isinstance(caller, Response):
            return caller
        order = _own_order(caller, order_id)
        if order is None:
            return _error(404, "order not found", "order_not_found")
        _lapse(order)
        return json_answer(order)

    @patch("/pg/orders/{order_id:str}", status_code=200)
    async def terminate(request: Request[Any, Any, Any], order_id: FromPath[str]) -> Response[Any]:
        caller = _caller(request, world.settings)
        if isinstance(caller, Response):
            return caller
        raw = await request.body()
        if replayed := _replayed(world, request, raw):
            return replayed
        return _remember(world, request, raw, _terminate(raw, _own_order(caller, order_id)))

    def _terminate(raw: bytes, order: Order | None) -> Response[Any]:
        try:
            msgspec.json.decode(raw, type=TerminateBody)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            return _error(400, f"Invalid request: {exc}", "request_invalid")
        if order is None:
            return _error(404, "order not found", "order_not_found")
        try:
            return json_answer(terminate_order(world, order))
        except CannotChange as exc:
            return _error(exc.status, exc.message, exc.code)

    @post("/pg/orders/{order_id:str}/refunds", status_code=200)
    async def new_refund(request: Request[Any, Any, Any], order_id: FromPath[str]) -> Response[Any]:
        caller = _caller(request, world.settings)
        if isinstance(caller, Response):
            return caller
        raw = await request.body()
        if replayed := _replayed(world, request, raw):
            return replayed
        return _remember(world, request, raw, _new_refund(raw, _own_order(caller, order_id)))

    def _new_refund(raw: bytes, order: Order | None) -> Response[Any]:
        try:
            body = msgspec.json.decode(raw, type=RefundBody)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            return _error(400, f"Invalid request: {exc}", "request_invalid")
        if order is None:
            return _error(404, "order not found", "order_not_found")
        if not has_paise_only(body.refund_amount):
            return _error(400, "refund_amount : at most two decimals", "refund_amount_invalid")
        # A repeat is made safe by the idempotency key, never by the refund id alone.
        if find_refund(world, order, body.refund_id) is not None:
            return _error(409, "refund with same refund_id is already present", "refund_already_exists")
        held = world.scenario_for("payments", "POST", REFUND_PATH)
        try:
            refund = refund_order(
                world,
                order,
                body.refund_amount,
                body.refund_id,
                body.refund_note,
                settled=held is None or held.refund is None,
            )
        except CannotChange as exc:
            return _error(exc.status, exc.message, exc.code)
        if held is None or held.refund is None:
            # The merchant hears the refund's outcome by REFUND_STATUS_WEBHOOK too, as from Cashfree.
            world.spawn(announce_refund(world, order, refund))
        else:  # QA: the bank holds it, then pays it out, or gives it up
            world.spawn(bank_decides(world, order, refund, held.refund, held.delay_ms or 1000))
        return json_answer(refund)

    @get("/pg/orders/{order_id:str}/refunds")
    async def order_refunds(request: Request[Any, Any, Any], order_id: FromPath[str]) -> Response[Any]:
        caller = _caller(request, world.settings)
        if isinstance(caller, Response):
            return caller
        order = _own_order(caller, order_id)
        if order is None:
            return _error(404, "order not found", "order_not_found")
        return json_answer(refunds_for(world, order))

    @get("/pg/orders/{order_id:str}/payments")
    async def order_payments(request: Request[Any, Any, Any], order_id: FromPath[str]) -> Response[Any]:
        caller = _caller(request, world.settings)
        if isinstance(caller, Response):
            return caller
        order = _own_order(caller, order_id)
        if order is None:
            return _error(404, "order not found", "order_not_found")
        _lapse(order)
        return json_answer(payments_for(world, order))

    @get("/pg/orders/{order_id:str}/disputes")
    async def order_disputes(request: Request[Any, Any, Any], order_id: FromPath[str]) -> Response[Any]:
        caller = _caller(request, world.settings)
        if isinstance(caller, Response):
            return caller
        order = _own_order(caller, order_id)
        if order is None:
            return _error(404, "order not found", "order_not_found")
        return json_answer(disputes_for(world, order))

    async def _report(request: Request[Any, Any, Any], settled: bool) -> Response[Any]:
        caller = _caller(request, world.settings)
        if isinstance(caller, Response):
            return caller
        try:
            body = msgspec.json.decode(await request.body(), type=ReconBody)
            start, end = in_range(body.filters)
            chosen: list[Any] = (
                settled_between(world, start, end, caller) if settled else events_between(world, start, end, caller)
            )
            return json_answer(page(chosen, body.pagination.limit, body.pagination.cursor))
        except (msgspec.ValidationError, msgspec.DecodeError, RangeRefused) as exc:
            return _error(400, f"Invalid request: {exc}", "request_invalid")

    @post("/pg/recon", status_code=200)
    async def recon(request: Request[Any, Any, Any]) -> Response[Any]:
        return await _report(request, settled=False)

    @post("/pg/settlement/recon", status_code=200)
    async def settlement_recon(request: Request[Any, Any, Any]) -> Response[Any]:
        return await _report(request, settled=True)

    def _link_found(link_id: str, caller: MerchantAccount) -> Link | Response[Any]:
        """The caller's link: another account's is not found, as an unknown one."""
        link = get_link(world, caller.client_id, link_id)
        if link is None:
            return _error(404, "link does not exist", "link_not_found")
        if link.link_status == "EXPIRED":  # told once, when first seen expired
            world.spawn(deliver_link_event(world, link))
        return link

    @post("/pg/links", status_code=200)
    async def new_link(request: Request[Any, Any, Any]) -> Response[Any]:
        caller = _caller(request, world.settings)
        if isinstance(caller, Response):
            return caller
        raw = await request.body()
        if replayed := _replayed(world, request, raw):
            return replayed
        return _remember(world, request, raw, _new_link(raw, caller))

    def _new_link(raw: bytes, caller: MerchantAccount) -> Response[Any]:
        try:
            body = msgspec.json.decode(raw, type=CreateLinkBody)
            return json_answer(create_link(world, body, caller.client_id))
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            return _error(400, f"Invalid request: {exc}", "request_invalid")
        except LinkRefused as exc:
            return _error(exc.status, exc.message, exc.code)

    @get("/pg/links/{link_id:str}")
    async def read_link(request: Request[Any, Any, Any], link_id: FromPath[str]) -> Response[Any]:
        caller = _caller(request, world.settings)
        if isinstance(caller, Response):
            return caller
        found = _link_found(link_id, caller)
        return found if isinstance(found, Response) else json_answer(found)

    @post("/pg/links/{link_id:str}/cancel", status_code=200)
    async def cancel(request: Request[Any, Any, Any], link_id: FromPath[str]) -> Response[Any]:
        caller = _caller(request, world.settings)
        if isinstance(caller, Response):
            return caller
        raw = await request.body()
        if replayed := _replayed(world, request, raw):
            return replayed
        return _remember(world, request, raw, _cancel(link_id, caller))

    def _cancel(link_id: str, caller: MerchantAccount) -> Response[Any]:
        found = _link_found(link_id, caller)
        if isinstance(found, Response):
            return found
        try:
            link = cancel_link(world, found)
        except LinkRefused as exc:
            return _error(exc.status, exc.message, exc.code)
        world.spawn(deliver_link_event(world, link))
        return json_answer(link)

    @get("/pg/links/{link_id:str}/orders")
    async def read_link_orders(request: Request[Any, Any, Any], link_id: FromPath[str]) -> Response[Any]:
        caller = _caller(request, world.settings)
        if isinstance(caller, Response):
            return caller
        found = _link_found(link_id, caller)
        if isinstance(found, Response):
            return found
        try:
            return json_answer(link_orders(world, found, request.query_params.get("status")))
        except LinkRefused as exc:
            return _error(exc.status, exc.message, exc.code)

    @get("/links/{code:str}", media_type=MediaType.HTML)
    async def link_page(code: FromPath[str]) -> Response[str]:
        link = link_by_code(world, code)
        if link is None:
            return Response(render_missing(), status_code=404, media_type=MediaType.HTML)
        if link.link_status == "EXPIRED":
            world.spawn(deliver_link_event(world, link))
        return Response(render_link(link), media_type=MediaType.HTML, headers={"Content-Security-Policy": POLICY})

    @post("/links/{code:str}/pay", status_code=200)
    async def pay_link(request: Request[Any, Any, Any], code: FromPath[str]) -> Response[Any]:
        try:
            body = msgspec.json.decode(await request.body(), type=LinkPayment)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            return _error(400, f"Invalid request: {exc}", "request_invalid")
        link = link_by_code(world, code)
        if link is None:
            return _error(404, "link does not exist", "link_not_found")
        try:
            order = order_to_pay(world, link, body.amount)
        except LinkRefused as exc:
            return _error(exc.status, exc.message, exc.code)
        payment = attempt_payment(world, order, OUTCOMES[body.outcome])
        if payment.payment_status != "PENDING":
            world.spawn(deliver_webhook(world, order, payment))  # a success: PAYMENT_LINK_EVENT
        return json_answer(payment)

    @get("/checkout/{payment_session_id:str}", media_type=MediaType.HTML)
    async def checkout(payment_session_id: FromPath[str]) -> Response[str]:
        order = order_for_session(world, payment_session_id)
        if order is None:
            return Response(render_missing(), status_code=404, media_type=MediaType.HTML)
        return Response(render_checkout(order), media_type=MediaType.HTML, headers={"Content-Security-Policy": POLICY})

    @post("/checkout/{payment_session_id:str}/pay", status_code=200)
    async def pay(request: Request[Any, Any, Any], payment_session_id: FromPath[str]) -> Response[Any]:
        try:
            body = msgspec.json.decode(await request.body(), type=CheckoutOutcome)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            return _error(400, f"Invalid request: {exc}", "request_invalid")
        order = order_for_session(world, payment_session_id)
        if order is None:
            return _error(404, "payment session not found", "session_not_found")
        if order.order_status != "ACTIVE":
            return _error(409, f"order is {order.order_status.lower()}", "order_not_active")
        payment = attempt_payment(world, order, OUTCOMES[body.outcome])
        if payment.payment_status != "PENDING":
            # Like the provider, tell the merchant's server too; the browser may never come back.
            world.spawn(deliver_webhook(world, order, payment))
        return json_answer(payment)

    @get("/upi/app", media_type=MediaType.HTML)
    async def upi_app(request: Request[Any, Any, Any]) -> Response[str]:
        found = attempt_for_link(world, request.url.query)
        if found is None:
            return Response(render_unknown(), status_code=404, media_type=MediaType.HTML)
        paying = find_payment(world, found[0].cf_payment_id)
        if paying is not None:
            _lapse(paying[0])
        return Response(
            render_app(*found), media_type=MediaType.HTML, headers={"Content-Security-Policy": UPI_APP_POLICY}
        )

    @post("/upi/app/answer", status_code=200)
    async def upi_app_answer(request: Request[Any, Any, Any]) -> Response[Any]:
        try:
            body = msgspec.json.decode(await request.body(), type=AppAnswer)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            return _error(400, f"Invalid request: {exc}", "request_invalid")
        return _upi_answer(body.tr, body.outcome)

    def _upi_answer(cf_payment_id: str, outcome: UpiOutcome) -> Response[Any]:
        asked = find_payment(world, cf_payment_id)
        if asked is not None:
            _lapse(asked[0])  # a request past its window is told as lapsed, not approved
        answered = answer_upi(world, cf_payment_id, outcome)
        if isinstance(answered, str):
            return _error(409, answered, "upi_request_closed")
        order, payment = answered
        world.spawn(deliver_webhook(world, order, payment))
        return json_answer(payment)

    # QA controls (not part of the contract).
    @post("/payments/{cf_payment_id:str}/upi", status_code=200)
    async def upi_word(request: Request[Any, Any, Any], cf_payment_id: FromPath[str]) -> Response[Any]:
        """The payer's answer in their app, now: paid, or the app left (a request lapses when the
        mocks' clock passes its window: POST /_mocks/clock)."""
        try:
            word = msgspec.json.decode(await request.body(), type=UpiWord)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            return _error(400, f"Invalid request: {exc}", "request_invalid")
        return _upi_answer(cf_payment_id, word.outcome)

    @post("/payments/{cf_payment_id:str}/bank", status_code=200)
    async def bank_answers(request: Request[Any, Any, Any], cf_payment_id: FromPath[str]) -> Response[Any]:
        """The bank's answer on a PENDING payment, now: the order is PAID on success, even after
        it expired or its termination was asked for, and the merchant is told by webhook."""
        try:
            answer = msgspec.json.decode(await request.body(), type=BankAnswer)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            return _error(400, f"Invalid request: {exc}", "request_invalid")
        found = find_payment(world, cf_payment_id)
        if found is None:
            return _error(404, "payment not found", "payment_not_found")
        order, payment = found
        if not complete_payment(world, order, payment, answer.payment_status):
            return _error(409, f"payment is {payment.payment_status.lower()}, not pending", "payment_not_pending")
        world.spawn(deliver_webhook(world, order, payment))
        return json_answer(payment)

    @post("/orders/{order_id:str}/expire", status_code=200)
    async def expire_now(request: Request[Any, Any, Any], order_id: FromPath[str]) -> Response[Any]:
        """An ACTIVE order's time to pay ends now (EXPIRED); a payment its payer's bank still holds
        may yet make it PAID, as Cashfree's can. The order of the account `x-client-id` names (order
        ids are each account's own), the store's when none is named."""
        account = request.headers.get("x-client-id") or world.settings.payments_client_id
        order = get_order(world, account, order_id)
        if order is None:
            return _error(404, "order not found", "order_not_found")
        if not expire_order(world, order):
            return _error(409, f"order is {order.order_status.lower()}, not active", "order_not_active")
        return json_answer(order)

    @post("/refunds/{cf_refund_id:str}/bank", status_code=200)
    async def refund_word(request: Request[Any, Any, Any], cf_refund_id: FromPath[str]) -> Response[Any]:
        """The bank's word on an unfinished refund (ONHOLD, then SUCCESS or CANCELLED), told to
        the merchant by REFUND_STATUS_WEBHOOK."""
        try:
            word = msgspec.json.decode(await request.body(), type=RefundWord)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            return _error(400, f"Invalid request: {exc}", "request_invalid")
        found = refund_by_cf_id(world, cf_refund_id)
        if found is None:
            return _error(404, "refund not found", "refund_not_found")
        order, refund = found
        if refund.refund_status not in ("PENDING", "ONHOLD"):
            return _error(409, f"refund is {refund.refund_status.lower()}", "refund_not_pending")
        await deliver_refund_webhook(world, order, refund, word.refund_status)
        return json_answer(refund)

    @post("/chargebacks", status_code=201)
    async def add_chargeback(request: Request[Any, Any, Any]) -> Response[Any]:
        try:
            back = msgspec.json.decode(await request.body(), type=Chargeback)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            return _error(400, f"Invalid chargeback: {exc}", "request_invalid")
        found = find_payment(world, back.cf_payment_id)
        paid = found[1] if found is not None else None
        if paid is None or paid.payment_status != "SUCCESS":
            return _error(404, "no successful payment with that cfPaymentId", "payment_not_found")
        if back.respond_in_days is not None and not 0 <= back.respond_in_days <= 45:
            return _error(400, "Invalid chargeback: respondInDays must be 0 to 45", "request_invalid")
        back.at = provider_now(world).isoformat(timespec="seconds")
        back.dispute_id = 433447000 + len(state(world).chargebacks) + 1
        state(world).chargebacks.append(back)
        return json_answer(state(world).chargebacks, 201)

    @post("/settlements/mistakes", status_code=201)
    async def add_mistake(request: Request[Any, Any, Any]) -> Response[Any]:
        try:
            mistake = msgspec.json.decode(await request.body(), type=Mistake)
            check_mistake(mistake)
        except (msgspec.ValidationError, msgspec.DecodeError, MistakeRefused) as exc:
            return _error(400, f"Invalid mistake: {exc}", "request_invalid")
        state(world).settlement_mistakes.append(mistake)
        return json_answer(state(world).settlement_mistakes, 201)

    @get("/settlements/mistakes")
    async def list_mistakes() -> Response[Any]:
        return json_answer(state(world).settlement_mistakes)

    @delete("/settlements/mistakes", status_code=200)
    async def clear_mistakes() -> Response[Any]:
        state(world).settlement_mistakes.clear()
        return json_answer([])

    # QA read-outs (not part of the contract): every webhook sent and what became of it, and
    # where Cashfree's own document and the mock disagreed (MOCKS_CHECK_PROVIDER_DOCUMENT).
    @get("/webhooks")
    async def webhooks() -> Response[Any]:
        return json_answer(state(world).webhooks)

    @get("/conformance")
    async def conformance() -> Response[Any]:
        return json_answer(state(world).conformance)

    mandates = subscription_handlers(
        world,
        lambda request: _caller(request, world.settings),
        lambda request, raw: _replayed(world, request, raw),
        lambda request, raw, answer: _remember(world, request, raw, answer),
        _error,
    )

    return mock_app(
        [
            *mandates,
            new_order,
            order_pay,
            new_link,
            read_link,
            cancel,
            read_link_orders,
            link_page,
            pay_link,
            read_order,
            terminate,
            new_refund,
            order_refunds,
            order_payments,
            recon,
            settlement_recon,
            order_disputes,
            checkout,
            pay,
            upi_app,
            upi_app_answer,
            upi_word,
            bank_answers,
            expire_now,
            refund_word,
            add_chargeback,
            add_mistake,
            list_mistakes,
            clear_mistakes,
            webhooks,
            conformance,
        ],
        openapi_config=None,
    )
