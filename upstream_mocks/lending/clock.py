"""The lender's clock: India's date and time, moved forward by QA so interest accrues, instalments
fall due, complaints age and reminders go out. The mocks' one moving clock: the mail and SMS
service stamps what it sends with it too.

`POST /_mocks/lending/clock {"days": 30}` moves it 30 days on (`hours` and `minutes` too; never
back: a lender's books do not run backwards); `GET /_mocks/lending/clock` says where it is;
`POST /_mocks/reset` puts it back to today. Everything the lending mock works out from a date
(days past due, interest accrued, instalments due, the statement, a complaint's 30 days) reads
this clock, not the machine's.

A move walks forward in steps of at most `STEP`, running the clock's listeners (`on_tick`) at
each, so work scheduled on the clock (the lender's reminders) runs at the moments it would have
run on a server left alone that long, never once at the far end of a jump. QA only: /_mocks is
never served in production (gateway/embedded.py).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import UTC, date, datetime, timedelta
from typing import Annotated, Any

import msgspec
from litestar import Request, Response, get, post
from litestar.handlers import HTTPRouteHandler

from upstream_mocks.ist import IST
from upstream_mocks.world import MockWorld

STEP = timedelta(minutes=15)
LISTENERS = "clock_listeners"  # world.states key, not re-seeded: listeners outlive resets

Listener = Callable[[datetime], Awaitable[None]]


class LenderClock(msgspec.Struct, kw_only=True):
    offset_days: int = 0
    offset_minutes: int = 0  # beyond the days, under one day


class MoveClock(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    days: Annotated[int, msgspec.Meta(ge=0, le=3660)] = 0
    hours: Annotated[int, msgspec.Meta(ge=0, le=24 * 366)] = 0
    minutes: Annotated[int, msgspec.Meta(ge=0, le=60 * 24 * 366)] = 0


def lender_clock(world: MockWorld) -> LenderClock:
    clock: LenderClock = world.states["clock"]
    return clock


def _offset(clock: LenderClock) -> timedelta:
    return timedelta(days=clock.offset_days, minutes=clock.offset_minutes)


def lender_now(world: MockWorld) -> datetime:
    return datetime.now(UTC) + _offset(lender_clock(world))


def lender_today(world: MockWorld) -> date:
    return lender_now(world).astimezone(IST).date()


def on_tick(world: MockWorld, listener: Listener) -> None:
    """Call `listener(moment)` at every step of every move of the lender's clock."""
    listeners: list[Listener] = world.states.setdefault(LISTENERS, [])
    listeners.append(listener)


async def advance(world: MockWorld, by: timedelta) -> None:
    """Move forward by `by`, stopping every `STEP` (and at the end) for the listeners; each runs
    to its end (its mails and SMS sent) while the clock reads that step's moment."""
    clock = lender_clock(world)
    end = _offset(clock) + by
    while (now := _offset(clock)) < end:
        moved = min(now + STEP, end)
        clock.offset_days, rest = moved.days, moved - timedelta(days=moved.days)
        clock.offset_minutes = int(rest.total_seconds() // 60)
        moment = lender_now(world)
        for listener in world.states.get(LISTENERS, []):
            await listener(moment)


def _view(world: MockWorld) -> dict[str, Any]:
    clock = lender_clock(world)
    return {
        "today": lender_today(world).isoformat(),
        "offsetDays": clock.offset_days,
        "now": lender_now(world).isoformat(),
        "offsetMinutes": clock.offset_minutes,
    }


def clock_routes(world: MockWorld) -> list[HTTPRouteHandler]:
    world.register("clock", LenderClock)

    @get("/clock")
    async def read_clock() -> dict[str, Any]:
        return _view(world)

    @post("/clock", status_code=200)
    async def move_clock(request: Request[Any, Any, Any]) -> Response[Any]:
        try:
            move = msgspec.json.decode(await request.body(), type=MoveClock)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            return Response({"message": f"Invalid request: {exc}"}, status_code=400)
        await advance(world, timedelta(days=move.days, hours=move.hours, minutes=move.minutes))
        return Response(_view(world))

    return [read_clock, move_clock]
