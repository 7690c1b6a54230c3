"""Routes of the store group under /api/store."""

from __future__ import annotations

from litestar import Router

from gateway.services import AppServices


def build_router(services: AppServices) -> Router:
    return Router(path="/api/store", route_handlers=[], tags=["store"])
