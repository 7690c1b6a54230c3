"""Payments mock (contracts/payments.openapi.yaml): orders, their attempts, the hosted checkout."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any, Literal

import msgspec
from litestar import Litestar, MediaType, Request, Response, delete, get, patch, post
from litestar.params import FromPath

from upstream_mocks.envelope import json_answer
from upstream_mocks.money import has_paise_only
from upstream_mocks.payments.checkout_page import POLICY, render_checkout, render_missing
from upstream_mocks.payments.delivery import deliver_webhook
from upstream_mocks.payments.orders import (
    CannotChange,
    CustomerDetails,
    OrderExists,
    OrderMeta,
    PaymentsState,
    attempt_payment,
    create_order,
    get_order,
    order_for_session,
    payments_for,
    refund_order,
    refunds_for,
    state,
    terminate_order,
)
from upstream_mocks.payments.settlements import Mistake, MistakeRefused, check_mistake, report
from upstream_mocks.world import MockWorld

# The credentials the mock provider accepts (the gateway's PAYMENTS_CLIENT_ID/SECRET defaults).
CLIENT_ID = "mock-client"
CLIENT_SECRET = "mock-secret"


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


class CheckoutOutcome(msgspec.Struct, kw_only=True):
    outcome: Literal["success", "failure"]


def _error(status: int, message: str, code: str, type_: str = "invalid_request_error") -> Response[Any]:
    return json_answer({"message": message, "code": code, "type": type_}, status)


def _refused(request: Request[Any, Any, Any]) -> Response[Any] | None:
    """The provider's API checks the client credentials and the version header on every call."""
    headers = request.headers
    if headers.get("x-client-id") != CLIENT_ID or headers.get("x-client-secret") != CLIENT_SECRET:
        return _error(401, "authentication Failed", "request_failed", "authentication_error")
    if not headers.get("x-api-version"):
        return _error(400, "x-api-version : is missing in the request", "request_invalid")
    return None


def create_app(world: MockWorld) -> Litestar:
    world.register("payments", PaymentsState)

    @post("/pg/orders", status_code=200)
    async def new_order(request: Request[Any, Any, Any]) -> Response[Any]:
        if refused := _refused(request):
            return refused
        try:
            body = msgspec.json.decode(await request.body(), type=CreateOrderBody)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            return _error(400, f"Invalid request: {exc}", "request_invalid")
        if body.order_amount <= 0:
            return _error(400, "order_amount : should be greater than 0", "order_amount_invalid")
        if not has_paise_only(body.order_amount):
            return _error(400, "order_amount : at most two decimals", "order_amount_invalid")
        try:
            order = create_order(
                world,
                order_amount=body.order_amount,
                customer=body.customer_details,
                order_id=body.order_id,
                order_meta=body.order_meta,
                order_note=body.order_note,
                order_expiry_time=body.order_expiry_time,
            )
        except OrderExists:
            return _error(409, "order with same id is already present", "order_already_exists")
        return json_answer(order)

    @get("/pg/orders/{order_id:str}")
    async def read_order(request: Request[Any, Any, Any], order_id: FromPath[str]) -> Response[Any]:
        if refused := _refused(request):
            return refused
        order = get_order(world, order_id)
        if order is None:
            return _error(404, "order not found", "order_not_found")
        return json_answer(order)

    @patch("/pg/orders/{order_id:str}", status_code=200)
    async def terminate(request: Request[Any, Any, Any], order_id: FromPath[str]) -> Response[Any]:
        if refused := _refused(request):
            return refused
        try:
            msgspec.json.decode(await request.body(), type=TerminateBody)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            return _error(400, f"Invalid request: {exc}", "request_invalid")
        order = get_order(world, order_id)
        if order is None:
            return _error(404, "order not found", "order_not_found")
        if order.order_status == "TERMINATED":
            return json_answer(order)
        try:
            return json_answer(terminate_order(world, order))
        except CannotChange as exc:
            return _error(exc.status, exc.message, exc.code)

    @post("/pg/orders/{order_id:str}/refunds", status_code=200)
    async def new_refund(request: Request[Any, Any, Any], order_id: FromPath[str]) -> Response[Any]:
        if refused := _refused(request):
            return refused
        try:
            body = msgspec.json.decode(await request.body(), type=RefundBody)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            return _error(400, f"Invalid request: {exc}", "request_invalid")
        order = get_order(world, order_id)
        if order is None:
            return _error(404, "order not found", "order_not_found")
        if not has_paise_only(body.refund_amount):
            return _error(400, "refund_amount : at most two decimals", "refund_amount_invalid")
        try:
            return json_answer(refund_order(world, order, body.refund_amount, body.refund_id, body.refund_note))
        except CannotChange as exc:
            return _error(exc.status, exc.message, exc.code)

    @get("/pg/orders/{order_id:str}/refunds")
    async def order_refunds(request: Request[Any, Any, Any], order_id: FromPath[str]) -> Response[Any]:
        if refused := _refused(request):
            return refused
        if get_order(world, order_id) is None:
            return _error(404, "order not found", "order_not_found")
        return json_answer(refunds_for(world, order_id))

    @get("/pg/orders/{order_id:str}/payments")
    async def order_payments(request: Request[Any, Any, Any], order_id: FromPath[str]) -> Response[Any]:
        if refused := _refused(request):
            return refused
        if get_order(world, order_id) is None:
            return _error(404, "order not found", "order_not_found")
        return json_answer(payments_for(world, order_id))

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
        payment = attempt_payment(world, order, body.outcome == "success")
        # Like the provider, tell the merchant's server too; the browser may never come back.
        world.spawn(deliver_webhook(world, order, payment))
        return json_answer(payment)

    @get("/pg/settlements/recon")
    async def settlement_report(request: Request[Any, Any, Any]) -> Response[Any]:
        if refused := _refused(request):
            return refused
        try:
            day = date.fromisoformat(request.query_params.get("settlement_date", ""))
        except ValueError:
            return _error(400, "settlement_date : should be a date (YYYY-MM-DD)", "request_invalid")
        return json_answer(report(world, day))

    @get("/pg/payments/search")
    async def search_payments(request: Request[Any, Any, Any]) -> Response[Any]:
        if refused := _refused(request):
            return refused
        reference = request.query_params.get("reference", "").strip()
        if not reference:
            return _error(400, "reference : is missing in the request", "request_invalid")
        found = [
            p
            for attempts in state(world).payments.values()
            for p in attempts
            if reference in (p.cf_payment_id, p.bank_reference)
        ]
        return json_answer(found)

    # QA controls (not part of the contract): mistakes for the settlement report.
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

    # QA read-out (not part of the contract): every webhook sent and what became of it.
    @get("/webhooks")
    async def webhooks() -> Response[Any]:
        return json_answer(state(world).webhooks)

    return Litestar(
        route_handlers=[
            new_order,
            read_order,
            terminate,
            new_refund,
            order_refunds,
            order_payments,
            checkout,
            pay,
            settlement_report,
            search_payments,
            add_mistake,
            list_mistakes,
            clear_mistakes,
            webhooks,
        ],
        openapi_config=None,
        logging_config=None,  # the host process configures logging
    )
