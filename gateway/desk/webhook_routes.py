"""The provider's refund webhooks under /api/webhooks (the URL set once for each account in
Cashfree's dashboard): no login and no CSRF token, as the provider has neither; the signature
is the proof (refund_webhooks.py). The store's account's at /payments/refunds, each lender's own
account's at /payments/refunds/<lender> (its LENDERS kind): each checked with that account's client
secret, as Cashfree signs it, and the refund asked of that account, the only one that knows it."""

from __future__ import annotations

from typing import Any

import msgspec
from litestar import Request, Router, post
from litestar.params import FromPath

from gateway.desk.audit_trail import AuditTrail
from gateway.desk.refund_webhooks import RefundWebhooks
from gateway.desk.webhook_paths import REFUND_WEBHOOK_PATH, WEBHOOKS_PATH
from gateway.plumbing.errors import NotFound
from gateway.services import AppServices
from gateway.upstreams.payments import PaymentsClient

PATH = WEBHOOKS_PATH


class Received(msgspec.Struct, kw_only=True):
    outcome: str


def build_webhook_router(services: AppServices) -> Router:
    accounts = services.clients.payments
    orders = services.clients.orders
    trail = AuditTrail(services.database, services.clock)

    def receiver(account: PaymentsClient, kind: str | None = None) -> RefundWebhooks:
        # Cashfree signs an account's webhooks with that account's client secret.
        secret = account.provider.account.client_secret
        lender = (kind, services.clients.lender) if kind is not None else None
        return RefundWebhooks(secret, services.database, orders, account, trail, services.clock, lender)

    store = receiver(accounts.store)
    lenders = {kind: receiver(account, kind) for kind, account in accounts.lenders.items()}

    @post(
        REFUND_WEBHOOK_PATH.removeprefix(PATH),
        status_code=200,
        summary="The provider's refund webhook (REFUND_STATUS_WEBHOOK) for the store's account",
    )
    async def refund_webhook(request: Request[Any, Any, Any]) -> Received:
        event = store.event(dict(request.headers), await request.body())
        return Received(outcome=await store.received(event))

    @post(
        f"{REFUND_WEBHOOK_PATH.removeprefix(PATH)}/{{lender:str}}",
        status_code=200,
        summary="The provider's refund webhook (REFUND_STATUS_WEBHOOK) for a lender's own account",
    )
    async def lender_refund_webhook(lender: FromPath[str], request: Request[Any, Any, Any]) -> Received:
        webhooks = lenders.get(lender)
        if webhooks is None:
            raise NotFound("No lender of this deployment has this webhook path.", code="not_found")
        event = webhooks.event(dict(request.headers), await request.body())
        return Received(outcome=await webhooks.received(event))

    return Router(path=PATH, route_handlers=[refund_webhook, lender_refund_webhook], tags=["webhooks"])
