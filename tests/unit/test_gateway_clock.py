"""The gateway's clock over mocks on their own port (gateway/plumbing/clock.py): the mocks' time, asked at
most once per second, asked again at once after QA moved it through this gateway, and a clear
503 when the mocks cannot tell it."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import httpx
import pytest

from gateway.plumbing.clock import ReadClock, RemoteClock
from gateway.plumbing.errors import UpstreamUnavailable

FORTY_DAYS_ON = datetime(2027, 1, 11, 20, 0, tzinfo=UTC)  # 01:30 on 12 Jan in India


def mocks_at(moments: list[datetime], asked: list[str]) -> httpx.AsyncClient:
    def answer(request: httpx.Request) -> httpx.Response:
        asked.append(str(request.url))
        return httpx.Response(200, json={"now": moments[0].isoformat(), "today": "ignored", "offsetSeconds": 0})

    return httpx.AsyncClient(transport=httpx.MockTransport(answer))


async def test_the_mocks_time_is_asked_once_then_again_after_a_move() -> None:
    asked: list[str] = []
    moments = [FORTY_DAYS_ON]
    clock = RemoteClock(mocks_at(moments, asked), "http://mocks/_mocks/clock", ttl=60)
    first = await clock.now()
    assert abs(first - FORTY_DAYS_ON) < timedelta(seconds=5)
    assert await clock.today() == date(2027, 1, 12)  # India's day, not the machine's or UTC's
    assert asked == ["http://mocks/_mocks/clock"]  # the second read cost no call
    moments[0] = FORTY_DAYS_ON - timedelta(days=40)
    clock.forget()  # QA moved it back through this gateway's /_mocks
    assert abs(await clock.now() - moments[0]) < timedelta(seconds=5)
    assert len(asked) == 2


async def test_mocks_that_cannot_tell_the_time_are_a_503_in_our_words() -> None:
    def down(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("refused", request=request)

    clock = RemoteClock(httpx.AsyncClient(transport=httpx.MockTransport(down)), "http://mocks/_mocks/clock")
    with pytest.raises(UpstreamUnavailable) as refused:
        await clock.now()
    assert refused.value.status_code == 503 and refused.value.code == "clock_unreachable"


async def test_the_in_process_clock_is_read_as_it_is() -> None:
    assert await ReadClock(lambda: FORTY_DAYS_ON).today() == date(2027, 1, 12)
