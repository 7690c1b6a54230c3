"""One tax rule for the cart, the quote, the order and the tax invoice (docs/decisions/one-tax-rule.md):
the GST inside a GST-inclusive amount is two equal halves, each half the rate on the same taxable
value rounded half-up to the paisa; CGST and SGST within the seller's state, IGST (their sum)
across states; the fees taxed as the invoice taxes them."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.unit.shipped_order import SEED, shipped_order
from upstream_mocks.orders.gst import invoice_figures
from upstream_mocks.orders.pricing import FEE_THRESHOLD, charges, half_gst, included_gst, priced_line

WITHIN, ACROSS = "560103", "122103"  # Bengaluru (the seller's Karnataka), Gurugram (Haryana)


@pytest.mark.parametrize(
    ("amount", "rate", "half"),
    [
        ("1042.13", "18", "79.48"),  # 1042.13 x 9 / 118 = 79.4845...: half-up to 79.48
        ("79.00", "18", "6.03"),  # the convenience fee
        ("20.00", "18", "1.53"),  # the platform fee
        ("100.16", "18", "7.64"),
        ("0.01", "18", "0.00"),
        ("550.00", "5", "13.10"),  # 550 x 2.5 / 105 = 13.095...: half-up
    ],
)
def test_each_half_is_half_the_rate_on_the_taxable_value_rounded_half_up(amount: str, rate: str, half: str) -> None:
    assert half_gst(Decimal(amount), Decimal(rate)) == Decimal(half)
    taxable, gst = included_gst(Decimal(amount), Decimal(rate))
    assert gst == 2 * Decimal(half) and taxable + gst == Decimal(amount)
    # Half the rate on the taxable value the invoice prints gives the same half, to the paisa.
    assert abs(taxable * Decimal(rate) / 200 - Decimal(half)) < Decimal("0.01")


@pytest.mark.parametrize("pincode", [WITHIN, ACROSS])
@pytest.mark.parametrize("quantities", [{1: 1}, {1: 3, 4: 1, 7: 2}, {13: 3, 2: 4}], ids=["fees", "no-fees", "odd"])
def test_the_orders_gst_is_the_invoices_to_the_paisa_with_and_without_fees(
    pincode: str, quantities: dict[int, int]
) -> None:
    order = shipped_order(pincode, quantities)
    c = order.charges
    figures = invoice_figures(order)
    assert c.cgst is not None and c.sgst is not None and c.igst is not None
    assert (figures.cgst, figures.sgst, figures.igst) == (c.cgst, c.sgst, c.igst)
    assert figures.cgst + figures.sgst + figures.igst == c.gst_total
    assert figures.taxable == c.taxable_total == c.total - c.gst_total
    assert figures.total == c.total
    for line in figures.lines:
        assert line.tax.cgst == line.tax.sgst  # equal on every row, not just in sum
    if pincode == WITHIN:
        assert c.cgst == c.sgst and c.igst == 0
    else:
        assert c.cgst == c.sgst == 0 and c.igst == c.gst_total


def test_the_gst_is_the_same_within_and_across_states_only_its_split_differs() -> None:
    within, across = shipped_order(WITHIN, {13: 3, 2: 4}).charges, shipped_order(ACROSS, {13: 3, 2: 4}).charges
    assert within.gst_total == across.gst_total and within.taxable_total == across.taxable_total
    # ...so the cart, before an address, shows the GST the invoice will: its split is unknown (None).
    cart = charges([priced_line(SEED[13], 3), priced_line(SEED[2], 4)])
    assert cart.gst_total == within.gst_total and (cart.cgst, cart.sgst, cart.igst) == (None, None, None)


def test_the_fees_gst_is_in_the_orders_gst_as_the_invoice_prints_it() -> None:
    lines = [priced_line(SEED[1], 1)]
    small = charges(lines, True)
    assert small.convenience_fee == Decimal("79.00") and small.platform_fee == Decimal("20.00")
    goods = sum((line.gst_amount for line in lines), Decimal(0))
    assert small.gst_total == goods + Decimal("12.06") + Decimal("3.06")


def test_what_to_add_for_no_fees_is_the_threshold_less_the_subtotal_and_zero_without_fees() -> None:
    small = charges([priced_line(SEED[1], 1)])
    assert small.fee_threshold == FEE_THRESHOLD
    assert small.short_of_no_fees == FEE_THRESHOLD - small.subtotal > 0
    big = charges([priced_line(SEED[4], 2)])
    assert big.subtotal >= FEE_THRESHOLD
    assert (big.convenience_fee, big.platform_fee, big.short_of_no_fees) == (0, 0, 0)
