"""Rupee amounts in the mocks: Decimal throughout, two places, Indian digit grouping on paper."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from num2words import num2words

# Indian digit grouping is written once in Python (india/money.py), shared with the gateway's
# amounts (contracts/money-text-cases.json is the table both sides are tested on).
from india.money import PAISA, has_paise_only, indian_grouping, rupees_text

__all__ = ["PAISA", "has_paise_only", "in_words", "indian_grouping", "rupees", "rupees_text"]


def rupees(value: Decimal | int | str) -> Decimal:
    """An amount rounded to paise (half up, as a bank rounds)."""
    return Decimal(value).quantize(PAISA, rounding=ROUND_HALF_UP)


def _words(number: int) -> str:
    # num2words' Indian English ("one lakh, twenty-three thousand, four hundred and five") as invoices
    # write it: title case, no commas, and no inner "and", which is kept for the paise.
    spoken: str = num2words(number, lang="en_IN")
    return spoken.replace(",", "").replace(" and ", " ").title()


def in_words(amount: Decimal) -> str:
    """The amount in words, Indian numbering: "Rupees One Lakh Five Thousand and Fifty Paise Only"."""
    value = rupees(amount)
    if value < 0:
        raise ValueError("an amount in words is never negative")
    whole = int(value)
    paise = int((value - whole) * 100)
    text = f"Rupees {_words(whole)}"
    if paise:
        text += f" and {_words(paise)} Paise"
    return text + " Only"
