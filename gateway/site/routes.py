"""Routes of the site group under /api/site."""

from __future__ import annotations

from litestar import Router

from gateway.services import AppServices


def build_router(services: AppServices) -> Router:
    return Router(path="/api/site", route_handlers=[], tags=["site"])
