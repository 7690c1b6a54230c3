"""The orders service's endpoint for the payment provider's webhooks (our extension).

The signature is checked against the raw body and a stale timestamp refused (401), as the
lender's receiver does; a paid order is then settled once (online_payment.settle), whether the
webhook or the browser's return comes first. A failed payment changes nothing: the order stays
pending and payable again. A refund's result (REFUND_STATUS_WEBHOOK) marks the return it pays
refunded, once, whether it or the returns desk's next step comes first.
"""

from __future__ import annotations

from typing import Any

import msgspec
from litestar import Request, Response, post
from litestar.handlers import HTTPRouteHandler

from payments_client import TransferEvent
from upstream_mocks.clock import mocks_now
from upstream_mocks.envelope import envelope
from upstream_mocks.orders import online_payment, payout, returns
from upstream_mocks.orders.order_mail import send_return_mails
from upstream_mocks.orders.records import OrdersState
from upstream_mocks.payments.events import PaymentEvent, RefundEvent
from upstream_mocks.payments.webhooks import WebhookRefused, verify
from upstream_mocks.world import MockWorld


class _Kind(msgspec.Struct):
    type: str


def _refused(world: MockWorld, secret: str, request: Request[Any, Any, Any], raw: bytes) -> Response[Any] | None:
    """401 unless the signature matches over the raw body and the timestamp is recent."""
    try:
        verify(secret, dict(request.headers), raw, tolerance_seconds=world.settings.webhook_tolerance_seconds)
    except WebhookRefused as refused:
        return envelope(None, f"Webhook refused: {refused.reason}", 401)
    return None


def webhook_route(world: MockWorld) -> HTTPRouteHandler:
    @post("/webhooks/payments", status_code=200)
    async def payment_webhook(request: Request[Any, Any, Any]) -> Response[Any]:
        settings = world.settings
        raw = await request.body()
        # Payments and refunds alike: signed with the store's account's client secret.
        refused = _refused(world, settings.payments_client_secret, request, raw)
        if refused is not None:
            return refused
        try:
            kind = msgspec.json.decode(raw, type=_Kind).type
            event: PaymentEvent | RefundEvent
            if kind == "REFUND_STATUS_WEBHOOK":
                event = msgspec.json.decode(raw, type=RefundEvent)
            else:
                event = msgspec.json.decode(raw, type=PaymentEvent)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            return envelope(None, f"Invalid request: {exc}", 400)
        state: OrdersState = world.states["orders"]
        if isinstance(event, RefundEvent):
            return await refund_result(world, state, event)
        # The provider's order id is the order number and the attempt: VK10000001-2.
        order = state.orders.get(event.data.order.order_id.rsplit("-", 1)[0])
        if order is None or order.payment.provider_order_id is None:
            return envelope(None, "Order not found", 404)
        if event.data.payment.payment_amount != order.payment.amount:
            return envelope(None, "Invalid request: payment_amount does not match the order", 400)
        if event.data.payment.payment_status == "FAILED":
            return envelope(None, "Payment failure recorded")
        applied = await online_payment.settle(world, order, mocks_now(world))
        if applied and order.payment.state == "refundInitiated":  # it landed on a cancelled order
            return envelope(None, "Payment refunded: the order was cancelled")
        return envelope(None, "Payment settled" if applied else "Payment already settled")

    return payment_webhook


async def refund_result(world: MockWorld, state: OrdersState, event: RefundEvent) -> Response[Any]:
    """A return's refund paid out: the return is refunded, once, and the shopper mailed. A
    cancelled order's refund is followed (online_payment.follow_refund): one the bank gave up is
    asked again, whether this webhook or the order's next read comes first."""
    refund = event.data.refund
    order = state.orders.get(refund.order_id.rsplit("-", 1)[0])
    found = next((r for r in order.returns if r.provider_refund_id == refund.refund_id), None) if order else None
    if order is None or found is None:
        if order is not None:
            await online_payment.follow_refund(world, state.refunds_paid_out, order)
        return envelope(None, "Refund noted")  # a cancellation's refund: the order shows it already
    if refund.refund_amount != found.amount:
        return envelope(None, "Invalid request: refund_amount does not match the return", 400)
    if refund.refund_status != "SUCCESS":
        return envelope(None, "Refund status noted")
    if returns.refunded_by_provider(order, found, mocks_now(world)):
        send_return_mails(world, order, found, ["refunded"])
        return envelope(None, "Return refunded")
    return envelope(None, "Return already refunded")


def payouts_webhook_route(world: MockWorld) -> HTTPRouteHandler:
    @post("/webhooks/payouts", status_code=200)
    async def payouts_webhook(request: Request[Any, Any, Any]) -> Response[Any]:
        """TRANSFER_SUCCESS, _FAILED, _REJECTED or _REVERSED from the payouts provider, signed
        with the payouts client secret: the transfer is re-read and the return's payout takes
        what the provider says now; a return is refunded (and its shopper mailed) once, however
        often the webhook comes."""
        raw = await request.body()
        refused = _refused(world, world.settings.payouts_client_secret, request, raw)
        if refused is not None:
            return refused
        try:
            event = msgspec.json.decode(raw, type=TransferEvent, strict=False)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            return envelope(None, f"Invalid request: {exc}", 400)
        state: OrdersState = world.states["orders"]
        found = payout.return_of(state, event.data.transfer_id)
        if found is None:  # no return's: kept, as the provider has it, for the reconciliation
            heard = await payout.heard_unknown(world, state, event.data.transfer_id, mocks_now(world))
            if heard is None:
                return envelope(None, "Transfer not found", 404)
            return envelope(None, "Transfer of no return: kept for the reconciliation")
        order, ret = found
        reached = await payout.follow(world, state, order, ret)
        if reached:
            send_return_mails(world, order, ret, reached)
            return envelope(None, "Return refunded")
        return envelope(None, f"Payout {ret.payout.status if ret.payout else 'unknown'}")

    return payouts_webhook
