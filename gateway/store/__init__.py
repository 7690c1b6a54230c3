"""The store route group's API (mirrors frontend/src/features/store)."""

from gateway.store.first_page import FirstProductsPage
from gateway.store.routes import build_router, build_service

__all__ = ["FirstProductsPage", "build_router", "build_service"]
