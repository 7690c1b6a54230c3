"""One placement at a time per shopper: a short claim in the session store, shared by replicas.

Two tabs (or twenty requests) placing one cart with different Idempotency-Keys would each make
an order: the orders service cannot tell a second cart from the same cart sent twice. The
gateway owns that guarantee, so it holds it whatever upstream is plugged in. The claim names the
key that holds it and until when its placement can be running (the request's deadline): a retry
with that key goes on (the orders service answers it the order it made), another key is refused
409 `order_in_progress` only while that placement is really running. A placement that ended
with its outcome unknown (the orders service's answer lost) says so at once, and one that could
not say so (the store stalled) is over by its deadline: the next key then looks for the order it
may have made before placing anew (gateway/checkout/service.py), so "already being placed" never
outlives the placement.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import msgspec

from gateway.plumbing.errors import Conflict
from gateway.sessions.store import SessionStore, keyspace

IN_PROGRESS = "Your order is already being placed. Please check My Orders in a moment."


class Held(msgspec.Struct, frozen=True):
    key: str
    running_until: float  # seconds since the epoch; 0 once the placement ended


class PlacementClaims:
    def __init__(
        self,
        store: SessionStore,
        seconds: int,
        running_seconds: float,
        clock: Callable[[], float] = time.time,  # real time: a request's deadline, whatever QA's clock says
    ) -> None:
        self._store, self._prefix = keyspace(store, "checkout_placing")
        # The claim is kept a while after its placement (so a key whose answer was lost finds it),
        # and expires by itself when the gateway holding it dies.
        self.seconds = seconds
        self.running_seconds = running_seconds  # the request deadline: no placement runs longer
        self._clock = clock

    def _name(self, user_id: str) -> str:
        return f"{self._prefix}{user_id}"

    def _value(self, key: str, running: bool = True) -> bytes:
        return msgspec.json.encode(Held(key, self._clock() + self.running_seconds if running else 0.0))

    async def _holder(self, user_id: str) -> Held | None:
        raw = await self._store.get(self._name(user_id))
        if raw is None:
            return None
        try:
            return msgspec.json.decode(raw, type=Held)
        except msgspec.DecodeError:  # an earlier release's claim: the key alone, running until it expires
            return Held(raw.decode(), float("inf"))

    async def claim(self, user_id: str, key: str) -> str | None:
        """Hold the shopper's placement for `key`: None when held. Raises 409 while another key's
        placement is running; answers that key when its placement is over but its claim is still
        here (its outcome unknown): the caller looks for its order, then `take_over`."""
        if await self._store.set_if_absent(self._name(user_id), self._value(key), self.seconds):
            return None
        holder = await self._holder(user_id)
        if holder is None:  # released between the two calls: one more try
            if await self._store.set_if_absent(self._name(user_id), self._value(key), self.seconds):
                return None
            raise Conflict(IN_PROGRESS, code="order_in_progress")
        if holder.key == key:
            return None
        if holder.running_until > self._clock():
            raise Conflict(IN_PROGRESS, code="order_in_progress")
        return holder.key

    async def take_over(self, user_id: str, ended: str, key: str) -> None:
        """`key` holds the claim `ended` held (its placement over, no order of it found)."""
        holder = await self._holder(user_id)
        if holder is not None and holder.key == ended:
            await self._store.delete(self._name(user_id))
        if not await self._store.set_if_absent(self._name(user_id), self._value(key), self.seconds):
            raise Conflict(IN_PROGRESS, code="order_in_progress")  # a third key was quicker

    async def ended(self, user_id: str, key: str) -> None:
        """The placement under `key` is over with its outcome unknown: the claim stays (so only a
        key that finds its order goes on), but no longer says a placement is running."""
        holder = await self._holder(user_id)
        if holder is not None and holder.key == key:
            await self._store.set(self._name(user_id), self._value(key, running=False), expires_in=self.seconds)

    async def release(self, user_id: str, key: str) -> None:
        """Let the shopper place again; only the key holding the claim releases it."""
        holder = await self._holder(user_id)
        if holder is not None and holder.key == key:
            await self._store.delete(self._name(user_id))
