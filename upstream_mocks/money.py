"""Rupee amounts in the mocks: Decimal throughout, two places, Indian digit grouping on paper."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from num2words import num2words

PAISA = Decimal("0.01")


def rupees(value: Decimal | int | str) -> Decimal:
    """An amount rounded to paise (half up, as a bank rounds)."""
    return Decimal(value).quantize(PAISA, rounding=ROUND_HALF_UP)


def has_paise_only(value: Decimal) -> bool:
    """True when the amount has at most two decimals."""
    return value == value.quantize(PAISA)


def indian_grouping(value: Decimal) -> str:
    """12,34,567.89: the last three digits, then groups of two (the lakh and crore system)."""
    text = f"{rupees(value):.2f}"
    sign = "-" if text.startswith("-") else ""
    whole, _, paise = text.lstrip("-").partition(".")
    head, tail = whole[:-3], whole[-3:]
    groups: list[str] = []
    while len(head) > 2:
        groups.insert(0, head[-2:])
        head = head[:-2]
    if head:
        groups.insert(0, head)
    return sign + ",".join([*groups, tail]) + "." + paise


def rupees_text(amount: Decimal) -> str:
    """ "₹12,34,567.89": an amount in a message shown on a screen (the gateway writes its own the same way)."""
    grouped = indian_grouping(amount)
    return f"-₹{grouped[1:]}" if grouped.startswith("-") else f"₹{grouped}"


def as_rupees(amount: Decimal) -> str:
    """ "Rs. 12,450.00": the PDF's built-in fonts have no rupee sign."""
    return f"Rs. {indian_grouping(amount)}"


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
