"""The cart rules of the storefront, over the catalogue service's getCart / addCart / updateCart.

- A 400 on getCart is an empty cart (the real service answers so); other failures stop the change.
- Setting a quantity picks addCart for a product not in the cart, updateCart otherwise; 0 deletes.
- Minus does nothing without a user or when the quantity is already 0.
- Count is the sum of quantities; a line's price is mrpWithCashDiscount x quantity to 2 decimals.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from gateway.errors import NotFound
from gateway.sessions import StoreLogin
from gateway.store.schemas import CartLineView, CartView
from gateway.upstreams.catalogue import AddCartBody, CartItem, CatalogueClient, CatalogueError, UpdateCartBody

EMPTY_CART_STATUS = 400
PRODUCT_NOT_FOUND = "This product is no longer available."
_CENT = Decimal("0.01")


def money(value: Decimal) -> float:
    return float(value.quantize(_CENT, rounding=ROUND_HALF_UP))


def line_price(item: CartItem) -> Decimal:
    return (Decimal(str(item.mrp_with_cash_discount)) * item.quantity).quantize(_CENT, rounding=ROUND_HALF_UP)


def cart_view(items: list[CartItem]) -> CartView:
    lines = [
        CartLineView(
            id=i.id,
            product_id=i.product_id,
            product_name=i.product_name,
            quantity=i.quantity,
            distributor_id=i.distributor_id,
            file_path1=i.file_path1,
            brand=i.brand,
            color=i.color,
            size=i.size,
            mrp_with_cash_discount=i.mrp_with_cash_discount,
            mrp_with_cash_discount_gst=i.mrp_with_cash_discount_gst,
            discount=i.discount,
            line_price=money(line_price(i)),
        )
        for i in items
        if i.quantity > 0
    ]
    subtotal = sum((line_price(i) for i in items if i.quantity > 0), Decimal(0))
    return CartView(items=lines, count=sum(line.quantity for line in lines), subtotal=money(subtotal))


class CartRules:
    def __init__(self, catalogue: CatalogueClient) -> None:
        self.catalogue = catalogue

    async def items(self, login: StoreLogin) -> list[CartItem]:
        try:
            return await self.catalogue.cart(int(login.user_id), login.access_token)
        except CatalogueError as exc:
            if exc.status == EMPTY_CART_STATUS:
                return []
            raise

    async def set_quantity(self, login: StoreLogin, product_id: int, quantity: int) -> list[CartItem]:
        items = await self.items(login)  # any failure but "empty" stops here, before a change
        return await self._apply(login, items, product_id, quantity)

    async def _apply(self, login: StoreLogin, items: list[CartItem], product_id: int, quantity: int) -> list[CartItem]:
        line = next((i for i in items if i.product_id == product_id), None)
        user_id = int(login.user_id)
        if line is not None:
            if line.quantity == quantity:
                return items
            # The increment path carries the distributor, as the storefront always has.
            distributor = line.distributor_id if quantity > line.quantity else None
            body = UpdateCartBody(user_id=user_id, product_id=product_id, quantity=quantity, distributor_id=distributor)
            await self.catalogue.update_cart(body, login.access_token)
        elif quantity > 0:
            product = await self.catalogue.product(product_id)
            if product is None:
                raise NotFound(PRODUCT_NOT_FOUND, code="product_not_found")
            add = AddCartBody(
                user_id=user_id, product_id=product_id, quantity=quantity, distributor_id=product.distributor_id
            )
            await self.catalogue.add_cart(add, login.access_token)
        else:
            return items
        return await self.items(login)

    async def increment(self, login: StoreLogin, product_id: int) -> list[CartItem]:
        items = await self.items(login)
        current = next((i.quantity for i in items if i.product_id == product_id), 0)
        return await self._apply(login, items, product_id, current + 1)

    async def decrement(self, login: StoreLogin | None, product_id: int) -> list[CartItem] | None:
        """Minus: None (nothing asked of the service) without a user; no change at quantity 0."""
        if login is None:
            return None
        items = await self.items(login)
        line = next((i for i in items if i.product_id == product_id), None)
        if line is None or line.quantity <= 0:
            return items
        body = UpdateCartBody(user_id=int(login.user_id), product_id=product_id, quantity=line.quantity - 1)
        await self.catalogue.update_cart(body, login.access_token)
        return await self.items(login)
