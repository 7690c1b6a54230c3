"""Liveness and readiness probes."""

from __future__ import annotations

from litestar import Response, get
from litestar.di import NamedDependency
from litestar.stores.base import Store

from gateway.sessions.store import ping_store


@get("/healthz", include_in_schema=False, sync_to_thread=False)
def healthz() -> dict[str, str]:
    return {"status": "ok"}


@get("/readyz", include_in_schema=False)
async def readyz(session_store: NamedDependency[Store]) -> Response[dict[str, str]]:
    try:
        await ping_store(session_store)
    except Exception as exc:  # any failure of the store means not ready
        return Response({"status": "unavailable", "sessions": type(exc).__name__}, status_code=503)
    return Response({"status": "ok", "sessions": "ok"})
