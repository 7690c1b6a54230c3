"""The time the gateway's product rules read: the cash-on-delivery day, the desk's and the
reconciliation's today. Real time in production; while mocks are in use, the mocks' one clock
(`/_mocks/clock`), so QA moving it moves the gateway's rules with every upstream
(docs/decisions/one-clock.md).

Not for what guards the service itself (the request deadline, upstream time-outs, session expiry,
rate limits, login codes' life): those stay on real time whatever QA's clock says.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta

import httpx
import msgspec

from gateway.plumbing.errors import UpstreamUnavailable
from india.time_zone import IST

CLOCK_UNREACHABLE = "The test clock is not reachable. Please try again."


class Clock(ABC):
    @abstractmethod
    async def now(self) -> datetime:
        """Now, as an aware datetime."""

    async def today(self) -> date:
        """Today in India."""
        return (await self.now()).astimezone(IST).date()


class SystemClock(Clock):
    """The machine's clock: production's, where no one moves time."""

    async def now(self) -> datetime:
        return datetime.now(UTC)  # real time: this is the production clock


class ReadClock(Clock):
    """A clock read from a function: the in-process mocks' one clock."""

    def __init__(self, read: Callable[[], datetime]) -> None:
        self._read = read

    async def now(self) -> datetime:
        return self._read()


class _Told(msgspec.Struct):
    now: datetime


class RemoteClock(Clock):
    """The mocks' clock on their own port (MOCKS_URL): its offset from real time, asked at most
    once per `ttl` seconds, so a rule costs no call in between. A move QA makes through this
    gateway's /_mocks is seen at once (`forget`); one made elsewhere (another replica) within `ttl`."""

    def __init__(self, client: httpx.AsyncClient, url: str, ttl: float = 1.0) -> None:
        self._client = client
        self._url = url
        self._ttl = ttl
        self._offset = timedelta(0)
        self._asked_at: float | None = None

    def forget(self) -> None:
        self._asked_at = None

    async def now(self) -> datetime:
        fresh = self._asked_at is not None and time.monotonic() - self._asked_at < self._ttl
        if not fresh:
            try:
                answer = await self._client.get(self._url)
                answer.raise_for_status()
                told = msgspec.json.decode(answer.content, type=_Told)
            except (httpx.HTTPError, msgspec.DecodeError, msgspec.ValidationError) as exc:
                raise UpstreamUnavailable(CLOCK_UNREACHABLE, upstream="mocks", code="clock_unreachable") from exc
            self._offset = told.now - datetime.now(UTC)  # real time: the offset from it
            self._asked_at = time.monotonic()
        return datetime.now(UTC) + self._offset  # real time: plus the mocks' offset
