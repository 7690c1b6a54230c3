"""Routes of the credit group under /api/credit (mirrors frontend/src/features/credit), for a
shopper logged in to the store by code (401 otherwise): the lender knows them by that number."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from litestar import Request, Response, Router, get, post
from litestar.di import NamedDependency, Provide
from litestar.handlers import HTTPRouteHandler
from litestar.params import FromPath, JSONBody, PathParameter, QueryParameter

from gateway.credit.autopay import LineAutoPay
from gateway.credit.schemas import (
    AcceptRequest,
    ApplyRequest,
    CreditApplication,
    CreditKeyFacts,
    CreditLine,
    CreditLineQuote,
    CurrentApplication,
    LinePaymentCreated,
    LinePaymentOutcome,
    LinePaymentRequest,
)
from gateway.credit.service import CreditService
from gateway.language.codes import Language
from gateway.language.resolution import language_of
from gateway.loans.autopay import AutoPayService
from gateway.loans.autopay_debits import AutoPayDebits
from gateway.loans.autopay_schemas import AutoPay, AutoPayChange, AutoPayMandate, AutoPayRequest, EnachBanks
from gateway.plumbing.downloads import REFERENCE, document_route, pdf_download
from gateway.plumbing.validation import IdempotencyKey
from gateway.services import AppServices
from gateway.sessions import Session, StoreLogin
from gateway.sessions.logins import store_login
from gateway.upstreams.lenders.port import Purpose

Reference = Annotated[str, PathParameter(pattern=REFERENCE)]
# A credit document in a language, by the reference its path names.
CreditDocument = Callable[[StoreLogin, str, Language], Awaitable[bytes]]


def build_router(services: AppServices, autopay: AutoPayService, debits: AutoPayDebits) -> Router:
    # A line ended (left, foreclosed) takes no more AutoPay debits: its mandate is cancelled.
    credit = CreditService(services.clients.lender, services.store, services.clock, autopay.cancel_for_loan)
    line_autopay = LineAutoPay(autopay, debits, credit)

    @post(
        "/applications",
        status_code=200,
        summary="Apply for credit: the lender decides at once, with its offers or a reason",
        description="Needs consent to a bureau check and a GSTIN or PAN. 409 `credit_account_exists` "
        "when the number already has credit.",
    )
    async def apply(login: NamedDependency[StoreLogin], data: JSONBody[ApplyRequest]) -> CreditApplication:
        return await credit.apply(login, data)

    @get(
        "/applications/current",
        summary="The approval whose offers are still open: they outlive a reload and a new login",
        description="`application` is null when there is none, once an offer was accepted, or when every "
        "offer's Key Facts lapsed.",
    )
    async def current_application(login: NamedDependency[StoreLogin]) -> CurrentApplication:
        return await credit.current(login)

    @get("/offers/{offer_id:str}/key-facts", summary="An offer's Key Facts Statement, to read before accepting")
    async def key_facts(login: NamedDependency[StoreLogin], offer_id: Reference) -> CreditKeyFacts:
        return await credit.key_facts(login, offer_id)

    def credit_pdf(
        path: str, summary: str, saved_as: str, fetch: CreditDocument, operation_id: str
    ) -> HTTPRouteHandler:
        """A credit document (an offer's or a line's Key Facts, a line's no-dues certificate) as a
        PDF in English or Hindi, saved as `{saved_as}-{reference}-{language}.pdf`."""

        async def draw(session: Session, login: StoreLogin, reference: str, language: Language) -> Response[bytes]:
            return pdf_download(await fetch(login, reference, language), f"{saved_as}-{reference}-{language}.pdf")

        return document_route(path, summary, operation_id, draw)

    key_facts_pdf = credit_pdf(
        "/offers/{offer_id:str}/key-facts/pdf",
        "An offer's Key Facts Statement as a PDF to keep, in English or Hindi: the screen's figures",
        "key-facts",
        credit.key_facts_pdf,
        "ApiCreditOffersOfferIdKeyFactsPdfKeyFactsPdf",
    )
    accepted_key_facts_pdf = credit_pdf(
        "/lines/{line_number:str}/key-facts/pdf",
        "The Key Facts Statement the line was accepted on (its keyFactsVersion), as a PDF",
        "key-facts",
        credit.accepted_key_facts_pdf,
        "ApiCreditLinesLineNumberKeyFactsPdfAcceptedKeyFactsPdf",
    )
    certificate = credit_pdf(
        "/lines/{line_number:str}/certificate/pdf",
        "The no-dues certificate of a closed line, in English or Hindi",
        "no-dues",
        credit.certificate,
        "ApiCreditLinesLineNumberCertificatePdfCertificate",
    )

    @post(
        "/offers/{offer_id:str}/accept",
        status_code=200,
        summary="Accept an offer whose Key Facts were shown and acknowledged; its cooling-off period starts",
        description="409 `key_facts_not_shown` before the Key Facts were read here, `key_facts_expired` "
        "once they are no longer valid, `other_offer_accepted`.",
    )
    async def accept(
        login: NamedDependency[StoreLogin], offer_id: Reference, data: JSONBody[AcceptRequest]
    ) -> CreditLine:
        return await credit.accept(login, offer_id, data.key_facts_acknowledged)

    @get("/lines", summary="The shopper's credit lines: status, limit, APR, cooling-off end")
    async def lines(login: NamedDependency[StoreLogin]) -> list[CreditLine]:
        return await credit.lines(login)

    @get(
        "/lines/{line_number:str}/quote",
        summary="Today's quote to leave in the cooling-off period or to close early",
    )
    async def quote(
        login: NamedDependency[StoreLogin],
        line_number: Reference,
        purpose: Annotated[Purpose, QueryParameter(description="coolingOffExit or foreclosure")],
    ) -> CreditLineQuote:
        return await credit.quote(login, line_number, purpose)

    @post(
        "/lines/{line_number:str}/payments",
        status_code=201,
        summary="Pay today's quote in the repayments' checkout",
        description="Send a fresh Idempotency-Key per click: the same key again answers the same payment.",
    )
    async def pay(
        request: Request[Any, Any, Any],
        session: NamedDependency[Session],
        login: NamedDependency[StoreLogin],
        line_number: Reference,
        data: JSONBody[LinePaymentRequest],
        idempotency_key: IdempotencyKey,
    ) -> LinePaymentCreated:
        return await credit.pay(login, line_number, data, idempotency_key, language_of(request, session))

    @post(
        "/lines/{line_number:str}/payments/{payment_log_id:int}/confirm",
        status_code=200,
        summary="After the checkout closes: whether the lender took the payment and ended the line",
    )
    async def confirm(
        login: NamedDependency[StoreLogin], line_number: Reference, payment_log_id: FromPath[int]
    ) -> LinePaymentOutcome:
        return await credit.confirm(login, line_number, payment_log_id)

    @get(
        "/lines/{line_number:str}/autopay",
        summary="The line's AutoPay: the terms a mandate for its dues would have, and the mandate with its debits",
        description="A line's mandate debits, on each due date, what falls due that day (`frequency` "
        "onEachDueDate), at most the line's credit limit; each debit appears once planned, within the "
        "days before its due date that its notice goes. `terms` is null once the line has ended.",
    )
    async def get_autopay(login: NamedDependency[StoreLogin], line_number: Reference) -> AutoPay:
        return await line_autopay.read(login, line_number)

    @get(
        "/lines/{line_number:str}/autopay/enach-banks",
        summary="The banks an eNACH mandate for the line may be set up at, and each one's ways of approving it",
        description="As a loan's: `known` is false when the provider cannot be asked yet.",
    )
    async def get_enach_banks(login: NamedDependency[StoreLogin], line_number: Reference) -> EnachBanks:
        return await line_autopay.enach_banks(login, line_number)

    @post(
        "/lines/{line_number:str}/autopay",
        status_code=201,
        summary="Set up AutoPay for the line's dues: UPI AutoPay, approved in the UPI app, or eNACH, at the bank",
        description="As a loan's: a fresh Idempotency-Key per click (the same key answers the same mandate); "
        "409 autopay_exists when a mandate is already live, autopay_nothing_to_collect once the line has ended.",
    )
    async def set_up_autopay(
        request: Request[Any, Any, Any],
        session: NamedDependency[Session],
        login: NamedDependency[StoreLogin],
        line_number: Reference,
        data: JSONBody[AutoPayRequest],
        idempotency_key: IdempotencyKey,
    ) -> AutoPayMandate:
        language = language_of(request, session)  # the lender's notices of its debits are written in it
        return await line_autopay.set_up(login, line_number, data, idempotency_key, language)

    @post(
        "/lines/{line_number:str}/autopay/changes",
        status_code=200,
        summary="Pause, resume or cancel the line's AutoPay mandate",
        description="Send a fresh Idempotency-Key per click, and the same on its retries.",
    )
    async def change_autopay(
        login: NamedDependency[StoreLogin],
        line_number: Reference,
        data: JSONBody[AutoPayChange],
        idempotency_key: IdempotencyKey,
    ) -> AutoPayMandate:
        return await line_autopay.change(login, line_number, data.action, idempotency_key)

    return Router(
        path="/api/credit",
        route_handlers=[
            apply,
            current_application,
            key_facts,
            key_facts_pdf,
            accepted_key_facts_pdf,
            accept,
            lines,
            quote,
            pay,
            confirm,
            certificate,
            get_autopay,
            get_enach_banks,
            set_up_autopay,
            change_autopay,
        ],
        dependencies={"login": Provide(store_login, sync_to_thread=False)},
        tags=["credit"],
    )
