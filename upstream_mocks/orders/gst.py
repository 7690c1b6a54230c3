"""The tax invoice's figures: every goods line and fee with its HSN/SAC code, rate and tax split.

GST is inside every price (catalogue prices and the fees alike), so each line's taxable value
and GST are split out of its GST-inclusive amount. A delivery within the seller's state pays
CGST and SGST (half each); any other delivery pays IGST. Halves are rounded half-up to the
paisa and SGST takes the rest, so CGST + SGST is always exactly the line's GST and the invoice
adds up to the order total to the paisa.
"""

from __future__ import annotations

from decimal import Decimal

import msgspec

from upstream_mocks.orders.pricing import ZERO, included_gst, paise
from upstream_mocks.orders.records import Order

# The fees are a service: SAC 9985 (support services) at 18%, GST included in the stated fee.
FEE_SAC = "9985"
FEE_GST_RATE = Decimal("18")


class TaxSplit(msgspec.Struct, kw_only=True, frozen=True):
    cgst: Decimal
    sgst: Decimal
    igst: Decimal


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


def split(gst: Decimal, intra_state: bool) -> TaxSplit:
    """CGST+SGST (half each, to the paisa, adding up exactly) within the state, IGST across states."""
    if not intra_state:
        return TaxSplit(cgst=ZERO, sgst=ZERO, igst=gst)
    cgst = paise(gst / 2)
    return TaxSplit(cgst=cgst, sgst=gst - cgst, igst=ZERO)


def is_intra_state(seller_state: str, delivery_state: str) -> bool:
    """The place of supply is the delivery address's state (taken from its pin code)."""
    return seller_state.strip().casefold() == delivery_state.strip().casefold()


def invoice_figures(order: Order) -> InvoiceFigures:
    intra = is_intra_state(order.seller.state, order.address.state)
    lines = [
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
        for line in order.lines
    ]
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
    return InvoiceFigures(
        intra_state=intra,
        lines=lines,
        taxable=sum((line.taxable for line in lines), ZERO),
        cgst=sum((line.tax.cgst for line in lines), ZERO),
        sgst=sum((line.tax.sgst for line in lines), ZERO),
        igst=sum((line.tax.igst for line in lines), ZERO),
        total=sum((line.total for line in lines), ZERO),
    )
