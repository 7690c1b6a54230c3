"""The lender's credit-line calls (contracts/lending.openapi.yaml, `webRepayment/credit/...`): apply,
an offer's Key Facts, accept, the lines, a quote to leave or close, its payment and the no-dues
certificate. Partner calls by mobile number (`x-partner-key`), like `creditLimit`: a shopper who
applies has no loan account, so no borrower token, yet. Amounts are exact decimal strings."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import msgspec

from gateway.language.codes import DEFAULT, Language, texts_in
from gateway.plumbing.errors import UpstreamError, UpstreamRefused
from gateway.upstreams.envelope import Envelope
from gateway.upstreams.http import UpstreamHttp
from gateway.upstreams.lenders.credit import (
    CreditApplication,
    CreditApplicationForm,
    CreditKeyFacts,
    CreditLine,
    CreditLinePayment,
    CreditLinePaymentStatus,
    CreditLineQuote,
    Purpose,
)

# One code for every refusal the gateway does not word itself (the app words `credit_failed`).
APPLY_FAILED = "Your application could not be sent to the lender."
CREDIT_FAILED = "The lender could not do this right now."
CERTIFICATE_FAILED = "The certificate could not be made."


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
        return await self._pdf(f"webRepayment/credit/lines/{line_number}/certificate/pdf", mobile_number, language)

    async def offer_key_facts_pdf(self, mobile_number: str, offer_id: str, language: Language = DEFAULT) -> bytes:
        """GET webRepayment/credit/offers/{offerId}/keyFacts/pdf: the offer's Key Facts Statement."""
        return await self._pdf(f"webRepayment/credit/offers/{offer_id}/keyFacts/pdf", mobile_number, language)

    async def line_key_facts_pdf(self, mobile_number: str, line_number: str, language: Language = DEFAULT) -> bytes:
        """GET webRepayment/credit/lines/{lineNumber}/keyFacts/pdf: the Key Facts the line was accepted on."""
        return await self._pdf(f"webRepayment/credit/lines/{line_number}/keyFacts/pdf", mobile_number, language)

    async def _pdf(self, path: str, mobile_number: str, language: Language) -> bytes:
        response = await self.http.request(
            "GET",
            path,
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
