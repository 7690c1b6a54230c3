"""Read-outs that wait for a change rather than being asked again and again.

A caller sends the `ETag` of what it last read as `If-None-Match` and `Prefer: wait=<seconds>`
(RFC 7240): the answer comes as soon as the read-out differs (200 with the new `ETag`), or at the
end of the wait with `304 Not Modified`. Without `Prefer: wait` it is a plain conditional GET.
The world is told of every possible change by `moves_told`, by its background work and by its
periodic jobs (upstream_mocks/world.py), so a waiting read-out is looked at again only then.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
from collections.abc import Callable
from typing import Any

import msgspec
from litestar import Response

from upstream_mocks.asgi_types import ASGIApp, Receive, Scope, Send
from upstream_mocks.world import MockWorld

MAX_WAIT = 30.0  # seconds: within any client's read timeout
_WAIT = re.compile(r"(?:^|[;,\s])wait\s*=\s*(\d+(?:\.\d+)?)", re.IGNORECASE)
# Read-outs of the world: answering one changes nothing, so it wakes nobody.
WAITABLE = ("/_mocks/ledger", "/_mocks/lending/reminders", "/_mocks/journal", "/_mocks/mail/outbox")


def prefer_wait(prefer: str | None) -> float:
    """The seconds a `Prefer: wait=N` header asks for, at most MAX_WAIT; 0 without one."""
    found = _WAIT.search(prefer or "")
    return min(float(found.group(1)), MAX_WAIT) if found else 0.0


def etag_of(body: bytes) -> str:
    return f'"{hashlib.sha256(body).hexdigest()[:32]}"'


async def changed_read(
    world: MockWorld, read: Callable[[], Any], if_none_match: str | None, prefer: str | None
) -> Response[Any]:
    """`read()` as JSON with its ETag, once it is not `if_none_match` (within the wait asked)."""
    deadline = asyncio.get_running_loop().time() + prefer_wait(prefer)
    while True:
        body = msgspec.json.encode(read())
        tag = etag_of(body)
        headers = {"ETag": tag, "Cache-Control": "no-store"}
        if if_none_match is None or tag not in if_none_match:
            return Response(body, media_type="application/json", headers=headers)
        left = deadline - asyncio.get_running_loop().time()
        if left <= 0:
            return Response(b"", status_code=304, headers=headers)
        await world.until_moved(left)


def moves_told(world: MockWorld) -> Any:
    """Middleware: every answered request but a read-out's may have changed the world."""

    def middleware(app: ASGIApp) -> ASGIApp:
        async def told(scope: Scope, receive: Receive, send: Send) -> None:
            try:
                await app(scope, receive, send)
            finally:
                if scope["type"] == "http" and not (scope["method"] == "GET" and scope["path"].startswith(WAITABLE)):
                    world.moved()

        return told

    return middleware
