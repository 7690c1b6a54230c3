"""Routes of the orders group under /api/orders (mirrors frontend/src/features/orders): everything
after an order is placed: the list, one order, paying a pending one, cancelling, its documents,
returns and buying it again."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated, Any

import msgspec
import structlog
from litestar import Request, Response, Router, get, post
from litestar.di import NamedDependency, Provide
from litestar.handlers import HTTPRouteHandler
from litestar.params import JSONBody, PathParameter, QueryParameter

from gateway.desk.shopper_refunds import support_refunds
from gateway.language.codes import Language
from gateway.language.resolution import language_of
from gateway.operations_db import OperationsDatabaseUnavailable
from gateway.orders.history import OrderHistory
from gateway.orders.refund_state import with_refund_state
from gateway.orders.schemas import (
    BuyAgainResult,
    CancelRequest,
    OrderList,
    PayeeRequestBody,
    PlacedOrder,
    ReturnRequestBody,
)
from gateway.orders.service import OrdersService
from gateway.plumbing.downloads import PDF, pdf_download
from gateway.plumbing.errors import Conflict
from gateway.plumbing.validation import IdempotencyKey, OptionalIdempotencyKey, fresh_key, whole
from gateway.security.headers import OFFLINE_READABLE
from gateway.services import AppServices
from gateway.sessions import Session, StoreLogin
from gateway.sessions.logins import store_login
from gateway.store.service import StoreService
from gateway.upi.schemas import UpiPayment, UpiRequest, UpiStatus
from gateway.upi.service import UpiService

OrderNumberPath = Annotated[str, PathParameter(pattern=whole("VK[0-9]{8}"))]
ReturnNumberPath = Annotated[str, PathParameter(pattern=whole("VK[0-9]{8}-R[0-9]{1,3}"))]
# A return's body carries up to four photos, each shrunk by the app to 1.5 MB at most.
RETURN_BODY_BYTES = 8 * 1024 * 1024
# How OrderHistory reads one of an order's PDFs: session, login, order number, language.
OrderDocument = Callable[[Session, StoreLogin, str, Language], Awaitable[bytes]]
# An unpaid online order changed to cash on delivery (session, login, order number, Idempotency-Key):
# the checkout's rule (the day's cash limit, counted inside the shopper's placement claim), handed
# in by the app (gateway/app.py), so that orders imports nothing of checkout.
ToCash = Callable[[Session, StoreLogin, str, str], Awaitable[PlacedOrder]]

log = structlog.get_logger("gateway.orders")


def build_router(services: AppServices, store: StoreService, to_cash: ToCash) -> Router:
    """The group's routes, on the app's one StoreService (buying again fills its cart)."""
    orders = services.clients.orders
    # The store's account at the provider, asked about a support refund still on hold when the
    # shopper opens the order.
    payments = services.clients.payments.store
    history = OrderHistory(orders, store, services.clock, payments)
    placed = OrdersService(orders, services.clock)
    upi = UpiService(lambda _order: payments, services.clock, services.store)

    @get("/", summary="The shopper's orders, newest first, ten a page", response_headers=OFFLINE_READABLE)
    async def list_orders(
        session: NamedDependency[Session],
        login: NamedDependency[StoreLogin],
        page: Annotated[int, QueryParameter(ge=1, le=10_000)] = 1,
    ) -> OrderList:
        return await history.list(session, login, page)

    @get(
        "/{order_number:str}",
        summary="One of the shopper's orders; a pending online payment is re-checked",
        response_headers=OFFLINE_READABLE,
    )
    async def get_order(
        session: NamedDependency[Session],
        login: NamedDependency[StoreLogin],
        order_number: OrderNumberPath,
    ) -> PlacedOrder:
        order = await placed.order(session, login, order_number)  # the shopper's own, or 404
        order = await with_refund_state(order, payments)
        try:
            given = await support_refunds(services.database, payments, services.clock, order.order_number)
        except OperationsDatabaseUnavailable:  # the order still shows; its support refunds when back
            log.warning("support_refunds_unavailable", order=order.order_number)
            return order
        return msgspec.structs.replace(order, support_refunds=given) if given else order

    @post(
        "/{order_number:str}/payment",
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
        return await placed.pay_again(session, login, order_number, idempotency_key or fresh_key())

    @post(
        "/{order_number:str}/upi",
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
        payment = (await placed.order(session, login, order_number)).payment
        # A payment waiting at the provider (its bank, or the payer's UPI app) is refused by the
        # UPI service itself, after a retry of the same click has been answered again.
        if (
            payment.method != "online"
            or payment.state != "pending"
            or payment.payment_session_id is None
            or payment.provider_order_id is None
        ):
            raise Conflict("This order has nothing left to pay online.", code="nothing_to_pay")
        return await upi.start(
            payment.provider_order_id,
            payment.payment_session_id,
            data.channel,
            idempotency_key or fresh_key(),
        )

    @get("/{order_number:str}/upi", summary="How the order's last UPI payment stands (the page follows it)")
    async def upi_status(
        session: NamedDependency[Session], login: NamedDependency[StoreLogin], order_number: OrderNumberPath
    ) -> UpiStatus:
        payment = (await placed.order(session, login, order_number)).payment  # the shopper's own, or 404
        if payment.method != "online" or payment.provider_order_id is None:
            return UpiStatus(state="none")
        return await upi.status(payment.provider_order_id)

    @post(
        "/{order_number:str}/cash",
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
        return await to_cash(session, login, order_number, idempotency_key or fresh_key())

    @post(
        "/{order_number:str}/cancel",
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
        "/{order_number:str}/invoice",
        "The order's GST tax invoice (PDF), once it has shipped",
        "invoice",
        history.invoice,
        "ApiOrdersOrderNumberInvoiceOrderInvoice",
    )
    order_credit_note = order_pdf(
        "/{order_number:str}/credit-note",
        "The GST credit note (PDF) of an order cancelled or returned after its invoice",
        "credit-note",
        history.credit_note,
        "ApiOrdersOrderNumberCreditNoteOrderCreditNote",
    )

    @post(
        "/{order_number:str}/returns",
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
        "/{order_number:str}/returns/{return_number:str}/payee",
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
        "/{order_number:str}/returns/{return_number:str}/credit-note",
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

    @post("/{order_number:str}/buy-again", status_code=200, summary="Put an order's lines back in the cart")
    async def buy_again(
        session: NamedDependency[Session],
        login: NamedDependency[StoreLogin],
        order_number: OrderNumberPath,
    ) -> BuyAgainResult:
        return await history.buy_again(session, login, order_number)

    return Router(
        path="/api/orders",
        route_handlers=[
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
        tags=["orders"],
    )
