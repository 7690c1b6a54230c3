"""Purchase credit: each borrower's limit, the store orders drawn on it, and what is overdue.

Kept apart from the repayment calls: `world.states["credit"]` holds limits and draws; a draw
adds to the borrower's amount owed (what `/payment` shows and repays), due in 30 days with no
interest. Repayments settle the oldest amount first, so what is owed beyond the draws not yet
due is overdue.

`GET /webRepayment/creditLimit` is a partner call (the store's service key in
`x-partner-key`), not a borrower one: the store asks for its shopper by mobile number.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

import msgspec
from litestar import Request, Response, get
from litestar.handlers import HTTPRouteHandler

from upstream_mocks.clock import mocks_today
from upstream_mocks.envelope import envelope
from upstream_mocks.ist import IST
from upstream_mocks.lending.dues import dues
from upstream_mocks.lending.partner_key import partner_refused
from upstream_mocks.lending.seed import Borrower, LendingState, seed
from upstream_mocks.money import rupees_text
from upstream_mocks.world import MockWorld

CREDIT_LIMIT = Decimal("500000.00")  # Rs. 5 lakh, the site's claim
CREDIT_DAYS = 30
_PAISA = Decimal("0.01")
_MOBILE = re.compile(r"^[0-9]{10}$")


class CreditDraw(msgspec.Struct, kw_only=True):
    reference: str  # the store order number
    mobile_number: str
    amount: Decimal
    drawn_at: datetime
    due_on: date


class CreditState(msgspec.Struct, kw_only=True):
    limits: dict[str, Decimal]  # by mobile number
    draws: list[CreditDraw] = msgspec.field(default_factory=list)


class CreditSummary(msgspec.Struct, rename="camel", kw_only=True):
    mobile_number: str
    credit_limit: Decimal
    outstanding: Decimal
    available: Decimal
    overdue_amount: Decimal
    next_due_on: date | None


class CreditRefused(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def seed_credit() -> CreditState:
    """Every seeded borrower may buy on credit up to the limit, less what they owe."""
    return CreditState(limits={mobile: CREDIT_LIMIT for mobile in seed().borrowers})


def _state(world: MockWorld) -> CreditState:
    st: CreditState = world.states["credit"]
    return st


def _lending(world: MockWorld) -> LendingState:
    st: LendingState = world.states["lending"]
    return st


def _rupees(value: Any) -> Decimal:
    exact = value if isinstance(value, Decimal) else Decimal(str(value))
    return exact.quantize(_PAISA, rounding=ROUND_HALF_UP)


def _owed(borrower: Borrower) -> Decimal:
    """The record's own dues (credit drawn), which draws, returns and cancellations change."""
    return _rupees(borrower.remaining_amount) if borrower.total_repayment_amount is not None else Decimal("0.00")


def summary(world: MockWorld, mobile_number: str, today: date) -> CreditSummary | None:
    """The borrower's credit position; None when the lender has no account for the number."""
    borrower = _lending(world).borrowers.get(mobile_number)
    limit = _state(world).limits.get(mobile_number)
    if borrower is None or limit is None:
        return None
    # All the borrower owes the lender, their loan's overdue too (dues.py); draws not yet due
    # are the record's own dues, never the loan's.
    owed = dues(world, borrower)
    outstanding = owed.remaining
    not_due = [d for d in _state(world).draws if d.mobile_number == mobile_number and d.due_on >= today]
    not_due_total = min(sum((d.amount for d in not_due), Decimal("0.00")), outstanding - owed.loan_overdue)
    return CreditSummary(
        mobile_number=mobile_number,
        credit_limit=limit,
        outstanding=outstanding,
        available=max(limit - outstanding, Decimal("0.00")),
        overdue_amount=outstanding - not_due_total,
        next_due_on=min((d.due_on for d in not_due), default=None),
    )


def refusal(position: CreditSummary | None, amount: Decimal) -> str | None:
    """Why credit cannot pay `amount`, in the words the shopper sees; None when it can."""
    if position is None:
        return "You do not have a credit account yet. Please choose another way to pay."
    if position.overdue_amount > 0:
        return f"You have an overdue amount of {rupees_text(position.overdue_amount)}. Please repay it first."
    if amount > position.available:
        return (
            f"The order total {rupees_text(amount)} is above your available credit of "
            f"{rupees_text(position.available)}."
        )
    return None


