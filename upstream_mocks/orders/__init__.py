"""Orders mock: pin codes, quotes, idempotent placement and one order's read-back."""

from upstream_mocks.orders.app import create_app

__all__ = ["create_app"]
