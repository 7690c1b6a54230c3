"""Limits on wrong desk logins, kept like the one-time codes' (the `limits` library's moving
windows, in Redis when replicas share one): after too many wrong secrets for one staff name, or
from one client address, the desk refuses to check any more until the window has moved on.

Only a refused login counts, and a refused login over a limit is not checked at all (so a guess
made then cannot succeed). A staff member's good login clears their name's count; the address's
stays, so one place trying many names is still held back.
"""

from __future__ import annotations

import math
import time

from limits import RateLimitItem, RateLimitItemPerHour, RateLimitItemPerMinute
from limits.aio.storage import Storage
from limits.aio.strategies import MovingWindowRateLimiter

from gateway.plumbing.errors import TooManyRequests
from gateway.sessions.outage import store_call
from gateway.settings import Settings

TOO_MANY_FOR_NAME = "Too many wrong secrets for this desk account. Please wait {minutes} min before trying again."
TOO_MANY_FROM_HERE = "Too many wrong desk logins from this address. Please wait {minutes} min before trying again."
CODE = "desk_login_limit"
NAME_WINDOW_MINUTES = 15


class DeskLoginLimits:
    def __init__(self, storage: Storage, settings: Settings) -> None:
        self.timeout = settings.store_timeout
        self._limiter = MovingWindowRateLimiter(storage)
        self._per_name = RateLimitItemPerMinute(settings.desk_login_failures_per_name, NAME_WINDOW_MINUTES)
        self._per_client = RateLimitItemPerHour(settings.desk_login_failures_per_client)

    def _checks(self, name: str, client: str) -> list[tuple[RateLimitItem, tuple[str, ...], str]]:
        return [
            (self._per_name, ("desk-login-name", name.lower()), TOO_MANY_FOR_NAME),
            (self._per_client, ("desk-login-client", client), TOO_MANY_FROM_HERE),
        ]

    async def check(self, name: str, client: str) -> None:
        """Raise TooManyRequests (with Retry-After) while a limit is used up; count nothing."""
        async with store_call(self.timeout):
            for item, keys, message in self._checks(name, client):
                if not await self._limiter.test(item, *keys):
                    reset_at, _ = await self._limiter.get_window_stats(item, *keys)
                    # real time: a login limit's wait, whatever QA's clock says
                    wait = max(1, math.ceil(reset_at - time.time()))
                    raise TooManyRequests(message.format(minutes=math.ceil(wait / 60)), code=CODE, retry_after=wait)

    async def failed(self, name: str, client: str) -> None:
        async with store_call(self.timeout):
            for item, keys, _ in self._checks(name, client):
                await self._limiter.hit(item, *keys)

    async def succeeded(self, name: str) -> None:
        async with store_call(self.timeout):
            await self._limiter.clear(self._per_name, "desk-login-name", name.lower())
