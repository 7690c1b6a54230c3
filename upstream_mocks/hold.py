"""A tester's hold on the shared mock world (docs/decisions/qa-holds.md).

On a shared `test` deployment every tester drives one world. A tester takes the hold
(`POST /_mocks/hold`) with their name; while it lasts, the world-changing controls (every write of
contracts/qa-controls.openapi.yaml but the hold's own and the OAuth token) answer 409 naming the
holder to anyone else. Reads stay open to all. Nobody holding, the world is open, as `make test`
and the recipes drive it.

Who calls: the `X-QA-Tester` header (the gateway sets it from the QA login, replacing what the
browser sent; without a QA login the console sends the name the tester gave), or the hold's token
in `X-QA-Hold` (what a script that took the hold by name in its body sends). A hold lasts the
minutes asked for (60 unless given, at most 480) of real time, not the mocks' clock, which QA moves
by days; it lapses by itself, so a forgotten hold blocks nobody for long. A reset keeps it: the
holder resets their own world.
"""

from __future__ import annotations

import hmac
import secrets
import time
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Annotated, Any

import msgspec

from upstream_mocks.examples import contract_path, operation_finder
from upstream_mocks.ist import IST
from upstream_mocks.world import MockWorld

TESTER_HEADER = "x-qa-tester"
TOKEN_HEADER = "x-qa-hold"
STATE = "qa_hold"  # world.states key, not re-seeded: a reset keeps the hold
# Writes of the control API anyone may make while the world is held: the hold's own (the holder
# releases, another is told who holds) and a client's OAuth token, which changes nothing QA set up.
OPEN_WRITES = frozenset({"takeHold", "releaseHold", "issueToken"})
_controls = operation_finder(contract_path("qa-controls"))

Name = Annotated[str, msgspec.Meta(min_length=1, max_length=60, pattern=r"^[^\x00-\x1f\x7f]+$")]


class HoldAsked(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    name: Name | None = None  # who, when no X-QA-Tester header says it (a script calling the mocks directly)
    minutes: Annotated[int, msgspec.Meta(ge=1, le=480)] = 60


class Hold(msgspec.Struct, kw_only=True):
    holder: str
    since: float  # real time (epoch seconds)
    until: float
    token: str


class HoldView(msgspec.Struct, rename="camel", kw_only=True):
    held: bool
    holder: str | None = None
    since: datetime | None = None
    until: datetime | None = None
    seconds_left: int = 0
    you: str | None = None  # the caller, as its X-QA-Tester header names it
    yours: bool = False
    token: str | None = None  # only in the answer to the one who took it


class HoldKeeper:
    """The one hold of a world; `now` is real time (a test gives its own)."""

    # real time: a hold is a person's working hour, not the mocks' clock QA moves by days
    def __init__(self, now: Callable[[], float] = time.time) -> None:
        self.now = now
        self._hold: Hold | None = None

    def current(self) -> Hold | None:
        if self._hold is not None and self._hold.until <= self.now():
            self._hold = None  # lapsed
        return self._hold

    def lets(self, headers: Mapping[str, str]) -> Hold | None:
        """None when the caller may change the world; else the hold that stops them."""
        hold = self.current()
        if hold is None or _is_holder(hold, headers):
            return None
        return hold

    def take(self, holder: str, minutes: int) -> Hold:
        """The hold for `holder` (renewed, same token, if already theirs). Call only when `lets`."""
        now = self.now()
        hold = self.current()
        token = hold.token if hold is not None and hold.holder == holder else secrets.token_urlsafe(24)
        self._hold = Hold(holder=holder, since=hold.since if hold else now, until=now + minutes * 60, token=token)
        return self._hold

    def release(self) -> None:
        self._hold = None

    def view(self, headers: Mapping[str, str], *, with_token: bool = False) -> HoldView:
        hold = self.current()
        you = caller(headers)
        if hold is None:
            return HoldView(held=False, you=you)
        return HoldView(
            held=True,
            holder=hold.holder,
            since=_moment(hold.since),
            until=_moment(hold.until),
            seconds_left=max(0, int(hold.until - self.now())),
            you=you,
            yours=_is_holder(hold, headers),
            token=hold.token if with_token else None,
        )


def keeper(world: MockWorld) -> HoldKeeper:
    found: HoldKeeper = world.states.setdefault(STATE, HoldKeeper())
    return found


def caller(headers: Mapping[str, str]) -> str | None:
    return headers.get(TESTER_HEADER, "").strip() or None


def _is_holder(hold: Hold, headers: Mapping[str, str]) -> bool:
    token = headers.get(TOKEN_HEADER, "")
    return caller(headers) == hold.holder or (bool(token) and hmac.compare_digest(token, hold.token))


def _moment(epoch: float) -> datetime:
    return datetime.fromtimestamp(int(epoch), UTC)


def held_control(method: str, path: str) -> bool:
    """Whether `method path` changes the shared world: a write of the control API, not an open one."""
    if method.upper() in ("GET", "HEAD", "OPTIONS"):
        return False
    operation = _controls(method, path)
    return operation is not None and operation not in OPEN_WRITES


def refusal(hold: Hold) -> dict[str, Any]:
    """The 409's body: our words naming the holder, and the hold itself."""
    since = datetime.fromtimestamp(hold.since, IST).strftime("%H:%M")
    until = datetime.fromtimestamp(hold.until, IST).strftime("%H:%M")
    return {
        "message": (
            f"{hold.holder} holds the shared mocks (since {since}, until {until} India time): only they can "
            "change the world until they release it or the hold lapses. Reading stays open."
        ),
        "holder": hold.holder,
        "until": _moment(hold.until).isoformat().replace("+00:00", "Z"),
    }
