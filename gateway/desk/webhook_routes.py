"""The provider's refund webhooks under /api/webhooks (the URL set once for the account in
Cashfree's dashboard): no login and no CSRF token, as the provider has neither; the signature
is the proof (refund_webhooks.py)."""

from __future__ import annotations

from typing import Any

import msgspec
from litestar import Request, Router, post

from gateway.desk.audit_trail import AuditTrail
from gateway.desk.refund_webhooks import RefundWebhooks
from gateway.desk.webhook_paths import REFUND_WEBHOOK_PATH, WEBHOOKS_PATH
from gateway.services import AppServices
from gateway.upstreams.orders_operations import OrdersOperations
from gateway.upstreams.payments import PaymentsClient

PATH = WEBHOOKS_PATH


class Received(msgspec.Struct, kw_only=True):
    outcome: str


def build_webhook_router(services: AppServices) -> Router:
    settings = services.settings
    webhooks = RefundWebhooks(
        settings.payments_client_secret,  # Cashfree signs with the account's client secret
        services.database,
        OrdersOperations(services.upstreams["orders"], settings.operations_key),
        PaymentsClient(services.upstreams["payments"], settings.payments_client_id, settings.payments_client_secret),
        AuditTrail(services.database, services.clock),
        services.clock,
    )

    @post(
        REFUND_WEBHOOK_PATH.removeprefix(PATH),
        status_code=200,
        summary="The provider's refund webhook (REFUND_STATUS_WEBHOOK)",
    )
    async def refund_webhook(request: Request[Any, Any, Any]) -> Received:
        event = webhooks.event(dict(request.headers), await request.body())
        return Received(outcome=await webhooks.received(event))

    return Router(path=PATH, route_handlers=[refund_webhook], tags=["webhooks"])
