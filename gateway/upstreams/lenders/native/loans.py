"""The lender's loan calls (contracts/lending.openapi.yaml, `webRepayment/loans...`): the borrower's
loans, each loan's Key Facts Statement, statement of account and schedule (data and PDF) and how a
payment would be applied. Bearer calls with the portal login's token; amounts exact decimals."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

from gateway.language.codes import DEFAULT, Language, texts_in
from gateway.plumbing.errors import UpstreamError, UpstreamRefused
from gateway.upstreams.envelope import Envelope
from gateway.upstreams.http import UpstreamHttp
from gateway.upstreams.lenders.loans import (
    Document,
    ForeclosurePayment,
    ForeclosureQuote,
    ForeclosureStatus,
    LoanAllocationPreview,
    LoanKeyFacts,
    LoanSchedule,
    LoanStatement,
    LoanSummary,
)

LOANS_FAILED = "Could not load your loans."
DOCUMENT_FAILED = "Could not make this document."
ALLOCATION_REFUSED = "The lender does not take this amount for this loan."
FORECLOSURE_FAILED = "The lender could not close this loan right now."


class LoansClient:
    def __init__(self, http: UpstreamHttp) -> None:
        self.http = http

    async def _data(
        self, path: str, type_: Any, token: str, params: dict[str, str | int], failure: str, code: str
    ) -> Any:
        answer = await self.http.call(
            "GET", path, Envelope[type_], params=params, token=token, failure=failure, code=code, need_data=True
        )
        return answer.data

    async def loans(self, token: str, user_id: int) -> list[LoanSummary]:
        found: list[LoanSummary] = await self._data(
            "webRepayment/loans", list[LoanSummary], token, {"userId": user_id}, LOANS_FAILED, "loans_failed"
        )
        return found

    async def key_facts(self, token: str, user_id: int, loan_number: str) -> LoanKeyFacts:
        facts: LoanKeyFacts = await self._data(
            f"webRepayment/loans/{loan_number}/keyFacts",
            LoanKeyFacts,
            token,
            {"userId": user_id},
            LOANS_FAILED,
            "loan_failed",
        )
        return facts

    async def statement(self, token: str, user_id: int, loan_number: str, start: date, end: date) -> LoanStatement:
        params: dict[str, str | int] = {"userId": user_id, "from": start.isoformat(), "to": end.isoformat()}
        found: LoanStatement = await self._data(
            f"webRepayment/loans/{loan_number}/statement", LoanStatement, token, params, LOANS_FAILED, "loan_failed"
        )
        return found

    async def schedule(self, token: str, user_id: int, loan_number: str) -> LoanSchedule:
        found: LoanSchedule = await self._data(
            f"webRepayment/loans/{loan_number}/schedule",
            LoanSchedule,
            token,
            {"userId": user_id},
            LOANS_FAILED,
            "loan_failed",
        )
        return found

    async def allocation(self, token: str, user_id: int, loan_number: str, amount: Decimal) -> LoanAllocationPreview:
        params: dict[str, str | int] = {"userId": user_id, "amount": format(amount, "f")}
        found: LoanAllocationPreview = await self._data(
            f"webRepayment/loans/{loan_number}/allocation",
            LoanAllocationPreview,
            token,
            params,
            ALLOCATION_REFUSED,
            "allocation_refused",
        )
        return found

    async def foreclosure_quote(self, token: str, user_id: int, loan_number: str) -> ForeclosureQuote:
        found: ForeclosureQuote = await self._data(
            f"webRepayment/loans/{loan_number}/foreclosure",
            ForeclosureQuote,
            token,
            {"userId": user_id},
            FORECLOSURE_FAILED,
            "foreclosure_failed",
        )
        return found

    async def pay_foreclosure(
        self,
        token: str,
        user_id: int,
        loan_number: str,
        amount: Decimal,
        idempotency_key: str,
        language: Language = DEFAULT,
    ) -> ForeclosurePayment:
        """POST .../foreclosure/payments under the browser's key: a retry answers the same session."""
        answer = await self.http.call(
            "POST",
            f"webRepayment/loans/{loan_number}/foreclosure/payments",
            Envelope[ForeclosurePayment],
            json={"amount": format(amount, "f")},
            params={"userId": user_id},
            token=token,
            headers={"Idempotency-Key": idempotency_key, **texts_in(language)},
            failure=FORECLOSURE_FAILED,
            code="foreclosure_failed",
            need_data=True,
            idempotent=True,  # the key makes a retry the same payment
        )
        assert answer.data is not None  # need_data
        return answer.data

    async def foreclosure_status(
        self, token: str, user_id: int, loan_number: str, payment_log_id: int
    ) -> ForeclosureStatus:
        answer = await self.http.call(
            "POST",
            f"webRepayment/loans/{loan_number}/foreclosure/payments/{payment_log_id}/status",
            Envelope[ForeclosureStatus],
            params={"userId": user_id},
            token=token,
            failure=FORECLOSURE_FAILED,
            code="foreclosure_failed",
            need_data=True,
            idempotent=True,  # asking again settles nothing twice
        )
        assert answer.data is not None  # need_data
        return answer.data

    async def document(
        self,
        token: str,
        user_id: int,
        loan_number: str,
        document: Document,
        language: Language = DEFAULT,
        period: tuple[date, date] | None = None,
    ) -> bytes:
        """GET webRepayment/loans/{loanNumber}/{document}/pdf (bearer): the PDF in `language`."""
        params: dict[str, str | int] = {"userId": user_id}
        if period is not None:
            params |= {"from": period[0].isoformat(), "to": period[1].isoformat()}
        response = await self.http.request(
            "GET",
            f"webRepayment/loans/{loan_number}/{document}/pdf",
            params=params,
            token=token,
            headers=texts_in(language),
            idempotent=True,
        )
        status = self.http.pdf_or_status(response)
        if isinstance(status, bytes):
            return status  # the PDF itself
        if status == 200:
            raise UpstreamError(DOCUMENT_FAILED, upstream=self.http.name, status=200)
        raise UpstreamRefused(DOCUMENT_FAILED, upstream=self.http.name, status=status, code="document_failed")
