"""The loans' rules: the portal login's token asks the lender; a refused token ends the login; a
loan the lender does not know is 404; an amount the lender does not take is the borrower's to fix."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from datetime import date
from decimal import Decimal

from gateway.language.codes import Language
from gateway.loans.schemas import (
    ForeclosureOutcome,
    ForeclosurePaymentCreated,
    ForeclosureQuote,
    LoanAllocationPreview,
    LoanKeyFacts,
    LoanSchedule,
    LoanStatement,
    LoanSummary,
)
from gateway.plumbing.errors import Conflict, InvalidInput, NotFound, UpstreamRefused
from gateway.sessions import PortalLogin, Session
from gateway.sessions.logins import forget_login_on_refusal
from gateway.upstreams.lenders.port import Document, Lender
from india.money import MAX_RUPEES, has_paise_only

LOAN_NOT_FOUND = "Loan not found."
PERIOD_BACKWARDS = "The start date must not be after the end date."
AMOUNT_ABOVE_ZERO = "Please enter an amount above 0."
AMOUNT_DECIMALS = "Please enter an amount in rupees with at most 2 decimals."
AMOUNT_NOT_TAKEN = "Please enter at least the minimum payment and not more than the overdue amount."
PERIOD_REFUSED = "A statement can run from the loan's start to today at the latest."
LOAN_CLOSED = "This loan is already closed: there is nothing to pay on it."
QUOTE_CHANGED = "The amount has changed since your quote. Please look at the new quote and pay again."
QUOTE_AMOUNT = "Please pay the quoted amount."
NOT_CLOSED = "The no-dues certificate is issued once the loan is closed."


class LoansService:
    def __init__(self, lending: Lender, closed: Callable[[str], Awaitable[None]] | None = None) -> None:
        self.lending = lending
        self.closed = closed  # told a loan's number once it is closed (its AutoPay is cancelled)

    @asynccontextmanager
    async def _asking(
        self, session: Session, refused: InvalidInput | None = None, conflict: Conflict | None = None
    ) -> AsyncIterator[None]:
        """A refused token ends the login (401); an unknown loan is 404; a 400 is `refused`, a 409 `conflict`."""
        async with forget_login_on_refusal(session, "portal"):
            try:
                yield
            except UpstreamRefused as exc:
                if exc.status == 404:
                    raise NotFound(LOAN_NOT_FOUND, code="loan_not_found") from exc
                if exc.status == 400 and refused is not None:
                    raise refused from exc
                if exc.status == 409 and conflict is not None:
                    raise conflict from exc
                raise

    async def loans(self, session: Session, login: PortalLogin) -> list[LoanSummary]:
        async with self._asking(session):
            return await self.lending.loans(login.access_token, int(login.user_id))

    async def key_facts(self, session: Session, login: PortalLogin, loan_number: str) -> LoanKeyFacts:
        async with self._asking(session):
            return await self.lending.key_facts(login.access_token, int(login.user_id), loan_number)

    async def statement(
        self, session: Session, login: PortalLogin, loan_number: str, start: date, end: date
    ) -> LoanStatement:
        check_period(start, end)
        async with self._asking(session, InvalidInput(PERIOD_REFUSED, code="period_refused", field="to")):
            return await self.lending.statement(login.access_token, int(login.user_id), loan_number, start, end)

    async def schedule(self, session: Session, login: PortalLogin, loan_number: str) -> LoanSchedule:
        async with self._asking(session):
            return await self.lending.schedule(login.access_token, int(login.user_id), loan_number)

    async def allocation(
        self, session: Session, login: PortalLogin, loan_number: str, amount: Decimal
    ) -> LoanAllocationPreview:
        if not amount.is_finite() or amount <= 0:
            raise InvalidInput(AMOUNT_ABOVE_ZERO, field="amount")
        if amount > MAX_RUPEES or not has_paise_only(amount):
            raise InvalidInput(AMOUNT_DECIMALS, field="amount")
        refused = InvalidInput(AMOUNT_NOT_TAKEN, code="amount_not_taken", field="amount")
        async with self._asking(session, refused):
            return await self.lending.allocation(login.access_token, int(login.user_id), loan_number, amount)

    async def foreclosure_quote(self, session: Session, login: PortalLogin, loan_number: str) -> ForeclosureQuote:
        async with self._asking(session, conflict=Conflict(LOAN_CLOSED, code="loan_closed")):
            return await self.lending.foreclosure_quote(login.access_token, int(login.user_id), loan_number)

    async def pay_foreclosure(
        self,
        session: Session,
        login: PortalLogin,
        loan_number: str,
        amount: Decimal,
        idempotency_key: str,
        language: Language,
    ) -> ForeclosurePaymentCreated:
        """Today's quote in the repayments' checkout, once per Idempotency-Key (the lender keeps it)."""
        if not amount.is_finite() or amount <= 0 or amount > MAX_RUPEES or not has_paise_only(amount):
            raise InvalidInput(QUOTE_AMOUNT, code="amount_invalid", field="amount")
        async with self._asking(session, conflict=Conflict(QUOTE_CHANGED, code="foreclosure_quote_changed")):
            made = await self.lending.pay_foreclosure(
                login.access_token, int(login.user_id), loan_number, amount, idempotency_key, language
            )
        return ForeclosurePaymentCreated(
            payment_session_id=made.payment_session_id,
            order_id=made.order_id,
            order_amount=made.order_amount.quantize(Decimal("0.01")),
            payment_log_id=made.id,
        )

    async def confirm_foreclosure(
        self, session: Session, login: PortalLogin, loan_number: str, payment_log_id: int
    ) -> ForeclosureOutcome:
        async with self._asking(session):
            status = await self.lending.foreclosure_status(
                login.access_token, int(login.user_id), loan_number, payment_log_id
            )
        if status.paid and self.closed is not None:
            await self.closed(loan_number)
        return ForeclosureOutcome(paid=status.paid, loan=status.loan)

    async def document(
        self,
        session: Session,
        login: PortalLogin,
        loan_number: str,
        document: Document,
        language: Language,
        period: tuple[date, date] | None = None,
    ) -> bytes:
        if period is not None:
            check_period(*period)
        # Only a closed loan has a no-dues certificate: the lender's 409 for an open one, in our words.
        refused = InvalidInput(PERIOD_REFUSED, code="period_refused", field="to")
        async with self._asking(session, refused, Conflict(NOT_CLOSED, code="loan_not_closed")):
            return await self.lending.document(
                login.access_token, int(login.user_id), loan_number, document, language, period
            )


def check_period(start: date, end: date) -> None:
    if start > end:
        raise InvalidInput(PERIOD_BACKWARDS, code="period_backwards", field="from")
