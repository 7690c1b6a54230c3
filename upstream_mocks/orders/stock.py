"""Stock a shopper can still buy: one figure for the product pages, the cart, the quote and placing.

The catalogue keeps what the seller has; the orders service holds what orders took: an unpaid
online order reserves its units until it is paid or expires, a cancelled or expired one gives
them back. The catalogue mock answers `stockQuantity` less what orders hold, as the orders
service counts it, so a product page never says "in stock" for units nobody can buy.
"""

from __future__ import annotations

from typing import Any

from upstream_mocks.orders.pricing import product_facts
from upstream_mocks.world import MockWorld


def on_hand(world: MockWorld, product: Any) -> int:
    orders = world.states.get("orders")
    taken = orders.stock_taken.get(product.id, 0) if orders is not None else 0
    return max(product_facts(product)[3] - taken, 0)
