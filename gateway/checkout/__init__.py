"""The web checkout (/api/checkout): from the cart to a placed order (routes, service, schemas)."""

from gateway.checkout.routes import build_router, build_service

__all__ = ["build_router", "build_service"]
