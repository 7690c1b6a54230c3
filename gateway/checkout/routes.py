"""Routes of the checkout group under /api/checkout (mirrors frontend/src/features/checkout)."""

from __future__ import annotations

from typing import Annotated, Any

from litestar import Request, Response, Router, get, post
from litestar.di import NamedDependency, Provide
from litestar.params import JSONBody, PathParameter, QueryParameter

from gateway.checkout.cash_limit import CashLimit
from gateway.checkout.history import OrderHistory
from gateway.checkout.placing import PlacementClaims
from gateway.checkout.schemas import (
    BuyAgainResult,
    CheckoutAddresses,
    CheckoutQuote,
    CheckoutQuoteRequest,
    GstinCheck,
    OrderList,
    PincodeCheck,
    PlacedOrder,
    PlaceOrderRequest,
)
from gateway.checkout.service import CheckoutService, PlacedOrders
from gateway.language.resolution import language_of
from gateway.services import AppServices
from gateway.sessions import Session, StoreLogin
from gateway.sessions.logins import store_login
from gateway.store.service import StoreService
from gateway.upstreams.lending_credit import CreditClient
from gateway.upstreams.orders import OrdersClient
from gateway.validation import IdempotencyKey, OptionalIdempotencyKey, fresh_key, whole

PincodePath = Annotated[str, PathParameter(pattern=whole("[1-9][0-9]{5}"))]
OrderNumberPath = Annotated[str, PathParameter(pattern=whole("VK[0-9]{8}"))]


def pdf_download(pdf: bytes, filename: str) -> Response[bytes]:
    """A tax document as a file the browser saves under `filename`."""
    return Response(
        pdf, media_type="application/pdf", headers={"content-disposition": f'attachment; filename="{filename}"'}
    )


def build_router(services: AppServices, store: StoreService) -> Router:
    """The group's routes, on the app's one StoreService (the store's cart, its catalogue client)."""
    catalogue = store.catalogue
    orders = OrdersClient(services.upstreams["orders"])
    history = OrderHistory(orders, store)
    checkout = CheckoutService(
        orders=orders,
        credit=CreditClient(services.upstreams["lending"], services.settings.lending_partner_key),
        catalogue=catalogue,
        store=store,
        placed=PlacedOrders(services.store),
        claims=PlacementClaims(services.store, services.settings.placement_claim_seconds),
        product_name=services.settings.product_name,
        cash=CashLimit(orders, services.settings.cod_daily_limit, services.settings.product_name),
    )

    @get("/addresses", summary="The shopper's saved addresses, the one used last first")
    async def list_addresses(
        session: NamedDependency[Session], login: NamedDependency[StoreLogin]
    ) -> CheckoutAddresses:
        return await checkout.addresses(session, login)

    @get("/pincodes/{pincode:str}", summary="City, state and the delivery promise of a pin code")
    async def check_pincode(pincode: PincodePath) -> PincodeCheck:
        return await checkout.pincode(pincode)

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

    @get("/orders/{order_number:str}", summary="One of the shopper's orders; a pending online payment is re-checked")
    async def get_order(
        session: NamedDependency[Session],
        login: NamedDependency[StoreLogin],
        order_number: OrderNumberPath,
    ) -> PlacedOrder:
        return await checkout.order(session, login, order_number)

    @post(
        "/orders/{order_number:str}/payment",
        status_code=200,
        summary="A checkout session to pay a pending order",
        description="Send an Idempotency-Key per Pay click, and the same on its retries: it answers the first result.",
    )
    async def pay_again(
        session: NamedDependency[Session],
        login: NamedDependency[StoreLogin],
        order_number: OrderNumberPath,
        idempotency_key: OptionalIdempotencyKey = None,
    ) -> PlacedOrder:
        return await checkout.pay_again(session, login, order_number, idempotency_key or fresh_key())

    @get("/orders", summary="The shopper's orders, newest first, ten a page")
    async def list_orders(
        session: NamedDependency[Session],
        login: NamedDependency[StoreLogin],
        page: Annotated[int, QueryParameter(ge=1, le=10_000)] = 1,
    ) -> OrderList:
        return await history.list(session, login, page)

    @post(
        "/orders/{order_number:str}/cancel",
        status_code=200,
        summary="Cancel an order while placed, packed or shipped",
        description="Send an Idempotency-Key, and the same on a retry: a repeat answers the cancelled order.",
    )
    async def cancel_order(
        session: NamedDependency[Session],
        login: NamedDependency[StoreLogin],
        order_number: OrderNumberPath,
        idempotency_key: OptionalIdempotencyKey = None,
    ) -> PlacedOrder:
        return await history.cancel(session, login, order_number, idempotency_key or fresh_key())

    @get(
        "/orders/{order_number:str}/invoice",
        summary="The order's GST tax invoice (PDF), once it has shipped",
        media_type="application/pdf",
        response_description="The invoice as a PDF file",
    )
    async def order_invoice(
        request: Request[Any, Any, Any],
        session: NamedDependency[Session],
        login: NamedDependency[StoreLogin],
        order_number: OrderNumberPath,
    ) -> Response[bytes]:
        pdf = await history.invoice(session, login, order_number, language_of(request, session))
        return pdf_download(pdf, f"invoice-{order_number}.pdf")

    @get(
        "/orders/{order_number:str}/credit-note",
        summary="The GST credit note (PDF) of an order cancelled or returned after its invoice",
        media_type="application/pdf",
        response_description="The credit note as a PDF file",
    )
    async def order_credit_note(
        request: Request[Any, Any, Any],
        session: NamedDependency[Session],
        login: NamedDependency[StoreLogin],
        order_number: OrderNumberPath,
    ) -> Response[bytes]:
        pdf = await history.credit_note(session, login, order_number, language_of(request, session))
        return pdf_download(pdf, f"credit-note-{order_number}.pdf")

    @post("/orders/{order_number:str}/buy-again", status_code=200, summary="Put an order's lines back in the cart")
    async def buy_again(
        session: NamedDependency[Session],
        login: NamedDependency[StoreLogin],
        order_number: OrderNumberPath,
    ) -> BuyAgainResult:
        return await history.buy_again(session, login, order_number)

    return Router(
        path="/api/checkout",
        route_handlers=[
            list_addresses,
            check_pincode,
            check_gstin,
            quote,
            place_order,
            list_orders,
            get_order,
            pay_again,
            cancel_order,
            order_invoice,
            order_credit_note,
            buy_again,
        ],
        dependencies={
            # Every handler that declares `login` is for a logged-in shopper only (401 otherwise).
            "login": Provide(store_login, sync_to_thread=False),
        },
        tags=["checkout"],
    )
