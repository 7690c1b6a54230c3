"""Routes of the portal group under /api/portal."""

from __future__ import annotations

from litestar import Router

from gateway.services import AppServices


def build_router(services: AppServices) -> Router:
    return Router(path="/api/portal", route_handlers=[], tags=["portal"])
