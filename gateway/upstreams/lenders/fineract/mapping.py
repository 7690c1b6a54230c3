"""Fineract's figures and days in the port's words: exact rupees and paise, dates."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone
from decimal import Decimal

from gateway.errors import UpstreamError
from gateway.upstreams.lenders.fineract.wire import Day

IST = timezone(timedelta(hours=5, minutes=30), "IST")
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


def day(value: Day) -> date:
    return date(*value)


def today() -> date:
    """Our date in India: the lender's day only for a Fineract without a business date."""
    # real time: only a real Fineract before 1.7 gets here; the mock keeps a business date
    return datetime.now(IST).date()
