"""Fineract mock: the calls of contracts/fineract.openapi.yaml, under /fineract-provider/api/v1.

As Fineract does: every call needs HTTP basic auth (the demo user `mifos`/`password`) and the
`Fineract-Platform-TenantId` header (`default`); amounts are JSON numbers with six decimals, dates
`[year, month, day]` arrays; the business date (`businessdate/BUSINESS_DATE`, Fineract 1.7+) is
the day of the mocks' one clock (`/_mocks/clock`), the day its books are kept on; a write with an
`Idempotency-Key` seen before answers the first answer again (`x-served-from-cache: true`), and a
repayment's `externalId` is unique per loan.
"""

from __future__ import annotations

import base64
from datetime import date, datetime
from decimal import Decimal
from typing import Any

import msgspec
from litestar import Litestar, Request, Response, get, post
from litestar.params import FromPath

from upstream_mocks.clock import mocks_today
from upstream_mocks.envelope import json_answer
from upstream_mocks.fineract.seed import (
    FineractState,
    Loan,
    Transaction,
    apply_payment,
    principal_outstanding,
    seed,
)
from upstream_mocks.world import MockWorld

API = "/fineract-provider/api/v1"
USER, PASSWORD, TENANT = "mifos", "password", "default"
SIX = Decimal("0.000001")
CURRENCY = {"code": "INR", "name": "Indian Rupee", "decimalPlaces": 2, "displaySymbol": "₹", "nameCode": "currency.INR"}


class RepaymentBody(msgspec.Struct, kw_only=True):
    transactionDate: str
    transactionAmount: Decimal
    locale: str
    dateFormat: str
    externalId: str | None = None
    paymentTypeId: int | None = None
    receiptNumber: str | None = None
    note: str | None = None


def _error(status: int, code: str, message: str) -> Response[Any]:
    return json_answer(
        {
            "developerMessage": message,
            "httpStatusCode": str(status),
            "defaultUserMessage": message,
            "userMessageGlobalisationCode": code,
            "errors": [
                {"developerMessage": message, "defaultUserMessage": message, "userMessageGlobalisationCode": code}
            ],
        },
        status,
    )


def _refused(request: Request[Any, Any, Any]) -> Response[Any] | None:
    if request.headers.get("fineract-platform-tenantid") != TENANT:
        return _error(
            400,
            "error.msg.tenant.missing",
            "No tenant identifier found: Add request header of 'Fineract-Platform-TenantId'",
        )
    expected = "Basic " + base64.b64encode(f"{USER}:{PASSWORD}".encode()).decode()
    if request.headers.get("authorization") != expected:
        return _error(401, "error.msg.not.authenticated", "Unauthenticated. Please login.")
    return None


def _day(value: date) -> list[int]:
    return [value.year, value.month, value.day]


def _n(amount: Decimal) -> Decimal:
    return amount.quantize(SIX)  # as Fineract prints a BigDecimal


def _status(loan: Loan) -> dict[str, Any]:
    closed = principal_outstanding(loan) == 0 and all(p.paid == p.total for p in loan.periods)
    if closed:
        return {
            "id": 600,
            "code": "loanStatusType.closed.obligations.met",
            "value": "Closed (obligations met)",
            "active": False,
            "closed": True,
        }
    return {"id": 300, "code": "loanStatusType.active", "value": "Active", "active": True, "closed": False}


