"""Credit over its whole life, as the lender keeps it: applications and their decisions, the offers
with their Key Facts, the credit lines accepted from them, and how a line ends (an exit in the
cooling-off period, or a foreclosure), each quote worked out on the lender's own today.

A line's principal is what its borrower drew on it for store orders (credit.py's draws, repaid
oldest first), so the figure the checkout spends from and the figure a borrower pays to leave are
one. The rules (RBI Digital Lending Directions 2025 and the KFS circular of 15 April 2024, as the
mock reads them):

- the Key Facts Statement is shown and acknowledged before acceptance, and an offer's KFS stays
  valid 3 working days (Monday to Friday) from the day it was made;
- acceptance starts a cooling-off period of 3 days; within it the borrower leaves by paying the
  principal and the APR for the days held (principal x APR x days / 365), and no penalty;
- a foreclosure is quoted for the day: principal, interest to date, and a charge only where the
  line's terms have one and the rate is fixed (no charge is ever levied on a floating rate).

QA steers decisions with `POST /_mocks/lending/applications/decision` (credit_line_routes.py).
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Literal

import msgspec

from upstream_mocks.ist import IST
from upstream_mocks.lending.credit import CREDIT_DAYS, CreditState
from upstream_mocks.lending.loan_seed import ARTHVIK, SAHYOGKOSH
from upstream_mocks.lending.loans import Lender
from upstream_mocks.lending.seed import Borrower, LendingState, PaymentLog
from upstream_mocks.world import MockWorld

ZERO = Decimal("0.00")
_PAISA = Decimal("0.01")
COOLING_OFF_DAYS = 3
KFS_VALID_WORKING_DAYS = 3
DEFAULT_LIMIT = Decimal("200000.00")

Decision = Literal["approved", "referred", "rejected"]
RateType = Literal["fixed", "floating"]
LineStatus = Literal["coolingOff", "active", "exited", "closed"]
Purpose = Literal["coolingOffExit", "foreclosure"]

REJECTED_REASON = "Your credit bureau report shows an account overdue by more than 90 days."
REFERRED_REASON = "Your application needs a closer look by the lender. We will message you within 2 working days."


class Product(msgspec.Struct, frozen=True, kw_only=True):
    """One lender's credit line product, as plugged in: its rate and charges."""

    lender: Lender
    interest_rate: Decimal  # % a year on an amount past its interest-free 30 days
    rate_type: RateType
    apr: Decimal  # % a year, all costs included, as the lender computes it
    processing_fee_percent: Decimal  # of the limit, GST included
    foreclosure_charge_percent: Decimal  # of the principal prepaid, on a fixed rate only
    penal_charge: Decimal


PRODUCTS = (
    Product(
        lender=ARTHVIK,
        interest_rate=Decimal("18.00"),
        rate_type="fixed",
        apr=Decimal("21.40"),
        processing_fee_percent=Decimal("1.18"),
        foreclosure_charge_percent=Decimal("2.00"),
        penal_charge=Decimal("300.00"),
    ),
    Product(
        lender=SAHYOGKOSH,
        interest_rate=Decimal("20.00"),
        rate_type="floating",
        apr=Decimal("22.75"),
        processing_fee_percent=Decimal("1.00"),
        foreclosure_charge_percent=Decimal("2.00"),  # the terms have one; a floating rate waives it
        penal_charge=Decimal("450.00"),
    ),
)


class Offer(msgspec.Struct, kw_only=True):
    offer_id: str
    application_id: str
    product: Product
    limit: Decimal
    made_on: date
    valid_until: date
    key_facts_acknowledged_at: datetime | None = None
    key_facts_version: str | None = None  # the Key Facts Statement's version accepted
    accepted_line: str | None = None

    @property
    def processing_fee(self) -> Decimal:
        return rupees(self.limit * self.product.processing_fee_percent / 100)


class Application(msgspec.Struct, kw_only=True):
    application_id: str
    mobile_number: str
    applicant_name: str
    business_name: str
    gstin: str | None
    pan: str
    email: str | None
    decision: Decision
    reason: str | None
    offers: list[Offer]
    made_at: datetime


class CreditLine(msgspec.Struct, kw_only=True):
    line_number: str
    mobile_number: str
    user_id: int
    offer: Offer
    accepted_on: date
    status: LineStatus = "active"
    ended_on: date | None = None
    ended_by: Purpose | None = None
    settlement: PaymentLog | None = None  # the payment that ended it

    @property
    def cooling_off_ends_on(self) -> date:
        return self.accepted_on + timedelta(days=COOLING_OFF_DAYS)

    def status_on(self, today: date) -> LineStatus:
        if self.status in ("exited", "closed"):
            return self.status
        return "coolingOff" if today <= self.cooling_off_ends_on else "active"


