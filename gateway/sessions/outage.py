"""A session-store call that takes too long or fails becomes a 503, within the store's time-out.

The Redis clients are also built with that time-out and without retries, so a stopped Redis
fails at once and a hung one after `store_timeout` seconds; the deadline here bounds a call
whatever the client library does.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from limits.errors import StorageError
from redis.exceptions import RedisError

from gateway.plumbing.errors import STORE_DOWN, SessionStoreUnavailable

STORE_ERRORS = (RedisError, StorageError, TimeoutError, ConnectionError)


@asynccontextmanager
async def store_call(seconds: float) -> AsyncIterator[None]:
    try:
        async with asyncio.timeout(seconds):
            yield
    except STORE_ERRORS as exc:
        raise SessionStoreUnavailable(STORE_DOWN) from exc