def _summary(loan: Loan, today: date) -> dict[str, Any]:
    due = [p for p in loan.periods if p.due < today]

    def owed(periods: list[Any], part: str) -> Decimal:
        return sum((getattr(p, part) - getattr(p, f"{part}_paid") for p in periods), Decimal(0))

    overdue_periods = [p for p in due if p.paid < p.total]
    summary = {
        "currency": CURRENCY,
        "principalDisbursed": _n(loan.principal),
        "principalPaid": _n(sum((p.principal_paid for p in loan.periods), Decimal(0))),
        "principalOutstanding": _n(owed(loan.periods, "principal")),
        "principalOverdue": _n(owed(due, "principal")),
        "interestCharged": _n(sum((p.interest for p in loan.periods), Decimal(0))),
        "interestPaid": _n(sum((p.interest_paid for p in loan.periods), Decimal(0))),
        "interestOutstanding": _n(owed(loan.periods, "interest")),
        "interestOverdue": _n(owed(due, "interest")),
        "feeChargesOutstanding": _n(Decimal(0)),
        "feeChargesOverdue": _n(Decimal(0)),
        "penaltyChargesCharged": _n(sum((p.penalty for p in loan.periods), Decimal(0))),
        "penaltyChargesOutstanding": _n(owed(loan.periods, "penalty")),
        "penaltyChargesOverdue": _n(owed(due, "penalty")),
        "totalExpectedRepayment": _n(sum((p.total for p in loan.periods), Decimal(0))),
        "totalRepayment": _n(sum((p.paid for p in loan.periods), Decimal(0))),
        "totalOutstanding": _n(sum((p.total - p.paid for p in loan.periods), Decimal(0))),
        "totalOverdue": _n(sum((p.total - p.paid for p in due), Decimal(0))),
    }
    if overdue_periods:
        summary["overdueSinceDate"] = _day(overdue_periods[0].due)
    return summary


def _transaction(loan: Loan, t: Transaction) -> dict[str, Any]:
    repayment = t.kind == "repayment"
    found: dict[str, Any] = {
        "id": t.id,
        "loanId": loan.id,
        "type": {
            "id": 2 if repayment else 1,
            "code": f"loanTransactionType.{t.kind}",
            "value": "Repayment" if repayment else "Disbursement",
            "disbursement": not repayment,
            "repayment": repayment,
        },
        "date": _day(t.on),
        "currency": CURRENCY,
        "amount": _n(t.amount),
        "principalPortion": _n(t.principal),
        "interestPortion": _n(t.interest),
        "feeChargesPortion": _n(Decimal(0)),
        "penaltyChargesPortion": _n(t.penalty),
        "outstandingLoanBalance": _n(t.balance),
        "manuallyReversed": False,
    }
    if t.external_id is not None:
        found["externalId"] = t.external_id
    if t.receipt_number is not None:
        found["paymentDetailData"] = {"id": t.id, "receiptNumber": t.receipt_number}
    return found


def _schedule(loan: Loan, today: date) -> dict[str, Any]:
    periods: list[dict[str, Any]] = [
        {
            "dueDate": _day(loan.disbursed),
            "principalDisbursed": _n(loan.principal),
            "principalLoanBalanceOutstanding": _n(loan.principal),
        }
    ]
    start = loan.disbursed
    for p in loan.periods:
        periods.append(
            {
                "period": p.number,
                "fromDate": _day(start),
                "dueDate": _day(p.due),
                "complete": p.paid == p.total,
                "principalDue": _n(p.principal),
                "principalPaid": _n(p.principal_paid),
                "principalOutstanding": _n(p.principal - p.principal_paid),
                "interestDue": _n(p.interest),
                "interestPaid": _n(p.interest_paid),
                "interestOutstanding": _n(p.interest - p.interest_paid),
                "feeChargesDue": _n(Decimal(0)),
                "penaltyChargesDue": _n(p.penalty),
                "penaltyChargesPaid": _n(p.penalty_paid),
                "penaltyChargesOutstanding": _n(p.penalty - p.penalty_paid),
                "totalDueForPeriod": _n(p.total),
                "totalPaidForPeriod": _n(p.paid),
                "totalOutstandingForPeriod": _n(p.total - p.paid),
                "totalOverdue": _n(p.total - p.paid if p.due < today else Decimal(0)),
            }
        )
        start = p.due
    return {"currency": CURRENCY, "loanTermInDays": (loan.periods[-1].due - loan.disbursed).days, "periods": periods}


def _delinquent(loan: Loan, today: date) -> dict[str, Any]:
    """Days past due on the lender's own date (its clock), so no caller counts them on another."""
    unpaid = [p for p in loan.periods if p.due < today and p.paid < p.total]
    return {
        "pastDueDays": (today - unpaid[0].due).days if unpaid else 0,
        "delinquentAmount": _n(sum((p.total - p.paid for p in unpaid), Decimal(0))),
    }


