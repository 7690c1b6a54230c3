"""The mocks' way to the payment provider: the one provider client (payments_client), over HTTP.

The orders and lending mocks call the provider as the real services do, with the merchant
account's credentials and an idempotency key on every write: at MOCKS_PAYMENTS_URL (or the
gateway's PAYMENTS_URL) when set, so that a real provider's sandbox or the payments mock on its
own port gets every call; otherwise the payments mock in this suite, through httpx's ASGI
transport (journaled and held to its contract like any caller's).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from payments_client import Account, HttpxSender, ProviderClient
from upstream_mocks.loopback import loopback_client
from upstream_mocks.settings import INTERNAL_ORIGIN
from upstream_mocks.world import MockWorld

# What a caller answers when the provider could not open or read a checkout.
PROVIDER_DOWN = "The payment provider could not be reached. Please try again."


@asynccontextmanager
async def provider(world: MockWorld) -> AsyncIterator[ProviderClient]:
    settings = world.settings
    base = (settings.payments_url or f"{INTERNAL_ORIGIN}/_mocks/payments/").rstrip("/") + "/"
    account = Account(client_id=settings.payments_client_id, client_secret=settings.payments_client_secret)
    async with loopback_client(world) as http:
        http.base_url = base
        yield ProviderClient(HttpxSender(http), account)
