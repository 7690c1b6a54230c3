"""A shipped cash-on-delivery order of seeded products, priced by the orders mock's own rules,
for the tests of its GST figures (tests/unit/test_invoice_figures.py, test_one_tax_rule.py)."""

from __future__ import annotations

from datetime import UTC, datetime

from upstream_mocks.catalogue.seed import products
from upstream_mocks.orders.gst import is_intra_state
from upstream_mocks.orders.pincodes import lookup
from upstream_mocks.orders.pricing import charges, priced_line
from upstream_mocks.orders.records import DeliveryAddress, Order, Payment
from upstream_mocks.orders.seller import shipping_seller

NOW = datetime(2026, 11, 23, 6, 30, tzinfo=UTC)
SEED = {p.id: p for p in products()}


def shipped_order(pincode: str, quantities: dict[int, int]) -> Order:
    """Ramesh Kumar's order of `quantities` (seeded product id: how many), delivered to `pincode`."""
    place = lookup(pincode, NOW)
    assert place is not None and place.delivery is not None
    lines = [priced_line(SEED[pid], qty) for pid, qty in quantities.items()]
    seller = shipping_seller(place)
    figures = charges(lines, is_intra_state(seller.state, place.state))
    return Order(
        order_number="VK10000001",
        user_id=2001,
        status="shipped",
        created_at=NOW,
        updated_at=NOW,
        lines=lines,
        charges=figures,
        delivery=place.delivery,
        address=DeliveryAddress(
            name="Ramesh Kumar",
            mobile_number="9876543210",
            address1="Shop 4",
            address2="",
            pincode=pincode,
            city=place.city,
            district=place.district,
            state=place.state,
        ),
        business=None,
        payment=Payment(method="cod", state="onDelivery", amount=figures.total),
        seller=seller,
    )
