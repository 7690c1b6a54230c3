"""The lender's loan calls (contracts/lending.openapi.yaml, `webRepayment/loans...`): the borrower's
loans, each loan's Key Facts Statement, statement of account and schedule (data and PDF) and how a
payment would be applied. Bearer calls with the portal login's token; amounts exact decimals."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any, Literal

import msgspec

from gateway.errors import UpstreamError, UpstreamRefused
from gateway.language.codes import DEFAULT, Language, texts_in
from gateway.upstreams.envelope import Envelope
from gateway.upstreams.http import UpstreamHttp

LOANS_FAILED = "Could not load your loans."
DOCUMENT_FAILED = "Could not make this document."
ALLOCATION_REFUSED = "The lender does not take this amount for this loan."


class LoanLender(msgspec.Struct, rename="camel", kw_only=True):
    name: str
    registration: str
    website: str


class LoanNextDue(msgspec.Struct, rename="camel", kw_only=True):
    due_on: date
    amount: Decimal


class LoanSummary(msgspec.Struct, rename="camel", kw_only=True):
    loan_number: str
    status: Literal["current", "overdue", "closed"]
    lender: LoanLender
    lending_service_provider: str
    sanctioned_amount: Decimal
    disbursed_on: date
    principal_outstanding: Decimal
    principal_due: Decimal
    interest_due: Decimal
    interest_accrued: Decimal
    penal_charges: Decimal
    overdue_amount: Decimal
    minimum_payment: Decimal
    next_due: LoanNextDue | None
    days_past_due: int
    closed_on: date | None
    as_of: date


class LoanFee(msgspec.Struct, rename="camel", kw_only=True):
    kind: Literal["processing", "documentation", "stampDuty"]
    amount: Decimal
    payable_to: Literal["lender", "third party"]


class LoanPenalCharge(msgspec.Struct, rename="camel", kw_only=True):
    amount: Decimal
    basis: Literal["perMissedInstalment"]


class LoanRecoveryAgent(msgspec.Struct, rename="camel", kw_only=True):
    name: str
    phone: str


class LoanGrievanceOfficer(msgspec.Struct, rename="camel", kw_only=True):
    name: str
    email: str
    phone: str
    address: str


LoanAllocationPart = Literal["penalCharges", "interest", "principal"]


class LoanKeyFacts(msgspec.Struct, rename="camel", kw_only=True):
    loan_number: str
    borrower_name: str
    lender: LoanLender
    lending_service_provider: str
    sanctioned_amount: Decimal
    net_disbursed: Decimal
    disbursed_on: date
    interest_rate: Decimal
    rate_type: Literal["fixed", "floating"]
    apr: Decimal
    instalment_count: int
    instalment_frequency: Literal["monthly", "weekly", "fortnightly"]
    total_interest: Decimal
    total_fees: Decimal
    total_payable: Decimal
    fees: list[LoanFee]
    penal_charge: LoanPenalCharge
    cooling_off_days: int
    foreclosure_charge_percent: Decimal
    allocation_order: list[LoanAllocationPart]
    recovery_agents: list[LoanRecoveryAgent]
    grievance_officer: LoanGrievanceOfficer


class LoanPaymentSplit(msgspec.Struct, rename="camel", kw_only=True):
    penal_charges: Decimal
    interest: Decimal
    principal: Decimal


class LoanStatementRow(msgspec.Struct, rename="camel", kw_only=True):
    date: date
    kind: Literal["disbursement", "instalmentDue", "penalCharge", "payment"]
    instalment: int | None
    reference: str | None
    debit: Decimal
    credit: Decimal
    balance: Decimal
    allocation: LoanPaymentSplit | None


class LoanStatement(msgspec.Struct, rename="camel", kw_only=True):
    loan_number: str
    start: date = msgspec.field(name="from")
    end: date = msgspec.field(name="to")
    opening_balance: Decimal
    closing_balance: Decimal
    rows: list[LoanStatementRow]


class LoanInstalment(msgspec.Struct, rename="camel", kw_only=True):
    number: int
    due_on: date
    principal: Decimal
    interest: Decimal
    amount: Decimal
    paid: Decimal
    status: Literal["paid", "overdue", "due", "upcoming"]


class LoanSchedule(msgspec.Struct, rename="camel", kw_only=True):
    loan_number: str
    instalments: list[LoanInstalment]


class LoanAllocationPreview(msgspec.Struct, rename="camel", kw_only=True):
    loan_number: str
    amount: Decimal
    allocation: LoanPaymentSplit
    order: list[LoanAllocationPart]
    overdue_amount: Decimal
    overdue_after: Decimal
    clears_overdue: bool
    minimum_amount: Decimal


Document = Literal["keyFacts", "statement", "schedule"]


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
