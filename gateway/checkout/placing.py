"""One placement at a time per shopper: a short claim in the session store, shared by replicas.

Two tabs (or twenty requests) placing one cart with different Idempotency-Keys would each make
an order: the orders service cannot tell a second cart from the same cart sent twice. The
gateway owns that guarantee, so it holds it whatever upstream is plugged in. The claim's value
is the key that holds it: a retry with that key goes on (the orders service answers it the
order it made), another key is refused 409 `order_in_progress`.
"""

from __future__ import annotations

from gateway.errors import Conflict
from gateway.sessions.store import SessionStore, keyspace

IN_PROGRESS = "Your order is already being placed. Please check My Orders in a moment."


class PlacementClaims:
    def __init__(self, store: SessionStore, seconds: int) -> None:
        self._store, self._prefix = keyspace(store, "checkout_placing")
        # Longer than a request may take (its deadline), so a claim outlives the placement it
        # guards; it expires by itself when the gateway holding it dies or an answer was lost.
        self.seconds = seconds

    def _name(self, user_id: str) -> str:
        return f"{self._prefix}{user_id}"

    async def claim(self, user_id: str, key: str) -> None:
        """Hold the shopper's placement for `key`, or raise 409 while another key holds it."""
        if await self._store.set_if_absent(self._name(user_id), key.encode(), self.seconds):
            return
        holder = await self._store.get(self._name(user_id))
        if holder is not None and holder.decode() != key:
            raise Conflict(IN_PROGRESS, code="order_in_progress")
        # Released between the two calls: one more try.
        if holder is None and not await self._store.set_if_absent(self._name(user_id), key.encode(), self.seconds):
            raise Conflict(IN_PROGRESS, code="order_in_progress")

    async def release(self, user_id: str, key: str) -> None:
        """Let the shopper place again; only the key holding the claim releases it."""
        holder = await self._store.get(self._name(user_id))
        if holder is not None and holder.decode() == key:
            await self._store.delete(self._name(user_id))
