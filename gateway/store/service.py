"""The storefront's rules: login, products, the cart, the delivery address and the order draft.

Cart rules, over the catalogue service's getCart / addCart / updateCart:
- A 400 on getCart is an empty cart (the real service answers so); other failures stop the change.
- Setting a quantity picks addCart for a product not in the cart, updateCart otherwise; 0 deletes.
- Minus does nothing when the quantity is already 0.
- Count is the sum of quantities; a line's price is mrpWithCashDiscount x quantity to 2 decimals.
- A quantity never rises above the units that can be bought (the catalogue's stockQuantity, which
  the orders service keeps net of what open orders hold): 409 out_of_stock, in the words the
  orders service uses at the quote; lowering one is always allowed.
"""

from __future__ import annotations

import asyncio
from decimal import Decimal

import structlog

from gateway.language.codes import DEFAULT, Language
from gateway.otp.login import OneLogin
from gateway.plumbing.errors import Conflict, InvalidInput, NotAuthenticated, NotFound, UpstreamError, UpstreamRefused
from gateway.plumbing.validation import QUANTITY_MESSAGE
from gateway.sessions import Session, StoreLogin
from gateway.sessions.logins import TOKEN_REFUSED, forget_login_on_refusal, start_login
from gateway.store.pictures import picture_sources
from gateway.store.schemas import (
    MAX_QUANTITY,
    BrandView,
    CartLineView,
    CartView,
    CategoryListItem,
    CategoryView,
    NativeSessionRequest,
    ProductListView,
    ProductSort,
    ProductView,
    StoreLoginView,
)
from gateway.upstreams.catalogue import AddCartBody, CartItem, CatalogueClient, Product, UpdateCartBody
from india.money import HALF_UP, PAISA, percent, rupees_text

log = structlog.get_logger("gateway.store")

VERIFIED = "OTP verified successfully!"
VERIFY_FAILED = "Error verifying OTP."
HANDED_OVER = "Logged in from the app."
NOT_VERIFIED = "The app has not verified this user."
HAND_OVER_REJECTED = "The app's login could not be confirmed. Please log in again."
PRODUCT_NOT_FOUND = "Product not found."
PRODUCT_GONE = "This product is no longer available."
QUANTITY_LIMIT = "You can have at most 999 of one product in your cart."
SOLD_OUT = "{name} is out of stock."
SHORT = "Only {stock} of {name} available; you asked for {quantity}."
EMPTY_CART_STATUS = 400


def money(value: Decimal) -> Decimal:
    """Rupees to exactly 2 decimals, half up: a decimal string like "12450.00" in the answer."""
    return HALF_UP.quantize(value, PAISA)


def line_price(item: CartItem) -> Decimal:
    return money(item.mrp_with_cash_discount * item.quantity)


def line_saving(item: CartItem) -> Decimal:
    """What the line saves off its M.R.P.; nothing when the M.R.P. is missing or not above the price."""
    mrp = item.mrp_with_cash_discount_gst
    if mrp is None or mrp <= item.mrp_with_cash_discount:
        return money(Decimal(0))
    return money(mrp * item.quantity) - line_price(item)


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
            mrp_with_cash_discount=money(i.mrp_with_cash_discount),
            mrp_with_cash_discount_gst=(
                money(i.mrp_with_cash_discount_gst) if i.mrp_with_cash_discount_gst is not None else None
            ),
            discount=i.discount,
            line_price=line_price(i),
            line_saving=line_saving(i),
            stock_quantity=i.stock_quantity,
            picture_sources=picture_sources(i.images),
        )
        for i in items
        if i.quantity > 0
    ]
    subtotal = sum((line.line_price for line in lines), Decimal(0))
    saving = sum((line.line_saving for line in lines), Decimal(0))
    return CartView(
        items=lines, count=sum(line.quantity for line in lines), subtotal=money(subtotal), saving=money(saving)
    )


def check_stock(name: str, stock: int | None, quantity: int) -> None:
    """Refuse a quantity above what can be bought; None: the catalogue did not say, so no cap."""
    if stock is None or quantity <= stock:
        return
    message = SOLD_OUT.format(name=name) if stock <= 0 else SHORT.format(stock=stock, name=name, quantity=quantity)
    raise Conflict(message, code="out_of_stock", field="quantity")


