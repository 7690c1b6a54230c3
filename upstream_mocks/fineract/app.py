"""Fineract mock: the calls of contracts/fineract.openapi.yaml, under /fineract-provider/api/v1,
as Fineract 1.9+ answers them (README.md beside this file names the behaviours and the sources).

Every call needs HTTP basic auth (the demo user `mifos`/`password`) and the
`Fineract-Platform-TenantId` header (`default`); amounts are JSON numbers with six decimals, dates
`[year, month, day]` arrays; the business date (`businessdate/BUSINESS_DATE`, Fineract 1.7+) is
the day of the mocks' one clock (`/_mocks/clock`). A write is a command kept under its
`Idempotency-Key` with its first outcome, a failure too (commands.py); a transaction's
`externalId` is unique across every loan; overdue figures are the arrears table's snapshot
(seed.py's `refresh_arrears`); QA's switches are in qa.py.
"""

from __future__ import annotations

import base64
import uuid
from collections.abc import Callable
from datetime import date, datetime
from decimal import Decimal
from typing import Annotated, Any

import msgspec
from litestar import Request, Response, get, post
from litestar.params import FromPath

from upstream_mocks.built_on_use import BuiltOnUse, mock_app
from upstream_mocks.clock import mocks_now, mocks_today
from upstream_mocks.envelope import json_answer
from upstream_mocks.fineract import commands
from upstream_mocks.fineract.foreclosure import detail, foreclose
from upstream_mocks.fineract.qa import qa_routes
from upstream_mocks.fineract.seed import (
    Client,
    Command,
    FineractState,
    Loan,
    Transaction,
    apply_payment,
    principal_outstanding,
    refresh_arrears,
    seed,
)
from upstream_mocks.world import MockWorld

API = "/fineract-provider/api/v1"
# Columns the loan list may be ordered by (Fineract puts `orderBy` into its SQL, checked).
ORDER_BY: dict[str, Callable[[Loan], Any]] = {
    "id": lambda loan: loan.id,
    "accountNo": lambda loan: loan.account_no,
    "account_no": lambda loan: loan.account_no,
}
ARREARS_JOB: dict[str, Any] = {
    "jobId": 2,
    "displayName": "Update Loan Arrears Ageing",
    "shortName": "LA_ARAG",
    "cronExpression": "0 1 0 1/1 * ? *",
    "active": True,
    "currentlyRunning": False,
}
USER, PASSWORD, TENANT = "mifos", "password", "default"
SIX = Decimal("0.000001")
CURRENCY = {"code": "INR", "name": "Indian Rupee", "decimalPlaces": 2, "displaySymbol": "₹", "nameCode": "currency.INR"}


