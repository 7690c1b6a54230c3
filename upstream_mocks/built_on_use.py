"""A mock's Litestar app, built the first time it is called.

Building a Litestar app (its handlers' signatures, parameters and routes) is most of what making
the mock suite costs: about half of each in-process gateway a test makes, and most of those tests
call two or three of the eight mocks. A mock's factory still runs whole when the suite is made
(its state seeded, its clock listeners and webhooks wired, its handlers defined); only the
`Litestar(...)` call waits for the first request. The served suite builds every app at start-up
(`create_suite(build_now=True)`), so a mistake in one stops the process, as before.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from litestar import Litestar

from upstream_mocks.asgi_types import Receive, Scope, Send


class BuiltOnUse:
    """An ASGI app that builds its Litestar app on its first call (or on `build()`), once."""

    def __init__(self, build: Callable[[], Litestar]) -> None:
        self._build = build
        self._app: Litestar | None = None

    def build(self) -> Litestar:
        if self._app is None:  # synchronous, so two first calls on one loop cannot both build
            self._app = self._build()
        return self._app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.build()(scope, receive, send)  # type: ignore[arg-type]


def mock_app(handlers: Sequence[Any], **options: Any) -> BuiltOnUse:
    """A mock's app, built on its first call from `handlers`, which its factory has made already,
    with the mock's state, listeners and webhooks wired; Litestar's `options` beside them. The
    host process configures logging (a Litestar app left with its default config puts its own
    handler on the root logger)."""
    return BuiltOnUse(lambda: Litestar(route_handlers=list(handlers), logging_config=None, **options))
