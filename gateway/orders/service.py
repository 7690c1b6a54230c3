"""The orders group's rules for one order: reading it (a pending online payment re-checked with the
provider first) and a new checkout session to pay it; the orders service's refusals in our words.

Every call carries the shopper's own user id and token; the orders service answers 404 for an
order that is not theirs, which stays a 404 here, with nothing of the order in it. The list,
cancelling, documents, returns and buying again are in history.py.
"""

from __future__ import annotations

from collections.abc import Awaitable
from typing import TypeVar

from gateway.orders.schemas import PlacedOrder
from gateway.orders.views import order_view
from gateway.plumbing.clock import Clock
from gateway.plumbing.errors import Conflict, GatewayError, InvalidInput, NotFound
from gateway.sessions import Session, StoreLogin
from gateway.sessions.logins import TOKEN_REFUSED, forget_login_on_refusal
from gateway.upstreams.orders import Order, OrdersClient, OrdersRefused

T = TypeVar("T")

ORDER_NOT_FOUND = "Order not found."


def refused(exc: OrdersRefused) -> GatewayError:
    """The orders service's refusal as the screen's error, keeping its message, reason and field."""
    kinds: dict[int, type[GatewayError]] = {404: NotFound, 409: Conflict}
    return kinds.get(exc.status or 0, InvalidInput)(exc.message, code=exc.code, field=exc.field)


async def bearer_call(session: Session, call: Awaitable[T]) -> T:
    """A bearer call to the orders service: a refused token ends the login, a refusal is the screen's."""
    async with forget_login_on_refusal(session, "store"):
        try:
            return await call
        except OrdersRefused as exc:
            if exc.status in TOKEN_REFUSED:
                raise
            raise refused(exc) from exc


class OrdersService:
    def __init__(self, orders: OrdersClient, clock: Clock) -> None:
        self.orders = orders
        self.clock = clock  # the world's: an order's time left to pay

    async def view(self, order: Order) -> PlacedOrder:
        return order_view(order, await self.clock.now())

    async def order(self, session: Session, login: StoreLogin, order_number: str) -> PlacedOrder:
        """One order; a pending online payment is re-checked with the provider first."""
        user_id = int(login.user_id)
        order = await bearer_call(session, self.orders.order(order_number, user_id, login.access_token))
        if order is not None and order.payment.method == "online" and order.payment.state == "pending":
            order = await bearer_call(session, self.orders.recheck_payment(order_number, user_id, login.access_token))
        if order is None:
            raise NotFound(ORDER_NOT_FOUND, code="order_not_found")
        return await self.view(order)

    async def pay_again(self, session: Session, login: StoreLogin, order_number: str, key: str) -> PlacedOrder:
        order = await bearer_call(
            session, self.orders.payment_session(order_number, int(login.user_id), login.access_token, key)
        )
        return await self.view(order)
