"""The orders service's endpoint for the payment provider's webhooks (our extension).

The signature is checked against the raw body and a stale timestamp refused (401), as the
lender's receiver does; a paid order is then settled once (online_payment.settle), whether the
webhook or the browser's return comes first. A failed payment changes nothing: the order stays
pending and payable again.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from litestar import Request, Response, post
from litestar.handlers import HTTPRouteHandler

from upstream_mocks.envelope import envelope
from upstream_mocks.orders import online_payment
from upstream_mocks.orders.records import OrdersState
from upstream_mocks.payments.events import PaymentEvent
from upstream_mocks.payments.webhooks import verified_event
from upstream_mocks.world import MockWorld


def webhook_route(world: MockWorld) -> HTTPRouteHandler:
    @post("/webhooks/payments", status_code=200)
    async def payment_webhook(request: Request[Any, Any, Any]) -> Response[Any]:
        settings = world.settings
        event = await verified_event(
            request, settings.webhook_secret, tolerance_seconds=settings.webhook_tolerance_seconds
        )
        if not isinstance(event, PaymentEvent):
            return event  # refused: a bad signature, a stale timestamp or not an event
        state: OrdersState = world.states["orders"]
        # The provider's order id is the order number and the attempt: VK10000001-2.
        order = state.orders.get(event.data.order.order_id.rsplit("-", 1)[0])
        if order is None or order.payment.provider_order_id is None:
            return envelope(None, "Order not found", 404)
        if event.data.payment.payment_amount != order.payment.amount:
            return envelope(None, "Invalid request: payment_amount does not match the order", 400)
        if event.data.payment.payment_status == "FAILED":
            return envelope(None, "Payment failure recorded")
        applied = online_payment.settle(world, order, datetime.now(UTC))
        if applied and order.payment.state == "refundInitiated":  # it landed on a cancelled order
            return envelope(None, "Payment refunded: the order was cancelled")
        return envelope(None, "Payment settled" if applied else "Payment already settled")

    return payment_webhook
