"""The lender's endpoint for the payment provider's webhooks (our extension of the contract).

It verifies the signature against the raw body and refuses a stale timestamp (401), then
settles the payment exactly once (upstream_mocks/lending/settlement.py): a retried, duplicated
or replayed webhook, or one arriving after the browser's confirm, changes nothing and is
acknowledged with 200 so the provider stops retrying.
"""

from __future__ import annotations

from typing import Any

from litestar import Request, Response, post
from litestar.handlers import HTTPRouteHandler

from upstream_mocks.envelope import envelope
from upstream_mocks.lending.settlement import lending_state, mark_failed, settle_paid
from upstream_mocks.payments.events import PaymentEvent
from upstream_mocks.payments.webhooks import verified_event
from upstream_mocks.world import MockWorld

SETTLED = "Payment settled"
ALREADY_SETTLED = "Payment already settled"
FAILURE_RECORDED = "Payment failure recorded"


def webhook_route(world: MockWorld) -> HTTPRouteHandler:
    @post("/webhooks/payments", status_code=200)
    async def payment_webhook(request: Request[Any, Any, Any]) -> Response[Any]:
        settings = world.settings
        event = await verified_event(
            request, settings.webhook_secret, tolerance_seconds=settings.webhook_tolerance_seconds
        )
        if not isinstance(event, PaymentEvent):
            return event  # refused: a bad signature, a stale timestamp or not an event
        log = lending_state(world).log_for_order(event.data.order.order_id)
        if log is None:
            return envelope(None, "Payment not found", 404)
        payment = event.data.payment
        if payment.payment_amount != log.amount:
            return envelope(None, "Invalid request: payment_amount does not match the order", 400)
        if payment.payment_status == "FAILED":
            mark_failed(log)
            return envelope(None, FAILURE_RECORDED)
        applied = settle_paid(
            world, log, payment.cf_payment_id, payment.payment_amount, payment.payment_time, "webhook"
        )
        return envelope(None, SETTLED if applied else ALREADY_SETTLED)

    return payment_webhook
