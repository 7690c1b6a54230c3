"""The lender's endpoint for the payment provider's webhooks (our extension of the contract).

It verifies the signature against the raw body and refuses a stale timestamp (401). A signature
proves only who holds the secret, so the receiver then asks the provider for the order's real
state and settles what the provider says it took, never what the event says: a forged or
mistaken success for an unpaid order settles nothing. Settling happens exactly once
(upstream_mocks/lending/settlement.py): a retried, duplicated or replayed webhook, or one
arriving after the browser's confirm, changes nothing and is acknowledged with 200 so the
provider stops retrying.
"""

from __future__ import annotations

from typing import Any

from litestar import Request, Response, post
from litestar.handlers import HTTPRouteHandler

from upstream_mocks.envelope import envelope
from upstream_mocks.lending.link_booking import book_link, link_of_event
from upstream_mocks.lending.settlement import lending_state, settle_from_provider
from upstream_mocks.payments.events import LinkEvent, PaymentEvent, RefundEvent
from upstream_mocks.payments.webhooks import verified_event
from upstream_mocks.world import MockWorld

SETTLED = "Payment settled"
ALREADY_SETTLED = "Payment already settled"
FAILURE_RECORDED = "Payment failure recorded"
NOT_TAKEN = "Payment not taken by the provider"
LINK_NOTED = "Payment link event noted"


def webhook_route(world: MockWorld) -> HTTPRouteHandler:
    @post("/webhooks/payments", status_code=200)
    async def payment_webhook(request: Request[Any, Any, Any]) -> Response[Any]:
        settings = world.settings
        event = await verified_event(
            request, settings.lending_payments_client_secret, tolerance_seconds=settings.webhook_tolerance_seconds
        )
        if isinstance(event, RefundEvent):
            return envelope(None, "Refund noted")  # the lender refunds nothing through this service
        if isinstance(event, LinkEvent):
            # The event names the link; what was paid on it is read back from the provider.
            link = link_of_event(world, event.data.link_id)
            if link is None:
                return envelope(None, "Payment link not found", 404)
            booked = await book_link(world, link, by="webhook")
            return envelope(None, SETTLED if booked else LINK_NOTED)
        if not isinstance(event, PaymentEvent):
            return event  # refused: a bad signature, a stale timestamp or not an event
        log = lending_state(world).log_for_order(event.data.order.order_id)
        if log is None:
            return envelope(None, "Payment not found", 404)
        payment = event.data.payment
        if payment.payment_amount != log.amount:
            return envelope(None, "Invalid request: payment_amount does not match the order", 400)
        was_paid = log.status == "paid"
        if await settle_from_provider(world, log, by="webhook") == "paid":
            return envelope(None, ALREADY_SETTLED if was_paid else SETTLED)
        return envelope(None, FAILURE_RECORDED if log.status == "failed" else NOT_TAKEN)

    return payment_webhook
