"""The upstream mocks, embedded: the one gateway module that knows they exist.

An upstream without a URL (LENDING_URL, CATALOGUE_URL, MAIL_URL) is served by the mock suite
in-process, and /_mocks (QA controls, the mock checkout page, media) is mounted on the gateway's
origin. With MOCKS_URL, /_mocks is proxied to the suite running on its own
(`python -m upstream_mocks`). The suite needs the `mocks` extra (`pip install -e '.[mocks]'`);
a production image without it must set every upstream URL.
"""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable, Mapping, MutableMapping
from dataclasses import dataclass, field
from typing import Any

import httpx
from litestar.handlers import ASGIRouteHandler, asgi

from gateway.settings import Settings
from gateway.upstreams.http import UPSTREAM_NAMES, upstream_timeout

# Raw ASGI: Litestar's TypedDict scope/message types do not fit pass-through code.
Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


_HOP_HEADERS = {b"host", b"connection", b"keep-alive", b"transfer-encoding", b"content-length"}
MOUNT = "/_mocks"


@dataclass
class Embedded:
    """What the app factory adds when mocks are in use."""

    mount: str = MOUNT  # never the app shell, mounted or not
    clients: dict[str, httpx.AsyncClient] = field(default_factory=dict)  # upstreams served in-process
    handlers: list[ASGIRouteHandler] = field(default_factory=list)  # the /_mocks mount
    # Paths left out of CSRF and compression: QA tools call the controls without the XSRF
    # header, and the mocks' answers pass through as they are.
    exempt: list[str] = field(default_factory=list)
    closing: list[httpx.AsyncClient] = field(default_factory=list)

    async def close(self) -> None:
        for client in self.closing:
            await client.aclose()


def embed(settings: Settings, environ: Mapping[str, str] | None = None) -> Embedded:
    """The in-process suite for upstreams without a URL, and /_mocks proxied or in-process."""
    env = os.environ if environ is None else environ
    mocks_url = env.get("MOCKS_URL") or None
    missing = [name for name in UPSTREAM_NAMES if not getattr(settings, f"{name}_url")]
    embedded = Embedded()
    suite: Any = None
    if missing:
        from upstream_mocks.suite import create_suite  # the optional `mocks` extra

        suite = create_suite(check_contracts=True)
        for name in missing:
            embedded.clients[name] = httpx.AsyncClient(
                transport=httpx.ASGITransport(app=suite),
                base_url=f"http://mocks.internal{MOUNT}/{name}/",
                timeout=upstream_timeout(settings),
            )
    if mocks_url or suite is not None:
        embedded.exempt.append(f"^{MOUNT}")
    if mocks_url:
        proxy = httpx.AsyncClient(timeout=10)
        embedded.closing.append(proxy)
        embedded.handlers.append(mount_proxy(mocks_url, proxy))
    elif suite is not None:
        embedded.handlers.append(mount_in_process(suite))
    return embedded


def mount_in_process(suite: ASGIApp) -> ASGIRouteHandler:
    @asgi(MOUNT, is_mount=True, copy_scope=True, name="mocks")
    async def mocks(scope: Scope, receive: Receive, send: Send) -> None:
        # The suite routes on full paths; give it back the prefix the mount took off.
        raw = scope.get("raw_path") or b""
        path = raw.decode("latin-1").split("?", 1)[0] if raw else MOUNT + scope["path"]
        await suite({**scope, "path": path, "root_path": ""}, receive, send)

    return mocks


def mount_proxy(mocks_url: str, client: httpx.AsyncClient) -> ASGIRouteHandler:
    base = mocks_url.rstrip("/")

    @asgi(MOUNT, is_mount=True, copy_scope=True, name="mocks")
    async def mocks(scope: Scope, receive: Receive, send: Send) -> None:
        raw = scope.get("raw_path") or b""
        path = raw.decode("latin-1").split("?", 1)[0] if raw else MOUNT + scope["path"]
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
