"""Routes of the checkout group under /api/checkout (mirrors frontend/src/features/checkout): from
the cart to a placed order. What follows placement is the orders group's (/api/orders), the address
book the addresses group's (/api/addresses)."""

from __future__ import annotations

from typing import Annotated, Any

from litestar import Request, Response, Router, delete, get, post, put
from litestar.di import NamedDependency, Provide
from litestar.params import JSONBody, PathParameter, QueryParameter

from gateway.addresses.address_book import AddressBook
from gateway.addresses.schemas import PincodeCheck
from gateway.checkout.cash_limit import CashLimit
from gateway.checkout.delivery_area import area_cookie, chosen_pincode
from gateway.checkout.placing import PlacementClaims
from gateway.checkout.schemas import (
    CheckoutQuote,
    CheckoutQuoteRequest,
    DeliveryArea,
    DeliveryAreaRequest,
    GstinCheck,
    PlaceOrderRequest,
)
from gateway.checkout.service import CheckoutService, PlacedOrders
from gateway.language.resolution import language_of
from gateway.orders.schemas import PlacedOrder
from gateway.orders.service import OrdersService
from gateway.plumbing.errors import NotFound
from gateway.plumbing.validation import IdempotencyKey, whole
from gateway.security.headers import OFFLINE_READABLE
from gateway.services import AppServices
from gateway.sessions import Session, StoreLogin
from gateway.sessions.logins import store_login
from gateway.store.service import StoreService

PincodePath = Annotated[str, PathParameter(pattern=whole("[1-9][0-9]{5}"))]


def build_service(services: AppServices, store: StoreService) -> CheckoutService:
    """The app's one CheckoutService, on its one StoreService (the store's cart, its catalogue
    client). The app builds it before the routes: the orders group's cash-on-delivery route is
    handed its `pay_on_delivery`."""
    orders = services.clients.orders
    settings = services.settings
    return CheckoutService(
        orders=orders,
        credit=services.clients.lender,
        catalogue=store.catalogue,
        store=store,
        placed=PlacedOrders(services.store),
        claims=PlacementClaims(services.store, settings.placement_claim_seconds, settings.request_deadline),
        product_name=settings.product_name,
        cash=CashLimit(orders, settings.cod_daily_limit, settings.product_name, services.clock),
        shown=OrdersService(orders, services.clock),
        book=AddressBook(store.catalogue),
    )


def build_router(services: AppServices, checkout: CheckoutService) -> Router:
    """The group's routes, on the app's one CheckoutService."""

    # Kept for offline reading: the store asks its chosen pin code's promise here, by pin code, so
    # the phone's copy is that pin code's (shown offline marked with when it was read).
    @get(
        "/pincodes/{pincode:str}",
        summary="City, state and the delivery promise of a pin code",
        response_headers=OFFLINE_READABLE,
    )
    async def check_pincode(pincode: PincodePath) -> PincodeCheck:
        return await checkout.pincode(pincode)

    secure_cookies = services.settings.secure_cookies

    @get(
        "/delivery-area",
        summary="The pin code chosen at the top of the store, with the orders service's promise for it now",
        description="`area` is null until a pin code is chosen (the `pincode` cookie, set by PUT).",
    )
    async def delivery_area(request: Request[Any, Any, Any]) -> DeliveryArea:
        pincode = chosen_pincode(request)
        if pincode is None:
            return DeliveryArea(area=None)
        try:
            return DeliveryArea(area=await checkout.pincode(pincode))
        except NotFound:  # no longer known: as if none were chosen
            return DeliveryArea(area=None)

    @put(
        "/delivery-area",
        status_code=200,
        summary="Choose the pin code the store promises delivery to (kept in the `pincode` cookie)",
    )
    async def choose_delivery_area(data: JSONBody[DeliveryAreaRequest]) -> Response[DeliveryArea]:
        area = await checkout.pincode(data.pincode)  # 404 pincode_unknown: nothing is kept
        return Response(DeliveryArea(area=area), cookies=[area_cookie(data.pincode, secure=secure_cookies)])

    @delete("/delivery-area", status_code=200, summary="Forget the chosen pin code")
    async def forget_delivery_area() -> Response[DeliveryArea]:
        return Response(DeliveryArea(area=None), cookies=[area_cookie(None, secure=secure_cookies)])

    @get(
        "/gstin",
        summary="The gateway's GSTIN rule on what the user typed: canonical form, format, check digit, state",
        description="With `pincode`, a GSTIN registered in another state than the pin code's is not valid.",
    )
    async def check_gstin(
        number: Annotated[str, QueryParameter(min_length=1, max_length=30)],
        pincode: Annotated[str | None, QueryParameter(pattern=whole("[1-9][0-9]{5}"))] = None,
    ) -> GstinCheck:
        return await checkout.gstin(number, pincode)

    @post(
        "/quote", status_code=200, summary="The cart priced for an address: lines, fees, GST, total, delivery, credit"
    )
    async def quote(
        session: NamedDependency[Session],
        login: NamedDependency[StoreLogin],
        data: JSONBody[CheckoutQuoteRequest],
    ) -> CheckoutQuote:
        return await checkout.quote(session, login, data)

    # Where the provider's own checkout (redirect mode) sends the browser back: our address from
    # PUBLIC_URL, never the request's Host header (which anyone can send), so no link we hand a
    # provider and no request we fingerprint for an Idempotency-Key depends on it.
    return_url = f"{services.settings.public_url.rstrip('/')}/orders/{{order_number}}"

    @post("/orders", status_code=200, summary="Place the cart as an order, once per Idempotency-Key")
    async def place_order(
        request: Request[Any, Any, Any],
        session: NamedDependency[Session],
        login: NamedDependency[StoreLogin],
        data: JSONBody[PlaceOrderRequest],
        idempotency_key: IdempotencyKey,
    ) -> PlacedOrder:
        language = language_of(request, session)
        return await checkout.place(session, login, data, idempotency_key, return_url, language)

    return Router(
        path="/api/checkout",
        route_handlers=[
            check_pincode,
            delivery_area,
            choose_delivery_area,
            forget_delivery_area,
            check_gstin,
            quote,
            place_order,
        ],
        dependencies={
            # Every handler that declares `login` is for a logged-in shopper only (401 otherwise).
            "login": Provide(store_login, sync_to_thread=False),
        },
        tags=["checkout"],
    )
