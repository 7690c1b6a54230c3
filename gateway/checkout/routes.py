"""Routes of the checkout group under /api/checkout (mirrors frontend/src/features/checkout)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated, Any

import msgspec
import structlog
from litestar import Request, Response, Router, delete, get, post, put
from litestar.di import NamedDependency, Provide
from litestar.handlers import HTTPRouteHandler
from litestar.params import JSONBody, PathParameter, QueryParameter

from gateway.checkout.address_book import AddressBook
from gateway.checkout.cash_limit import CashLimit
from gateway.checkout.delivery_area import area_cookie, chosen_pincode
from gateway.checkout.history import OrderHistory
from gateway.checkout.placing import PlacementClaims
from gateway.checkout.refund_state import with_refund_state
from gateway.checkout.schemas import (
    AddressBookEntry,
    AddressCheck,
    AddressDraft,
    BuyAgainResult,
    CancelRequest,
    CheckoutAddresses,
    CheckoutQuote,
    CheckoutQuoteRequest,
    DeliveryArea,
    DeliveryAreaRequest,
    GstinCheck,
    OrderList,
    PayeeRequestBody,
    PincodeCheck,
    PlacedOrder,
    PlaceOrderRequest,
    ReturnRequestBody,
    SavedAddress,
)
from gateway.checkout.service import CheckoutService, PlacedOrders
from gateway.desk.shopper_refunds import support_refunds
from gateway.language.codes import Language
from gateway.language.resolution import language_of
from gateway.operations_db import OperationsDatabaseUnavailable
from gateway.plumbing.downloads import PDF, pdf_download
from gateway.plumbing.errors import Conflict, NotFound
from gateway.plumbing.validation import IdempotencyKey, OptionalIdempotencyKey, fresh_key, whole
from gateway.security.headers import OFFLINE_READABLE
from gateway.services import AppServices
from gateway.sessions import Session, StoreLogin
from gateway.sessions.logins import store_login
from gateway.store.service import StoreService
from gateway.upi.schemas import UpiPayment, UpiRequest, UpiStatus
from gateway.upi.service import UpiService

PincodePath = Annotated[str, PathParameter(pattern=whole("[1-9][0-9]{5}"))]
AddressIdPath = Annotated[int, PathParameter(ge=1, le=2_147_483_647)]
OrderNumberPath = Annotated[str, PathParameter(pattern=whole("VK[0-9]{8}"))]
ReturnNumberPath = Annotated[str, PathParameter(pattern=whole("VK[0-9]{8}-R[0-9]{1,3}"))]
# A return's body carries up to four photos, each shrunk by the app to 1.5 MB at most.
RETURN_BODY_BYTES = 8 * 1024 * 1024
# How OrderHistory reads one of an order's PDFs: session, login, order number, language.
OrderDocument = Callable[[Session, StoreLogin, str, Language], Awaitable[bytes]]

log = structlog.get_logger("gateway.checkout")


def build_router(services: AppServices, store: StoreService) -> Router:
    """The group's routes, on the app's one StoreService (the store's cart, its catalogue client)."""
    catalogue = store.catalogue
    orders = services.clients.orders
    # The store's account at the provider, asked about a support refund still on hold when the
    # shopper opens the order.
    payments = services.clients.payments.store
    history = OrderHistory(orders, store, services.clock, payments)
    upi = UpiService(lambda _order: payments, services.clock, services.store)
    book = AddressBook(catalogue, orders)
    checkout = CheckoutService(
        orders=orders,
        credit=services.clients.lender,
        catalogue=catalogue,
        store=store,
        placed=PlacedOrders(services.store),
        claims=PlacementClaims(
            services.store, services.settings.placement_claim_seconds, services.settings.request_deadline
        ),
        product_name=services.settings.product_name,
        cash=CashLimit(orders, services.settings.cod_daily_limit, services.settings.product_name, services.clock),
        clock=services.clock,
        book=book,
    )

    @get("/addresses", summary="The shopper's address book: the default first, then the one used last")
    async def list_addresses(
        session: NamedDependency[Session], login: NamedDependency[StoreLogin]
    ) -> CheckoutAddresses:
        return await book.list(session, login)

    @post(
        "/addresses",
        status_code=200,
        summary="Add an address to the book; the first one, or one sent with default, is the default",
    )
    async def add_address(
        session: NamedDependency[Session], login: NamedDependency[StoreLogin], data: JSONBody[AddressBookEntry]
    ) -> SavedAddress:
        return await book.add(session, login, data)

    @put("/addresses/{address_id:int}", summary="Change one of the book's addresses (every field)")
    async def change_address(
        session: NamedDependency[Session],
        login: NamedDependency[StoreLogin],
        address_id: AddressIdPath,
        data: JSONBody[AddressBookEntry],
    ) -> SavedAddress:
        return await book.change(session, login, address_id, data)

    @put("/addresses/{address_id:int}/default", summary="Make one of the book's addresses the default")
    async def default_address(
        session: NamedDependency[Session], login: NamedDependency[StoreLogin], address_id: AddressIdPath
    ) -> SavedAddress:
        return await book.make_default(session, login, address_id)

    @delete("/addresses/{address_id:int}", summary="Take an address out of the book (past orders keep theirs)")
    async def remove_address(
        session: NamedDependency[Session], login: NamedDependency[StoreLogin], address_id: AddressIdPath
    ) -> None:
        await book.remove(session, login, address_id)

    @post(
        "/addresses/check",
        status_code=200,
        summary="The gateway's address rules on the form as typed: each field's problem, the pin code's place",
    )
    async def check_address(data: JSONBody[AddressDraft]) -> AddressCheck:
        # Open like the pin code lookup: it reads nothing of the shopper's, and a login that ended
        # is met once, by the quote, not by every pause in typing.
        return await book.check(data)

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

    @get(
        "/orders/{order_number:str}",
        summary="One of the shopper's orders; a pending online payment is re-checked",
        response_headers=OFFLINE_READABLE,
    )
    async def get_order(
        session: NamedDependency[Session],
        login: NamedDependency[StoreLogin],
        order_number: OrderNumberPath,
    ) -> PlacedOrder:
        order = await checkout.order(session, login, order_number)  # the shopper's own, or 404
        order = await with_refund_state(order, payments)
        try:
            given = await support_refunds(services.database, payments, services.clock, order.order_number)
        except OperationsDatabaseUnavailable:  # the order still shows; its support refunds when back
            log.warning("support_refunds_unavailable", order=order.order_number)
            return order
        return msgspec.structs.replace(order, support_refunds=given) if given else order

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

    @post(
        "/orders/{order_number:str}/upi",
        status_code=200,
        summary="Pay a pending online order by UPI: intent links for the phone's UPI apps, or a QR",
        description="Send an Idempotency-Key per click, and the same on its retries. 409 payment_pending while "
        "a payment waits for the payer or their bank: never a second charge.",
    )
    async def pay_by_upi(
        session: NamedDependency[Session],
        login: NamedDependency[StoreLogin],
        order_number: OrderNumberPath,
        data: JSONBody[UpiRequest],
        idempotency_key: OptionalIdempotencyKey = None,
    ) -> UpiPayment:
        payment = (await checkout.order(session, login, order_number)).payment
        if payment.method != "online" or payment.state != "pending":
            raise Conflict("This order has nothing left to pay online.", code="nothing_to_pay")
        # A payment waiting at the provider (its bank, or the payer's UPI app) is refused by the
        # UPI service itself, after a retry of the same click has been answered again.
        if payment.payment_session_id is None or payment.provider_order_id is None:
            raise Conflict("This order has nothing left to pay online.", code="nothing_to_pay")
        return await upi.start(
            payment.provider_order_id,
            payment.payment_session_id,
            data.channel,
            idempotency_key or fresh_key(),
        )

    @get("/orders/{order_number:str}/upi", summary="How the order's last UPI payment stands (the page follows it)")
    async def upi_status(
        session: NamedDependency[Session], login: NamedDependency[StoreLogin], order_number: OrderNumberPath
    ) -> UpiStatus:
        payment = (await checkout.order(session, login, order_number)).payment  # the shopper's own, or 404
        if payment.method != "online" or payment.provider_order_id is None:
            return UpiStatus(state="none")
        return await upi.status(payment.provider_order_id)

    @post(
        "/orders/{order_number:str}/cash",
        status_code=200,
        summary="Pay an unpaid online order on delivery instead, within the day's cash limit",
        description="Send an Idempotency-Key, and the same on a retry: a repeat answers the changed order.",
    )
    async def pay_on_delivery(
        session: NamedDependency[Session],
        login: NamedDependency[StoreLogin],
        order_number: OrderNumberPath,
        idempotency_key: OptionalIdempotencyKey = None,
    ) -> PlacedOrder:
        return await checkout.pay_on_delivery(session, login, order_number, idempotency_key or fresh_key())

    @get("/orders", summary="The shopper's orders, newest first, ten a page", response_headers=OFFLINE_READABLE)
    async def list_orders(
        session: NamedDependency[Session],
        login: NamedDependency[StoreLogin],
        page: Annotated[int, QueryParameter(ge=1, le=10_000)] = 1,
    ) -> OrderList:
        return await history.list(session, login, page)

    @post(
        "/orders/{order_number:str}/cancel",
        status_code=200,
        summary="Cancel an order while placed, packed or shipped, saying why",
        description=(
            "The body `{reason}` is optional for older apps. Send an Idempotency-Key, and the same "
            "on a retry: a repeat answers the cancelled order."
        ),
    )
    async def cancel_order(
        session: NamedDependency[Session],
        login: NamedDependency[StoreLogin],
        order_number: OrderNumberPath,
        idempotency_key: OptionalIdempotencyKey = None,
        data: JSONBody[CancelRequest | None] = None,
    ) -> PlacedOrder:
        reason = data.reason if data is not None else None
        cancelled = await history.cancel(session, login, order_number, idempotency_key or fresh_key(), reason)
        return await with_refund_state(cancelled, payments)

    def order_pdf(path: str, summary: str, saved_as: str, fetch: OrderDocument, operation_id: str) -> HTTPRouteHandler:
        """An order's tax document (its invoice, its credit note) in the shopper's language, saved as
        `{saved_as}-{order number}.pdf`. Its operation id is named, as Litestar would have made it
        from the path and a handler of its own."""

        @get(
            path,
            summary=summary,
            media_type=PDF,
            response_description=f"The {saved_as.replace('-', ' ')} as a PDF file",
            operation_id=operation_id,
        )
        async def order_document(
            request: Request[Any, Any, Any],
            session: NamedDependency[Session],
            login: NamedDependency[StoreLogin],
            order_number: OrderNumberPath,
        ) -> Response[bytes]:
            pdf = await fetch(session, login, order_number, language_of(request, session))
            return pdf_download(pdf, f"{saved_as}-{order_number}.pdf")

        return order_document

    order_invoice = order_pdf(
        "/orders/{order_number:str}/invoice",
        "The order's GST tax invoice (PDF), once it has shipped",
        "invoice",
        history.invoice,
        "ApiCheckoutOrdersOrderNumberInvoiceOrderInvoice",
    )
    order_credit_note = order_pdf(
        "/orders/{order_number:str}/credit-note",
        "The GST credit note (PDF) of an order cancelled or returned after its invoice",
        "credit-note",
        history.credit_note,
        "ApiCheckoutOrdersOrderNumberCreditNoteOrderCreditNote",
    )

    @post(
        "/orders/{order_number:str}/returns",
        status_code=200,
        summary="Ask to return a delivered order's lines, in part or whole, within each product's window",
        description=(
            "A reason, photos (needed for damaged, defective or wrong items), one of the order's "
            "`returnOptions.pickupSlots` and, for cash on delivery, a UPI ID or bank account for the "
            "refund. Send an Idempotency-Key, and the same on a retry: a repeat answers the order with it."
        ),
        request_max_body_size=RETURN_BODY_BYTES,
    )
    async def ask_return(
        session: NamedDependency[Session],
        login: NamedDependency[StoreLogin],
        order_number: OrderNumberPath,
        data: JSONBody[ReturnRequestBody],
        idempotency_key: IdempotencyKey,
    ) -> PlacedOrder:
        return await history.ask_return(session, login, order_number, data, idempotency_key)

    @post(
        "/orders/{order_number:str}/returns/{return_number:str}/payee",
        status_code=200,
        summary="Give another UPI ID or bank account for a return whose payout failed",
        description=(
            "Offered (the return's `payout.anotherAccount`) when the payout failed because the account "
            "does not exist or the bank sent the money back; never while it is pending or paid, nor when "
            "the bank was offline (that one is tried again). The account is verified with the provider, "
            "then paid by a new transfer; the failed one is never paid. Send an Idempotency-Key, and the "
            "same on a retry: a repeat answers the order again."
        ),
    )
    async def give_payee(
        session: NamedDependency[Session],
        login: NamedDependency[StoreLogin],
        order_number: OrderNumberPath,
        return_number: ReturnNumberPath,
        data: JSONBody[PayeeRequestBody],
        idempotency_key: IdempotencyKey,
    ) -> PlacedOrder:
        return await history.give_payee(session, login, order_number, return_number, data, idempotency_key)

    @get(
        "/orders/{order_number:str}/returns/{return_number:str}/credit-note",
        summary="The GST credit note (PDF) of a return: its lines only, with exactly their tax",
        media_type=PDF,
        response_description="The credit note as a PDF file",
    )
    async def return_credit_note(
        request: Request[Any, Any, Any],
        session: NamedDependency[Session],
        login: NamedDependency[StoreLogin],
        order_number: OrderNumberPath,
        return_number: ReturnNumberPath,
    ) -> Response[bytes]:
        pdf = await history.return_credit_note(
            session, login, order_number, return_number, language_of(request, session)
        )
        return pdf_download(pdf, f"credit-note-{return_number}.pdf")

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
            add_address,
            change_address,
            default_address,
            remove_address,
            check_address,
            check_pincode,
            delivery_area,
            choose_delivery_area,
            forget_delivery_area,
            check_gstin,
            quote,
            place_order,
            list_orders,
            get_order,
            pay_again,
            pay_by_upi,
            upi_status,
            pay_on_delivery,
            cancel_order,
            order_invoice,
            order_credit_note,
            ask_return,
            give_payee,
            return_credit_note,
            buy_again,
        ],
        dependencies={
            # Every handler that declares `login` is for a logged-in shopper only (401 otherwise).
            "login": Provide(store_login, sync_to_thread=False),
        },
        tags=["checkout"],
    )
