"""The tax invoice's figures: every goods line and fee with its HSN/SAC code, rate and tax split.

GST is inside every price (catalogue prices and the fees alike), so each line's taxable value
and GST are split out of its GST-inclusive amount by the one rule in pricing.py: GST = amount x
rate / (100 + rate) rounded half-up to the paisa, taxable value = amount - GST. A delivery within
the shipping store's state pays it as CGST (half, rounded half-up) and SGST (the rest); any other
delivery pays all of it as IGST. The taxable value is the amount less the GST, so the invoice adds up to the
order total to the paisa, and its GST is the order's `charges.gstTotal`, fees included.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

import msgspec

from upstream_mocks.orders.pricing import FEE_GST_RATE, FEE_SAC, ZERO, TaxSplit, included_gst, split
from upstream_mocks.orders.records import Line, Order, ReturnLine, ReturnRequest


class InvoiceLine(msgspec.Struct, kw_only=True, frozen=True):
    description: str
    code: str  # HSN for goods, SAC for the fees
    gst_rate: Decimal
    quantity: int
    unit_price: Decimal  # GST included
    taxable: Decimal
    tax: TaxSplit
    total: Decimal  # GST included


class InvoiceFigures(msgspec.Struct, kw_only=True, frozen=True):
    intra_state: bool
    lines: list[InvoiceLine]
    taxable: Decimal
    cgst: Decimal
    sgst: Decimal
    igst: Decimal
    total: Decimal


def is_intra_state(seller_state: str, delivery_state: str) -> bool:
    """The place of supply is the delivery address's state (taken from its pin code); the seller's
    state is the registration of the store that ships (seller.py)."""
    return seller_state.strip().casefold() == delivery_state.strip().casefold()


def _goods(lines: Iterable[Line] | Iterable[ReturnLine], intra: bool) -> list[InvoiceLine]:
    """The goods' lines as a tax document has them, each line's GST split as the supply is."""
    return [
        InvoiceLine(
            description=line.product_name,
            code=line.hsn_code,
            gst_rate=line.gst_rate,
            quantity=line.quantity,
            unit_price=line.unit_price,
            taxable=line.taxable_amount,
            tax=split(line.gst_amount, intra),
            total=line.line_total,
        )
        for line in lines
    ]


def _figures(intra: bool, lines: list[InvoiceLine]) -> InvoiceFigures:
    """A document's totals: the sums of its lines, nothing worked out again."""
    return InvoiceFigures(
        intra_state=intra,
        lines=lines,
        taxable=sum((line.taxable for line in lines), ZERO),
        cgst=sum((line.tax.cgst for line in lines), ZERO),
        sgst=sum((line.tax.sgst for line in lines), ZERO),
        igst=sum((line.tax.igst for line in lines), ZERO),
        total=sum((line.total for line in lines), ZERO),
    )


def invoice_figures(order: Order) -> InvoiceFigures:
    intra = is_intra_state(order.seller.state, order.address.state)
    lines = _goods(order.lines, intra)
    for name, fee in (("Convenience fee", order.charges.convenience_fee), ("Platform fee", order.charges.platform_fee)):
        if fee > ZERO:
            taxable, gst = included_gst(fee, FEE_GST_RATE)
            lines.append(
                InvoiceLine(
                    description=name,
                    code=FEE_SAC,
                    gst_rate=FEE_GST_RATE,
                    quantity=1,
                    unit_price=fee,
                    taxable=taxable,
                    tax=split(gst, intra),
                    total=fee,
                )
            )
    return _figures(intra, lines)


def return_figures(order: Order, ret: ReturnRequest) -> InvoiceFigures:
    """A return's credit note: its lines only, with the tax worked out when it was asked
    (returns._returned_line), split as the invoice was; the fees are not credited."""
    intra = is_intra_state(order.seller.state, order.address.state)
    return _figures(intra, _goods(ret.lines, intra))
