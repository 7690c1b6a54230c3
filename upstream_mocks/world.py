"""State shared by the mocks: each mock's seeded data, the SMS outbox, the journal, scenarios."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections.abc import Callable, Coroutine
from typing import Annotated, Any, Literal

import msgspec

from upstream_mocks.settings import MockSettings
from upstream_mocks.staff import StaffMember
from upstream_mocks.texts.language import Language


class OutboxEntry(msgspec.Struct, rename="camel"):
    mobile_number: str
    otp: str
    sent_at: float
    message: str = ""  # the SMS as the user reads it
    language: Language = "en"


class JournalEntry(msgspec.Struct, rename="camel"):
    mock: str
    method: str
    path: str
    query: str
    body: Any
    status: int
    at: float
    request_id: str | None = None  # the caller's X-Request-Id: the gateway's trace id for the request
    idempotency_key: str | None = None  # the caller's Idempotency-Key or x-idempotency-key, if any
    # The contract's operationId of the call; None for a call beside the contract (a QA read-out
    # or control, a picture), which the QA console leaves out of its journal unless asked.
    operation: str | None = None


class Scenario(msgspec.Struct, rename="camel", kw_only=True):
    """Make matching requests to one mock slow or failing (a QA control)."""

    mock: str
    path: str  # path inside the mock, e.g. "website/SendMail"; "*" every path of its contract
    method: str = "*"
    status: int | None = None  # answer with this status instead of the real answer
    body: Any = None  # answer with this JSON body (status 200 unless given), e.g. a wrong shape
    delay_ms: int = 0
    drop: bool = False  # close the connection mid-answer, as a crashed server or a cut network would
    # The mock does the work first; then the delay, drop or status hits its answer: the order is
    # placed but its answer comes late, never or as a failure, as when a deadline passes mid-request.
    after: bool = False
    # Share of matching requests it applies to (0..1); the others get the real answer.
    probability: Annotated[float, msgspec.Meta(ge=0, le=1)] = 1.0
    times: int | None = None  # how many requests it applies to; None: until cleared
    # Outgoing webhooks (mock "payments", path "webhook"): drop them or send each twice.
    webhook: Literal["drop", "duplicate"] | None = None
    # Refunds made through the provider's API (mock "payments", path "refund"): the bank holds them
    # (ONHOLD, paid out after `delayMs`, 1 s unless given) or gives them up (CANCELLED after it).
    refund: Literal["onHold", "cancelled"] | None = None

    def matches(self, mock: str, method: str, path: str) -> bool:
        return (
            self.mock == mock
            and self.method in ("*", method.upper())
            and self.path.strip("/") in ("*", path.strip("/"))
            and (self.times is None or self.times > 0)
        )

    def applies(self, chance: random.Random) -> bool:
        return self.probability >= 1 or chance.random() < self.probability


class MockWorld:
    """Everything the mocks remember; `reset()` puts the seed data back."""

    def __init__(self, settings: MockSettings | None = None) -> None:
        self.settings = settings or MockSettings()
        # The suite's own ASGI app, so mocks can call each other in-process (upstream_mocks/loopback.py).
        self.loopback: Any = None
        # Merchants answered in-process by origin (the gateway embedding this suite): its refund
        # webhook URL is on its own public origin, which has no port of its own in a test client.
        self.merchants: dict[str, Any] = {}
        # The host gateway's staff logins, for QA to read (upstream_mocks/staff.py); kept on reset.
        self.staff: list[StaffMember] = []
        # Work a mock started after answering (webhook deliveries, receipt mails), kept so it is
        # not collected mid-flight and so tests can wait for it.
        self.background: set[asyncio.Task[None]] = set()
        # The last piece of work queued under each key (spawn_in_turn), so the next waits for it.
        self.last_in_line: dict[str, asyncio.Task[None]] = {}
        self._seeders: dict[str, Callable[[], Any]] = {}
        self.states: dict[str, Any] = {}
        self.outbox: dict[str, OutboxEntry] = {}
        self.journal: list[JournalEntry] = []
        self.scenarios: list[Scenario] = []
        self.chance = random.Random()  # which requests a partial-probability scenario hits
        # Set (and replaced) whenever the world may have changed: a request answered, background
        # work or a periodic job done. Read-outs that wait for a change (`Prefer: wait`) wait on it.
        self._moved = asyncio.Event()
        self._waiting = 0  # read-outs waiting on it: with none, a change costs nothing to tell

    def register(self, name: str, seed: Callable[[], Any]) -> None:
        self._seeders[name] = seed
        self.states[name] = seed()

    def reset(self) -> None:
        for task in self.background:
            task.cancel()  # a delivery for the old data must not land in the new
        self.last_in_line.clear()
        self.outbox.clear()
        self.journal.clear()
        self.scenarios.clear()
        for name, seed in self._seeders.items():
            self.states[name] = seed()

    def record_code(self, mobile_number: str, otp: str, message: str = "", language: Language = "en") -> None:
        self.outbox[mobile_number] = OutboxEntry(
            mobile_number=mobile_number,
            otp=otp,
            sent_at=time.time(),  # real time: a login code's life
            message=message,
            language=language,
        )

    def scenario_for(self, mock: str, method: str, path: str) -> Scenario | None:
        for scenario in self.scenarios:
            if scenario.matches(mock, method, path) and scenario.applies(self.chance):
                if scenario.times is not None:
                    scenario.times -= 1
                return scenario
        return None

    def moved(self) -> None:
        """Something may have changed: wake every read-out waiting for a change."""
        if self._waiting:
            self._moved.set()
            self._moved = asyncio.Event()

    async def until_moved(self, seconds: float) -> None:
        """Return at the next `moved()`, or after `seconds` (real time: how long a caller waits)."""
        self._waiting += 1
        try:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._moved.wait(), seconds)
        finally:
            self._waiting -= 1

    def _done(self, task: asyncio.Task[None]) -> None:
        self.background.discard(task)
        self.moved()

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self.background.add(task)
        task.add_done_callback(self._done)

    def spawn_in_turn(self, key: str, work: Callable[[], Coroutine[Any, Any, None]]) -> None:
        """Like `spawn`, but after the work queued before under the same key has finished: one
        order's mails reach the shopper in the order its steps happened, however long each took
        to build."""
        before = self.last_in_line.get(key)

        async def after_the_one_before() -> None:
            if before is not None:
                await asyncio.gather(before, return_exceptions=True)
            await work()  # started only now, so a reset that cancels the wait leaves nothing unawaited

        task = asyncio.get_running_loop().create_task(after_the_one_before())
        self.background.add(task)
        self.last_in_line[key] = task

        def done(finished: asyncio.Task[None]) -> None:
            if self.last_in_line.get(key) is finished:
                del self.last_in_line[key]
            self._done(finished)

        task.add_done_callback(done)

    async def drain(self, seconds: float = 10.0) -> None:
        """Wait (bounded) until the background work, and whatever it started, is done."""
        async with asyncio.timeout(seconds):
            while self.background:
                await asyncio.gather(*list(self.background), return_exceptions=True)
