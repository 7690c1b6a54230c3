"""After the order: the shopper's orders, cancelling one, its tax invoice and credit note, and buying it again.

Every call carries the shopper's own user id and token; the orders service answers 404 for an
order that is not theirs, which stays a 404 here, with nothing of the order in it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import TypeVar

import structlog

from gateway.language.codes import Language
from gateway.orders.refund_state import REFUND_STATE_LABELS, provider_refund_state
from gateway.orders.returns import payee_input, return_input
from gateway.orders.schemas import (
    BuyAgainLine,
    BuyAgainResult,
    OrderList,
    OrderListItem,
    PayeeRequestBody,
    PlacedOrder,
    RefundProviderState,
    ReturnRequestBody,
)
from gateway.orders.service import ORDER_NOT_FOUND, refused
from gateway.orders.tracking import PAYMENT_LABELS, STATUS_LABELS, money, summary
from gateway.orders.views import order_view
from gateway.plumbing.clock import Clock
from gateway.plumbing.errors import NotFound, UpstreamError
from gateway.sessions import Session, StoreLogin
from gateway.sessions.logins import TOKEN_REFUSED, forget_login_on_refusal
from gateway.store.schemas import MAX_QUANTITY
from gateway.store.service import StoreService
from gateway.upstreams.orders import CancelReason, OrdersClient, OrdersRefused, OrderSummary
from gateway.upstreams.payments import PaymentsClient

T = TypeVar("T")
log = structlog.get_logger("gateway.orders")

PAGE_SIZE = 10


def buy_again_message(added: list[BuyAgainLine], skipped: list[BuyAgainLine]) -> str:
    units = sum(line.quantity for line in added)
    parts = []
    if added:
        parts.append(f"{units} {'item' if units == 1 else 'items'} added to your cart.")
    if skipped:
        names = ", ".join(line.product_name for line in skipped)
        parts.append(f"Out of stock, not added: {names}.")
    return " ".join(parts) or "Nothing from this order is in stock right now."


class OrderHistory:
    def __init__(self, orders: OrdersClient, store: StoreService, clock: Clock, payments: PaymentsClient) -> None:
        self.orders = orders
        self.store = store
        self.clock = clock  # the world's: an order's time left to pay
        self.payments = payments  # where a cancelled order's refund to the card or UPI stands now

    async def _orders(self, session: Session, call: Awaitable[T]) -> T:
        async with forget_login_on_refusal(session, "store"):
            try:
                return await call
            except OrdersRefused as exc:
                if exc.status in TOKEN_REFUSED:
                    raise
                if exc.status == 404:
                    raise NotFound(ORDER_NOT_FOUND, code="order_not_found") from exc
                raise refused(exc) from exc

    async def list(self, session: Session, login: StoreLogin, page: int) -> OrderList:
        found = await self._orders(session, self.orders.orders(int(login.user_id), login.access_token, page, PAGE_SIZE))
        # A row's refund words come from where the provider has the refund now, as the order's own
        # page and the desk's timeline say it (refund_state.py), not from the moment it was asked for.
        states = await asyncio.gather(*(self._refund_state(login, o) for o in found.orders))
        return OrderList(
            orders=[
                OrderListItem(
                    order_number=o.order_number,
                    status=o.status,
                    status_label=STATUS_LABELS[o.status],
                    created_at=o.created_at.isoformat(),
                    total=money(o.total),
                    item_count=o.item_count,
                    summary=summary(o.first_product_name, o.line_count),
                    first_product_name=o.first_product_name,
                    line_count=o.line_count,
                    payment_method=o.payment_method,
                    payment_state=o.payment_state,
                    payment_label=REFUND_STATE_LABELS[state] if state else PAYMENT_LABELS[o.payment_state],
                    payment_failed=o.payment_state == "pending" and o.payment_failed_at is not None,
                    refund_state=state,
                )
                for o, state in zip(found.orders, states, strict=True)
            ],
            page=found.page,
            total_pages=found.total_pages,
            total_orders=found.total_orders,
        )

    async def _refund_state(self, login: StoreLogin, listed: OrderSummary) -> RefundProviderState | None:
        """A row whose refund to the card or UPI was started: where the provider has it now. Only
        those rows cost a read of the order (for its provider order id) and one of its refunds."""
        if listed.payment_method != "online" or listed.payment_state != "refundInitiated":
            return None
        try:
            order = await self.orders.order(listed.order_number, int(login.user_id), login.access_token)
        except UpstreamError as exc:  # the row still shows, with the words of the refund's start
            log.warning("order_refund_state_unread", order=listed.order_number, error=str(exc))
            return None
        if order is None or order.refund is None or order.refund.kind != "toSource":
            return None
        provider_order_id = order.payment.provider_order_id
        if not provider_order_id:
            return None
        return await provider_refund_state(listed.order_number, provider_order_id, self.payments)

    async def cancel(
        self, session: Session, login: StoreLogin, order_number: str, key: str, reason: CancelReason | None = None
    ) -> PlacedOrder:
        order = await self._orders(
            session, self.orders.cancel(order_number, int(login.user_id), login.access_token, key, reason)
        )
        log.info("order_cancelled", order=order_number, refund=order.refund.kind if order.refund else None)
        return order_view(order, await self.clock.now())

    async def ask_return(
        self, session: Session, login: StoreLogin, order_number: str, body: ReturnRequestBody, key: str
    ) -> PlacedOrder:
        order = await self._orders(
            session,
            self.orders.ask_return(order_number, int(login.user_id), login.access_token, return_input(body), key),
        )
        made = order.returns[-1] if order.returns else None
        log.info("return_requested", order=order_number, ret=made.number if made else None)
        return order_view(order, await self.clock.now())

    async def give_payee(
        self,
        session: Session,
        login: StoreLogin,
        order_number: str,
        return_number: str,
        body: PayeeRequestBody,
        key: str,
    ) -> PlacedOrder:
        """Another UPI ID or account for a return whose payout failed: the orders service verifies
        it and pays it by a new transfer, once per Idempotency-Key."""
        order = await self._orders(
            session,
            self.orders.give_payee(
                order_number, return_number, int(login.user_id), login.access_token, payee_input(body), key
            ),
        )
        log.info("return_payee_given", order=order_number, ret=return_number)
        return order_view(order, await self.clock.now())

    async def return_credit_note(
        self, session: Session, login: StoreLogin, order_number: str, return_number: str, language: Language
    ) -> bytes:
        return await self._orders(
            session,
            self.orders.return_credit_note(
                order_number, return_number, int(login.user_id), login.access_token, language
            ),
        )

    async def invoice(self, session: Session, login: StoreLogin, order_number: str, language: Language) -> bytes:
        return await self._orders(
            session, self.orders.invoice(order_number, int(login.user_id), login.access_token, language)
        )

    async def credit_note(self, session: Session, login: StoreLogin, order_number: str, language: Language) -> bytes:
        return await self._orders(
            session, self.orders.credit_note(order_number, int(login.user_id), login.access_token, language)
        )

    async def buy_again(self, session: Session, login: StoreLogin, order_number: str) -> BuyAgainResult:
        """The order's lines back in the cart (on top of what is there), skipping what is sold out."""
        reorder = await self._orders(session, self.orders.reorder(order_number, int(login.user_id), login.access_token))
        cart = await self.store.cart(session, login)
        in_cart = {item.product_id: item.quantity for item in cart.items}
        added: list[BuyAgainLine] = []
        skipped: list[BuyAgainLine] = []
        for line in reorder.lines:
            if line.available == 0:
                skipped.append(
                    BuyAgainLine(product_id=line.product_id, product_name=line.product_name, quantity=line.quantity)
                )
                continue
            held = in_cart.get(line.product_id, 0)
            adding = min(line.available, MAX_QUANTITY - held)  # a line holds 999 at most
            if adding <= 0:  # already full in the cart: nothing to add, and it is not sold out
                continue
            try:
                await self.store.set_quantity(session, login, line.product_id, held + adding)
            except NotFound:  # gone from the catalogue since
                skipped.append(
                    BuyAgainLine(product_id=line.product_id, product_name=line.product_name, quantity=line.quantity)
                )
                continue
            added.append(BuyAgainLine(product_id=line.product_id, product_name=line.product_name, quantity=adding))
        return BuyAgainResult(added=added, skipped=skipped, message=buy_again_message(added, skipped))
