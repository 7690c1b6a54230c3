"""The web checkout: from the cart to a placed order (routes, service, schemas)."""

from gateway.checkout.routes import build_router

__all__ = ["build_router"]
