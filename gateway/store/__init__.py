"""The store route group's API (mirrors frontend/src/features/store)."""

from gateway.store.routes import build_router

__all__ = ["build_router"]
