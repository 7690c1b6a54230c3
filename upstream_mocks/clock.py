"""The mocks' one clock: the time every mock (lender, Fineract and its companion, orders, the
payment provider, mail and SMS) works from, and, while mocks are in use, the gateway's time rules
too (docs/decisions/one-clock.md). Real time plus an offset QA sets.

`GET /_mocks/clock` tells its time (`{"now": ..., "today": <India's date>, "offsetSeconds": ...}`);
`POST /_mocks/clock` with `{"days": 40}` (also `hours`, `minutes`; negative goes back) moves it,
with `{"at": "<ISO date-time with offset>"}` sets it; `DELETE /_mocks/clock` returns it to real
time, as `POST /_mocks/reset` does. Moving it has every consequence at once: dues and penal
charges, reminders, unpaid orders' expiry, settlements, cooling-off and offer validity, delivery
promises.

A move forward walks in steps of at most `STEP`, running the clock's listeners (`on_tick`) at
each, so work scheduled on the clock (the lender's reminders) runs at the moments it would have
run on a server left alone that long, never once at the far end of a jump. A move back jumps:
nothing runs on the way back. Security timers (login codes' life, OAuth tokens, webhook
signatures' age) stay on real time, as the gateway's sessions and limits do. QA only: /_mocks is
never served in production (gateway/embedded.py).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from datetime import UTC, date, datetime, timedelta
from typing import Annotated, Any

import msgspec
import structlog
from litestar import Request, Response, delete, get, post
from litestar.handlers import HTTPRouteHandler

from upstream_mocks.ist import IST
from upstream_mocks.world import MockWorld

log = structlog.get_logger("upstream_mocks.clock")

STEP = timedelta(minutes=15)
STATE = "clock"
LISTENERS = "clock_listeners"  # world.states key, not re-seeded: listeners outlive resets
PERIODIC = "clock_periodic"  # world.states key, not re-seeded: work done as real time passes
FARTHEST = timedelta(days=3660)  # the most one move may walk or jump, either way

Listener = Callable[[datetime], Awaitable[None]]


class ClockState(msgspec.Struct, kw_only=True):
    offset: timedelta = timedelta(0)  # the mocks' now minus the real now


class ClockMove(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    days: Annotated[int, msgspec.Meta(ge=-3660, le=3660)] = 0
    hours: Annotated[int, msgspec.Meta(ge=-24 * 3660, le=24 * 3660)] = 0
    minutes: Annotated[int, msgspec.Meta(ge=-60 * 24 * 3660, le=60 * 24 * 3660)] = 0
    at: datetime | None = None


class ClockView(msgspec.Struct, rename="camel", kw_only=True):
    now: datetime
    today: date  # India's date at `now`
    offset_seconds: int


class ClockRefused(Exception):
    pass


def _state(world: MockWorld) -> ClockState:
    if STATE not in world.states:  # a mock served alone registers it on first use
        world.register(STATE, ClockState)
    state: ClockState = world.states[STATE]
    return state


def mocks_now(world: MockWorld) -> datetime:
    """Now, on the mocks' clock (UTC)."""
    return datetime.now(UTC) + _state(world).offset  # real time: the one clock is real time plus QA's offset


def mocks_today(world: MockWorld) -> date:
    """Today in India, on the mocks' clock."""
    return mocks_now(world).astimezone(IST).date()


def on_tick(world: MockWorld, listener: Listener) -> None:
    """Call `listener(moment)` at every step of every forward move of the clock."""
    listeners: list[Listener] = world.states.setdefault(LISTENERS, [])
    listeners.append(listener)


def every(world: MockWorld, seconds: float, job: Listener) -> None:
    """Also call `job(now)` every `seconds` of real time while the suite is served (a real service's
    own sweeper: what falls due while nobody moves the clock or asks happens all the same)."""
    jobs: list[tuple[float, Listener]] = world.states.setdefault(PERIODIC, [])
    jobs.append((seconds, job))


def start_periodic(world: MockWorld) -> list[asyncio.Task[None]]:
    """Start every `every` job; the host (the suite's lifespan, or the gateway embedding it) stops them."""

    async def loop(seconds: float, job: Listener) -> None:
        while True:
            await asyncio.sleep(seconds)
            try:
                await job(mocks_now(world))
            except Exception:  # a failed round is logged; the next one tries again
                log.exception("mock_periodic_job_failed", job=getattr(job, "__qualname__", repr(job)))
            world.moved()

    return [asyncio.create_task(loop(s, job)) for s, job in world.states.get(PERIODIC, []) if s > 0]


async def stop_periodic(tasks: list[asyncio.Task[None]]) -> None:
    for task in tasks:
        task.cancel()
    for task in tasks:
        with contextlib.suppress(asyncio.CancelledError):
            await task


async def move(world: MockWorld, by: timedelta) -> None:
    """Forward: walk by `STEP`s, each listener run to its end (its mails and SMS sent) while the
    clock reads that step's moment. Back: jump."""
    state = _state(world)
    end = state.offset + by
    if by <= timedelta(0):
        state.offset = end
        return
    while state.offset < end:
        state.offset = min(state.offset + STEP, end)
        moment = mocks_now(world)
        for listener in world.states.get(LISTENERS, []):
            await listener(moment)


def _by(world: MockWorld, body: ClockMove) -> timedelta:
    if body.at is not None:
        if body.days or body.hours or body.minutes:
            raise ClockRefused("Give either `at` or `days`/`hours`/`minutes`, not both.")
        if body.at.tzinfo is None:
            raise ClockRefused("Give `at` with its offset, e.g. 2026-11-27T02:50:00+05:30.")
        return body.at - mocks_now(world)
    return timedelta(days=body.days, hours=body.hours, minutes=body.minutes)


def view(world: MockWorld) -> ClockView:
    now = mocks_now(world)
    return ClockView(
        now=now.replace(microsecond=0),
        today=now.astimezone(IST).date(),
        offset_seconds=int(_state(world).offset.total_seconds()),
    )


def _answer(world: MockWorld) -> Response[Any]:
    return Response(msgspec.to_builtins(view(world)), headers={"Cache-Control": "no-store"})


def clock_routes(world: MockWorld, prefix: str = "/_mocks/clock") -> list[HTTPRouteHandler]:
    """The clock's QA controls at `prefix`."""
    _state(world)

    @get(prefix, name=f"read-clock{prefix}")
    async def read_clock() -> Response[Any]:
        return _answer(world)

    @post(prefix, status_code=200, name=f"move-clock{prefix}")
    async def move_clock(request: Request[Any, Any, Any]) -> Response[Any]:
        try:
            body = msgspec.json.decode(await request.body(), type=ClockMove)
            by = _by(world, body)
        except (msgspec.ValidationError, msgspec.DecodeError, ClockRefused) as exc:
            return Response({"message": f"Invalid request: {exc}"}, status_code=400)
        if abs(by) > FARTHEST:
            return Response({"message": "Invalid request: the clock moves at most 3660 days at once."}, status_code=400)
        await move(world, by)
        return _answer(world)

    @delete(prefix, status_code=200, name=f"real-clock{prefix}")
    async def real_clock() -> Response[Any]:
        await move(world, -_state(world).offset)
        return _answer(world)

    return [read_clock, move_clock, real_clock]
