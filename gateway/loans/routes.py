"""Routes of the loans group under /api/loans (mirrors frontend/src/features/loans), for a
borrower logged in to the portal (401 otherwise)."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal
from typing import Annotated, Any

import structlog
from litestar import Request, Response, Router, get, post
from litestar.di import NamedDependency, Provide
from litestar.handlers import HTTPRouteHandler
from litestar.params import FromPath, JSONBody, PathParameter, QueryParameter

from gateway.language.codes import Language
from gateway.language.resolution import language_of
from gateway.loans.autopay import AutoPayService
from gateway.loans.autopay_debits import AutoPayDebits
from gateway.loans.autopay_schemas import AutoPay, AutoPayChange, AutoPayMandate, AutoPayRequest, EnachBanks
from gateway.loans.autopay_webhooks import build_mandate_webhook_router as mandate_webhook_router
from gateway.loans.schemas import (
    ForeclosureOutcome,
    ForeclosurePaymentCreated,
    ForeclosureQuote,
    ForeclosureRequest,
    LoanAllocationPreview,
    LoanKeyFacts,
    LoanSchedule,
    LoanStatement,
    LoanSummary,
)
from gateway.loans.service import LoansService
from gateway.plumbing.downloads import NO_STORE, PDF, REFERENCE, DocumentLanguage, document_route, pdf_download
from gateway.plumbing.validation import IdempotencyKey
from gateway.services import AppServices
from gateway.sessions import PortalLogin, Session
from gateway.sessions.logins import portal_login
from gateway.upstreams.lenders.choice import loan_owner
from gateway.upstreams.lenders.port import Document

log = structlog.get_logger("gateway.loans")

LoanNumber = Annotated[str, PathParameter(pattern=REFERENCE)]
From = Annotated[date, QueryParameter(name="from", description="the statement's first day")]
To = Annotated[date, QueryParameter(name="to", description="the statement's last day, today at the latest")]


def autopay_service(services: AppServices) -> AutoPayService:
    """AutoPay on each lender's own account at the provider (gateway/upstreams/payments_accounts.py)."""
    clients = services.clients
    return AutoPayService(
        clients.lender,
        clients.payments.lenders,
        lambda loan_number: loan_owner(clients.lender, services.settings, loan_number),
        services.database,
        services.clock,
        clients.mandate_debits,
    )


def autopay_debits(services: AppServices, autopay: AutoPayService) -> AutoPayDebits:
    """The debits, told to each lender that takes them (by its partner call)."""
    ahead = timedelta(days=services.settings.autopay_raise_ahead_days)
    return AutoPayDebits(autopay, services.clients.mandate_debits, services.database, services.clock, raise_ahead=ahead)


def build_mandate_webhook_router(services: AppServices, autopay: AutoPayService, debits: AutoPayDebits) -> Router:
    """The lenders' accounts' subscription webhooks, moving the mandates and their debits."""
    return mandate_webhook_router(autopay, services.clients.payments.lenders, debits.moved)