def _loan_view(loan: Loan, client_name: str, today: date, associations: set[str]) -> dict[str, Any]:
    view: dict[str, Any] = {
        "id": loan.id,
        "accountNo": loan.account_no,
        "clientId": loan.client_id,
        "clientName": client_name,
        "loanProductName": loan.product,
        "status": _status(loan),
        "currency": CURRENCY,
        "principal": _n(loan.principal),
        "approvedPrincipal": _n(loan.principal),
        "annualInterestRate": _n(loan.annual_rate),
        "numberOfRepayments": len(loan.periods),
        "repaymentFrequencyType": {"id": 2, "code": "repaymentFrequency.periodFrequencyType.months", "value": "Months"},
        "timeline": {
            "submittedOnDate": _day(loan.disbursed),
            "approvedOnDate": _day(loan.disbursed),
            "actualDisbursementDate": _day(loan.disbursed),
            "expectedMaturityDate": _day(loan.periods[-1].due),
        },
        "summary": _summary(loan, today),
        "delinquent": _delinquent(loan, today),
    }
    if "repaymentSchedule" in associations:
        view["repaymentSchedule"] = _schedule(loan, today)
    if "transactions" in associations:
        view["transactions"] = [_transaction(loan, t) for t in loan.transactions]
    return view


def create_app(world: MockWorld) -> Litestar:
    world.register("fineract", lambda: seed(mocks_today(world)))

    def state() -> FineractState:
        st: FineractState = world.states["fineract"]
        return st

    @get(f"{API}/search")
    async def search(request: Request[Any, Any, Any]) -> Response[Any]:
        if refused := _refused(request):
            return refused
        query = request.query_params.get("query", "")
        if request.query_params.get("resource", "clients") != "clients":
            return json_answer([])
        found = [
            {
                "entityId": c.id,
                "entityAccountNo": c.account_no,
                "entityName": c.display_name,
                "entityType": "CLIENT",
                "entityMobileNo": c.mobile_no,
                "entityStatus": {"id": 300, "code": "clientStatusType.active", "value": "Active"},
                "parentId": 1,
                "parentName": "Head Office",
            }
            for c in state().clients.values()
            if query and (query == c.mobile_no or query.lower() in c.display_name.lower())
        ]
        return json_answer(found)

    @get(f"{API}/clients/{{client_id:int}}")
    async def client(request: Request[Any, Any, Any], client_id: FromPath[int]) -> Response[Any]:
        if refused := _refused(request):
            return refused
        found = state().clients.get(client_id)
        if found is None:
            return _error(404, "error.msg.client.id.invalid", f"Client with identifier {client_id} does not exist")
        status = {"id": 300, "code": "clientStatusType.active", "value": "Active"}
        view = {"id": found.id, "accountNo": found.account_no, "status": status, "active": True}
        return json_answer({**view, "displayName": found.display_name, "mobileNo": found.mobile_no, "officeId": 1})

    @get(f"{API}/loans")
    async def every_loan(request: Request[Any, Any, Any]) -> Response[Any]:
        if refused := _refused(request):
            return refused
        try:
            offset = int(request.query_params.get("offset", "0"))
            limit = int(request.query_params.get("limit", "200"))
        except ValueError:
            return _error(400, "validation.msg.validation.errors.exist", "offset and limit must be integers")
        if offset < 0 or not 0 < limit <= 1000:
            return _error(400, "validation.msg.validation.errors.exist", "offset from 0, limit from 1 to 1000")
        st = state()
        loans = sorted(st.loans.values(), key=lambda loan: loan.id)
        page = [
            {
                "id": loan.id,
                "accountNo": loan.account_no,
                "clientId": loan.client_id,
                "clientName": st.clients[loan.client_id].display_name,
                "status": _status(loan),
            }
            for loan in loans[offset : offset + limit]
        ]
        return json_answer({"totalFilteredRecords": len(loans), "pageItems": page})

    @get(f"{API}/clients/{{client_id:int}}/accounts")
    async def accounts(request: Request[Any, Any, Any], client_id: FromPath[int]) -> Response[Any]:
        if refused := _refused(request):
            return refused
        st = state()
        if client_id not in st.clients:
            return _error(404, "error.msg.client.id.invalid", f"Client with identifier {client_id} does not exist")
        today = mocks_today(world)
        loans = [
            {
                "id": loan.id,
                "accountNo": loan.account_no,
                "productName": loan.product,
                "status": _status(loan),
                "loanType": {"id": 1, "code": "accountType.individual", "value": "Individual"},
                "loanBalance": _n(_summary(loan, today)["totalOutstanding"]),
                "inArrears": bool(_summary(loan, today)["totalOverdue"]),
            }
            for loan in st.loans.values()
            if loan.client_id == client_id
        ]
        return json_answer({"loanAccounts": loans})

    @get(f"{API}/loans/{{loan_id:int}}")
    async def loan(request: Request[Any, Any, Any], loan_id: FromPath[int]) -> Response[Any]:
        if refused := _refused(request):
            return refused
        st = state()
        found = st.loans.get(loan_id)
        if found is None:
            return _error(404, "error.msg.loan.id.invalid", f"Loan with identifier {loan_id} does not exist")
        associations = set(request.query_params.get("associations", "").split(","))
        client = st.clients[found.client_id]
        return json_answer(_loan_view(found, client.display_name, mocks_today(world), associations))

    @get(f"{API}/businessdate/BUSINESS_DATE")
    async def business_date(request: Request[Any, Any, Any]) -> Response[Any]:
        if refused := _refused(request):
            return refused
        return json_answer({"type": "BUSINESS_DATE", "description": "Business Date", "date": _day(mocks_today(world))})

    @post(f"{API}/loans/{{loan_id:int}}/transactions", status_code=200)
    async def transactions(request: Request[Any, Any, Any], loan_id: FromPath[int]) -> Response[Any]:
        if refused := _refused(request):
            return refused
        st = state()
        raw = await request.body()
        key = request.headers.get("idempotency-key")
        if key is not None and key in st.idempotent:
            first, answer = st.idempotent[key]
            if first != raw:
                return _error(409, "error.msg.idempotency.key.reused", "Idempotency key was used with another request")
            return Response(answer, media_type="application/json", headers={"x-served-from-cache": "true"})
        if request.query_params.get("command") != "repayment":
            return _error(400, "error.msg.command.unsupported", "Unsupported command")
        found = st.loans.get(loan_id)
        if found is None:
            return _error(404, "error.msg.loan.id.invalid", f"Loan with identifier {loan_id} does not exist")
        try:
            asked = msgspec.json.decode(raw, type=RepaymentBody)
            on = (
                datetime.strptime(asked.transactionDate, "%d %B %Y").date()
                if asked.dateFormat == "dd MMMM yyyy"
                else date.fromisoformat(asked.transactionDate)
            )
        except (msgspec.ValidationError, msgspec.DecodeError, ValueError) as exc:
            return _error(400, "validation.msg.validation.errors.exist", f"Validation errors exist: {exc}")
        outstanding = sum((p.total - p.paid for p in found.periods), Decimal(0))
        amount = asked.transactionAmount
        if amount <= 0 or amount != amount.quantize(Decimal("0.01")) or amount > outstanding:
            return _error(
                400,
                "validation.msg.loan.transactionAmount.not.greater.than.zero",
                "transactionAmount must be above 0, in paise and not above the outstanding",
            )
        if asked.externalId and any(t.external_id == asked.externalId for t in found.transactions):
            return _error(
                403,
                "error.msg.loan.transaction.external.id.already.exists",
                f"Loan transaction with external id {asked.externalId} already exists",
            )
        principal, interest, penalty = apply_payment(found, amount)
        transaction = Transaction(
            id=st.next_transaction_id,
            kind="repayment",
            on=on,
            amount=amount,
            principal=principal,
            interest=interest,
            penalty=penalty,
            balance=principal_outstanding(found),
            external_id=asked.externalId,
            receipt_number=asked.receiptNumber,
        )
        st.next_transaction_id += 1
        found.transactions.append(transaction)
        answer = msgspec.json.encode(
            {
                "officeId": 1,
                "clientId": found.client_id,
                "loanId": found.id,
                "resourceId": transaction.id,
                "resourceExternalId": asked.externalId,
                "changes": {
                    "transactionDate": asked.transactionDate,
                    "transactionAmount": str(amount),
                    "locale": asked.locale,
                },
            }
        )
        if key is not None:
            st.idempotent[key] = (raw, answer)
        return Response(answer, media_type="application/json")

    return Litestar(
        route_handlers=[search, client, every_loan, accounts, loan, business_date, transactions],
        logging_config=None,  # the host process configures logging
    )
