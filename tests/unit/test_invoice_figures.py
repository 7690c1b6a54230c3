"""The tax invoice's arithmetic: the GST split within and across states, to the paisa, and
amounts in words with Indian numbering."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.unit.shipped_order import shipped_order
from upstream_mocks.money import in_words
from upstream_mocks.orders.gst import invoice_figures, is_intra_state, split


def test_within_the_shipping_stores_state_gst_is_half_cgst_half_sgst() -> None:
    halves = split(Decimal("15.28"), intra_state=True)
    assert (halves.cgst, halves.sgst, halves.igst) == (Decimal("7.64"), Decimal("7.64"), Decimal("0.00"))


def test_an_odd_paisa_of_gst_goes_to_cgst_and_the_halves_still_add_up_to_it() -> None:
    halves = split(Decimal("12.05"), intra_state=True)
    assert (halves.cgst, halves.sgst, halves.igst) == (Decimal("6.03"), Decimal("6.02"), Decimal("0.00"))


def test_across_states_all_of_it_is_igst() -> None:
    across = split(Decimal("158.96"), intra_state=False)
    assert (across.cgst, across.sgst, across.igst) == (Decimal("0.00"), Decimal("0.00"), Decimal("158.96"))


def test_the_place_of_supply_decides_by_state_name_whatever_its_case() -> None:
    assert is_intra_state("Karnataka", " karnataka ")
    assert not is_intra_state("Karnataka", "Haryana")


@pytest.mark.parametrize(("pincode", "intra"), [("560103", True), ("122103", True), ("141001", False)])
def test_the_invoice_adds_up_to_the_order_total_to_the_paisa(pincode: str, intra: bool) -> None:
    order = shipped_order(pincode, {1: 3, 4: 1, 7: 2})  # over Rs. 1,199: no fees
    figures = invoice_figures(order)
    assert figures.intra_state is intra
    assert figures.total == order.charges.total
    assert figures.taxable + figures.cgst + figures.sgst + figures.igst == order.charges.total
    assert figures.cgst + figures.sgst + figures.igst == order.charges.gst_total
    assert (figures.cgst, figures.sgst, figures.igst) == (order.charges.cgst, order.charges.sgst, order.charges.igst)
    assert (figures.igst == 0) is intra and (figures.cgst == 0) is not intra


def test_a_small_order_invoices_its_fees_as_a_service_with_their_gst_split_out() -> None:
    # One conduit pipe, far under Rs. 1,199: convenience Rs. 79 and platform Rs. 20.
    order = shipped_order("560103", {1: 1})
    figures = invoice_figures(order)
    fees = [line for line in figures.lines if line.code == "9985"]
    assert [(f.description, f.total, f.taxable) for f in fees] == [
        ("Convenience fee", Decimal("79.00"), Decimal("66.95")),
        ("Platform fee", Decimal("20.00"), Decimal("16.95")),
    ]
    halves = [(Decimal("6.03"), Decimal("6.02")), (Decimal("1.53"), Decimal("1.52"))]
    assert [(f.tax.cgst, f.tax.sgst) for f in fees] == halves
    assert figures.total == order.charges.total == order.charges.subtotal + Decimal("99.00")
    # The order's GST is the invoice's, the fees' included.
    assert figures.cgst + figures.sgst == order.charges.gst_total


@pytest.mark.parametrize(
    ("amount", "words"),
    [
        ("0.00", "Rupees Zero Only"),
        ("1241.29", "Rupees One Thousand Two Hundred Forty-One and Twenty-Nine Paise Only"),
        ("100000.00", "Rupees One Lakh Only"),
        ("250.10", "Rupees Two Hundred Fifty and Ten Paise Only"),
        ("1234567.05", "Rupees Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven and Five Paise Only"),
        ("10000000.00", "Rupees One Crore Only"),
        (
            "123456789.99",
            "Rupees Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine "
            "and Ninety-Nine Paise Only",
        ),
    ],
)
def test_amounts_in_words_use_lakh_and_crore(amount: str, words: str) -> None:
    assert in_words(Decimal(amount)) == words


def test_a_fraction_of_a_paisa_is_rounded_before_it_is_written() -> None:
    assert in_words(Decimal("99.995")) == "Rupees One Hundred Only"
