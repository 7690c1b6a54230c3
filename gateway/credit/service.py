"""The credit rules the gateway keeps, whichever lender is plugged in: a shopper logged in by code
applies with consent to a bureau check and a GSTIN or PAN; an offer is accepted only after its Key
Facts Statement was shown to this shopper (fetched here) and acknowledged; a line is paid off only
at today's quote, through the repayments' checkout, once per Idempotency-Key."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from decimal import Decimal

import msgspec

from gateway.credit.schemas import (
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
from gateway.language.codes import DEFAULT, Language
from gateway.plumbing.clock import Clock
from gateway.plumbing.errors import Conflict, InvalidInput, NotAuthenticated, NotFound, UpstreamRefused
from gateway.sessions import StoreLogin
from gateway.sessions.store import SessionStore, keyspace
from gateway.upstreams.lenders.port import CreditApplicationForm, Lender, Purpose
from india.gstin import canonical
from india.money import has_paise_only

_GSTIN = re.compile(r"[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]")
_PAN = re.compile(r"[A-Z]{5}[0-9]{4}[A-Z]")
_EMAIL = re.compile(r"[^@\s]{1,64}@[^@\s]{1,120}\.[A-Za-z]{2,}")
# An offer's Key Facts stay valid 3 working days; a week covers any weekend in between.
SHOWN_SECONDS = 7 * 24 * 60 * 60

MOBILE_NEEDED = "Please log in with your mobile number and a one-time code to apply for credit."
TAX_ID_INVALID = "Please enter a valid 15-character GSTIN or 10-character PAN."
CONSENT_NEEDED = "Please agree to a credit bureau check: the lender cannot decide without it."
EMAIL_INVALID = "Please enter a valid email address."
ALREADY_HAS_CREDIT = "You already have a credit account."
ACKNOWLEDGE_FIRST = "Please read the Key Facts Statement and confirm you have understood it."
KEY_FACTS_NOT_SHOWN = "Please open and read this offer's Key Facts Statement before you accept it."
KEY_FACTS_EXPIRED = "This offer's Key Facts Statement is no longer valid. Please apply again."
OTHER_OFFER_ACCEPTED = "You have already accepted another offer of this application."
OFFER_NOT_FOUND = "Offer not found."
LINE_NOT_FOUND = "Credit line not found."
QUOTE_REFUSED = "This credit line can no longer be ended this way."
QUOTE_CHANGED = "The amount has changed since your quote. Please look at the new quote and pay again."
AMOUNT_INVALID = "Please pay the quoted amount."
NOT_CLOSED = "The certificate is issued once the credit line is closed."


class CreditService:
    def __init__(
        self,
        lending: Lender,
        store: SessionStore,
        clock: Clock,
        line_ended: Callable[[str], Awaitable[None]] | None = None,
    ) -> None:
        self.lending = lending
        self.clock = clock
        self.line_ended = line_ended  # told of each line seen ended here (its AutoPay is cancelled)
        self._store, self._prefix = keyspace(store, "credit_key_facts")
        # The lender's last approval for a number, so its offers outlive a reload or a new login
        # (applying again would mean a second bureau check) until their Key Facts lapse.
        self._decisions, self._decision_prefix = keyspace(store, "credit_application")

    @staticmethod
    def mobile(login: StoreLogin) -> str:
        """Only a login by code names the number the lender knows the shopper by."""
        if login.mobile_number is None:
            raise NotAuthenticated(MOBILE_NEEDED, code="mobile_needed")
        return login.mobile_number

    @asynccontextmanager
    async def _asking(self, refusals: dict[int, Exception]) -> AsyncIterator[None]:
        """The lender's refusals in our words, by status; any other refusal as it is."""
        try:
            yield
        except UpstreamRefused as exc:
            mapped = refusals.get(exc.status or 0)
            if mapped is not None:
                raise mapped from exc
            raise

    async def apply(self, login: StoreLogin, request: ApplyRequest) -> CreditApplication:
        mobile = self.mobile(login)
        if not request.bureau_consent:
            raise InvalidInput(CONSENT_NEEDED, code="bureau_consent_needed", field="bureauConsent")
        tax_id = canonical(request.tax_id)
        gstin = tax_id if _GSTIN.fullmatch(tax_id) else None
        pan = tax_id if _PAN.fullmatch(tax_id) else None
        if gstin is None and pan is None:
            raise InvalidInput(TAX_ID_INVALID, code="tax_id_invalid", field="taxId")
        email = request.email.strip()
        if email and not _EMAIL.fullmatch(email):
            raise InvalidInput(EMAIL_INVALID, code="email_invalid", field="email")
        body = CreditApplicationForm(
            mobile_number=mobile,
            applicant_name=request.applicant_name.strip(),
            business_name=request.business_name.strip(),
            bureau_consent=True,
            gstin=gstin,
            pan=pan,
            email=email or None,
        )
        async with self._asking({409: Conflict(ALREADY_HAS_CREDIT, code="credit_account_exists")}):
            decided = await self.lending.apply_for_credit(body)
        if decided.decision == "approved" and decided.offers:
            await self._decisions.set(
                self._decision_prefix + mobile, msgspec.json.encode(decided), expires_in=SHOWN_SECONDS
            )
        return decided

    async def current(self, login: StoreLogin) -> CurrentApplication:
        """The approval still open for this number: its offers until their Key Facts lapse, none once
        one was accepted."""
        mobile = self.mobile(login)
        kept = await self._decisions.get(self._decision_prefix + mobile)
        if kept is None:
            return CurrentApplication(application=None)
        decided = msgspec.json.decode(kept, type=CreditApplication)
        today = await self.clock.today()
        if all(offer.key_facts_valid_until < today for offer in decided.offers):
            return CurrentApplication(application=None)
        return CurrentApplication(application=decided)

    def _shown_key(self, mobile: str, offer_id: str) -> str:
        return f"{self._prefix}{mobile}:{offer_id}"

    async def key_facts(self, login: StoreLogin, offer_id: str) -> CreditKeyFacts:
        mobile = self.mobile(login)
        async with self._asking({404: NotFound(OFFER_NOT_FOUND, code="offer_not_found")}):
            facts = await self.lending.credit_offer_key_facts(mobile, offer_id)
        # Remembered for the acceptance: the shopper was shown these facts.
        await self._store.set(self._shown_key(mobile, offer_id), b"1", expires_in=SHOWN_SECONDS)
        return facts

    async def key_facts_pdf(self, login: StoreLogin, offer_id: str, language: Language) -> bytes:
        """The offer's Key Facts as the lender prints them: the same figures as its screen."""
        async with self._asking({404: NotFound(OFFER_NOT_FOUND, code="offer_not_found")}):
            return await self.lending.credit_key_facts_pdf(self.mobile(login), offer_id, language)

    async def accepted_key_facts_pdf(self, login: StoreLogin, line_number: str, language: Language) -> bytes:
        """The Key Facts Statement the line was accepted on, the version it records."""
        async with self._asking({404: NotFound(LINE_NOT_FOUND, code="line_not_found")}):
            return await self.lending.credit_line_key_facts_pdf(self.mobile(login), line_number, language)

    async def accept(self, login: StoreLogin, offer_id: str, acknowledged: bool) -> CreditLine:
        mobile = self.mobile(login)
        if not acknowledged:
            raise InvalidInput(ACKNOWLEDGE_FIRST, code="key_facts_not_acknowledged", field="keyFactsAcknowledged")
        if await self._store.get(self._shown_key(mobile, offer_id)) is None:
            raise Conflict(KEY_FACTS_NOT_SHOWN, code="key_facts_not_shown")
        refusals: dict[int, Exception] = {
            404: NotFound(OFFER_NOT_FOUND, code="offer_not_found"),
            409: Conflict(OTHER_OFFER_ACCEPTED, code="other_offer_accepted"),
            410: Conflict(KEY_FACTS_EXPIRED, code="key_facts_expired"),
        }
        async with self._asking(refusals):
            line = await self.lending.accept_credit_offer(mobile, offer_id)
        await self._decisions.delete(self._decision_prefix + mobile)  # decided: its offers are done
        return line

    async def lines(self, login: StoreLogin) -> list[CreditLine]:
        async with self._asking({}):
            return await self.lending.credit_lines(self.mobile(login))

    async def quote(self, login: StoreLogin, line_number: str, purpose: Purpose) -> CreditLineQuote:
        refusals: dict[int, Exception] = {
            404: NotFound(LINE_NOT_FOUND, code="line_not_found"),
            409: Conflict(QUOTE_REFUSED, code="quote_refused"),
        }
        async with self._asking(refusals):
            return await self.lending.credit_line_quote(self.mobile(login), line_number, purpose)

    async def pay(
        self,
        login: StoreLogin,
        line_number: str,
        request: LinePaymentRequest,
        idempotency_key: str,
        language: Language = DEFAULT,
    ) -> LinePaymentCreated:
        amount = request.amount
        if not amount.is_finite() or amount < 0 or not has_paise_only(amount):
            raise InvalidInput(AMOUNT_INVALID, code="amount_invalid", field="amount")
        refusals: dict[int, Exception] = {
            404: NotFound(LINE_NOT_FOUND, code="line_not_found"),
            409: Conflict(QUOTE_CHANGED, code="line_quote_changed"),
        }
        async with self._asking(refusals):
            made = await self.lending.pay_credit_line(
                self.mobile(login), line_number, request.purpose, amount, idempotency_key, language
            )
        if made.settled:
            await self._ended(line_number)
        return LinePaymentCreated(
            settled=made.settled,
            payment_session_id=made.payment_session_id,
            order_id=made.order_id,
            order_amount=made.order_amount.quantize(Decimal("0.01")) if made.order_amount is not None else None,
            payment_log_id=made.id,
        )

    async def confirm(self, login: StoreLogin, line_number: str, payment_log_id: int) -> LinePaymentOutcome:
        async with self._asking({404: NotFound(LINE_NOT_FOUND, code="line_not_found")}):
            status = await self.lending.credit_line_payment_status(self.mobile(login), line_number, payment_log_id)
        if status.line.status in ("exited", "closed"):
            await self._ended(line_number)
        return LinePaymentOutcome(paid=status.paid, line=status.line)

    async def _ended(self, line_number: str) -> None:
        if self.line_ended is not None:
            await self.line_ended(line_number)

    async def certificate(self, login: StoreLogin, line_number: str, language: Language) -> bytes:
        refusals: dict[int, Exception] = {
            404: NotFound(LINE_NOT_FOUND, code="line_not_found"),
            409: Conflict(NOT_CLOSED, code="line_not_closed"),
        }
        async with self._asking(refusals):
            return await self.lending.credit_line_certificate(self.mobile(login), line_number, language)
