"""Routes of the portal group under /api/portal (mirrors frontend/src/features/portal)."""

from __future__ import annotations

from typing import Any

from litestar import Request, Response, Router, get, post
from litestar.di import NamedDependency, Provide
from litestar.params import FromPath, JSONBody

from gateway.desk.borrower_refunds import paid_otherwise
from gateway.language.resolution import cookie_language, language_of
from gateway.otp.login import one_login
from gateway.otp.routes import send_code_route
from gateway.otp.sender import VerifyCodeRequest
from gateway.plumbing.downloads import NO_STORE, PDF, pdf_download
from gateway.plumbing.errors import NotFound
from gateway.plumbing.validation import OptionalIdempotencyKey, fresh_key
from gateway.portal.follow_up import FollowUps
from gateway.portal.idempotency import IdempotencyKeys
from gateway.portal.pending import PendingPayments
from gateway.portal.schemas import (
    ConfirmPaymentRequest,
    CreatePaymentRequest,
    PaymentCreated,
    PaymentOutcome,
    PaymentRecord,
    RecheckResult,
    RepaymentView,
    VerifyResponse,
)
from gateway.portal.service import PortalService
from gateway.services import AppServices
from gateway.sessions import PortalLogin, Session, StoreLogin
from gateway.sessions.logins import portal_login, store_login
from gateway.upi.schemas import UpiPayment, UpiRequest, UpiStatus
from gateway.upi.service import UpiService
from gateway.upstreams.lenders.choice import order_owner


def build_router(services: AppServices) -> Router:
    pending = PendingPayments(services.store)
    portal = PortalService(
        services.clients.lender,
        one_login(
            services.code_sender,
            services.clients.catalogue,
            services.clients.lender,
        ),
        IdempotencyKeys(services.store),
        pending,
        FollowUps(services.store),
        lambda order_ids: paid_otherwise(services.database, order_ids),
    )

    # A repayment's provider order is its lender's, on the lender's own account (an account sees
    # only its own orders): its UPI payment is started and followed there.
    accounts = services.clients.payments
    upi = UpiService(
        lambda order_id: accounts.for_lender(order_owner(services.clients.lender, services.settings, order_id)),
        services.clock,
        services.store,
    )

    async def started(login: PortalLogin, order_id: str) -> tuple[str, str]:
        """A payment this borrower started and has not settled: its order and provider session."""
        found = await pending.one(login.user_id, order_id)
        if found is None or found.payment_session_id is None:
            raise NotFound("This payment was not found. Please start the payment again.", code="payment_not_found")
        return found.order_id, found.payment_session_id

    @post("/otp/verify", status_code=200, summary="Check the code; log the borrower in when something is owed")
    async def verify_code(
        request: Request[Any, Any, Any], session: NamedDependency[Session], data: JSONBody[VerifyCodeRequest]
    ) -> VerifyResponse:
        return await portal.verify(session, data.mobile_number, data.otp, cookie_language(request))

    @post(
        "/login",
        status_code=200,
        summary="Open the portal with the session's verified login: logged in when something is owed",
        description="For a session logged in at the store before anything was owed: the lender is asked "
        "again for the verified number, with no second code. 401 without a login verified by code.",
    )
    async def reopen_login(session: NamedDependency[Session], verified: NamedDependency[StoreLogin]) -> VerifyResponse:
        return await portal.reopen(session, verified)

    @get("/repayment", summary="The logged-in borrower and what they owe now")
    async def get_repayment(session: NamedDependency[Session], login: NamedDependency[PortalLogin]) -> RepaymentView:
        return await portal.repayment(session, login)

    @post(
        "/payments",
        status_code=201,
        summary="Create a payment for the whole overdue amount or part of it",
        description="Send a fresh Idempotency-Key per Pay click: the same key again answers the same payment.",
    )
    async def create_payment(
        request: Request[Any, Any, Any],
        session: NamedDependency[Session],
        login: NamedDependency[PortalLogin],
        data: JSONBody[CreatePaymentRequest],
        idempotency_key: OptionalIdempotencyKey = None,
    ) -> PaymentCreated:
        return await portal.create_payment(session, login, data, idempotency_key, language_of(request, session))

    @post(
        "/payments/{order_id:str}/confirm",
        status_code=200,
        summary="After the checkout closes: settle the payment with the lender and say how it went",
    )
    async def confirm_payment(
        session: NamedDependency[Session],
        login: NamedDependency[PortalLogin],
        order_id: FromPath[str],
        data: JSONBody[ConfirmPaymentRequest],
    ) -> PaymentOutcome:
        return await portal.confirm(session, login, order_id, data.payment_log_id)

    @post(
        "/payments/{order_id:str}/upi",
        status_code=200,
        summary="Pay a payment just created by UPI: intent links for the phone's UPI apps, or a QR",
        description="Send an Idempotency-Key per click, and the same on its retries. 409 payment_pending while "
        "a UPI payment waits for the payer: never a second charge.",
    )
    async def pay_by_upi(
        login: NamedDependency[PortalLogin],
        order_id: FromPath[str],
        data: JSONBody[UpiRequest],
        idempotency_key: OptionalIdempotencyKey = None,
    ) -> UpiPayment:
        provider_order, session_id = await started(login, order_id)
        return await upi.start(provider_order, session_id, data.channel, idempotency_key or fresh_key())

    @get("/payments/{order_id:str}/upi", summary="How the payment's last UPI attempt stands (the page follows it)")
    async def upi_status(login: NamedDependency[PortalLogin], order_id: FromPath[str]) -> UpiStatus:
        provider_order, _ = await started(login, order_id)
        return await upi.status(provider_order)

    @post(
        "/payments/recheck",
        status_code=200,
        summary="Re-check payments started but never confirmed (a closed tab): settled, failed or still pending",
    )
    async def recheck_payments(session: NamedDependency[Session], login: NamedDependency[PortalLogin]) -> RecheckResult:
        return await portal.recheck(session, login)

    @get("/payments", summary="The borrower's payments, newest first, with their status and receipts")
    async def payment_history(
        session: NamedDependency[Session], login: NamedDependency[PortalLogin]
    ) -> list[PaymentRecord]:
        return await portal.history(session, login)

    @get(
        "/payments/{payment_log_id:int}/receipt",
        summary="The PDF receipt of a paid payment",
        media_type=PDF,
        response_headers=NO_STORE,
    )
    async def payment_receipt(
        request: Request[Any, Any, Any],
        session: NamedDependency[Session],
        login: NamedDependency[PortalLogin],
        payment_log_id: FromPath[int],
    ) -> Response[bytes]:
        pdf = await portal.receipt(session, login, payment_log_id, language_of(request, session))
        return pdf_download(pdf, f"receipt-{payment_log_id}.pdf")

    return Router(
        path="/api/portal",
        route_handlers=[
            send_code_route(
                "portal",
                "Send a one-time code to a borrower's mobile number",
                services.code_sender,
                services.client_addresses,
            ),
            verify_code,
            get_repayment,
            reopen_login,
            create_payment,
            confirm_payment,
            pay_by_upi,
            upi_status,
            recheck_payments,
            payment_history,
            payment_receipt,
        ],
        dependencies={
            # Every handler that declares `login` is for a logged-in borrower only (401 otherwise).
            "login": Provide(portal_login, sync_to_thread=False),
            # The one login as the store holds it (401 without one): /login opens the portal with it.
            "verified": Provide(store_login, sync_to_thread=False),
        },
        tags=["portal"],
    )
