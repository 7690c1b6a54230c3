"""The site route group's API (mirrors frontend/src/features/site)."""

from gateway.site.routes import build_router

__all__ = ["build_router"]
