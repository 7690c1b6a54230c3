"""Rupees as India writes them, one Python writing for the gateway and the mocks: paise, half
up rounding, the lakh and crore grouping, and rates as people write them (`percent`);
contracts/money-text-cases.json is the table both sides, and the app's `lib/indian-numbers.ts`,
are tested on."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Context, Decimal
from functools import lru_cache

PAISA = Decimal("0.01")
# Half up at the default precision: `HALF_UP.quantize(x, PAISA)` is `x.quantize(PAISA,
# rounding=ROUND_HALF_UP)` in one C call (the product list rounds four amounts a product).
HALF_UP = Context(rounding=ROUND_HALF_UP)


def has_paise_only(amount: Decimal) -> bool:
    """True when the amount has at most two decimals."""
    return amount == amount.quantize(PAISA)


def indian_grouping(amount: Decimal) -> str:
    """12,34,567.89: rounded half up to paise, the last three digits then groups of two (the lakh
    and crore system, as en-IN writes). The one Python writing of it: the gateway's messages and
    the first page's cards, and the mocks' texts and invoices (contracts/money-text-cases.json)."""
    text = f"{HALF_UP.quantize(amount, PAISA):.2f}"
    sign = "-" if text.startswith("-") and amount != 0 else ""
    whole, _, paise = text.lstrip("-").partition(".")
    groups = [whole[-3:]]
    rest = whole[:-3]
    while rest:
        groups.insert(0, rest[-2:])
        rest = rest[:-2]
    return sign + ",".join(groups) + "." + paise


@lru_cache(maxsize=4096)  # every product in a list carries two; a catalogue's prices repeat
def rupees_text(amount: Decimal) -> str:
    """₹12,34,567.89 (-₹1,25,000.00): an amount as a screen shows it."""
    grouped = indian_grouping(amount)
    return f"-₹{grouped[1:]}" if grouped.startswith("-") else f"₹{grouped}"


# What the gateway adds: a bound on what a client may send, exact paise, rates as people write them.
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