def product_view(product: Product, quantity: int) -> ProductView:
    """Amounts leave as decimal strings: the exact Decimals rounded to paise, rendered once here.

    Built with positional arguments, in ProductView's field order (named beside each): a list
    builds a dozen, and msgspec takes keywords markedly slower than positions.
    `test_every_product_field_lands_in_its_own_key` fails on a value in the wrong place."""
    category = product.category
    listing_price = HALF_UP.quantize(product.listing_price, PAISA)  # money(), without a call
    mrp = HALF_UP.quantize(product.mrp, PAISA)
    return ProductView(
        product.id,  # id
        product.product_name,  # product_name
        product.product_detail or None,  # product_detail
        product.file_path1,  # file_path1
        listing_price,  # listing_price
        mrp,  # mrp
        product.discount or None,  # discount
        max(0.0, min(5.0, product.ratings or 0.0)),  # ratings
        percent(product.discount_to_merchant or Decimal(0)),  # discount_to_merchant
        product.distributor_id,  # distributor_id
        quantity,  # quantity
        product.brand_id,  # brand_id
        product.brand_name or None,  # brand_name
        CategoryView(slug=category.slug, name=category.name) if category else None,  # category
        product.hsn_code,  # hsn_code
        percent(product.gst_rate) if product.gst_rate is not None else None,  # gst_rate
        product.pack_size,  # pack_size
        product.warranty,  # warranty
        product.stock_quantity,  # stock_quantity
        rupees_text(listing_price),  # price_text
        rupees_text(mrp),  # mrp_text
        product.return_days,  # return_days
        picture_sources(product.images),  # picture_sources
    )


