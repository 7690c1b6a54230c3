"""Fineract's figures and days in the port's words: exact rupees and paise, dates."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import msgspec

from gateway.plumbing.errors import UpstreamError
from gateway.upstreams.lenders.fineract.wire import Day, Period

PAISA = Decimal("0.01")


class WrongAmount(UpstreamError):
    """Fineract sent an amount with a non-zero digit below the paisa: never rounded away."""


def paise(amount: Decimal, upstream: str) -> Decimal:
    """Fineract's amount as exact rupees and paise; a digit below the paisa is a wrong answer."""
    exact = amount.quantize(PAISA)
    if exact != amount:
        raise WrongAmount(
            "The lender gave an amount we cannot show exactly. Please try again later.", upstream=upstream
        )
    return exact


def rate(value: Decimal) -> Decimal:
    """A rate (% a year) exactly as the lender keeps it, never rounded: Fineract keeps six
    decimals (9.75, 12.123456); zeros past the second place are dropped (18.000000 is 18.00)."""
    if value == value.quantize(PAISA):
        return value.quantize(PAISA)
    return Decimal(format(value, "f").rstrip("0"))  # no context: normalize() would round to 28 digits


def day(value: Day) -> date:
    return date(*value)


class Overdue(msgspec.Struct, frozen=True, kw_only=True):
    """What is overdue on a loan on a day, worked out from its schedule: Fineract's own
    `summary.*Overdue` is a snapshot of its arrears table (refreshed after a transaction and by a
    nightly job that skips instalments in the product's grace), so it can say nothing is overdue
    on a loan that is days past due."""

    principal: Decimal
    interest: Decimal
    charges: Decimal  # penalties and fees
    since: date | None  # the oldest unpaid instalment's due date

    @property
    def total(self) -> Decimal:
        return self.principal + self.interest + self.charges


def overdue(periods: list[Period], on: date, upstream: str) -> Overdue:
    """The instalments due before `on` (the lender's business date), what is left unpaid of each."""
    due = [p for p in periods if p.period is not None and day(p.due_date) < on]
    unpaid = [day(p.due_date) for p in due if paise(p.total_outstanding_for_period, upstream) > 0]
    return Overdue(
        principal=sum((paise(p.principal_outstanding, upstream) for p in due), Decimal("0.00")),
        interest=sum((paise(p.interest_outstanding, upstream) for p in due), Decimal("0.00")),
        charges=sum(
            (paise(p.penalty_charges_outstanding + p.fee_charges_outstanding, upstream) for p in due), Decimal("0.00")
        ),
        since=min(unpaid) if unpaid else None,
    )


def indian_mobile(typed: str | None) -> str | None:
    """The ten-digit Indian mobile number in a client's `mobileNo` as the lender's staff typed it
    ("+91 98111 22233", "098111 22233", "9811122233"); None for anything else."""
    digits = "".join(ch for ch in typed or "" if ch.isdigit())
    if len(digits) == 12 and digits.startswith("91"):
        digits = digits[2:]
    elif len(digits) == 11 and digits.startswith("0"):
        digits = digits[1:]
    return digits if len(digits) == 10 and digits[0] in "6789" else None
