"""The support desk: a staff-only route group (gateway/desk/routes.py)."""

from gateway.desk.routes import build_router

__all__ = ["build_router"]
