"""Routes of the store group under /api/store (mirrors frontend/src/features/store)."""

from __future__ import annotations

import asyncio
from typing import Annotated

import structlog
from litestar import Router, get, post, put
from litestar.di import NamedDependency, Provide
from litestar.params import JSONBody, PathParameter, QueryParameter

from gateway.errors import NotFound, UpstreamError
from gateway.otp.routes import send_code_route
from gateway.otp.sender import VerifyCodeRequest
from gateway.services import AppServices
from gateway.sessions import Session
from gateway.store.cart import CartRules, cart_view
from gateway.store.login import (
    HANDED_OVER,
    VERIFIED,
    check_native,
    current_login,
    guarded,
    require_login,
    start_login,
    verify_code,
)
from gateway.store.orders import order_draft
from gateway.store.products import product_view
from gateway.store.schemas import (
    AddressView,
    BrandView,
    CartView,
    NativeSessionRequest,
    OrderDraftRequest,
    OrderDraftView,
    ProductListView,
    ProductView,
    SelectedAddressView,
    SetQuantityRequest,
    StoreLoginView,
)
from gateway.upstreams.catalogue import Address, CatalogueClient

log = structlog.get_logger("gateway.store")

PAGE_SIZE = 12
ProductId = Annotated[int, PathParameter(ge=1, le=2_147_483_647)]
PRODUCT_NOT_FOUND = "Product not found."


@get("/products", summary="A page of the catalogue, with this shopper's cart quantities")
async def list_products(
    session: NamedDependency[Session],
    catalogue: NamedDependency[CatalogueClient],
    cart_rules: NamedDependency[CartRules],
    page: Annotated[int, QueryParameter(ge=1, le=10_000)] = 1,
    page_size: Annotated[int, QueryParameter(name="pageSize", ge=1, le=48)] = PAGE_SIZE,
    search: Annotated[str | None, QueryParameter(max_length=100)] = None,
) -> ProductListView:
    needle = search.strip() if search else None
    # The page and the shopper's cart are independent reads: ask for both at once.
    records, quantities = await asyncio.gather(
        catalogue.products(page, page_size, needle or None), _cart_quantities(session, cart_rules)
    )
    return ProductListView(
        records=[product_view(p, quantities.get(p.id, 0)) for p in records],
        page=page,
        page_size=page_size,
        has_more=len(records) >= page_size,
    )


@get("/products/{product_id:int}", summary="One product, with this shopper's cart quantity")
async def get_product(
    session: NamedDependency[Session],
    catalogue: NamedDependency[CatalogueClient],
    cart_rules: NamedDependency[CartRules],
    product_id: ProductId,
) -> ProductView:
    product, quantities = await asyncio.gather(catalogue.product(product_id), _cart_quantities(session, cart_rules))
    if product is None:
        raise NotFound(PRODUCT_NOT_FOUND, code="product_not_found")
    return product_view(product, quantities.get(product.id, 0))


@get("/brands", summary="Brands (the catalogue wants a logged-in shopper; empty otherwise)")
async def list_brands(
    session: NamedDependency[Session], catalogue: NamedDependency[CatalogueClient]
) -> list[BrandView]:
    login = current_login(session)
    if login is None:
        return []
    brands = await guarded(session, catalogue.brands(login.access_token))
    return [BrandView(id=b.id, name=b.name, logo=b.logo) for b in brands]


@get("/cart", summary="The cart: lines, count (sum of quantities) and subtotal")
async def get_cart(session: NamedDependency[Session], cart_rules: NamedDependency[CartRules]) -> CartView:
    login = require_login(session)
    return cart_view(await guarded(session, cart_rules.items(login)))


@put("/cart/items/{product_id:int}", summary="Set a line's quantity (0 deletes)")
async def set_quantity(
    session: NamedDependency[Session],
    cart_rules: NamedDependency[CartRules],
    product_id: ProductId,
    data: JSONBody[SetQuantityRequest],
) -> CartView:
    login = require_login(session)
    return cart_view(await guarded(session, cart_rules.set_quantity(login, product_id, data.quantity)))


@post("/cart/items/{product_id:int}/increment", status_code=200, summary="Add one (adds the line if new)")
async def increment(
    session: NamedDependency[Session], cart_rules: NamedDependency[CartRules], product_id: ProductId
) -> CartView:
    login = require_login(session)
    return cart_view(await guarded(session, cart_rules.increment(login, product_id)))


