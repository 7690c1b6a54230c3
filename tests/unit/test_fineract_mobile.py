"""A Fineract client's mobile number is kept as its staff typed it; the adapter reads it as the
ten-digit Indian number a borrower logs in with, or not at all."""

from __future__ import annotations

import pytest

from gateway.upstreams.lenders.fineract.mapping import indian_mobile


@pytest.mark.parametrize(
    ("typed", "mobile"),
    [
        ("9811122233", "9811122233"),
        ("+91 98111 22233", "9811122233"),
        ("+919811144455", "9811144455"),
        ("098111-22233", "9811122233"),
        ("91 98111 22233", "9811122233"),
        ("", None),
        (None, None),
        ("011 2345 6789", None),  # a landline
        ("+1 415 555 0100", None),
        ("98111 2223", None),  # a digit short
    ],
)
def test_a_typed_number_reads_as_an_indian_mobile_or_none(typed: str | None, mobile: str | None) -> None:
    assert indian_mobile(typed) == mobile
