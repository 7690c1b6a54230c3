"""A replica's shutdown in bounded steps: stop the jobs, close the upstreams' clients, the embedded
mocks and the database, each given STEP_SECONDS. A step that never ends (a connection's close
waiting on a thread or a socket that is gone) is logged and left, so the process still exits and
its supervisor, or a test's teardown, is never held by it for ever."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence

import structlog

log = structlog.get_logger("gateway.shutdown")

STEP_SECONDS = 10.0

Step = tuple[str, Callable[[], Awaitable[None]]]


async def shut_down(steps: Sequence[Step], within: float = STEP_SECONDS) -> list[str]:
    """Each step in turn, each within `within` seconds: the names of those that did not finish."""
    late: list[str] = []
    for name, step in steps:
        try:
            async with asyncio.timeout(within):
                await step()
        except TimeoutError:
            log.warning("shutdown_step_late", step=name, within=within)
            late.append(name)
    return late
