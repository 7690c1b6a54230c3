"""One deadline per request, over all of its upstream calls together.

The middleware stamps each request with the moment its time is up (REQUEST_DEADLINE seconds
after it arrived, on the event loop's clock); every upstream call then gets what is left of it
(never more than its own UPSTREAM_DEADLINE), so a request that makes several calls answers its
503 within the request's deadline, not a deadline a call. Work started from a request, in the
same task or one it spawns, inherits the stamp: a step after an order is placed is cut short
rather than holding the answer back.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextvars import ContextVar

from gateway.plumbing.asgi import ASGIApp, Receive, Scope, Send

_ENDS_AT: ContextVar[float | None] = ContextVar("request_ends_at", default=None)


def remaining() -> float | None:
    """Seconds left to the current request's deadline (0 or less: spent); None outside a request."""
    ends_at = _ENDS_AT.get()
    return None if ends_at is None else ends_at - asyncio.get_running_loop().time()


def budget(own: float | None) -> float | None:
    """The time one call may take: its own limit, or less when the request has less left."""
    left = remaining()
    if left is None:
        return own
    return left if own is None else min(own, left)


def deadline_middleware_factory(seconds: float) -> Callable[[ASGIApp], ASGIApp]:
    def middleware_factory(app: ASGIApp) -> ASGIApp:
        async def middleware(scope: Scope, receive: Receive, send: Send) -> None:
            if scope["type"] != "http":
                await app(scope, receive, send)
                return
            token = _ENDS_AT.set(asyncio.get_running_loop().time() + seconds)
            try:
                await app(scope, receive, send)
            finally:
                _ENDS_AT.reset(token)

        return middleware

    return middleware_factory
