"""Rupee amounts in the gateway: Decimal from the upstream to the browser, never float. How India
writes them (paise, half up, lakh and crore grouping) is `india/money.py`, shared with the mocks."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from functools import lru_cache

from india.money import HALF_UP, PAISA, has_paise_only, indian_grouping, rupees_text

__all__ = [
    "HALF_UP",
    "MAX_RUPEES",
    "PAISA",
    "WHOLE",
    "has_paise_only",
    "in_paise",
    "indian_grouping",
    "percent",
    "rupees_text",
]

WHOLE = Decimal(1)
MAX_RUPEES = Decimal(100_000_000)  # far above any loan; bounds what a client may send


def in_paise(amount: Decimal) -> Decimal:
    """The amount with exactly two decimals, however the upstream wrote it (12450 → 12450.00)."""
    return amount.quantize(PAISA)


@lru_cache(maxsize=1024)  # rates are few (GST slabs, merchant discounts) and each list repeats them
def percent(rate: Decimal) -> Decimal:
    """A percent as people write it: to 2 decimals (half up), trailing zeros dropped (18.00 → 18,
    12.50 → 12.5), never in exponent form (20, not 2E+1)."""
    exact = rate.quantize(PAISA, rounding=ROUND_HALF_UP)
    if exact == 0:
        return Decimal(0)  # not -0
    return exact.quantize(WHOLE) if exact == exact.to_integral_value() else exact.normalize()
