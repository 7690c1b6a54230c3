"""The cart's fees and GST before an address is known, priced by the orders service.

The cart shows the same figures the quote and the tax invoice use: the gateway only asks the
orders service's pricing (`POST electrician/order/price`) for the cart's lines and passes its
figures on; it never works a fee or a tax out itself (docs/decisions/fees-before-checkout.md).
"""

from __future__ import annotations

from decimal import Decimal

from gateway.plumbing.errors import Conflict, InvalidInput
from gateway.sessions import Session, StoreLogin
from gateway.sessions.logins import TOKEN_REFUSED, forget_login_on_refusal
from gateway.store.schemas import CartChargesView
from gateway.store.service import StoreService
from gateway.upstreams.orders import LineInput, OrdersClient, OrdersRefused, PriceRequest
from india.money import HALF_UP, PAISA

CART_EMPTY = "Your cart is empty. Add something to check out."


class CartCharges:
    def __init__(self, orders: OrdersClient, store: StoreService) -> None:
        self.orders = orders
        self.store = store

    async def charges(self, session: Session, login: StoreLogin) -> CartChargesView:
        cart = await self.store.cart(session, login)
        if not cart.items:
            raise Conflict(CART_EMPTY, code="cart_empty")
        body = PriceRequest(
            user_id=int(login.user_id),
            lines=[LineInput(product_id=i.product_id, quantity=i.quantity) for i in cart.items],
        )
        async with forget_login_on_refusal(session, "store"):
            try:
                price = await self.orders.price(body, login.access_token)
            except OrdersRefused as exc:
                if exc.status in TOKEN_REFUSED:
                    raise
                raise InvalidInput(exc.message, code=exc.code, field=exc.field) from exc
        c = price.charges

        def exact(value: Decimal) -> Decimal:  # the service's own figure, written with 2 decimals
            return HALF_UP.quantize(value, PAISA)

        return CartChargesView(
            subtotal=exact(c.subtotal),
            convenience_fee=exact(c.convenience_fee),
            platform_fee=exact(c.platform_fee),
            gst_total=exact(c.gst_total),
            taxable_total=exact(c.taxable_total),
            total=exact(c.total),
            fee_threshold=exact(c.fee_threshold),
            short_of_no_fees=exact(c.short_of_no_fees),
        )
