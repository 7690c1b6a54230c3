"""The loan calls of the lending contract (`webRepayment/loans...`, our extension): the borrower's
loans, each loan's Key Facts Statement, statement of account and instalment schedule (JSON and
PDF) and how a payment would be applied. Dates and interest come from the mocks' one clock (upstream_mocks/clock.py)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any

from anyio import to_thread
from litestar import Request, Response, get
from litestar.handlers import HTTPRouteHandler
from litestar.params import FromPath

from upstream_mocks.clock import mocks_today
from upstream_mocks.envelope import envelope
from upstream_mocks.lending.foreclosure_routes import foreclosure_routes
from upstream_mocks.lending.history import Caller
from upstream_mocks.lending.loan_documents import render_key_facts, render_schedule, render_statement
from upstream_mocks.lending.loan_seed import seed_loans
from upstream_mocks.lending.loan_views import (
    ALLOCATION_ORDER,
    allocation_view,
    key_facts_view,
    money,
    schedule_view,
    statement_view,
    summary_view,
)
from upstream_mocks.lending.loans import Loan, Position, payments_of, position
from upstream_mocks.lending.seed import Borrower
from upstream_mocks.lending.settlement import lending_state
from upstream_mocks.money import has_paise_only
from upstream_mocks.texts import requested
from upstream_mocks.world import MockWorld

Found = tuple[Borrower, Loan, Position] | Response[Any]


def _pdf(content: bytes, name: str) -> Response[bytes]:
    return Response(
        content, media_type="application/pdf", headers={"content-disposition": f'attachment; filename="{name}.pdf"'}
    )


def _date(value: str | None) -> date | None:
    try:
        return date.fromisoformat(value) if value else None
    except ValueError:
        return None


def loan_routes(world: MockWorld, caller: Caller) -> list[HTTPRouteHandler]:
    world.register("loans", lambda: seed_loans(mocks_today(world)))

    def loans_of(user_id: int) -> list[Loan]:
        found: list[Loan] = world.states["loans"].get(user_id, [])
        return found

    def at(loan: Loan, today: date | None = None) -> Position:
        return position(loan, payments_of(loan, lending_state(world)), today or mocks_today(world))

    def who(request: Request[Any, Any, Any]) -> tuple[Borrower | None, Response[Any] | None]:
        try:
            user_id = int(request.query_params.get("userId", ""))
        except ValueError:
            return None, envelope(None, "Invalid request: userId must be an integer", 400)
        borrower, rejected = caller(request, user_id)
        if rejected:
            return None, rejected
        if borrower is None:
            return None, envelope(None, "Borrower not found", 404)
        return borrower, None

    def find(request: Request[Any, Any, Any], loan_number: str, today: date | None = None) -> Found:
        borrower, rejected = who(request)
        if rejected or borrower is None:
            return rejected or envelope(None, "Borrower not found", 404)
        loan = next((loan for loan in loans_of(borrower.user_id) if loan.loan_number == loan_number), None)
        if loan is None:
            return envelope(None, "Loan not found", 404)
        return borrower, loan, at(loan, today)

    def period(request: Request[Any, Any, Any]) -> tuple[date, date] | Response[Any]:
        start, end = _date(request.query_params.get("from")), _date(request.query_params.get("to"))
        if start is None or end is None:
            return envelope(None, "Invalid request: from and to must be dates (YYYY-MM-DD)", 400)
        if start > end:
            return envelope(None, "Invalid request: from must not be after to", 400)
        if end > mocks_today(world):
            return envelope(None, "Invalid request: a statement ends today at the latest", 400)
        return start, end

    @get("/webRepayment/loans")
    async def list_loans(request: Request[Any, Any, Any]) -> Response[Any]:
        borrower, rejected = who(request)
        if rejected or borrower is None:
            return rejected or envelope(None, "Borrower not found", 404)
        return envelope([summary_view(loan, at(loan)) for loan in loans_of(borrower.user_id)], "Loans")

    @get("/webRepayment/loans/{loan_number:str}/keyFacts")
    async def key_facts(request: Request[Any, Any, Any], loan_number: FromPath[str]) -> Response[Any]:
        found = find(request, loan_number)
        if isinstance(found, Response):
            return found
        borrower, loan, _ = found
        return envelope(key_facts_view(loan, borrower.user_name), "Key facts")

    @get("/webRepayment/loans/{loan_number:str}/keyFacts/pdf")
    async def key_facts_pdf(request: Request[Any, Any, Any], loan_number: FromPath[str]) -> Response[Any]:
        found = find(request, loan_number)
        if isinstance(found, Response):
            return found
        borrower, loan, now = found
        language = requested(request.headers)
        content = await to_thread.run_sync(render_key_facts, loan, borrower.user_name, now.today, language)
        return _pdf(content, f"key-facts-{loan.loan_number}-{language}")

    @get("/webRepayment/loans/{loan_number:str}/statement")
    async def statement(request: Request[Any, Any, Any], loan_number: FromPath[str]) -> Response[Any]:
        dates = period(request)
        if isinstance(dates, Response):
            return dates
        found = find(request, loan_number, dates[1])
        if isinstance(found, Response):
            return found
        _, loan, then = found
        return envelope(statement_view(loan, then, dates[0]), "Statement of account")

    @get("/webRepayment/loans/{loan_number:str}/statement/pdf")
    async def statement_pdf(request: Request[Any, Any, Any], loan_number: FromPath[str]) -> Response[Any]:
        dates = period(request)
        if isinstance(dates, Response):
            return dates
        found = find(request, loan_number, dates[1])
        if isinstance(found, Response):
            return found
        borrower, loan, then = found
        language = requested(request.headers)
        content = await to_thread.run_sync(render_statement, loan, borrower.user_name, then, dates[0], language)
        return _pdf(content, f"statement-{loan.loan_number}-{dates[0]}-{dates[1]}")

    @get("/webRepayment/loans/{loan_number:str}/schedule")
    async def schedule(request: Request[Any, Any, Any], loan_number: FromPath[str]) -> Response[Any]:
        found = find(request, loan_number)
        if isinstance(found, Response):
            return found
        _, loan, now = found
        return envelope(schedule_view(loan, now), "Instalment schedule")

    @get("/webRepayment/loans/{loan_number:str}/schedule/pdf")
    async def schedule_pdf(request: Request[Any, Any, Any], loan_number: FromPath[str]) -> Response[Any]:
        found = find(request, loan_number)
        if isinstance(found, Response):
            return found
        borrower, loan, now = found
        language = requested(request.headers)
        content = await to_thread.run_sync(render_schedule, loan, borrower.user_name, now, language)
        return _pdf(content, f"schedule-{loan.loan_number}")

    @get("/webRepayment/loans/{loan_number:str}/allocation")
    async def allocation(request: Request[Any, Any, Any], loan_number: FromPath[str]) -> Response[Any]:
        try:
            amount = Decimal(request.query_params.get("amount", ""))
        except InvalidOperation:
            amount = Decimal("NaN")
        found = find(request, loan_number)
        if isinstance(found, Response):
            return found
        _, loan, now = found
        due, minimum = now.overdue, now.minimum_payment
        if not amount.is_finite() or not has_paise_only(amount) or due == 0 or amount < minimum or amount > due:
            return envelope(None, "Amount must be in paise, at least the minimum and not above the overdue amount", 400)
        split = now.allocate(amount)
        return envelope(
            {
                "loanNumber": loan.loan_number,
                "amount": money(amount),
                "allocation": allocation_view(split),
                "order": ALLOCATION_ORDER,
                "overdueAmount": money(due),
                "overdueAfter": money(due - amount),
                "clearsOverdue": amount >= due,
                "minimumAmount": money(minimum),
            },
            "Allocation",
        )

    # QA read-out (not part of the upstream contract): every borrower's loans as they stand on
    # the mocks' clock today, for the QA console's dues.
    @get("/dues")
    async def dues() -> list[dict[str, Any]]:
        lending = lending_state(world)
        found = []
        for user_id, owned in sorted(world.states["loans"].items()):
            borrower = lending.borrower_by_id(user_id)
            for loan in owned:
                found.append(
                    {
                        **summary_view(loan, at(loan)),
                        "userId": user_id,
                        "borrowerName": borrower.user_name if borrower else None,
                        "mobileNumber": borrower.mobile_number if borrower else None,
                    }
                )
        return found

    return [
        dues,
        list_loans,
        key_facts,
        key_facts_pdf,
        statement,
        statement_pdf,
        schedule,
        schedule_pdf,
        allocation,
        *foreclosure_routes(world, find),
    ]