def draw(world: MockWorld, mobile_number: str, amount: Decimal, reference: str, now: datetime) -> CreditDraw:
    """Put an order on credit: the amount becomes owed, due in 30 days; refused as `refusal` says."""
    today = now.astimezone(IST).date()  # India's day, whatever zone `now` is in (not UTC's, at night in India)
    reason = refusal(summary(world, mobile_number, today), amount)
    if reason is not None:
        raise CreditRefused(reason)
    borrower = _lending(world).borrowers[mobile_number]
    owed = _owed(borrower) + amount
    # The repayment record keeps its own number type; only the sum is computed in Decimal.
    as_type = type(borrower.remaining_amount)
    borrower.remaining_amount = as_type(owed)
    borrower.pending_amount = as_type(_rupees(borrower.pending_amount) + amount)
    borrower.total_repayment_amount = as_type(_rupees(borrower.total_repayment_amount or 0) + amount)
    entry = CreditDraw(
        reference=reference,
        mobile_number=mobile_number,
        amount=amount,
        drawn_at=now,
        due_on=today + timedelta(days=CREDIT_DAYS),
    )
    _state(world).draws.append(entry)
    return entry


def credit_limit_handler(world: MockWorld) -> HTTPRouteHandler:
    @get("/webRepayment/creditLimit")
    async def credit_limit(request: Request[Any, Any, Any]) -> Response[Any]:
        refused = partner_refused(request, world.settings.partner_key)
        if refused is not None:
            return refused
        mobile = request.query_params.get("mobileNumber", "")
        if not _MOBILE.match(mobile):
            return envelope(None, "Invalid mobile number", 400)
        position = summary(world, mobile, mocks_today(world))
        if position is None:
            return envelope(None, "No credit account for this mobile number", 404)
        return envelope(msgspec.to_builtins(position), "Credit limit")

    return credit_limit


def reverse(world: MockWorld, reference: str) -> Decimal:
    """Cancel a credit order's amount owed (the refund policy: restored to the limit, bill reduced).

    Answers the amount taken off what the borrower owes; never below nothing owed, so a draw
    already repaid leaves a balance of zero rather than a negative one.
    """
    draws = _state(world).draws
    entry = next((d for d in draws if d.reference == reference), None)
    if entry is None:
        return Decimal("0.00")
    draws.remove(entry)
    borrower = _lending(world).borrowers[entry.mobile_number]
    taken = min(entry.amount, _owed(borrower))
    as_type = type(borrower.remaining_amount)
    borrower.remaining_amount = as_type(_owed(borrower) - taken)
    borrower.pending_amount = as_type(max(_rupees(borrower.pending_amount) - taken, Decimal("0.00")))
    borrower.total_repayment_amount = as_type(
        max(_rupees(borrower.total_repayment_amount or 0) - taken, Decimal("0.00"))
    )
    return taken


def reduce(world: MockWorld, reference: str, amount: Decimal) -> Decimal:
    """Take a returned part of a credit order off what the borrower owes for it (the refund
    policy: a return on credit lowers the bill and restores the limit). The draw shrinks by the
    amount, never below nothing; answers what was taken off."""
    entry = next((d for d in _state(world).draws if d.reference == reference), None)
    if entry is None or amount <= 0:
        return Decimal("0.00")
    borrower = _lending(world).borrowers[entry.mobile_number]
    taken = min(amount, entry.amount, _owed(borrower))
    entry.amount -= min(amount, entry.amount)
    as_type = type(borrower.remaining_amount)
    borrower.remaining_amount = as_type(_owed(borrower) - taken)
    borrower.pending_amount = as_type(max(_rupees(borrower.pending_amount) - taken, Decimal("0.00")))
    borrower.total_repayment_amount = as_type(
        max(_rupees(borrower.total_repayment_amount or 0) - taken, Decimal("0.00"))
    )
    return taken
