"""An order's figures from the catalogue's product facts: lines, GST, the policy's fees, total.

Catalogue prices include GST (one price everywhere): a line costs unit price x quantity, and
the GST inside it is worked out per line for the invoice. Money is Decimal rupees rounded
half-up to the paisa, so the quote and the placed order agree to the paisa.

One tax rule for the quote, the order and the invoice (docs/decisions/one-tax-rule.md), the
rule the invoice prints: the GST inside a GST-inclusive amount is amount x rate / (100 + rate),
rounded half-up to the paisa, and the taxable value is the amount less it (79.00 at 18%: GST
12.05, taxable 66.95). Within the shipping store's state it is paid as CGST (half of it, rounded
half-up) and SGST (the rest); across states all of it is IGST. The fees are a service taxed the
same way, and the charges' GST includes theirs, as the invoice prints it.
"""

from __future__ import annotations

import json
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

import msgspec

from upstream_mocks.orders.records import Charges, Line

PAISA = Decimal("0.01")
ZERO = Decimal("0.00")
# The fees, GST included, on orders under a threshold: contracts/store-fees.json, the file the
# site's terms quote too, so the page and the charge are one figure. (The catalogue sells no
# personal-care goods, so only the general fees apply here.)
FEES_FILE = Path(__file__).resolve().parents[2] / "contracts" / "store-fees.json"
STORE_FEES = json.loads(FEES_FILE.read_text(encoding="utf-8"))["fees"]
FEE_THRESHOLD = Decimal(STORE_FEES["threshold"])
CONVENIENCE_FEE = Decimal(STORE_FEES["convenienceFee"])
PLATFORM_FEE = Decimal(STORE_FEES["platformFee"])
# Until the catalogue states them per product: electrical goods' usual HSN heading and rate.
DEFAULT_HSN = "8536"
DEFAULT_GST_RATE = Decimal("18")
DEFAULT_STOCK = 25
# The fees are a service: SAC 9985 (support services) at 18%, GST included in the stated fee.
FEE_SAC = "9985"
FEE_GST_RATE = Decimal("18")


def paise(value: Decimal) -> Decimal:
    return value.quantize(PAISA, rounding=ROUND_HALF_UP)


def exact(value: Any) -> Decimal:
    """A catalogue figure (Decimal, int, or a JSON-number float) as the Decimal it was written as."""
    return value if isinstance(value, Decimal) else Decimal(str(value))


def product_facts(product: Any) -> tuple[Decimal, str, Decimal, int]:
    """Unit price (GST included), HSN code, GST rate and stock on hand of a catalogue product."""
    price = paise(exact(product.mrp_with_cash_discount))
    hsn = str(getattr(product, "hsn_code", None) or DEFAULT_HSN)
    rate_value = getattr(product, "gst_rate", None)
    rate = exact(rate_value) if rate_value is not None else DEFAULT_GST_RATE
    stock_value = getattr(product, "stock_quantity", None)
    stock = int(stock_value) if stock_value is not None else DEFAULT_STOCK
    return price, hsn, rate, stock


class TaxSplit(msgspec.Struct, kw_only=True, frozen=True):
    cgst: Decimal
    sgst: Decimal
    igst: Decimal


def included_gst(total: Decimal, rate: Decimal) -> tuple[Decimal, Decimal]:
    """The taxable value and the GST inside a GST-inclusive amount, to the paisa; they add up to it."""
    gst = paise(total * rate / (100 + rate))
    return total - gst, gst


def split(gst: Decimal, intra_state: bool) -> TaxSplit:
    """One amount's GST as the supply pays it: CGST (half, rounded half-up) and SGST (the rest)
    within the shipping store's state, so they add up to it exactly; all of it IGST across states."""
    if not intra_state:
        return TaxSplit(cgst=ZERO, sgst=ZERO, igst=gst)
    cgst = paise(gst / 2)
    return TaxSplit(cgst=cgst, sgst=gst - cgst, igst=ZERO)


def priced_line(product: Any, quantity: int) -> Line:
    price, hsn, rate, _ = product_facts(product)
    total = paise(price * quantity)
    taxable, _gst = included_gst(total, rate)
    return Line(
        product_id=product.id,
        product_name=product.product_name,
        hsn_code=hsn,
        gst_rate=rate.quantize(Decimal(1)) if rate == rate.to_integral_value() else rate.normalize(),
        unit_price=price,
        quantity=quantity,
        taxable_amount=taxable,
        gst_amount=total - taxable,
        line_total=total,
        return_days=int(getattr(product, "return_days", 0)),
    )


def charges(lines: list[Line], intra_state: bool | None = None) -> Charges:
    """The order's money. `intra_state` (None while no delivery address is known, as in the
    cart) decides only how the same GST is split: CGST + SGST, or IGST."""
    subtotal = sum((line.line_total for line in lines), ZERO)  # what the cart shows, GST included
    small = subtotal < FEE_THRESHOLD
    convenience = CONVENIENCE_FEE if small else ZERO
    platform = PLATFORM_FEE if small else ZERO
    fees_gst = [included_gst(fee, FEE_GST_RATE)[1] for fee in (convenience, platform) if fee > ZERO]
    # Each amount's GST split on its own, as the invoice's rows are, and summed as its totals are.
    amounts_gst = [line.gst_amount for line in lines] + fees_gst
    gst_total = sum(amounts_gst, ZERO)
    total = subtotal + convenience + platform
    splits = [split(gst, bool(intra_state)) for gst in amounts_gst]
    return Charges(
        subtotal=subtotal,
        convenience_fee=convenience,
        platform_fee=platform,
        gst_total=gst_total,
        total=total,
        taxable_total=total - gst_total,
        cgst=None if intra_state is None else sum((t.cgst for t in splits), ZERO),
        sgst=None if intra_state is None else sum((t.sgst for t in splits), ZERO),
        igst=None if intra_state is None else sum((t.igst for t in splits), ZERO),
        fee_threshold=FEE_THRESHOLD,
        short_of_no_fees=FEE_THRESHOLD - subtotal if small else ZERO,
    )