class ForeclosureBody(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """The foreclosure command's parameters, and only those (LoanTransactionValidator
    .validateLoanForeclosure): no amount and no payment details, so no receipt number; the
    external id (Fineract 1.8 on, up to 100 characters) becomes the repayment transaction's."""

    transactionDate: str
    locale: str
    dateFormat: str
    note: str | None = None
    externalId: Annotated[str, msgspec.Meta(max_length=100)] | None = None


def _on(value: str, date_format: str) -> date:
    return datetime.strptime(value, "%d %B %Y").date() if date_format == "dd MMMM yyyy" else date.fromisoformat(value)


class RepaymentBody(msgspec.Struct, kw_only=True):
    transactionDate: str
    transactionAmount: Decimal
    locale: str
    dateFormat: str
    externalId: str | None = None
    paymentTypeId: int | None = None
    receiptNumber: str | None = None
    note: str | None = None


def _error_body(status: int, code: str, message: str) -> bytes:
    return msgspec.json.encode(
        {
            "developerMessage": message,
            "httpStatusCode": str(status),
            "defaultUserMessage": message,
            "userMessageGlobalisationCode": code,
            "errors": [
                {"developerMessage": message, "defaultUserMessage": message, "userMessageGlobalisationCode": code}
            ],
        }
    )


def _error(status: int, code: str, message: str) -> Response[Any]:
    return Response(_error_body(status, code, message), status_code=status, media_type="application/json")


def _not_found(code: str, message: str) -> Response[Any]:
    """Fineract's answer to an AbstractPlatformResourceNotFoundException (ApiGlobalErrorResponse.notFound)."""
    generic = "The requested resource is not available."
    error = {
        "developerMessage": message,
        "defaultUserMessage": message,
        "userMessageGlobalisationCode": code,
        "parameterName": "id",
        "args": [],
    }
    body = {
        "developerMessage": generic,
        "httpStatusCode": "404",
        "defaultUserMessage": generic,
        "userMessageGlobalisationCode": "error.msg.resource.not.found",
        "errors": [error],
    }
    return Response(msgspec.json.encode(body), status_code=404, media_type="application/json")


def _not_unique(parameter: str, value: str) -> bytes:
    """Fineract's PlatformApiDataValidationException for a unique constraint on a loan transaction."""
    message = f"The parameter `{parameter}` must be unique."
    return _invalid(f"validation.msg.loan.transaction.{parameter}.value.must.be.unique", message, parameter, value)


def _invalid(code: str, message: str, parameter: str | None = None, value: Any = None) -> bytes:
    """Fineract's PlatformApiDataValidationException (a 400): one error, its own code and words."""
    return msgspec.json.encode(
        {
            "developerMessage": "The request was invalid. This typically will happen due to validation errors "
            "which are provided.",
            "httpStatusCode": "400",
            "defaultUserMessage": "Validation errors exist.",
            "userMessageGlobalisationCode": "validation.msg.validation.errors.exist",
            "errors": [
                {
                    "developerMessage": message,
                    "defaultUserMessage": message,
                    "userMessageGlobalisationCode": code,
                    "parameterName": parameter or "id",
                    "value": value,
                    "args": [],
                }
            ],
        }
    )


def _refused(request: Request[Any, Any, Any], password: str = PASSWORD) -> Response[Any] | None:
    if request.headers.get("fineract-platform-tenantid") != TENANT:
        return _error(
            400,
            "error.msg.tenant.missing",
            "No tenant identifier found: Add request header of 'Fineract-Platform-TenantId'",
        )
    expected = "Basic " + base64.b64encode(f"{USER}:{password}".encode()).decode()
    if request.headers.get("authorization") != expected:
        return _error(401, "error.msg.not.authenticated", "Unauthenticated. Please login.")
    return None


def _day(value: date) -> list[int]:
    return [value.year, value.month, value.day]


def _n(amount: Decimal) -> Decimal:
    return amount.quantize(SIX)  # as Fineract prints a BigDecimal


def _status(loan: Loan) -> dict[str, Any]:
    if loan.overpaid > 0:  # Fineract's LoanStatus.OVERPAID: neither active nor closed
        return {
            "id": 700,
            "code": "loanStatusType.overpaid",
            "value": "Overpaid",
            "active": False,
            "closed": False,
            "overpaid": True,
        }
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


def _summary(loan: Loan) -> dict[str, Any]:
    """Outstanding figures are the loan's own; the overdue ones come from its arrears row, as
    Fineract reads them (m_loan_arrears_aging), however old that row is."""

    def owed(part: str) -> Decimal:
        return sum((getattr(p, part) - getattr(p, f"{part}_paid") for p in loan.periods), Decimal(0))

    arrears = loan.arrears
    zero = Decimal(0)
    summary = {
        "currency": CURRENCY,
        "principalDisbursed": _n(loan.principal),
        "principalPaid": _n(sum((p.principal_paid for p in loan.periods), Decimal(0))),
        "principalOutstanding": _n(owed("principal")),
        "principalOverdue": _n(arrears.principal if arrears else zero),
        "interestCharged": _n(sum((p.interest for p in loan.periods), Decimal(0))),
        "interestPaid": _n(sum((p.interest_paid for p in loan.periods), Decimal(0))),
        "interestOutstanding": _n(owed("interest")),
        "interestOverdue": _n(arrears.interest if arrears else zero),
        "feeChargesOutstanding": _n(Decimal(0)),
        "feeChargesOverdue": _n(Decimal(0)),
        "penaltyChargesCharged": _n(sum((p.penalty for p in loan.periods), Decimal(0))),
        "penaltyChargesOutstanding": _n(owed("penalty")),
        "penaltyChargesOverdue": _n(arrears.penalty if arrears else zero),
        "totalExpectedRepayment": _n(sum((p.total for p in loan.periods), Decimal(0))),
        "totalRepayment": _n(sum((p.paid for p in loan.periods), Decimal(0))),
        "totalOutstanding": _n(sum((p.total - p.paid for p in loan.periods), Decimal(0))),
        "totalOverdue": _n(arrears.total if arrears else zero),
    }
    if arrears is not None:
        summary["overdueSinceDate"] = _day(arrears.since)
    return summary


TRANSACTION_TYPES = {  # Fineract's LoanTransactionType: id and value by code
    "disbursement": (1, "Disbursement"),
    "repayment": (2, "Repayment"),
    "creditBalanceRefund": (20, "Credit Balance Refund"),
}


def _transaction(loan: Loan, t: Transaction) -> dict[str, Any]:
    repayment = t.kind == "repayment"
    type_id, type_value = TRANSACTION_TYPES[t.kind]
    found: dict[str, Any] = {
        "id": t.id,
        "loanId": loan.id,
        "type": {
            "id": type_id,
            "code": f"loanTransactionType.{t.kind}",
            "value": type_value,
            "disbursement": t.kind == "disbursement",
            "repayment": repayment,
            "creditBalanceRefund": t.kind == "creditBalanceRefund",
        },
        "date": _day(t.on),
        "currency": CURRENCY,
        "amount": _n(t.amount),
        "principalPortion": _n(t.principal),
        "interestPortion": _n(t.interest),
        "feeChargesPortion": _n(Decimal(0)),
        "penaltyChargesPortion": _n(t.penalty),
        "overpaymentPortion": _n(t.overpayment),
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


LOAN_TYPES = {
    "individual": {"id": 1, "code": "accountType.individual", "value": "Individual"},
    "group": {"id": 2, "code": "accountType.group", "value": "Group"},
    "jlg": {"id": 3, "code": "accountType.jlg", "value": "JLG"},
}


def _borrowers(st: FineractState, loan: Loan) -> dict[str, Any]:
    """Who the loan is to, as LoanReadPlatformServiceImpl's row mapper gives it: a client's loan
    names the client; a group's (loanType group) has no client at all, only `group`; a JLG loan
    both (GroupGeneralData)."""
    view: dict[str, Any] = {"loanType": LOAN_TYPES[loan.loan_type]}
    if loan.client_id is not None:
        client = st.clients[loan.client_id]
        view |= {"clientId": client.id, "clientAccountNo": client.account_no, "clientName": client.display_name}
    if loan.group_id is not None:
        group = st.groups[loan.group_id]
        status = {"id": 300, "code": "clientStatusType.active", "value": "Active"}
        view["group"] = {
            "id": group.id,
            "accountNo": group.account_no,
            "name": group.name,
            "status": status,
            "active": True,
            "officeId": 1,
            "hierarchy": ".",
        }
    return view


def _owner(loan: Loan) -> dict[str, int]:
    """A command's answer names the loan's client, or its group for a group's loan (nulls left out)."""
    return {"clientId": loan.client_id} if loan.client_id is not None else {"groupId": loan.group_id or 0}


def _loan_view(loan: Loan, borrowers: dict[str, Any], today: date, associations: set[str]) -> dict[str, Any]:
    view: dict[str, Any] = {
        "id": loan.id,
        "accountNo": loan.account_no,
        **borrowers,
        "loanProductName": loan.product,
        "status": _status(loan),
        "currency": CURRENCY,
        "principal": _n(loan.principal),
        "approvedPrincipal": _n(loan.principal),
        "annualInterestRate": _n(loan.annual_rate),
        "isFloatingInterestRate": loan.floating,
        "numberOfRepayments": len(loan.periods),
        "repaymentFrequencyType": {"id": 2, "code": "repaymentFrequency.periodFrequencyType.months", "value": "Months"},
        "timeline": {
            "submittedOnDate": _day(loan.disbursed),
            "approvedOnDate": _day(loan.disbursed),
            "actualDisbursementDate": _day(loan.disbursed),
            "expectedMaturityDate": _day(loan.periods[-1].due),
        },
        "summary": _summary(loan),
        "delinquent": _delinquent(loan, today),
    }
    if loan.overpaid > 0:
        view["totalOverpaid"] = _n(loan.overpaid)
    if "repaymentSchedule" in associations:
        view["repaymentSchedule"] = _schedule(loan, today)
    if "transactions" in associations:
        view["transactions"] = [_transaction(loan, t) for t in loan.transactions]
    return view


def _asked(request: Request[Any, Any, Any], command: Command) -> bool:
    """The command matches the search's filters (action, entity, resource, loan)."""
    q = request.query_params
    return (
        q.get("actionName", command.action) == command.action
        and q.get("entityName", command.entity) == command.entity
        and q.get("resourceId", str(command.loan_id)) == str(command.loan_id)
        and q.get("loanid", str(command.loan_id)) == str(command.loan_id)
    )


def create_app(world: MockWorld) -> BuiltOnUse:
    world.register("fineract", lambda: seed(mocks_today(world)))
    world.register(commands.HELD, dict)

    def state() -> FineractState:
        st: FineractState = world.states["fineract"]
        return st

    @get(f"{API}/search")
    async def search(request: Request[Any, Any, Any]) -> Response[Any]:
        if refused := _refused(request, world.settings.fineract_password):
            return refused
        query = request.query_params.get("query", "")
        exact = request.query_params.get("exactMatch", "false").lower() == "true"
        if request.query_params.get("resource", "clients") != "clients":
            return json_answer([])

        def matches(client: Client) -> bool:
            # Fineract's SQL: account number, name, external id or mobile `like '%query%'` (the
            # whole value with exactMatch=true), the mobile as typed: '+91 98111 22233' holds
            # '22233', never '9811122233'.
            fields = (client.account_no, client.display_name, client.mobile_no)
            if exact:
                return query in fields
            return any(query.lower() in field.lower() for field in fields)

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
            for c in sorted(state().clients.values(), key=lambda c: c.id, reverse=True)  # its `order by c.id desc`
            if query and matches(c)
        ]
        return json_answer(found)

    @get(f"{API}/clients/{{client_id:int}}")
    async def client(request: Request[Any, Any, Any], client_id: FromPath[int]) -> Response[Any]:
        if refused := _refused(request, world.settings.fineract_password):
            return refused
        found = state().clients.get(client_id)
        if found is None:
            return _error(404, "error.msg.client.id.invalid", f"Client with identifier {client_id} does not exist")
        status = {"id": 300, "code": "clientStatusType.active", "value": "Active"}
        view = {"id": found.id, "accountNo": found.account_no, "status": status, "active": True}
        return json_answer({**view, "displayName": found.display_name, "mobileNo": found.mobile_no, "officeId": 1})

    @get(f"{API}/loans")
    async def every_loan(request: Request[Any, Any, Any]) -> Response[Any]:
        if refused := _refused(request, world.settings.fineract_password):
            return refused
        try:
            offset = int(request.query_params.get("offset", "0"))
            limit = int(request.query_params.get("limit", "200"))
        except ValueError:
            return _error(400, "validation.msg.validation.errors.exist", "offset and limit must be integers")
        if offset < 0 or not 0 < limit <= 1000:
            return _error(400, "validation.msg.validation.errors.exist", "offset from 0, limit from 1 to 1000")
        st = state()
        order_by = request.query_params.get("orderBy")
        sort_order = request.query_params.get("sortOrder", "ASC").upper()
        if order_by is not None and (order_by not in ORDER_BY or sort_order not in ("ASC", "DESC")):
            return _error(400, "validation.msg.validation.errors.exist", "orderBy or sortOrder not allowed")
        if order_by is not None:
            loans = sorted(st.loans.values(), key=ORDER_BY[order_by], reverse=sort_order == "DESC")
        else:
            # No ORDER BY: the database's order, which need not hold from one page to the next.
            st.loan_reads += 1
            loans = sorted(st.loans.values(), key=lambda loan: loan.id)
            turn = st.loan_reads % len(loans) if loans else 0
            loans = loans[turn:] + loans[:turn]
        page = [
            {"id": loan.id, "accountNo": loan.account_no, **_borrowers(st, loan), "status": _status(loan)}
            for loan in loans[offset : offset + limit]
        ]
        return json_answer({"totalFilteredRecords": len(loans), "pageItems": page})

    @get(f"{API}/clients/{{client_id:int}}/accounts")
    async def accounts(request: Request[Any, Any, Any], client_id: FromPath[int]) -> Response[Any]:
        if refused := _refused(request, world.settings.fineract_password):
            return refused
        st = state()
        if client_id not in st.clients:
            return _error(404, "error.msg.client.id.invalid", f"Client with identifier {client_id} does not exist")
        loans = [
            {
                "id": loan.id,
                "accountNo": loan.account_no,
                "productName": loan.product,
                "status": _status(loan),
                "loanType": LOAN_TYPES[loan.loan_type],  # a member's JLG loan is hers; the group's is not
                "loanBalance": _n(_summary(loan)["totalOutstanding"]),
                "inArrears": loan.arrears is not None,
            }
            for loan in st.loans.values()
            if loan.client_id == client_id
        ]
        return json_answer({"loanAccounts": loans})

    @get(f"{API}/loans/{{loan_id:int}}")
    async def loan(request: Request[Any, Any, Any], loan_id: FromPath[int]) -> Response[Any]:
        if refused := _refused(request, world.settings.fineract_password):
            return refused
        st = state()
        found = st.loans.get(loan_id)
        if found is None:
            return _error(404, "error.msg.loan.id.invalid", f"Loan with identifier {loan_id} does not exist")
        associations = set(request.query_params.get("associations", "").split(","))
        return json_answer(_loan_view(found, _borrowers(st, found), mocks_today(world), associations))

    @get(f"{API}/businessdate/BUSINESS_DATE")
    async def business_date(request: Request[Any, Any, Any]) -> Response[Any]:
        """The m_business_date row, whatever the configuration says (BusinessDateReadPlatformServiceImpl
        .findByType reads the row alone): the clock's day while the feature is on; turned off, the
        row it kept (stale); never turned on, none: 404 `error.msg.businessdate.not.found`."""
        if refused := _refused(request, world.settings.fineract_password):
            return refused
        controls = state().controls
        kept = mocks_today(world) if controls.business_date == "on" else controls.business_date_kept
        if kept is None:
            return _not_found(
                "error.msg.businessdate.not.found", "Business date with type `BUSINESS_DATE` is not found."
            )
        return json_answer({"type": "BUSINESS_DATE", "description": "Business Date", "date": _day(kept)})

    @get(f"{API}/configurations/name/{{name:str}}")
    async def configuration(request: Request[Any, Any, Any], name: FromPath[str]) -> Response[Any]:
        """GlobalConfigurationApiResource.retrieveOneByName, for the one property this lender's
        clients read: `enable_business_date` (changelog 0015_add_business_date.xml)."""
        if refused := _refused(request, world.settings.fineract_password):
            return refused
        if name != "enable_business_date":
            return _not_found(
                "error.msg.configuration.property.invalid", f"Configuration property `{name}` does not exist"
            )
        return json_answer(
            {
                "name": name,
                "enabled": state().controls.business_date == "on",
                "value": 0,
                "id": 40,
                "description": "Whether the logical business date functionality is enabled in the system",
                "trapDoor": False,
            }
        )

    def transaction_asked(loan_id: int, raw: bytes) -> tuple[Loan, RepaymentBody, date] | tuple[int, bytes]:
        """A transaction command's loan, body and date, or the answer refusing it (status, body)."""
        found = state().loans.get(loan_id)
        if found is None:
            return 404, _error_body(404, "error.msg.loan.id.invalid", f"Loan with identifier {loan_id} does not exist")
        try:
            asked = msgspec.json.decode(raw, type=RepaymentBody)
            on = (
                datetime.strptime(asked.transactionDate, "%d %B %Y").date()
                if asked.dateFormat == "dd MMMM yyyy"
                else date.fromisoformat(asked.transactionDate)
            )
        except (msgspec.ValidationError, msgspec.DecodeError, ValueError) as exc:
            return 400, _error_body(400, "validation.msg.validation.errors.exist", f"Validation errors exist: {exc}")
        return found, asked, on

    def external_id_taken(external_id: str) -> bool:
        """Unique across every loan's transactions (m_loan_transaction_external_id_key)."""
        return any(t.external_id == external_id for loan in state().loans.values() for t in loan.transactions)

    def book(loan_id: int, raw: bytes) -> tuple[int, bytes]:
        """The repayment command itself: (status, body), nothing booked unless 200."""
        st = state()
        read = transaction_asked(loan_id, raw)
        if isinstance(read[1], bytes):
            return read[0], read[1]
        found, asked, on = read
        outstanding = sum((p.total - p.paid for p in found.periods), Decimal(0))
        amount = asked.transactionAmount
        # Fineract takes a repayment on a loan Active, Fully Paid or Overpaid (LoanTransactionValidator's
        # validateLoanStatusIsActiveOrFullyPaidOrOverpaid), and more than is owed: the loan turns Overpaid.
        if amount <= 0 or amount != amount.quantize(Decimal("0.01")):
            return 400, _error_body(
                400,
                "validation.msg.loan.transactionAmount.not.greater.than.zero",
                "transactionAmount must be above 0, in paise",
            )
        if asked.externalId and external_id_taken(asked.externalId):
            return 400, _not_unique("externalId", asked.externalId)
        principal, interest, penalty = apply_payment(found, min(amount, outstanding))
        overpayment = amount - principal - interest - penalty
        found.overpaid += overpayment
        transaction = Transaction(
            id=st.next_transaction_id,
            kind="repayment",
            on=on,
            amount=amount,
            principal=principal,
            interest=interest,
            penalty=penalty,
            overpayment=overpayment,
            balance=principal_outstanding(found),
            external_id=asked.externalId,
            receipt_number=asked.receiptNumber,
        )
        st.next_transaction_id += 1
        found.transactions.append(transaction)
        refresh_arrears(found, mocks_today(world))  # the arrears row is worked out after a repayment
        return 200, msgspec.json.encode(
            {
                "officeId": 1,
                **_owner(found),
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

    def not_active(loan_id: int) -> bytes | None:
        found = state().loans.get(loan_id)
        if found is None:
            return _error_body(404, "error.msg.loan.id.invalid", f"Loan with identifier {loan_id} does not exist")
        if not _status(found)["active"]:
            return _error_body(403, "loan.foreclosure.not.active", "Loan is not active; it cannot be foreclosed")
        return None

    @get(f"{API}/loans/{{loan_id:int}}/transactions/template")
    async def transaction_template(request: Request[Any, Any, Any], loan_id: FromPath[int]) -> Response[Any]:
        """Only the foreclosure template (`command=foreclosure`), on the business date or `transactionDate`."""
        if refused := _refused(request, world.settings.fineract_password):
            return refused
        q = request.query_params
        if q.get("command") != "foreclosure":
            return _error(400, "error.msg.command.unsupported", "Unsupported command")
        if (problem := not_active(loan_id)) is not None:
            status = 403 if b"not.active" in problem else 404
            return Response(problem, status_code=status, media_type="application/json")
        try:
            on = _on(q["transactionDate"], q.get("dateFormat", "")) if q.get("transactionDate") else mocks_today(world)
        except ValueError as exc:
            return _error(400, "validation.msg.validation.errors.exist", f"Validation errors exist: {exc}")
        if on > mocks_today(world):
            return _error(403, "loan.foreclosure.future.date", "The foreclosure date cannot be in the future")
        found = state().loans[loan_id]
        owed = detail(found, on)
        return json_answer(
            {
                "type": {"id": 2, "code": "loanTransactionType.repayment", "value": "Repayment", "repayment": True},
                "date": _day(on),
                "currency": CURRENCY,
                "amount": _n(owed.total),
                "principalPortion": _n(owed.principal),
                "interestPortion": _n(owed.interest),
                "feeChargesPortion": _n(owed.fees),
                "penaltyChargesPortion": _n(owed.penalty),
                "outstandingLoanBalance": _n(owed.principal),
                "loanId": found.id,
            }
        )

    def book_foreclosure(loan_id: int, raw: bytes) -> tuple[int, bytes]:
        if (problem := not_active(loan_id)) is not None:
            return (403 if b"not.active" in problem else 404), problem
        try:
            asked = msgspec.json.decode(raw, type=ForeclosureBody)
            on = _on(asked.transactionDate, asked.dateFormat)
        except (msgspec.ValidationError, msgspec.DecodeError, ValueError) as exc:
            return 400, _error_body(400, "validation.msg.validation.errors.exist", f"Validation errors exist: {exc}")
        if on != mocks_today(world):
            return 403, _error_body(403, "loan.foreclosure.date.not.business.date", "Foreclose on the business date")
        st = state()
        if asked.externalId and any(
            t.external_id == asked.externalId for loan in st.loans.values() for t in loan.transactions
        ):
            return 400, _not_unique("externalId", asked.externalId)  # unique across every loan's transactions
        found = st.loans[loan_id]
        transaction = foreclose(found, on, st.next_transaction_id, asked.externalId)
        st.next_transaction_id += 1
        refresh_arrears(found, mocks_today(world))
        changes = {
            "transactionDate": asked.transactionDate,
            "locale": asked.locale,
            "eventAmount": str(transaction.amount),
        }
        answer = {
            "officeId": 1,
            **_owner(found),
            "loanId": found.id,
            "resourceId": transaction.id,
            "resourceExternalId": asked.externalId,
        }
        return 200, msgspec.json.encode({**answer, "changes": changes})

    @post(f"{API}/loans/{{loan_id:int}}/transactions", status_code=200)
    async def transactions(request: Request[Any, Any, Any], loan_id: FromPath[int]) -> Response[Any]:
        if refused := _refused(request, world.settings.fineract_password):
            return refused
        command_name = request.query_params.get("command")
        actions = {"repayment": "REPAYMENT", "foreclosure": "FORECLOSURE", "creditBalanceRefund": "CREDITBALANCEREFUND"}
        if command_name not in actions:
            return _error(400, "error.msg.command.unsupported", "Unsupported command")
        action = actions[command_name]
        st = state()
        raw = await request.body()
        # Fineract makes a key of its own for a write without one: it is never replayed.
        key = request.headers.get("idempotency-key") or f"generated-{uuid.uuid4()}"
        earlier = commands.find(st, action, "LOAN", key)
        if earlier is not None:
            answer = commands.cached(earlier, raw)
            if answer is not None:
                return answer
            return _error(
                403,
                "error.msg.unknown.data.integrity.issue",
                "Unknown data integrity issue with resource: the idempotency key is taken",
            )
        command = commands.begin(world, st, key, loan_id, raw, action)
        if action == "FORECLOSURE":
            return commands.finish(command, *book_foreclosure(loan_id, raw))
        if action == "CREDITBALANCEREFUND":
            return commands.finish(command, *book_credit_balance_refund(loan_id, raw))
        controls = st.controls
        if controls.hold_next > 0:
            controls.hold_next -= 1
            await commands.hold(world, command)
        if controls.fail_next > 0:
            controls.fail_next -= 1
            failure = _error_body(500, "error.msg.platform.server.side.error", "Platform internal server error")
            return commands.finish(command, 500, failure)
        if controls.maker_checker:
            status, body = book_checked(loan_id, raw)
            if status != 200:
                return commands.finish(command, status, body)
            return commands.awaiting_approval(command)
        status, body = book(loan_id, raw)
        return commands.finish(command, status, body)

    def book_credit_balance_refund(loan_id: int, raw: bytes) -> tuple[int, bytes]:
        """What an overpaid loan's borrower is given back (LoanWritePlatformService's
        creditBalanceRefund): at most the overpaid amount; the loan is closed (obligations met)
        once nothing overpaid is left."""
        st = state()
        read = transaction_asked(loan_id, raw)
        if isinstance(read[1], bytes):
            return read[0], read[1]
        found, asked, on = read
        # Fineract's own codes (its CreditBalanceRefundTest): all data validation errors, 400.
        if found.overpaid <= 0:
            return 400, _invalid(
                "error.msg.loan.credit.balance.refund.account.is.not.overpaid",
                "Loan Credit Balance Refund is not allowed. Loan Account is not Overpaid.",
            )
        if on > mocks_today(world):
            return 400, _invalid(
                "error.msg.transaction.date.cannot.be.in.the.future",
                "The transaction date cannot be in the future.",
                "transactionDate",
                asked.transactionDate,
            )
        amount = asked.transactionAmount
        if amount <= 0:
            return 400, _invalid(
                "validation.msg.loan.transaction.transactionAmount.not.greater.than.zero",
                "The parameter `transactionAmount` must be greater than 0.",
                "transactionAmount",
                str(amount),
            )
        if amount != amount.quantize(Decimal("0.01")) or amount > found.overpaid:
            return 400, _invalid(
                "error.msg.transactionAmount.invalid.must.be.>zero.and<=overpaidamount",
                "Transaction amount cannot be zero or less than zero or greater than overpaid amount",
                "transactionAmount",
                str(amount),
            )
        if asked.externalId and external_id_taken(asked.externalId):
            return 400, _invalid(
                "error.msg.loan.creditBalanceRefund.duplicate.externalId",
                f"Credit balance refund with external id {asked.externalId} already exists",
                "externalId",
                asked.externalId,
            )
        found.overpaid -= amount
        transaction = Transaction(
            id=st.next_transaction_id,
            kind="creditBalanceRefund",
            on=on,
            amount=amount,
            balance=principal_outstanding(found),
            external_id=asked.externalId,
        )
        st.next_transaction_id += 1
        found.transactions.append(transaction)
        return 200, msgspec.json.encode(
            {
                "officeId": 1,
                **_owner(found),
                "loanId": found.id,
                "resourceId": transaction.id,
                "resourceExternalId": asked.externalId,
                "changes": {"transactionDate": asked.transactionDate, "transactionAmount": str(amount)},
            }
        )

    def book_checked(loan_id: int, raw: bytes) -> tuple[int, bytes]:
        """The command's checks without its booking, as a maker's command is validated then rolled
        back to await the checker."""
        snapshot = msgspec.json.encode(state().loans.get(loan_id)) if loan_id in state().loans else None
        next_id = state().next_transaction_id
        status, body = book(loan_id, raw)
        if status == 200 and snapshot is not None:
            state().loans[loan_id] = msgspec.json.decode(snapshot, type=Loan)
            state().next_transaction_id = next_id
        return status, body

    @get(f"{API}/loans/{{loan_id:int}}/transactions/external-id/{{external_id:str}}")
    async def transaction_by_external_id(
        request: Request[Any, Any, Any], loan_id: FromPath[int], external_id: FromPath[str]
    ) -> Response[Any]:
        if refused := _refused(request, world.settings.fineract_password):
            return refused
        found = state().loans.get(loan_id)
        if found is None:
            return _error(404, "error.msg.loan.id.invalid", f"Loan with identifier {loan_id} does not exist")
        booked = next((t for t in found.transactions if t.external_id == external_id), None)
        if booked is None:
            return _error(
                404,
                "error.msg.loan.transaction.external.id.invalid",
                f"Transaction with external identifier {external_id} does not exist",
            )
        return json_answer(_transaction(found, booked))

    @get(f"{API}/audits/{{audit_id:int}}")
    async def audit(request: Request[Any, Any, Any], audit_id: FromPath[int]) -> Response[Any]:
        if refused := _refused(request, world.settings.fineract_password):
            return refused
        st = state()
        command = st.commands.get(audit_id)
        if command is None:
            return _error(404, "error.msg.command.id.invalid", f"Audit with identifier {audit_id} does not exist")
        return json_answer(commands.audit(st, command))

    @get(f"{API}/audits")
    async def audits(request: Request[Any, Any, Any]) -> Response[Any]:
        """The audit trail of commands, whatever became of them, filtered as Fineract's search is."""
        if refused := _refused(request, world.settings.fineract_password):
            return refused
        st = state()
        return json_answer([commands.audit(st, c) for c in st.commands.values() if _asked(request, c)])

    @get(f"{API}/makercheckers")
    async def maker_checkers(request: Request[Any, Any, Any]) -> Response[Any]:
        """Commands awaiting a checker, filtered as Fineract's search is (action, entity, resource)."""
        if refused := _refused(request, world.settings.fineract_password):
            return refused
        st = state()
        found = [c for c in st.commands.values() if c.status == "awaitingApproval" and _asked(request, c)]
        return json_answer([commands.audit(st, c) for c in found])

    @post(f"{API}/makercheckers/{{audit_id:int}}", status_code=200)
    async def check(request: Request[Any, Any, Any], audit_id: FromPath[int]) -> Response[Any]:
        """A checker approves (the command is processed now, as it would have been) or rejects."""
        if refused := _refused(request, world.settings.fineract_password):
            return refused
        st = state()
        command = st.commands.get(audit_id)
        if command is None or command.status != "awaitingApproval":
            return _error(404, "error.msg.command.id.invalid", f"Audit with identifier {audit_id} does not exist")
        asked = request.query_params.get("command")
        command.checked_on = mocks_now(world)
        if asked == "reject":
            command.status = "rejected"
            return json_answer({"commandId": command.id, "resourceId": command.loan_id})
        if asked != "approve":
            return _error(400, "error.msg.command.unsupported", "Unsupported command")
        status, body = book(command.loan_id, command.body)
        answer = commands.finish(command, status, body)
        if status == 200:
            return json_answer({**msgspec.json.decode(body), "commandId": command.id})
        return answer

    @get(f"{API}/jobs")
    async def jobs(request: Request[Any, Any, Any]) -> Response[Any]:
        if refused := _refused(request, world.settings.fineract_password):
            return refused
        return json_answer([ARREARS_JOB])

    @post(f"{API}/jobs/{{job:str}}", status_code=202)
    async def run_job(request: Request[Any, Any, Any], job: FromPath[str]) -> Response[Any]:
        """`jobs/{jobId}?command=executeJob`: the arrears ageing job is the one this lender runs."""
        if refused := _refused(request, world.settings.fineract_password):
            return refused
        if job != str(ARREARS_JOB["jobId"]):
            return _error(404, "error.msg.sheduler.job.id.invalid", f"Job with identifier {job} does not exist")
        return run_arrears(request)

    @post(f"{API}/jobs/short-name/{{short_name:str}}", status_code=202)
    async def run_job_by_name(request: Request[Any, Any, Any], short_name: FromPath[str]) -> Response[Any]:
        if refused := _refused(request, world.settings.fineract_password):
            return refused
        if short_name != ARREARS_JOB["shortName"]:
            return _error(404, "error.msg.sheduler.job.id.invalid", f"Job with identifier {short_name} does not exist")
        return run_arrears(request)

    def run_arrears(request: Request[Any, Any, Any]) -> Response[Any]:
        if request.query_params.get("command") != "executeJob":
            return _error(400, "error.msg.unrecognized.query.param", "Unrecognized query param command")
        today = mocks_today(world)
        for found in state().loans.values():
            refresh_arrears(found, today, found.arrears_grace_days)
        return Response(b"", status_code=202)

    return mock_app(
        [
            search,
            client,
            every_loan,
            accounts,
            loan,
            business_date,
            configuration,
            transactions,
            transaction_template,
            transaction_by_external_id,
            audit,
            audits,
            maker_checkers,
            check,
            jobs,
            run_job,
            run_job_by_name,
            *qa_routes(world),
        ],
    )
