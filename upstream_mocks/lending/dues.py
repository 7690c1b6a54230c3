"""What a borrower owes the lender now: the one figure repaymentDetail, the login record, the
payment cap, the receipt's balance and the credit limit read.

For a borrower whose loan the portal collects for (LN-1001), it is that loan's overdue on the
mocks' clock (loans.py: principal and interest due and penal charges, the same position the loan
calls answer), plus the account's other dues: what the borrower drew on credit at the checkout
(credit.py), kept on the borrower record. For any other borrower it is the record alone. So when
QA moves the mocks' clock past a due date, /payment and the loan pages move together.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import msgspec

from upstream_mocks.clock import mocks_today
from upstream_mocks.lending.loans import ZERO, Loan, Position, payments_of, position
from upstream_mocks.lending.seed import Borrower, LendingState
from upstream_mocks.money import rupees
from upstream_mocks.world import MockWorld


class Dues(msgspec.Struct, frozen=True, kw_only=True):
    remaining: Decimal  # everything payable now: pending plus late fees
    late_fees: Decimal  # penal charges due
    pending: Decimal  # interest and principal due, and other dues
    due_date: date | None
    days_overdue: int
    loan_overdue: Decimal  # of `remaining`, what the portal loan's overdue is (applied to it first)


def portal_loan(world: MockWorld, user_id: int) -> Loan | None:
    """The borrower's loan the portal collects for, if any."""
    loans: list[Loan] = world.states.get("loans", {}).get(user_id, [])
    return next((loan for loan in loans if loan.collects_portal_payments), None)


def loan_numbered(world: MockWorld, loan_number: str) -> Loan | None:
    """Any borrower's loan by its number, if the lender has it."""
    loans: dict[int, list[Loan]] = world.states.get("loans", {})
    return next((loan for owned in loans.values() for loan in owned if loan.loan_number == loan_number), None)


def loan_position(world: MockWorld, loan: Loan, today: date | None = None) -> Position:
    lending: LendingState = world.states["lending"]
    return position(loan, payments_of(loan, lending), today or mocks_today(world))


def other_dues(borrower: Borrower) -> Decimal:
    """The record's own dues (credit drawn, less returns and payments beyond the loan's overdue)."""
    return rupees(borrower.remaining_amount) if borrower.total_repayment_amount is not None else ZERO


def dues(world: MockWorld, borrower: Borrower) -> Dues:
    today = mocks_today(world)
    other = other_dues(borrower)
    late = rupees(borrower.late_fees) if other > 0 else ZERO
    loan = portal_loan(world, borrower.user_id)
    if loan is None:
        due = borrower.due_date
        return Dues(
            remaining=other,
            late_fees=late,
            pending=other - late,
            due_date=due,
            days_overdue=max(0, (today - due).days) if due is not None else 0,
            loan_overdue=ZERO,
        )
    at = loan_position(world, loan, today)
    # The oldest instalment not paid in full: overdue since its due date, else the one coming.
    unpaid = next((s for s in at.instalments if s.owed > 0), None)
    return Dues(
        remaining=at.overdue + other,
        late_fees=at.charges_due + late,
        pending=at.interest_due + at.principal_due + other - late,
        due_date=unpaid.instalment.due_on if unpaid is not None else None,
        days_overdue=at.days_past_due,
        loan_overdue=at.overdue,
    )
