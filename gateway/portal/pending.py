"""Payments a borrower started that the gateway has not yet seen settled, kept server side.

They live in the session store (Redis when replicas share one) per borrower, not per session,
so a borrower who closed the tab after paying and logs in again later still has them re-checked.
An entry goes when the lender says the payment completed or failed; otherwise it is shown as
'Payment pending confirmation' and expires after a day (the provider's order long since closed).

The list is read, changed and written back: two simultaneous changes can re-add an entry the
other removed, which only costs one more re-check (settling at the lender is idempotent).
"""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

import msgspec

from gateway.sessions.store import SessionStore, keyspace

REMEMBER_SECONDS = 24 * 60 * 60


class PendingPayment(msgspec.Struct, rename="camel", kw_only=True):
    """A payment started at the provider's checkout, not yet known to be settled."""

    order_id: str
    payment_log_id: int
    amount: Decimal
    started_at: datetime
    # The provider's session for the order, kept here so that a UPI payment can be started on it
    # without the browser handing it back (gateway/upi/service.py).
    payment_session_id: str | None = None


class PendingPayments:
    def __init__(self, store: SessionStore) -> None:
        self._store, self._prefix = keyspace(store, "portal_pending")
        self._encoder = msgspec.json.Encoder()
        self._decoder = msgspec.json.Decoder(list[PendingPayment])

    def _key(self, user_id: str) -> str:
        return f"{self._prefix}{user_id}"

    async def all(self, user_id: str) -> list[PendingPayment]:
        raw = await self._store.get(self._key(user_id))
        return self._decoder.decode(raw) if raw is not None else []

    async def _write(self, user_id: str, payments: list[PendingPayment]) -> None:
        if payments:
            await self._store.set(self._key(user_id), self._encoder.encode(payments), expires_in=REMEMBER_SECONDS)
        else:
            await self._store.delete(self._key(user_id))

    async def remember(
        self, user_id: str, order_id: str, payment_log_id: int, amount: Decimal, session_id: str | None = None
    ) -> None:
        payments = [p for p in await self.all(user_id) if p.order_id != order_id]
        started = datetime.now(UTC).replace(microsecond=0)  # real time: when the payment was started, a record
        payments.append(
            PendingPayment(
                order_id=order_id,
                payment_log_id=payment_log_id,
                amount=amount,
                started_at=started,
                payment_session_id=session_id,
            )
        )
        await self._write(user_id, payments)

    async def one(self, user_id: str, order_id: str) -> PendingPayment | None:
        return next((p for p in await self.all(user_id) if p.order_id == order_id), None)

    async def forget(self, user_id: str, order_id: str) -> None:
        payments = await self.all(user_id)
        remaining = [p for p in payments if p.order_id != order_id]
        if len(remaining) != len(payments):
            await self._write(user_id, remaining)