@post("/cart/items/{product_id:int}/decrement", status_code=200, summary="Take one away (nothing at 0)")
async def decrement(
    session: NamedDependency[Session], cart_rules: NamedDependency[CartRules], product_id: ProductId
) -> CartView:
    login = require_login(session)
    items = await guarded(session, cart_rules.decrement(login, product_id))
    return cart_view(items or [])


@get("/address", summary="The selected delivery address (the one last used)")
async def selected_address(
    session: NamedDependency[Session], catalogue: NamedDependency[CatalogueClient]
) -> SelectedAddressView:
    login = require_login(session)
    addresses = await guarded(session, catalogue.addresses(int(login.user_id), login.access_token))
    chosen = _last_used(addresses)
    return SelectedAddressView(address=_address_view(chosen) if chosen else None)


@post("/order-draft", status_code=200, summary="Build and log the desktop order draft (never sent upstream)")
async def create_order_draft(
    session: NamedDependency[Session],
    catalogue: NamedDependency[CatalogueClient],
    cart_rules: NamedDependency[CartRules],
    data: JSONBody[OrderDraftRequest],
) -> OrderDraftView:
    login = require_login(session)
    items = await guarded(session, cart_rules.items(login))
    addresses = await guarded(session, catalogue.addresses(int(login.user_id), login.access_token))
    draft = order_draft(login.user_id, cart_view(items), _last_used(addresses), data.payment_type)
    # The specification only logs the draft; no order call exists upstream.
    log.info("store_order_draft", total=draft.total_order, lines=len(draft.order_data), payment=draft.payment_type)
    return draft


@post("/otp/verify", status_code=200, summary="Verify the code; the store login lives in the session")
async def verify(
    session: NamedDependency[Session],
    services: NamedDependency[AppServices],
    catalogue: NamedDependency[CatalogueClient],
    data: JSONBody[VerifyCodeRequest],
) -> StoreLoginView:
    await services.code_sender.attempt("store", session, data.mobile_number)
    login = await verify_code(catalogue, data.mobile_number, data.otp)
    await start_login(session, login)
    return StoreLoginView(message=VERIFIED, verified=True, mobile_number=login.mobile_number, via="otp")


@post("/native-session", status_code=200, summary="Turn the native app's hand-over into a store session")
async def native_session(
    session: NamedDependency[Session], catalogue: NamedDependency[CatalogueClient], data: JSONBody[NativeSessionRequest]
) -> StoreLoginView:
    login = await check_native(catalogue, data.user_id, data.token, data.verified)
    await start_login(session, login)
    return StoreLoginView(message=HANDED_OVER, verified=True, mobile_number=login.mobile_number, via="native")


async def _cart_quantities(session: Session, cart_rules: CartRules) -> dict[int, int]:
    """Cart quantities by product id; the list still loads when the cart cannot be read."""
    login = current_login(session)
    if login is None:
        return {}
    try:
        items = await cart_rules.items(login)
    except UpstreamError as exc:
        log.warning("store_cart_unreadable", status=exc.status, code=exc.code)
        return {}
    return {i.product_id: i.quantity for i in items}


def _last_used(addresses: list[Address]) -> Address | None:
    return next((a for a in addresses if str(a.is_last_address) == "1"), None)


def _address_view(a: Address) -> AddressView:
    return AddressView(
        id=a.id,
        user_id=a.user_id,
        name=a.name,
        mobile_number=a.mobile_number,
        address1=a.address1,
        address2=a.address2,
        pincode=a.pincode,
        city=a.city,
        state=a.state,
        country=a.country,
        is_last_address=str(a.is_last_address) == "1",
    )


def build_router(services: NamedDependency[AppServices]) -> Router:
    catalogue = CatalogueClient(services.upstreams["catalogue"])
    cart_rules = CartRules(catalogue)
    return Router(
        path="/api/store",
        route_handlers=[
            list_products,
            get_product,
            list_brands,
            get_cart,
            set_quantity,
            increment,
            decrement,
            selected_address,
            create_order_draft,
            send_code_route("store", "Send a login code to a mobile number"),
            verify,
            native_session,
        ],
        dependencies={
            "catalogue": Provide(lambda: catalogue, use_cache=True, sync_to_thread=False),
            "cart_rules": Provide(lambda: cart_rules, use_cache=True, sync_to_thread=False),
        },
        tags=["store"],
    )