class Steer(msgspec.Struct, kw_only=True):
    decision: Decision
    reason: str | None = None
    limit: Decimal | None = None


class ApplicationsState(msgspec.Struct, kw_only=True):
    applications: dict[str, Application] = msgspec.field(default_factory=dict)
    lines: dict[str, CreditLine] = msgspec.field(default_factory=dict)
    # QA's steers: by mobile number, or "*" for every application.
    steers: dict[str, Steer] = msgspec.field(default_factory=dict)
    next_number: int = 5001
    # "{line}:{Idempotency-Key}" -> the payment log it made: the same key again is the same payment.
    payment_keys: dict[str, int] = msgspec.field(default_factory=dict)


class Quote(msgspec.Struct, kw_only=True):
    line_number: str
    purpose: Purpose
    principal: Decimal
    interest: Decimal
    charge: Decimal
    total: Decimal
    days_held: int
    valid_on: date


class NotAllowed(Exception):
    def __init__(self, message: str, status: int = 409) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


def rupees(value: Decimal) -> Decimal:
    return value.quantize(_PAISA, rounding=ROUND_HALF_UP)


def seed_applications() -> ApplicationsState:
    return ApplicationsState()


def applications_state(world: MockWorld) -> ApplicationsState:
    st: ApplicationsState = world.states["applications"]
    return st


def add_working_days(day: date, count: int) -> date:
    """`count` working days (Monday to Friday) after `day`: the last day an offer's KFS holds."""
    while count > 0:
        day += timedelta(days=1)
        if day.weekday() < 5:
            count -= 1
    return day


def decide(state: ApplicationsState, mobile_number: str) -> Steer:
    """QA's steer for the number, else for everyone, else approval at the default limit."""
    return state.steers.get(mobile_number) or state.steers.get("*") or Steer(decision="approved")


def make_offers(state: ApplicationsState, application_id: str, limit: Decimal, today: date) -> list[Offer]:
    """One offer from each lender plugged in, at the same limit; listed by the lender's name, so
    none is put first for a reason of ours."""
    products = sorted(PRODUCTS, key=lambda p: p.lender.name)
    return [
        Offer(
            offer_id=f"{application_id}-{n}",
            application_id=application_id,
            product=product,
            limit=limit,
            made_on=today,
            valid_until=add_working_days(today, KFS_VALID_WORKING_DAYS),
        )
        for n, product in enumerate(products, start=1)
    ]


def find_offer(state: ApplicationsState, offer_id: str, mobile_number: str) -> tuple[Application, Offer] | None:
    for application in state.applications.values():
        if application.mobile_number != mobile_number:
            continue
        for offer in application.offers:
            if offer.offer_id == offer_id:
                return application, offer
    return None


def open_line(world: MockWorld, application: Application, offer: Offer, today: date) -> CreditLine:
    """Acceptance: the borrower's account at the lender (new user when none), the limit the
    checkout spends from, and the line, in its cooling-off period from today."""
    state = applications_state(world)
    lending: LendingState = world.states["lending"]
    borrower = lending.borrowers.get(application.mobile_number)
    if borrower is None:
        borrower = Borrower(
            user_id=lending.next_user_id,
            user_name=application.applicant_name,
            mobile_number=application.mobile_number,
            total_repayment_amount=None,
            remaining_amount=ZERO,
            late_fees=ZERO,
            pending_amount=ZERO,
            email=application.email,
            lender_name=offer.product.lender.name,
        )
        lending.next_user_id += 1
        lending.borrowers[borrower.mobile_number] = borrower
    credit: CreditState = world.states["credit"]
    credit.limits[application.mobile_number] = offer.limit
    line = CreditLine(
        line_number=f"CL-{state.next_number}",
        mobile_number=application.mobile_number,
        user_id=borrower.user_id,
        offer=offer,
        accepted_on=today,
    )
    state.next_number += 1
    borrower.loan_number = line.line_number
    offer.accepted_line = line.line_number
    state.lines[line.line_number] = line
    return line


class OwedDraw(msgspec.Struct, frozen=True, kw_only=True):
    drawn_on: date
    due_on: date
    amount: Decimal  # what is still owed of it


class LineDues(msgspec.Struct, frozen=True, kw_only=True):
    """What a live line owes on the lender's today: all of it, what is past its due date, and what
    must be paid by the next date one falls due (the overdue with it), as /payment collects it."""

    owed: Decimal
    overdue: Decimal
    minimum_due: Decimal
    minimum_due_on: date | None  # the next date a draw falls due; today when only the overdue is left


