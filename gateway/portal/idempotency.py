"""Idempotency keys for creating payments, kept in the session store so replicas share them.

A key is first marked pending, then holds the created payment for a day: the same key again
answers the same payment; a key reused for another amount, or one still being created, is a
conflict. The key is scoped to the borrower, so one borrower cannot replay another's.
"""

from __future__ import annotations

from typing import Literal

import msgspec
from limits import RateLimitItemPerMinute
from limits.aio.storage import MemoryStorage, Storage
from limits.aio.strategies import MovingWindowRateLimiter
from litestar.stores.base import NamespacedStore, Store

from gateway.errors import Conflict
from gateway.portal.schemas import PaymentCreated

KEY_LIFETIME_SECONDS = 24 * 60 * 60
PENDING_SECONDS = 60  # long enough for the upstream call; a crashed attempt frees the key after it

IN_PROGRESS = "This payment is already being created. Please wait a moment."
REUSED = "This payment request was already used for a different amount. Please try again."


class KeyRecord(msgspec.Struct, kw_only=True):
    state: Literal["pending", "done"]
    amount: float
    payment: PaymentCreated | None = None


# One claim per key per minute: the atomic step that makes two simultaneous first uses of a key
# (a double click landing on two replicas) produce one order. The store itself has no
# set-if-absent, so the claim is a counter in the limits storage (Redis when replicas share one).
_CLAIM = RateLimitItemPerMinute(1)


class IdempotencyKeys:
    def __init__(self, store: Store, claims: Storage | None = None) -> None:
        self._claims = MovingWindowRateLimiter(claims or MemoryStorage())
        # Redis: a nested namespace; the in-memory store has none, so keys carry a prefix instead.
        self._store = store.with_namespace("portal_payments") if isinstance(store, NamespacedStore) else store
        self._prefix = "" if isinstance(store, NamespacedStore) else "portal_payments:"
        self._encoder = msgspec.json.Encoder()
        self._decoder = msgspec.json.Decoder(KeyRecord)

    def _key(self, user_id: str, key: str) -> str:
        return f"{self._prefix}{user_id}:{key}"

    async def begin(self, user_id: str, key: str, amount: float) -> PaymentCreated | None:
        """The payment this key already made, or None after marking the key pending."""
        raw = await self._store.get(self._key(user_id, key))
        if raw is not None:
            record = self._decoder.decode(raw)
            if abs(record.amount - amount) > 0.001:
                raise Conflict(REUSED, code="idempotency_key_reused")
            if record.state == "pending" or record.payment is None:
                raise Conflict(IN_PROGRESS, code="payment_in_progress")
            return record.payment
        if not await self._claims.hit(_CLAIM, "payment-claim", user_id, key):
            raise Conflict(IN_PROGRESS, code="payment_in_progress")
        pending = KeyRecord(state="pending", amount=amount)
        await self._store.set(self._key(user_id, key), self._encoder.encode(pending), expires_in=PENDING_SECONDS)
        return None

    async def finish(self, user_id: str, key: str, amount: float, payment: PaymentCreated) -> None:
        done = KeyRecord(state="done", amount=amount, payment=payment)
        await self._store.set(self._key(user_id, key), self._encoder.encode(done), expires_in=KEY_LIFETIME_SECONDS)

    async def abandon(self, user_id: str, key: str) -> None:
        """Free the key after a failed attempt, so the same click may be retried."""
        await self._store.delete(self._key(user_id, key))
        await self._claims.clear(_CLAIM, "payment-claim", user_id, key)
