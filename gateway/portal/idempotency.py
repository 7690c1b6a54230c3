"""Idempotency keys for creating payments, kept in the session store so replicas share them.

A key is first claimed (atomically: the store's set-if-absent) as pending, then holds the
created payment for a day: the same key again answers the same payment; a key reused for
another amount, or one still being created, is a conflict. The key is scoped to the borrower,
so one borrower cannot replay another's.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Literal

import msgspec

from gateway.plumbing.errors import Conflict
from gateway.portal.schemas import PaymentCreated
from gateway.sessions.store import SessionStore, keyspace

KEY_LIFETIME_SECONDS = 24 * 60 * 60
PENDING_SECONDS = 60  # long enough for the upstream call; a crashed attempt frees the key after it

IN_PROGRESS = "This payment is already being created. Please wait a moment."
REUSED = "This payment request was already used for a different amount. Please try again."


class KeyRecord(msgspec.Struct, kw_only=True):
    state: Literal["pending", "done"]
    amount: Decimal
    payment: PaymentCreated | None = None


class IdempotencyKeys:
    def __init__(self, store: SessionStore) -> None:
        self._store, self._prefix = keyspace(store, "portal_payments")
        self._encoder = msgspec.json.Encoder()
        self._decoder = msgspec.json.Decoder(KeyRecord)

    def _key(self, user_id: str, key: str) -> str:
        return f"{self._prefix}{user_id}:{key}"

    async def begin(self, user_id: str, key: str, amount: Decimal) -> PaymentCreated | None:
        """The payment this key already made, or None once this call has claimed the key."""
        pending = self._encoder.encode(KeyRecord(state="pending", amount=amount))
        # Two simultaneous first uses (a double click landing on two replicas): one claim wins.
        if await self._store.set_if_absent(self._key(user_id, key), pending, PENDING_SECONDS):
            return None
        raw = await self._store.get(self._key(user_id, key))
        if raw is None:  # the other attempt failed and freed the key a moment ago
            raise Conflict(IN_PROGRESS, code="payment_in_progress")
        record = self._decoder.decode(raw)
        if record.amount != amount:
            raise Conflict(REUSED, code="idempotency_key_reused")
        if record.state == "pending" or record.payment is None:
            raise Conflict(IN_PROGRESS, code="payment_in_progress")
        return record.payment

    async def finish(self, user_id: str, key: str, amount: Decimal, payment: PaymentCreated) -> None:
        done = KeyRecord(state="done", amount=amount, payment=payment)
        await self._store.set(self._key(user_id, key), self._encoder.encode(done), expires_in=KEY_LIFETIME_SECONDS)

    async def abandon(self, user_id: str, key: str) -> None:
        """Free the key after a failed attempt, so the same click may be retried."""
        await self._store.delete(self._key(user_id, key))