def _owed_draws(world: MockWorld, line: CreditLine) -> list[OwedDraw]:
    """What is still owed on the line, draw by draw (repayments settle the oldest first)."""
    credit: CreditState = world.states["credit"]
    lending: LendingState = world.states["lending"]
    borrower = lending.borrowers.get(line.mobile_number)
    owed = rupees(Decimal(str(borrower.remaining_amount))) if borrower is not None else ZERO
    draws = sorted((d for d in credit.draws if d.mobile_number == line.mobile_number), key=lambda d: d.drawn_at)
    left: list[OwedDraw] = []
    for entry in reversed(draws):  # the newest are the ones not yet repaid
        if owed <= 0:
            break
        part = min(entry.amount, owed)
        left.append(OwedDraw(drawn_on=entry.drawn_at.astimezone(IST).date(), due_on=entry.due_on, amount=part))
        owed -= part
    return list(reversed(left))


def _draws(world: MockWorld, line: CreditLine) -> list[tuple[date, Decimal]]:
    return [(d.drawn_on, d.amount) for d in _owed_draws(world, line)]


def owed_by(world: MockWorld, line: CreditLine, day: date) -> Decimal:
    """What must be paid on the line by `day`: every draw still owed that falls due on or before it."""
    return sum((d.amount for d in _owed_draws(world, line) if d.due_on <= day), ZERO)


def line_numbered(world: MockWorld, line_number: str) -> CreditLine | None:
    state: ApplicationsState | None = world.states.get("applications")
    return state.lines.get(line_number) if state is not None else None


def line_dues(world: MockWorld, line: CreditLine, today: date) -> LineDues:
    """The line's dues on `today`: a draw is due on its due date and overdue the day after, as
    the checkout's credit position counts it (credit.summary); nothing once the line has ended."""
    if line.status_on(today) in ("exited", "closed"):
        return LineDues(owed=ZERO, overdue=ZERO, minimum_due=ZERO, minimum_due_on=None)
    draws = _owed_draws(world, line)
    overdue = sum((d.amount for d in draws if d.due_on < today), ZERO)
    next_on = min((d.due_on for d in draws if d.due_on >= today), default=None)
    falling_due = sum((d.amount for d in draws if d.due_on == next_on), ZERO)
    return LineDues(
        owed=sum((d.amount for d in draws), ZERO),
        overdue=overdue,
        minimum_due=overdue + falling_due,
        minimum_due_on=next_on if next_on is not None else (today if overdue > 0 else None),
    )


def quote(world: MockWorld, line: CreditLine, purpose: Purpose, today: date) -> Quote:
    """What ends the line today; refused outside the period an exit belongs to, or once ended."""
    status = line.status_on(today)
    if status in ("exited", "closed"):
        raise NotAllowed("This credit line is already closed")
    if purpose == "coolingOffExit" and status != "coolingOff":
        raise NotAllowed("The cooling-off period of this credit line has ended")
    product = line.offer.product
    draws = _draws(world, line)
    principal = sum((amount for _, amount in draws), ZERO)
    held = max([(today - on).days for on, _ in draws], default=0)
    if purpose == "coolingOffExit":
        # Principal and the APR for the days each amount was held; no penalty, no fee.
        interest = rupees(sum((a * product.apr * max((today - on).days, 0) / 36500 for on, a in draws), ZERO))
        charge = ZERO
    else:
        # Interest only on amounts past their interest-free days, at the line's rate.
        interest = rupees(
            sum(
                (a * product.interest_rate * max((today - on).days - CREDIT_DAYS, 0) / 36500 for on, a in draws),
                ZERO,
            )
        )
        percent = product.foreclosure_charge_percent if product.rate_type == "fixed" else ZERO
        charge = rupees(principal * percent / 100)
    return Quote(
        line_number=line.line_number,
        purpose=purpose,
        principal=principal,
        interest=interest,
        charge=charge,
        total=principal + interest + charge,
        days_held=held,
        valid_on=today,
    )


def end_line(world: MockWorld, line: CreditLine, purpose: Purpose, today: date, log: PaymentLog | None) -> None:
    """The line is settled: nothing more is owed on it and its limit is withdrawn."""
    line.status = "exited" if purpose == "coolingOffExit" else "closed"
    line.ended_on = today
    line.ended_by = purpose
    line.settlement = log
    credit: CreditState = world.states["credit"]
    credit.limits.pop(line.mobile_number, None)
    credit.draws = [d for d in credit.draws if d.mobile_number != line.mobile_number]
    lending: LendingState = world.states["lending"]
    borrower = lending.borrowers.get(line.mobile_number)
    if borrower is not None:
        as_type = type(borrower.remaining_amount)
        borrower.remaining_amount = as_type(ZERO)
        borrower.pending_amount = as_type(ZERO)
        borrower.total_repayment_amount = None


def line_for_log(world: MockWorld, log: PaymentLog) -> CreditLine | None:
    if "applications" not in world.states or log.line_number is None:
        return None
    return applications_state(world).lines.get(log.line_number)
