"""Serving /_mocks on the gateway's origin while mocks are in use (QA control, checkout page, media).

In the embedded default the mock suite runs in-process; with MOCKS_URL the path is proxied to
the suite running on its own (python -m upstream_mocks).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import httpx
from litestar.handlers import ASGIRouteHandler, asgi

# Raw ASGI: Litestar's TypedDict scope/message types do not fit pass-through code.
Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


_HOP_HEADERS = {b"host", b"connection", b"keep-alive", b"transfer-encoding", b"content-length"}


def mount_in_process(suite: ASGIApp) -> ASGIRouteHandler:
    @asgi("/_mocks", is_mount=True, copy_scope=True, name="mocks")
    async def mocks(scope: Scope, receive: Receive, send: Send) -> None:
        # The suite routes on full paths; give it back the prefix the mount took off.
        raw = scope.get("raw_path") or b""
        path = raw.decode("latin-1").split("?", 1)[0] if raw else "/_mocks" + scope["path"]
        await suite({**scope, "path": path, "root_path": ""}, receive, send)

    return mocks


def mount_proxy(mocks_url: str, client: httpx.AsyncClient) -> ASGIRouteHandler:
    base = mocks_url.rstrip("/")

    @asgi("/_mocks", is_mount=True, copy_scope=True, name="mocks")
    async def mocks(scope: Scope, receive: Receive, send: Send) -> None:
        raw = scope.get("raw_path") or b""
        path = raw.decode("latin-1").split("?", 1)[0] if raw else "/_mocks" + scope["path"]
        query = scope.get("query_string", b"").decode("latin-1")
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        headers: list[tuple[bytes, bytes]] = [(k, v) for k, v in scope["headers"] if k not in _HOP_HEADERS]
        try:
            upstream = await client.request(
                scope["method"],
                f"{base}{path}" + (f"?{query}" if query else ""),
                content=body,
                headers=headers,
            )
        except httpx.TransportError:
            await _send(send, 502, b'{"error":{"code":"mocks_unreachable","message":"Mocks are not reachable."}}')
            return
        out = [
            (k.lower().encode(), v.encode())
            for k, v in upstream.headers.items()
            if k.lower().encode() not in _HOP_HEADERS
        ]
        await send({"type": "http.response.start", "status": upstream.status_code, "headers": out})
        await send({"type": "http.response.body", "body": upstream.content})

    return mocks


async def _send(send: Send, status: int, body: bytes) -> None:
    headers: Any = [(b"content-type", b"application/json")]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
