"""A Fineract loan's foreclosure, as Fineract works it out (`retrieveLoanForeclosureTemplate` and
the `foreclosure` command): on a day, everything due and unpaid by then, the current period's
interest for the days gone, the whole principal outstanding and the loan's foreclosure charge
(a charge the lender set on the loan in Fineract, a share of the principal outstanding); booking
it pays all of that as one repayment, recasts the periods not yet due (no more interest) and the
loan is closed (obligations met)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import msgspec

from upstream_mocks.fineract.seed import Loan, Transaction, principal_outstanding
from upstream_mocks.money import rupees

ZERO = Decimal(0)


class Detail(msgspec.Struct, frozen=True, kw_only=True):
    principal: Decimal
    interest: Decimal
    fees: Decimal
    penalty: Decimal

    @property
    def total(self) -> Decimal:
        return self.principal + self.interest + self.fees + self.penalty


def _accrued(loan: Loan, on: date) -> tuple[int | None, Decimal]:
    """The period running on `on` (due after it) and its interest for the days gone."""
    start = loan.disbursed
    for period in loan.periods:
        if period.due > on:
            days = (period.due - start).days
            return period.number, rupees(period.interest * (on - start).days / days) if days > 0 else ZERO
        start = period.due
    return None, ZERO


def detail(loan: Loan, on: date) -> Detail:
    due = [p for p in loan.periods if p.due <= on]
    running, accrued = _accrued(loan, on)
    outstanding = principal_outstanding(loan)
    return Detail(
        principal=outstanding,
        interest=sum((p.interest - p.interest_paid for p in due), ZERO)
        + max(ZERO, accrued - next((p.interest_paid for p in loan.periods if p.number == running), ZERO)),
        fees=rupees(outstanding * loan.foreclosure_fee_percent / 100),
        penalty=sum((p.penalty - p.penalty_paid for p in due), ZERO),
    )


def foreclose(loan: Loan, on: date, transaction_id: int, external_id: str | None = None) -> Transaction:
    """Book the foreclosure on `on`: the periods recast, everything paid, one repayment transaction
    under the command's external id (no payment details: the command takes none)."""
    owed = detail(loan, on)
    running, accrued = _accrued(loan, on)
    for period in loan.periods:
        if period.due > on:
            period.interest = accrued if period.number == running else ZERO
        period.principal_paid, period.interest_paid, period.penalty_paid = (
            period.principal,
            period.interest,
            period.penalty,
        )
    transaction = Transaction(
        id=transaction_id,
        kind="repayment",
        on=on,
        amount=owed.total,
        principal=owed.principal,
        interest=owed.interest,
        penalty=owed.penalty + owed.fees,
        balance=ZERO,
        external_id=external_id,
    )
    loan.transactions.append(transaction)
    return transaction
