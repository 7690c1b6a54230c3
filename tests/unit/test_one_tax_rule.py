"""One tax rule for the cart, the quote, the order and the tax invoice (docs/decisions/one-tax-rule.md):
the GST inside a GST-inclusive amount is amount x rate / (100 + rate) rounded half-up to the paisa,
the taxable value the amount less it; CGST (half, rounded half-up) and SGST (the rest) within the
shipping store's state, IGST across states; the fees taxed as the invoice taxes them."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.unit.shipped_order import SEED, shipped_order
from upstream_mocks.orders.gst import invoice_figures
from upstream_mocks.orders.pricing import FEE_THRESHOLD, charges, included_gst, priced_line, split

# Bengaluru and Gurugram from their own dark stores (Karnataka, Haryana); Ludhiana (Punjab) by
# courier from the Bengaluru warehouse.
WITHIN, GURUGRAM, ACROSS = "560103", "122103", "141001"


@pytest.mark.parametrize(
    ("amount", "rate", "gst", "cgst"),
    [
        ("79.00", "18", "12.05", "6.03"),  # the convenience fee: 79 x 18/118 = 12.0508, taxable 66.95
        ("20.00", "18", "3.05", "1.53"),  # the platform fee: 3.0508, taxable 16.95
        ("1042.13", "18", "158.97", "79.49"),  # 158.9690...: half-up
        ("100.16", "18", "15.28", "7.64"),
        ("0.01", "18", "0.00", "0.00"),
        ("550.00", "5", "26.19", "13.10"),  # 26.190...
        ("118.00", "18", "18.00", "9.00"),
    ],
)
def test_the_gst_is_the_rate_inside_the_amount_rounded_once_and_the_taxable_value_the_rest(
    amount: str, rate: str, gst: str, cgst: str
) -> None:
    taxable, tax = included_gst(Decimal(amount), Decimal(rate))
    assert tax == Decimal(gst) and taxable == Decimal(amount) - Decimal(gst)
    within = split(tax, intra_state=True)
    assert (within.cgst, within.sgst, within.igst) == (Decimal(cgst), tax - Decimal(cgst), 0)
    across = split(tax, intra_state=False)
    assert (across.cgst, across.sgst, across.igst) == (0, 0, tax)
    # The rate on the taxable value the invoice prints gives the same GST, to the paisa.
    assert abs(taxable * Decimal(rate) / 100 - tax) < Decimal("0.01")


@pytest.mark.parametrize("pincode", [WITHIN, GURUGRAM, ACROSS])
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
        assert line.tax.cgst + line.tax.sgst + line.tax.igst == line.total - line.taxable
    if pincode == ACROSS:
        assert c.cgst == c.sgst == 0 and c.igst == c.gst_total
    else:
        assert (
            c.igst == 0
            and c.cgst + c.sgst == c.gst_total
            and 0 <= c.cgst - c.sgst <= Decimal("0.01") * len(figures.lines)
        )


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
    assert small.gst_total == goods + Decimal("12.05") + Decimal("3.05")


def test_what_to_add_for_no_fees_is_the_threshold_less_the_subtotal_and_zero_without_fees() -> None:
    small = charges([priced_line(SEED[1], 1)])
    assert small.fee_threshold == FEE_THRESHOLD
    assert small.short_of_no_fees == FEE_THRESHOLD - small.subtotal > 0
    big = charges([priced_line(SEED[4], 2)])
    assert big.subtotal >= FEE_THRESHOLD
    assert (big.convenience_fee, big.platform_fee, big.short_of_no_fees) == (0, 0, 0)
