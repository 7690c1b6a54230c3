"""Routes of the store group under /api/store (mirrors frontend/src/features/store)."""

from __future__ import annotations

from typing import Annotated, Any

from litestar import Request, Router, get, post, put
from litestar.di import NamedDependency, Provide
from litestar.params import JSONBody, PathParameter, QueryParameter

from gateway.language.codes import DEFAULT, Language
from gateway.language.resolution import cookie_language, header_language
from gateway.otp.login import one_login
from gateway.otp.routes import send_code_route
from gateway.otp.sender import VerifyCodeRequest
from gateway.plumbing.validation import strictly
from gateway.security.headers import OFFLINE_READABLE
from gateway.services import AppServices
from gateway.sessions import Session, StoreLogin
from gateway.sessions.logins import optional_store_login, store_login
from gateway.store.cart_charges import CartCharges
from gateway.store.schemas import (
    BrandView,
    CartChargesView,
    CartView,
    CategoryListItem,
    NativeSessionRequest,
    ProductListView,
    ProductSort,
    ProductView,
    SetQuantityRequest,
    StoreLoginView,
)
from gateway.store.service import StoreService

PAGE_SIZE = 12
CATEGORY_SLUG = r"^[a-z0-9-]+$"  # as GET /categories gives them
ProductId = Annotated[int, PathParameter(ge=1, le=2_147_483_647)]


def browsing_language(request: Request[Any, Any, Any]) -> Language:
    """The language of the catalogue's words (products, categories, the cart's lines): the app's
    `lang` cookie, which its language switch sets at once (the session's copy follows in a call of
    its own, which a cart read just after the switch could overtake), else the browser's."""
    return cookie_language(request) or header_language(request.headers.get("accept-language")) or DEFAULT


def build_service(services: AppServices) -> StoreService:
    catalogue = services.clients.catalogue
    return StoreService(catalogue, one_login(services.code_sender, catalogue, services.clients.lender))


