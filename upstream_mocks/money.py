"""Rupee amounts in the mocks: Decimal throughout, two places, Indian digit grouping on paper."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

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
