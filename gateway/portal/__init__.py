"""The portal route group's API (mirrors frontend/src/features/portal)."""

from gateway.portal.routes import build_router

__all__ = ["build_router"]
