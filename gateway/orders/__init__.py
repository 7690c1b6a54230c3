"""After the order (/api/orders): the shopper's orders, one order and its tracking, paying a
pending one, cancelling, its invoice and credit notes, returns and buying it again (routes,
service, schemas)."""

from gateway.orders.routes import build_router

__all__ = ["build_router"]
