"""Liveness and readiness probes."""

from __future__ import annotations

import structlog
from litestar import Response, get
from litestar.di import NamedDependency
from litestar.stores.base import Store

from gateway.serving.draining import draining
from gateway.sessions.store import ping_store

log = structlog.get_logger("gateway.health")


@get("/healthz", include_in_schema=False, sync_to_thread=False)
def healthz() -> dict[str, str]:
    return {"status": "ok"}


@get("/readyz", include_in_schema=False)
async def readyz(session_store: NamedDependency[Store]) -> Response[dict[str, str]]:
    """Which dependency is down ("sessions": "down"), never which exception: that goes to the log.
    A replica stopping (SIGTERM, gateway/serving/draining.py) is not ready either, so the load
    balancer sends it nothing new while it finishes what it has."""
    if draining():
        return Response({"status": "draining"}, status_code=503)
    try:
        await ping_store(session_store)
    except Exception as exc:  # any failure of the store means not ready
        log.warning("not_ready", dependency="sessions", error=type(exc).__name__)
        return Response({"status": "unavailable", "sessions": "down"}, status_code=503)
    return Response({"status": "ok", "sessions": "ok"})