def build_router(services: AppServices, autopay: AutoPayService, debits: AutoPayDebits) -> Router:
    loans = LoansService(services.clients.lender, autopay.cancel_for_loan)

    @get("/", summary="The borrower's loans: lender, figures, next due, days past due and status")
    async def list_loans(session: NamedDependency[Session], login: NamedDependency[PortalLogin]) -> list[LoanSummary]:
        return await loans.loans(session, login)

    @get("/{loan_number:str}/key-facts", summary="The loan's Key Facts Statement")
    async def key_facts(
        session: NamedDependency[Session], login: NamedDependency[PortalLogin], loan_number: LoanNumber
    ) -> LoanKeyFacts:
        return await loans.key_facts(session, login, loan_number)

    async def document(
        session: Session,
        login: PortalLogin,
        loan_number: str,
        kind: Document,
        chosen: Language,
        period: tuple[date, date] | None = None,
    ) -> Response[bytes]:
        pdf = await loans.document(session, login, loan_number, kind, chosen, period)
        names = {
            "keyFacts": f"key-facts-{loan_number}-{chosen}",
            "schedule": f"schedule-{loan_number}",
            "noDues": f"no-dues-{loan_number}-{chosen}",
        }
        name = names.get(kind, f"statement-{loan_number}-{period[0]}-{period[1]}" if period else loan_number)
        return pdf_download(pdf, f"{name}.pdf")

    def loan_pdf(kind: Document, path: str, summary: str, operation_id: str) -> HTTPRouteHandler:
        """A document that needs nothing but the loan (its Key Facts, its schedule, its no-dues certificate)."""

        async def draw(session: Session, login: PortalLogin, loan_number: str, language: Language) -> Response[bytes]:
            return await document(session, login, loan_number, kind, language)

        return document_route(path, summary, operation_id, draw)

    key_facts_pdf = loan_pdf(
        "keyFacts",
        "/{loan_number:str}/key-facts/pdf",
        "The Key Facts Statement as a PDF, in English or Hindi",
        "ApiLoansLoanNumberKeyFactsPdfKeyFactsPdf",
    )

    @get("/{loan_number:str}/statement", summary="The statement of account for a date range")
    async def statement(
        session: NamedDependency[Session],
        login: NamedDependency[PortalLogin],
        loan_number: LoanNumber,
        start: From,
        end: To,
    ) -> LoanStatement:
        return await loans.statement(session, login, loan_number, start, end)

    @get(
        "/{loan_number:str}/statement/pdf",
        summary="The statement of account for a date range as a PDF",
        media_type=PDF,
        response_headers=NO_STORE,
    )
    async def statement_pdf(
        request: Request[Any, Any, Any],
        session: NamedDependency[Session],
        login: NamedDependency[PortalLogin],
        loan_number: LoanNumber,
        start: From,
        end: To,
        language: DocumentLanguage = None,
    ) -> Response[bytes]:
        chosen = language or language_of(request, session)
        return await document(session, login, loan_number, "statement", chosen, (start, end))

    @get("/{loan_number:str}/schedule", summary="The instalment schedule: what is paid and what is due")
    async def schedule(
        session: NamedDependency[Session], login: NamedDependency[PortalLogin], loan_number: LoanNumber
    ) -> LoanSchedule:
        return await loans.schedule(session, login, loan_number)

    schedule_pdf = loan_pdf(
        "schedule",
        "/{loan_number:str}/schedule/pdf",
        "The instalment schedule as a PDF",
        "ApiLoansLoanNumberSchedulePdfSchedulePdf",
    )

    @get(
        "/{loan_number:str}/allocation",
        summary="Before paying: how an amount would be applied (charges, interest, principal), by the lender's terms",
    )
    async def allocation(
        session: NamedDependency[Session],
        login: NamedDependency[PortalLogin],
        loan_number: LoanNumber,
        amount: Annotated[Decimal, QueryParameter(description="rupees, e.g. 5000 or 5000.50")],
    ) -> LoanAllocationPreview:
        return await loans.allocation(session, login, loan_number, amount)

    @get(
        "/{loan_number:str}/foreclosure",
        summary="Today's quote to close the loan early, and the charge rule that applies",
    )
    async def foreclosure_quote(
        session: NamedDependency[Session], login: NamedDependency[PortalLogin], loan_number: LoanNumber
    ) -> ForeclosureQuote:
        return await loans.foreclosure_quote(session, login, loan_number)

    @post(
        "/{loan_number:str}/foreclosure/payments",
        status_code=201,
        summary="Pay today's foreclosure quote in the repayments' checkout",
        description="Send a fresh Idempotency-Key per click: the same key again answers the same payment.",
    )
    async def pay_foreclosure(
        request: Request[Any, Any, Any],
        session: NamedDependency[Session],
        login: NamedDependency[PortalLogin],
        loan_number: LoanNumber,
        data: JSONBody[ForeclosureRequest],
        idempotency_key: IdempotencyKey,
    ) -> ForeclosurePaymentCreated:
        chosen = language_of(request, session)
        return await loans.pay_foreclosure(session, login, loan_number, data.amount, idempotency_key, chosen)

    @post(
        "/{loan_number:str}/foreclosure/payments/{payment_log_id:int}/confirm",
        status_code=200,
        summary="After the checkout closes: whether the lender took the payment and closed the loan",
    )
    async def confirm_foreclosure(
        session: NamedDependency[Session],
        login: NamedDependency[PortalLogin],
        loan_number: LoanNumber,
        payment_log_id: FromPath[int],
    ) -> ForeclosureOutcome:
        return await loans.confirm_foreclosure(session, login, loan_number, payment_log_id)

    no_dues_pdf = loan_pdf(
        "noDues",
        "/{loan_number:str}/no-dues/pdf",
        "The no-dues certificate of a closed loan, in English or Hindi",
        "ApiLoansLoanNumberNoDuesPdfNoDuesPdf",
    )

    @get(
        "/{loan_number:str}/autopay",
        summary="The loan's AutoPay: the terms a UPI AutoPay mandate would have, and the mandate with its debits",
    )
    async def get_autopay(
        session: NamedDependency[Session], login: NamedDependency[PortalLogin], loan_number: LoanNumber
    ) -> AutoPay:
        shown = await autopay.read(session, login, loan_number)
        # Brought up to date on the one clock as it is read, as the job does for every mandate.
        if shown.mandate is not None and await debits.raise_due(shown.mandate.mandate_id):
            shown = await autopay.read(session, login, loan_number)
        return shown

    @get(
        "/{loan_number:str}/autopay/enach-banks",
        summary="The banks an eNACH mandate for the loan may be set up at, and each one's ways of approving it",
        description="From the provider's eligibility list of the lender's account (kept an hour). `known` is false "
        "when it cannot be asked yet: any bank may then be tried, and the bank answers at the authorisation.",
    )
    async def get_enach_banks(
        session: NamedDependency[Session], login: NamedDependency[PortalLogin], loan_number: LoanNumber
    ) -> EnachBanks:
        return await autopay.enach_banks(session, login, loan_number)

    @post(
        "/{loan_number:str}/autopay",
        status_code=201,
        summary="Set up AutoPay: a UPI AutoPay mandate on the lender's account, to approve in the UPI app, "
        "or an eNACH mandate on the borrower's bank account, to approve at their bank",
        description="Send a fresh Idempotency-Key per click: the same key again answers the same mandate. "
        "409 autopay_exists when a mandate is already live. eNACH needs `bank`: 422 ifsc_invalid, "
        "account_number_invalid or account_name_missing when it is not a valid account; 422 "
        "enach_bank_unsupported (field bank.ifsc) or enach_auth_mode_unsupported (bank.authMode) when the provider "
        "lists no eNACH at that bank, or not that way of approving it.",
    )
    async def set_up_autopay(
        request: Request[Any, Any, Any],
        session: NamedDependency[Session],
        login: NamedDependency[PortalLogin],
        loan_number: LoanNumber,
        data: JSONBody[AutoPayRequest],
        idempotency_key: IdempotencyKey,
    ) -> AutoPayMandate:
        language = language_of(request, session)  # the lender's notices of its debits are written in it
        return await autopay.set_up(session, login, loan_number, data, idempotency_key, language)

    @post(
        "/{loan_number:str}/autopay/changes",
        status_code=200,
        summary="Pause, resume or cancel the loan's AutoPay mandate",
        description="Send a fresh Idempotency-Key per click, and the same on its retries.",
    )
    async def change_autopay(
        login: NamedDependency[PortalLogin],
        loan_number: LoanNumber,
        data: JSONBody[AutoPayChange],
        idempotency_key: IdempotencyKey,
    ) -> AutoPayMandate:
        return await autopay.change(login.mobile_number, loan_number, data.action, idempotency_key)

    return Router(
        path="/api/loans",
        route_handlers=[
            list_loans,
            key_facts,
            key_facts_pdf,
            statement,
            statement_pdf,
            schedule,
            schedule_pdf,
            allocation,
            foreclosure_quote,
            pay_foreclosure,
            confirm_foreclosure,
            no_dues_pdf,
            get_autopay,
            get_enach_banks,
            set_up_autopay,
            change_autopay,
        ],
        dependencies={"login": Provide(portal_login, sync_to_thread=False)},
        tags=["loans"],
    )
