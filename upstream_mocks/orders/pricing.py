"""An order's figures from the catalogue's product facts: lines, GST, the policy's fees, total.

Catalogue prices include GST (one price everywhere): a line costs unit price x quantity, and
the GST inside it is worked out per line for the invoice. Money is Decimal rupees rounded
half-up to the paisa, so the quote and the placed order agree to the paisa.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from upstream_mocks.orders.records import Charges, Line

PAISA = Decimal("0.01")
ZERO = Decimal("0.00")
# Fees policy: convenience fee Rs. 79 and platform fee Rs. 20 on orders under Rs. 1199, GST included.
FEE_THRESHOLD = Decimal("1199.00")
CONVENIENCE_FEE = Decimal("79.00")
PLATFORM_FEE = Decimal("20.00")
# Until the catalogue states them per product: electrical goods' usual HSN heading and rate.
DEFAULT_HSN = "8536"
DEFAULT_GST_RATE = Decimal("18")
DEFAULT_STOCK = 25


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


def included_gst(total: Decimal, rate: Decimal) -> tuple[Decimal, Decimal]:
    """The taxable value and the GST inside a GST-inclusive amount, to the paisa; they add up to it."""
    taxable = paise(total * 100 / (100 + rate))
    return taxable, total - taxable


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
    )


def charges(lines: list[Line]) -> Charges:
    subtotal = sum((line.line_total for line in lines), ZERO)  # what the cart shows, GST included
    gst_total = sum((line.gst_amount for line in lines), ZERO)
    small = subtotal < FEE_THRESHOLD
    convenience = CONVENIENCE_FEE if small else ZERO
    platform = PLATFORM_FEE if small else ZERO
    return Charges(
        subtotal=subtotal,
        convenience_fee=convenience,
        platform_fee=platform,
        gst_total=gst_total,
        total=subtotal + convenience + platform,
    )
