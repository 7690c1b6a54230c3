"""Online payment of a store order at the card-payment provider (the payments mock, in-process).

The orders service creates the provider order (its order id is the order number) and settles
the store order once the provider says PAID, however often it is asked, as the lender does for
repayments.
"""

from __future__ import annotations

from datetime import datetime

from upstream_mocks.orders.records import Order
from upstream_mocks.payments.orders import CustomerDetails, OrderMeta, create_order, get_order
from upstream_mocks.world import MockWorld

WEBHOOK_PATH = "/_mocks/orders/webhooks/payments"


def open_checkout(world: MockWorld, order: Order, return_url: str | None) -> None:
    """A provider order for the order's total; a retry after expiry gets a new provider order id."""
    previous = get_order(world, order.payment.provider_order_id) if order.payment.provider_order_id else None
    attempt = 1 if previous is None else int(previous.order_id.split("-")[-1]) + 1
    return_url = return_url or (previous.order_meta.return_url if previous else None)
    if return_url:
        return_url = return_url.replace("{order_number}", order.order_number)
    provider = create_order(
        world,
        order_id=f"{order.order_number}-{attempt}",
        # The total is exact to the paisa; the provider keeps it as a Decimal too.
        order_amount=order.payment.amount,
        customer=CustomerDetails(
            customer_id=str(order.user_id),
            customer_phone=order.address.mobile_number,
            customer_name=order.address.name,
        ),
        # The provider tells the orders service's own server how the payment went (signed webhook).
        order_meta=OrderMeta(
            return_url=return_url, notify_url=f"{world.settings.origin}/_mocks/orders/webhooks/payments"
        ),
        order_note=f"Store order {order.order_number}",
    )
    order.payment.provider_order_id = provider.order_id
    order.payment.payment_session_id = provider.payment_session_id


def settle(world: MockWorld, order: Order, now: datetime) -> bool:
    """Mark a pending online order paid when the provider's order is PAID; True only the once it does."""
    if order.payment.method != "online" or order.payment.state != "pending" or not order.payment.provider_order_id:
        return False
    provider = get_order(world, order.payment.provider_order_id)
    if provider is None or provider.order_status != "PAID":
        return False
    order.payment.state = "paid"
    order.payment.paid_at = now
    order.payment.payment_session_id = None
    order.updated_at = now
    return True


def provider_expired(world: MockWorld, order: Order) -> bool:
    provider = get_order(world, order.payment.provider_order_id) if order.payment.provider_order_id else None
    return provider is None or provider.order_status == "EXPIRED"
