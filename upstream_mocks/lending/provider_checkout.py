"""A checkout at the lender's payment provider for one of its borrowers, over HTTP (the one
provider client, upstream_mocks/provider.py); the provider tells the lender's own server how the
payment went (a signed webhook to `webhooks/payments`)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import httpx
from litestar import Response

from payments_client import CustomerDetails, OrderMeta, ProviderOrder, ProviderRefused
from upstream_mocks.envelope import envelope
from upstream_mocks.lending.seed import Borrower
from upstream_mocks.payments.orders import Order
from upstream_mocks.provider import PROVIDER_DOWN, provider
from upstream_mocks.world import MockWorld


async def borrower_checkout(
    world: MockWorld, *, order_id: str, amount: Decimal, borrower: Borrower, note: str
) -> ProviderOrder | Response[Any]:
    """The provider's order, or the answer to give: 400 with the provider's reason when it refused
    the payment, 503 when it could not be reached. The order id is the write's idempotency key."""
    try:
        async with provider(world, world.settings.lending_account) as pg:
            return await pg.create_order(
                key=order_id,
                order_id=order_id,
                amount=amount,
                customer=CustomerDetails(
                    customer_id=str(borrower.user_id),
                    customer_phone=borrower.mobile_number,
                    customer_name=borrower.user_name,
                ),
                note=note,
                meta=OrderMeta(notify_url=f"{world.settings.origin}/_mocks/lending/webhooks/payments"),
            )
    except ProviderRefused as exc:
        if exc.status >= 500:
            return envelope(None, PROVIDER_DOWN, 503)
        return envelope(None, f"The payment provider refused the payment: {exc.message}", 400)
    except httpx.HTTPError:
        return envelope(None, PROVIDER_DOWN, 503)


def payment_session(order: ProviderOrder | Order, log_id: int) -> dict[str, Any]:
    """A checkout as the lender answers it (cashFreeRequest's names): its session, order and log."""
    return {
        "payment_session_id": order.payment_session_id,
        "order_id": order.order_id,
        "order_amount": order.order_amount,
        "id": log_id,
    }