def build_router(services: AppServices, service: StoreService | None = None) -> Router:
    """The group's routes; `service` when the app shares it (the first page of /products's HTML)."""
    store = service or build_service(services)
    priced = CartCharges(services.clients.orders, store)

    @get(
        "/products",
        summary="A page of the catalogue, with this shopper's cart quantities",
        response_headers=OFFLINE_READABLE,
    )
    async def list_products(
        request: Request[Any, Any, Any],
        shopper: NamedDependency[StoreLogin | None],
        page: Annotated[int, QueryParameter(ge=1, le=10_000)] = 1,
        page_size: Annotated[int, QueryParameter(name="pageSize", ge=1, le=48)] = PAGE_SIZE,
        search: Annotated[str | None, QueryParameter(max_length=100)] = None,
        category: Annotated[str | None, QueryParameter(pattern=CATEGORY_SLUG, max_length=60)] = None,
        # Named as sent (not aliased) so a refusal's `field` is the query's own name.
        brandId: Annotated[int | None, QueryParameter(ge=1, le=2_147_483_647)] = None,
        sort: Annotated[
            ProductSort | None, QueryParameter(description="by listing price; absent: catalogue order")
        ] = None,
    ) -> ProductListView:
        language = browsing_language(request)
        return await store.products(
            shopper, page, page_size, search, category=category, brand_id=brandId, sort=sort, language=language
        )

    @get(
        "/products/{product_id:int}",
        summary="One product, with this shopper's cart quantity",
        response_headers=OFFLINE_READABLE,
    )
    async def get_product(
        request: Request[Any, Any, Any], shopper: NamedDependency[StoreLogin | None], product_id: ProductId
    ) -> ProductView:
        return await store.product(shopper, product_id, browsing_language(request))

    @get(
        "/categories",
        summary="The product categories, in the store's order, with product counts",
        response_headers=OFFLINE_READABLE,
    )
    async def list_categories(request: Request[Any, Any, Any]) -> list[CategoryListItem]:
        return await store.categories(browsing_language(request))

    @get(
        "/brands",
        summary="Brands (the catalogue wants a logged-in shopper; empty otherwise)",
        response_headers=OFFLINE_READABLE,
    )
    async def list_brands(
        session: NamedDependency[Session], shopper: NamedDependency[StoreLogin | None]
    ) -> list[BrandView]:
        return await store.brands(session, shopper)

    @get("/cart", summary="The cart: lines, count (sum of quantities) and subtotal", response_headers=OFFLINE_READABLE)
    async def get_cart(
        request: Request[Any, Any, Any], session: NamedDependency[Session], login: NamedDependency[StoreLogin]
    ) -> CartView:
        return await store.cart(session, login, browsing_language(request))

    @get(
        "/cart/charges",
        summary="The cart's fees, GST and total before an address, from the orders service's pricing",
        description="What the quote and the invoice charge for these lines; shortOfNoFees is what to add for no fees.",
    )
    async def get_cart_charges(
        session: NamedDependency[Session], login: NamedDependency[StoreLogin]
    ) -> CartChargesView:
        return await priced.charges(session, login)

    @put(
        "/cart/items/{product_id:int}",
        summary="Set a line's quantity (0 deletes); 409 out_of_stock above the units that can be bought",
    )
    async def set_quantity(
        request: Request[Any, Any, Any],
        session: NamedDependency[Session],
        login: NamedDependency[StoreLogin],
        product_id: ProductId,
        data: JSONBody[SetQuantityRequest],
    ) -> CartView:
        # A JSON integer only: "2", "1e2" and 2.0 are refused, not read as numbers.
        data = await strictly(request, SetQuantityRequest)
        return await store.set_quantity(session, login, product_id, data.quantity, browsing_language(request))

    @post(
        "/cart/items/{product_id:int}/increment",
        status_code=200,
        summary="Add one (adds the line if new); 409 quantity_limit at 999, out_of_stock above the stock",
    )
    async def increment(
        request: Request[Any, Any, Any],
        session: NamedDependency[Session],
        login: NamedDependency[StoreLogin],
        product_id: ProductId,
    ) -> CartView:
        return await store.increment(session, login, product_id, browsing_language(request))

    @post("/cart/items/{product_id:int}/decrement", status_code=200, summary="Take one away (nothing at 0)")
    async def decrement(
        request: Request[Any, Any, Any],
        session: NamedDependency[Session],
        login: NamedDependency[StoreLogin],
        product_id: ProductId,
    ) -> CartView:
        return await store.decrement(session, login, product_id, browsing_language(request))

    @post("/otp/verify", status_code=200, summary="Verify the code; the store login lives in the session")
    async def verify(
        request: Request[Any, Any, Any], session: NamedDependency[Session], data: JSONBody[VerifyCodeRequest]
    ) -> StoreLoginView:
        return await store.verify(session, data.mobile_number, data.otp, cookie_language(request))

    @post("/native-session", status_code=200, summary="Turn the native app's hand-over into a store session")
    async def native_session(
        request: Request[Any, Any, Any], session: NamedDependency[Session], data: JSONBody[NativeSessionRequest]
    ) -> StoreLoginView:
        return await store.hand_over(session, data, cookie_language(request))

    return Router(
        path="/api/store",
        route_handlers=[
            list_products,
            get_product,
            list_categories,
            list_brands,
            get_cart,
            get_cart_charges,
            set_quantity,
            increment,
            decrement,
            send_code_route(
                "store", "Send a login code to a mobile number", services.code_sender, services.client_addresses
            ),
            verify,
            native_session,
        ],
        dependencies={
            # Every handler that declares `login` is for a logged-in shopper only (401 otherwise).
            "login": Provide(store_login, sync_to_thread=False),
            "shopper": Provide(optional_store_login, sync_to_thread=False),  # or None: open to everyone
        },
        tags=["store"],
    )
