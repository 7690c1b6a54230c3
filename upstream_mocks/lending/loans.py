"""A borrower's loans as the lender keeps them: terms, instalment schedule and payments, and the
position on any day worked out from them (one source for every figure the loan calls answer).

The position is a replay, in date order, of the disbursement, each instalment falling due, a
penal charge for each instalment not paid in full by its due date, and each payment, applied as
the loan's terms state: penal charges first, then interest due, then principal due, oldest
instalment first. Penal charges are kept apart and never added to principal, and no interest is
charged on them. Interest accrues daily between due dates (a share of the coming instalment's
interest by the days gone), so moving the mocks' one clock (upstream_mocks/clock.py) moves it.

The portal's repayments (payment logs the lender settled) are this replay's payments for the loan
the portal collects for (`collects_portal_payments`); the other loans' payments are seeded.
"""

from __future__ import annotations

import calendar
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Literal

import msgspec

from upstream_mocks.ist import IST
from upstream_mocks.lending.seed import LendingState
from upstream_mocks.money import rupees

ZERO = Decimal("0.00")
# The smallest part-payment the lender takes (the whole overdue when less is owed).
MINIMUM_PAYMENT = Decimal("100.00")


class RecoveryAgent(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    phone: str


class GrievanceOfficer(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    email: str
    phone: str
    address: str


class Lender(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    registration: str  # the RBI certificate of registration
    website: str
    grievance_officer: GrievanceOfficer
    recovery_agents: tuple[RecoveryAgent, ...]


class Fee(msgspec.Struct, frozen=True, kw_only=True):
    kind: Literal["processing", "documentation", "stampDuty"]
    amount: Decimal
    payable_to: Literal["lender", "third party"]


class Instalment(msgspec.Struct, frozen=True, kw_only=True):
    number: int
    due_on: date
    principal: Decimal
    interest: Decimal


class LoanPayment(msgspec.Struct, frozen=True, kw_only=True):
    on: date
    amount: Decimal
    reference: str
    # A foreclosure: it pays everything owed that day (and the foreclosure charge) and closes the loan.
    forecloses: bool = False


class Loan(msgspec.Struct, frozen=True, kw_only=True):
    loan_number: str
    user_id: int
    lender: Lender
    lsp_name: str  # the lending service provider the borrower came through: us
    sanctioned: Decimal
    disbursed_on: date
    annual_rate: Decimal  # % a year, on the reducing balance
    rate_type: Literal["fixed", "floating"] = "fixed"
    # The borrower is an individual (not a business): RBI's pre-payment rules depend on it.
    to_individual: bool = True
    apr: Decimal  # % a year, all costs included, as the lender computes it
    instalments: tuple[Instalment, ...]
    fees: tuple[Fee, ...]
    penal_charge: Decimal  # once per instalment not paid in full by its due date
    cooling_off_days: int
    foreclosure_charge_percent: Decimal  # of the principal prepaid
    payments: tuple[LoanPayment, ...] = ()
    collects_portal_payments: bool = False


Allocation = tuple[Decimal, Decimal, Decimal]  # towards charges, interest, principal


class StatementRow(msgspec.Struct, kw_only=True):
    on: date
    kind: Literal["disbursement", "instalmentDue", "penalCharge", "payment"]
    instalment: int | None = None
    reference: str | None = None
    debit: Decimal = ZERO
    credit: Decimal = ZERO
    balance: Decimal = ZERO
    allocation: Allocation | None = None


class InstalmentState(msgspec.Struct, kw_only=True):
    instalment: Instalment
    principal_paid: Decimal = ZERO
    interest_paid: Decimal = ZERO
    charged: bool = False  # a penal charge was levied for it
    foreclosed: bool = False  # the loan was foreclosed before it: nothing more is owed on it

    @property
    def owed(self) -> Decimal:
        if self.foreclosed:
            return ZERO
        return self.instalment.principal + self.instalment.interest - self.principal_paid - self.interest_paid


class Position(msgspec.Struct, kw_only=True):
    today: date
    principal_outstanding: Decimal
    principal_due: Decimal
    interest_due: Decimal
    interest_accrued: Decimal
    charges_due: Decimal
    instalments: list[InstalmentState]
    rows: list[StatementRow]
    status: Literal["current", "overdue", "closed"]
    days_past_due: int
    closed_on: date | None

    @property
    def overdue(self) -> Decimal:
        return self.charges_due + self.interest_due + self.principal_due

    @property
    def minimum_payment(self) -> Decimal:
        return min(MINIMUM_PAYMENT, self.overdue)

    @property
    def balance(self) -> Decimal:
        """Everything owed now: principal outstanding, interest and charges due (not interest accrued)."""
        return self.principal_outstanding + self.interest_due + self.charges_due

    def next_instalment(self) -> InstalmentState | None:
        if self.status == "closed":
            return None
        return next((s for s in self.instalments if s.instalment.due_on >= self.today and s.owed > 0), None)

    def allocate(self, amount: Decimal) -> Allocation:
        """How `amount` paid today would be applied: charges, then interest due, then principal due."""
        charges = min(amount, self.charges_due)
        interest = min(amount - charges, self.interest_due)
        principal = min(amount - charges - interest, self.principal_due)
        return charges, interest, principal


def add_months(day: date, months: int) -> date:
    month = day.month - 1 + months
    year, month = day.year + month // 12, month % 12 + 1
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def schedule(sanctioned: Decimal, annual_rate: Decimal, count: int, first_due: date) -> tuple[Instalment, ...]:
    """Equal principal each month, interest a twelfth of the yearly rate on the balance before it."""
    each = rupees(sanctioned / count)
    balance = sanctioned
    instalments = []
    for number in range(1, count + 1):
        principal = balance if number == count else each
        instalments.append(
            Instalment(
                number=number,
                due_on=add_months(first_due, number - 1),
                principal=principal,
                interest=rupees(balance * annual_rate / 1200),
            )
        )
        balance -= principal
    return tuple(instalments)


def portal_payments(state: LendingState, user_id: int) -> list[LoanPayment]:
    """The repayments the lender settled through the portal, on the lender's day it booked them
    (so a payment made after QA moved the clock lands after the instalments due by then), each
    for the part of it that went to the loan."""
    return [
        LoanPayment(
            on=log.booked_on or datetime.fromisoformat(log.paid_at).astimezone(IST).date(),
            amount=log.amount if log.to_loan is None else log.to_loan,
            reference=log.cf_payment_id,
        )
        for log in sorted(state.payment_logs.values(), key=lambda log: log.id)
        if log.user_id == user_id
        and log.status == "paid"
        and log.paid_at
        and log.cf_payment_id
        and log.line_number is None
        and log.loan_number is None
        and log.to_loan != 0
    ]


def foreclosures(state: LendingState, loan: Loan) -> list[LoanPayment]:
    """The loan's foreclosure, once the lender settled its payment (foreclosure.py)."""
    return [
        LoanPayment(
            on=log.booked_on or datetime.fromisoformat(log.paid_at).astimezone(IST).date(),
            amount=log.amount,
            reference=log.cf_payment_id,
            forecloses=True,
        )
        for log in sorted(state.payment_logs.values(), key=lambda log: log.id)
        if log.loan_number == loan.loan_number
        and log.user_id == loan.user_id
        and log.status == "paid"
        and log.paid_at
        and log.cf_payment_id
    ]


def payments_of(loan: Loan, state: LendingState) -> list[LoanPayment]:
    return [
        *loan.payments,
        *(portal_payments(state, loan.user_id) if loan.collects_portal_payments else []),
        *foreclosures(state, loan),
    ]


def position(loan: Loan, payments: list[LoanPayment], today: date) -> Position:
    states = [InstalmentState(instalment=i) for i in loan.instalments]
    # (day, order within the day, what): an instalment falls due before that day's payments, and
    # its penal charge, if still unpaid, is levied the next morning, before that day's payments.
    events: list[tuple[date, int, int, object]] = [(loan.disbursed_on, 0, 0, "disbursement")]
    events += [(s.instalment.due_on, 1, s.instalment.number, s) for s in states]
    events += [(p.on, 2, n, p) for n, p in enumerate(payments)]
    events += [(s.instalment.due_on + timedelta(days=1), 0, s.instalment.number, ("penal", s)) for s in states]
    principal_outstanding = ZERO
    charges_due = ZERO
    fallen_due: list[InstalmentState] = []
    rows: list[StatementRow] = []
    last_paid: date | None = None
    foreclosed_on: date | None = None

    def balance() -> Decimal:
        interest = sum((s.instalment.interest - s.interest_paid for s in fallen_due), ZERO)
        return principal_outstanding + interest + charges_due

    for on, _, _, what in sorted(events, key=lambda e: (e[0], e[1], e[2])):
        if on > today or foreclosed_on is not None:
            break
        if what == "disbursement":
            principal_outstanding = loan.sanctioned
            rows.append(StatementRow(on=on, kind="disbursement", debit=loan.sanctioned))
        elif isinstance(what, LoanPayment) and what.forecloses:
            # Everything owed that day: charges, interest due and accrued, the whole principal; the
            # rest of the amount is the foreclosure charge, booked with the charges.
            interest = sum((s.instalment.interest - s.interest_paid for s in fallen_due), ZERO)
            interest += accrued_interest(loan, states, fallen_due, on)
            split = (what.amount - principal_outstanding - interest, interest, principal_outstanding)
            for s in states:
                if s in fallen_due:
                    s.interest_paid = s.instalment.interest
                else:
                    s.foreclosed = True  # its interest no longer falls due
                s.principal_paid = s.instalment.principal
            principal_outstanding = charges_due = ZERO
            last_paid = foreclosed_on = on
            rows.append(
                StatementRow(on=on, kind="payment", reference=what.reference, credit=what.amount, allocation=split)
            )
        elif isinstance(what, LoanPayment):
            amount = what.amount
            charges = min(amount, charges_due)
            charges_due -= charges
            rest = amount - charges
            interest = principal = ZERO
            for s in fallen_due:
                part = min(rest, s.instalment.interest - s.interest_paid)
                s.interest_paid += part
                interest += part
                rest -= part
            # Principal due, oldest first; anything more is paid ahead, on the coming instalments' principal.
            for s in [*fallen_due, *(s for s in states if s not in fallen_due)]:
                part = min(rest, s.instalment.principal - s.principal_paid)
                s.principal_paid += part
                principal += part
                rest -= part
            principal_outstanding -= principal
            last_paid = on
            rows.append(
                StatementRow(
                    on=on,
                    kind="payment",
                    reference=what.reference,
                    credit=amount,
                    allocation=(charges, interest, principal),
                )
            )
        elif isinstance(what, InstalmentState):
            fallen_due.append(what)
            rows.append(
                StatementRow(
                    on=on, kind="instalmentDue", instalment=what.instalment.number, debit=what.instalment.interest
                )
            )
        elif isinstance(what, tuple) and what[1].owed > 0 and what[1] in fallen_due:
            what[1].charged = True
            charges_due += loan.penal_charge
            rows.append(
                StatementRow(on=on, kind="penalCharge", instalment=what[1].instalment.number, debit=loan.penal_charge)
            )
        else:
            continue
        rows[-1].balance = balance()

    # Due today is not yet past due.
    unpaid = [s for s in fallen_due if s.owed > 0 and s.instalment.due_on < today]
    principal_due = sum((s.instalment.principal - s.principal_paid for s in fallen_due), ZERO)
    interest_due = sum((s.instalment.interest - s.interest_paid for s in fallen_due), ZERO)
    closed = today >= loan.disbursed_on and principal_outstanding == 0 and interest_due == 0 and charges_due == 0
    accrued = ZERO if closed else accrued_interest(loan, states, fallen_due, today)
    return Position(
        today=today,
        principal_outstanding=principal_outstanding,
        principal_due=principal_due,
        interest_due=interest_due,
        interest_accrued=accrued,
        charges_due=charges_due,
        instalments=states,
        rows=rows,
        status="closed" if closed else "overdue" if unpaid or charges_due > 0 else "current",
        days_past_due=(today - unpaid[0].instalment.due_on).days if unpaid else 0,
        closed_on=last_paid if closed else None,
    )


def accrued_interest(loan: Loan, states: list[InstalmentState], fallen_due: list[InstalmentState], on: date) -> Decimal:
    """The coming instalment's interest for the days gone since the last due date (or disbursement)."""
    coming = next((s for s in states if s.instalment.due_on > on and s.owed > 0), None)
    if coming is None:
        return ZERO
    since = max([loan.disbursed_on, *(s.instalment.due_on for s in fallen_due)])
    period = (coming.instalment.due_on - since).days
    return rupees(coming.instalment.interest * (on - since).days / period) if period > 0 else ZERO
