"""The lender's credit-line calls (contracts/lending.openapi.yaml, `webRepayment/credit/...`): apply,
an offer's Key Facts, accept, the lines, a quote to leave or close, its payment and the no-dues
certificate. Partner calls by mobile number (`x-partner-key`), like `creditLimit`: a shopper who
applies has no loan account, so no borrower token, yet. Amounts are exact decimal strings."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any, Literal

import msgspec

from gateway.errors import UpstreamError, UpstreamRefused
from gateway.language.codes import DEFAULT, Language, texts_in
from gateway.upstreams.envelope import Envelope
from gateway.upstreams.http import UpstreamHttp

# One code for every refusal the gateway does not word itself (the app words `credit_failed`).
APPLY_FAILED = "Your application could not be sent to the lender."
CREDIT_FAILED = "The lender could not do this right now."
CERTIFICATE_FAILED = "The certificate could not be made."

Decision = Literal["approved", "referred", "rejected"]
RateType = Literal["fixed", "floating"]
LineStatus = Literal["coolingOff", "active", "exited", "closed"]
Purpose = Literal["coolingOffExit", "foreclosure"]


class CreditLender(msgspec.Struct, rename="camel", kw_only=True):
    name: str
    registration: str
    website: str


class CreditLineOffer(msgspec.Struct, rename="camel", kw_only=True):
    offer_id: str
    lender: CreditLender
    credit_limit: Decimal
    interest_rate: Decimal
    rate_type: RateType
    apr: Decimal
    processing_fee: Decimal
    key_facts_valid_until: date
    accepted: bool


class CreditApplication(msgspec.Struct, rename="camel", kw_only=True):
    application_id: str
    decision: Decision
    reason: str | None
    offers: list[CreditLineOffer]


class CreditPenalCharge(msgspec.Struct, rename="camel", kw_only=True):
    amount: Decimal
    basis: Literal["perMissedInstalment"]


class CreditRecoveryAgent(msgspec.Struct, rename="camel", kw_only=True):
    name: str
    phone: str


class CreditGrievanceOfficer(msgspec.Struct, rename="camel", kw_only=True):
    name: str
    email: str
    phone: str
    address: str


class CreditKeyFacts(msgspec.Struct, rename="camel", kw_only=True):
    offer_id: str
    lender: CreditLender
    credit_limit: Decimal
    interest_rate: Decimal
    rate_type: RateType
    apr: Decimal
    processing_fee: Decimal
    key_facts_valid_until: date
    accepted: bool
    borrower_name: str
    business_name: str
    lending_service_provider: str
    interest_free_days: int
    penal_charge: CreditPenalCharge
    cooling_off_days: int
    foreclosure_charge_percent: Decimal
    recovery_agents: list[CreditRecoveryAgent]
    grievance_officer: CreditGrievanceOfficer
    made_on: date


class CreditLine(msgspec.Struct, rename="camel", kw_only=True):
    line_number: str
    status: LineStatus
    lender: CreditLender
    credit_limit: Decimal
    apr: Decimal
    rate_type: RateType
    accepted_on: date
    cooling_off_ends_on: date
    ended_on: date | None
    ended_by: Purpose | None
    as_of: date


class CreditLineQuote(msgspec.Struct, rename="camel", kw_only=True):
    line_number: str
    purpose: Purpose
    principal: Decimal
    interest: Decimal
    charge: Decimal
    penalty: Decimal
    total: Decimal
    days_held: int
    valid_on: date


class CreditLinePayment(msgspec.Struct, kw_only=True):
    """The lender's names are mixed here, as in cashFreeRequest's answer."""

    settled: bool
    payment_session_id: str | None = None
    order_id: str | None = None
    order_amount: Decimal | None = None
    id: int | None = None
    line: CreditLine | None = None


class CreditLinePaymentStatus(msgspec.Struct, kw_only=True):
    paid: bool
    line: CreditLine


class CreditApplicationForm(msgspec.Struct, rename="camel", kw_only=True, omit_defaults=True):
    mobile_number: str
    applicant_name: str
    business_name: str
    bureau_consent: bool
    gstin: str | None = None
    pan: str | None = None
    email: str | None = None


class AcceptBody(msgspec.Struct, rename="camel", kw_only=True):
    mobile_number: str
    key_facts_acknowledged: bool


class MobileBody(msgspec.Struct, rename="camel", kw_only=True):
    mobile_number: str


class PaymentBody(msgspec.Struct, rename="camel", kw_only=True):
    mobile_number: str
    purpose: Purpose
    amount: Decimal


class CreditLinesClient:
    def __init__(self, http: UpstreamHttp, partner_key: str) -> None:
        self.http = http
        self.partner_key = partner_key

    def _headers(self, extra: dict[str, str] | None = None) -> dict[str, str]:
        return {"x-partner-key": self.partner_key, **(extra or {})}

    async def _call(
        self,
        method: str,
        path: str,
        type_: Any,
        failure: str,
        code: str,
        *,
        json: Any = None,
        params: dict[str, str | int] | None = None,
        headers: dict[str, str] | None = None,
    ) -> Any:
        answer = await self.http.call(
            method,
            path,
            Envelope[type_],
            json=json,
            params=params,
            headers=self._headers(headers),
            failure=failure,
            code=code,
            need_data=True,
        )
        return answer.data

    async def apply(self, body: CreditApplicationForm) -> CreditApplication:
        found: CreditApplication = await self._call(
            "POST", "webRepayment/credit/applications", CreditApplication, APPLY_FAILED, "credit_failed", json=body
        )
        return found

    async def key_facts(self, mobile_number: str, offer_id: str) -> CreditKeyFacts:
        found: CreditKeyFacts = await self._call(
            "GET",
            f"webRepayment/credit/offers/{offer_id}/keyFacts",
            CreditKeyFacts,
            CREDIT_FAILED,
            "credit_failed",
            params={"mobileNumber": mobile_number},
        )
        return found

    async def accept(self, mobile_number: str, offer_id: str) -> CreditLine:
        found: CreditLine = await self._call(
            "POST",
            f"webRepayment/credit/offers/{offer_id}/accept",
            CreditLine,
            CREDIT_FAILED,
            "credit_failed",
            json=AcceptBody(mobile_number=mobile_number, key_facts_acknowledged=True),
        )
        return found

    async def lines(self, mobile_number: str) -> list[CreditLine]:
        found: list[CreditLine] = await self._call(
            "GET",
            "webRepayment/credit/lines",
            list[CreditLine],
            CREDIT_FAILED,
            "credit_failed",
            params={"mobileNumber": mobile_number},
        )
        return found

    async def quote(self, mobile_number: str, line_number: str, purpose: Purpose) -> CreditLineQuote:
        found: CreditLineQuote = await self._call(
            "GET",
            f"webRepayment/credit/lines/{line_number}/quote",
            CreditLineQuote,
            CREDIT_FAILED,
            "credit_failed",
            params={"mobileNumber": mobile_number, "purpose": purpose},
        )
        return found

    async def pay(
        self,
        mobile_number: str,
        line_number: str,
        purpose: Purpose,
        amount: Decimal,
        idempotency_key: str,
        language: Language = DEFAULT,
    ) -> CreditLinePayment:
        found: CreditLinePayment = await self._call(
            "POST",
            f"webRepayment/credit/lines/{line_number}/payments",
            CreditLinePayment,
            CREDIT_FAILED,
            "credit_failed",
            json=PaymentBody(mobile_number=mobile_number, purpose=purpose, amount=amount),
            headers={"Idempotency-Key": idempotency_key, **texts_in(language)},
        )
        return found

    async def payment_status(
        self, mobile_number: str, line_number: str, payment_log_id: int
    ) -> CreditLinePaymentStatus:
        found: CreditLinePaymentStatus = await self._call(
            "POST",
            f"webRepayment/credit/lines/{line_number}/payments/{payment_log_id}/status",
            CreditLinePaymentStatus,
            CREDIT_FAILED,
            "credit_failed",
            json=MobileBody(mobile_number=mobile_number),
        )
        return found

    async def certificate(self, mobile_number: str, line_number: str, language: Language = DEFAULT) -> bytes:
        """GET webRepayment/credit/lines/{lineNumber}/certificate/pdf: the no-dues certificate."""
        response = await self.http.request(
            "GET",
            f"webRepayment/credit/lines/{line_number}/certificate/pdf",
            params={"mobileNumber": mobile_number},
            headers=self._headers(texts_in(language)),
            idempotent=True,
        )
        status = self.http.pdf_or_status(response)
        if isinstance(status, bytes):
            return status  # the PDF itself
        if status == 200:
            raise UpstreamError(CERTIFICATE_FAILED, upstream=self.http.name, status=200)
        raise UpstreamRefused(CERTIFICATE_FAILED, upstream=self.http.name, status=status, code="credit_failed")
