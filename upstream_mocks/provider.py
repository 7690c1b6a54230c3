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

import httpx

from payments_client import Account, HttpxSender, PayoutsClient, ProviderClient
from upstream_mocks.loopback import loopback_client
from upstream_mocks.settings import INTERNAL_ORIGIN, MerchantAccount
from upstream_mocks.world import MockWorld

# What a caller answers when the provider could not open or read a checkout.
PROVIDER_DOWN = "The payment provider could not be reached. Please try again."


def _base(world: MockWorld) -> str:
    return (world.settings.payments_url or f"{INTERNAL_ORIGIN}/_mocks/payments/").rstrip("/") + "/"


@asynccontextmanager
async def provider(world: MockWorld, account: MerchantAccount | None = None) -> AsyncIterator[ProviderClient]:
    """The provider as the merchant account `account` (a lender's own, whose repayments are paid
    into it), else the store's (the orders service's)."""
    own = account or world.settings.store_account
    keys = Account(client_id=own.client_id, client_secret=own.client_secret)
    async with loopback_client(world) as http:
        http.base_url = _base(world)
        yield ProviderClient(HttpxSender(http), keys)


@asynccontextmanager
async def provider_controls(world: MockWorld) -> AsyncIterator[httpx.AsyncClient]:
    """The payments mock's QA controls (not Cashfree's API), wherever the provider is: beside its
    API under the same URL. A real provider has none: its calls answer 404, and the provider
    then does in its own time what the control would have done now."""
    async with loopback_client(world) as http:
        http.base_url = _base(world)
        yield http


@asynccontextmanager
async def payouts(world: MockWorld) -> AsyncIterator[PayoutsClient]:
    """The payouts provider (Cashfree Payouts v2) with the payouts account: at MOCKS_PAYOUTS_URL
    when set, otherwise the payouts mock in this suite."""
    settings = world.settings
    account = Account(client_id=settings.payouts_client_id, client_secret=settings.payouts_client_secret)
    async with loopback_client(world) as http:
        http.base_url = _payouts_base(world)
        yield PayoutsClient(HttpxSender(http), account)


@asynccontextmanager
async def payout_controls(world: MockWorld) -> AsyncIterator[httpx.AsyncClient]:
    """The payouts mock's QA controls, beside its API; a real provider answers them 404."""
    async with loopback_client(world) as http:
        http.base_url = _payouts_base(world)
        yield http


def _payouts_base(world: MockWorld) -> str:
    return (world.settings.payouts_url or f"{INTERNAL_ORIGIN}/_mocks/payouts/").rstrip("/") + "/"