class StoreService:
    def __init__(self, catalogue: CatalogueClient, login: OneLogin) -> None:
        self.catalogue = catalogue
        self.login = login

    # Login

    async def verify(
        self, session: Session, mobile_number: str, otp: str, language: Language | None = None
    ) -> StoreLoginView:
        """The one login (gateway/otp/login.py): a borrower is logged in to the portal too."""
        await self.login.verify("store", session, mobile_number, otp, "verify_failed", language)
        return StoreLoginView(message=VERIFIED, verified=True, mobile_number=mobile_number, via="otp")

    async def hand_over(
        self, session: Session, request: NativeSessionRequest, language: Language | None = None
    ) -> StoreLoginView:
        """Trust the native app's token only after the catalogue service accepts it for that user."""
        if not request.verified:
            raise NotAuthenticated(NOT_VERIFIED, code="native_not_verified")
        try:
            addresses = await self.catalogue.addresses(int(request.user_id), request.token)
        except UpstreamRefused as exc:
            if exc.status in TOKEN_REFUSED:
                raise NotAuthenticated(HAND_OVER_REJECTED, code="native_token_rejected") from exc
            raise
        mobile = next((a.mobile_number for a in addresses if a.mobile_number), None)
        login = StoreLogin(user_id=request.user_id, access_token=request.token, mobile_number=mobile, via="native")
        await start_login(session, login, None, language)
        return StoreLoginView(message=HANDED_OVER, verified=True, mobile_number=mobile, via="native")

    # Products (no login needed; a logged-in shopper sees their cart quantities)

    async def products(
        self,
        login: StoreLogin | None,
        page: int,
        page_size: int,
        search: str | None,
        *,
        category: str | None = None,
        brand_id: int | None = None,
        sort: ProductSort | None = None,
        language: Language = DEFAULT,
    ) -> ProductListView:
        needle = search.strip() if search else None
        wanted = self.catalogue.products(
            page, page_size, needle or None, category=category, brand_id=brand_id, sort=sort, language=language
        )
        quantities: dict[int, int] = {}
        if login is None:  # a visitor: no cart to read beside the page (and no tasks to start for it)
            records = await wanted
        else:  # the page and the shopper's cart are independent reads: ask for both at once
            records, quantities = await asyncio.gather(wanted, self._quantities(login))
        return ProductListView(
            records=[product_view(p, quantities.get(p.id, 0)) for p in records],
            page=page,
            page_size=page_size,
            has_more=len(records) >= page_size,
        )

    async def product(self, login: StoreLogin | None, product_id: int, language: Language = DEFAULT) -> ProductView:
        product, quantities = await asyncio.gather(
            self.catalogue.product(product_id, language), self._quantities(login)
        )
        if product is None:
            raise NotFound(PRODUCT_NOT_FOUND, code="product_not_found")
        return product_view(product, quantities.get(product.id, 0))

    async def categories(self, language: Language = DEFAULT) -> list[CategoryListItem]:
        records = await self.catalogue.categories(language)
        return [CategoryListItem(slug=c.slug, name=c.name, product_count=c.product_count) for c in records]

    async def brands(self, session: Session, login: StoreLogin | None) -> list[BrandView]:
        """The catalogue only lists brands to a logged-in shopper; empty otherwise."""
        if login is None:
            return []
        async with forget_login_on_refusal(session, "store"):
            brands = await self.catalogue.brands(login.access_token)
        return [BrandView(id=b.id, name=b.name, logo=b.logo) for b in brands]

    async def _quantities(self, login: StoreLogin | None) -> dict[int, int]:
        """Cart quantities by product id; the list still loads when the cart cannot be read."""
        if login is None:
            return {}
        try:
            items = await self._items(login)
        except UpstreamError as exc:
            log.warning("store_cart_unreadable", status=exc.status, code=exc.code)
            return {}
        return {i.product_id: i.quantity for i in items}

    # Cart

    async def cart(self, session: Session, login: StoreLogin, language: Language = DEFAULT) -> CartView:
        """The cart, its words (colours, sizes) in `language`."""
        async with forget_login_on_refusal(session, "store"):
            return cart_view(await self._items(login, language))

    async def set_quantity(
        self, session: Session, login: StoreLogin, product_id: int, quantity: int, language: Language = DEFAULT
    ) -> CartView:
        if not 0 <= quantity <= MAX_QUANTITY:  # the route's schema says so too; other callers are held here
            raise InvalidInput(QUANTITY_MESSAGE, code="invalid_quantity", field="quantity")
        async with forget_login_on_refusal(session, "store"):
            items = await self._items(login, language)  # any failure but "empty" stops here, before a change
            return cart_view(await self._apply(login, items, product_id, quantity, language))

    async def increment(
        self, session: Session, login: StoreLogin, product_id: int, language: Language = DEFAULT
    ) -> CartView:
        async with forget_login_on_refusal(session, "store"):
            items = await self._items(login, language)
            current = next((i.quantity for i in items if i.product_id == product_id), 0)
            if current >= MAX_QUANTITY:
                raise Conflict(QUANTITY_LIMIT, code="quantity_limit", field="quantity")
            return cart_view(await self._apply(login, items, product_id, current + 1, language))

    async def decrement(
        self, session: Session, login: StoreLogin, product_id: int, language: Language = DEFAULT
    ) -> CartView:
        async with forget_login_on_refusal(session, "store"):
            items = await self._items(login, language)
            line = next((i for i in items if i.product_id == product_id), None)
            if line is None or line.quantity <= 0:
                return cart_view(items)
            body = UpdateCartBody(user_id=int(login.user_id), product_id=product_id, quantity=line.quantity - 1)
            await self.catalogue.update_cart(body, login.access_token)
            return cart_view(await self._items(login, language))

    async def _items(self, login: StoreLogin, language: Language = DEFAULT) -> list[CartItem]:
        try:
            return await self.catalogue.cart(int(login.user_id), login.access_token, language)
        except UpstreamRefused as exc:
            if exc.status == EMPTY_CART_STATUS:
                return []
            raise

    async def _apply(
        self, login: StoreLogin, items: list[CartItem], product_id: int, quantity: int, language: Language = DEFAULT
    ) -> list[CartItem]:
        line = next((i for i in items if i.product_id == product_id), None)
        user_id = int(login.user_id)
        if line is not None:
            if line.quantity == quantity:
                return items
            if quantity > line.quantity:
                check_stock(line.product_name, line.stock_quantity, quantity)
            # The increment path carries the distributor, as the storefront always has.
            distributor = line.distributor_id if quantity > line.quantity else None
            body = UpdateCartBody(user_id=user_id, product_id=product_id, quantity=quantity, distributor_id=distributor)
            await self.catalogue.update_cart(body, login.access_token)
        elif quantity > 0:
            product = await self.catalogue.product(product_id)
            if product is None:
                raise NotFound(PRODUCT_GONE, code="product_not_found")
            check_stock(product.product_name, product.stock_quantity, quantity)
            add = AddCartBody(
                user_id=user_id, product_id=product_id, quantity=quantity, distributor_id=product.distributor_id
            )
            await self.catalogue.add_cart(add, login.access_token)
        else:
            return items
        return await self._items(login, language)
