"""The failures a lender has, met through the port by the conformance kit (`--allow-writes`, a
sandbox only): the booking path the gateway relies on must book every paid repayment exactly once
however the lender misbehaves (docs/decisions/fineract-bookings.md).

- a real repayment paid at the provider while the lender's first booking fails (Fineract keeps the
  failure under its Idempotency-Key and answers it again for ever): booked once, asked again as
  the portal's re-check would;
- the same asked again, and followed up with no borrower (`settle_order`): no second booking;
- one whose booking answer is lost after the lender booked it: found booked, not booked again;
- one the lender's checker must approve (maker-checker): awaiting approval, not booked, and not
  posted again when asked again.

Making a lender fail needs the sandbox's controls (kit_sandbox.py): against a real sandbox these
lines are skipped, saying so.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from decimal import Decimal
from typing import Any, Protocol

from gateway.plumbing.errors import UpstreamError
from gateway.upstreams.lenders.kit_sandbox import Sandbox
from gateway.upstreams.lenders.port import Lender, PaymentSession, Settlement

ASKS = 3  # as the portal's confirm and re-check ask again after an answer that is not a settlement
NEEDS_CONTROLS = "needs the sandbox's controls (the mocks'): pay a checkout and make the lender fail by hand"
FIRST_FAILS = "update_payment_status (paid, its first booking failing)"
ASKED_AGAIN = "update_payment_status (asked again: no second booking)"
FOLLOWED = "settle_order (the follow-up, no borrower)"
LOST = "update_payment_status (its answer lost after the booking)"
WAITING = "update_payment_status (awaiting the lender's checker)"
RECEIPT = "resend_receipt"


class Booked(tuple[Settlement, int]):
    """How a payment settled, and how many times the lender's books hold it."""


class Kit(Protocol):
    """What these checks ask of the kit that runs them (kit.py's `Kit`), named here so the two
    modules do not import each other."""

    kind: str
    lender: Lender
    sandbox: Sandbox | None

    async def ask(
        self, operation: str, call: Callable[[], Awaitable[Any]], check: Callable[[Any], list[str]] | None = None
    ) -> Any: ...

    def skip(self, operation: str, why: str) -> None: ...

    def fail(self, operation: str, why: str) -> None: ...

    def asked(self) -> set[str]: ...

    async def receipt(self, token: str, uid: int, payment_log_id: int) -> None: ...


class Semantics:
    def __init__(self, kit: Kit, token: str, user_id: int, amount: Decimal) -> None:
        self.kit = kit
        self.lender = kit.lender
        self.token = token
        self.user_id = user_id
        self.amount = amount

    async def run(self) -> None:
        sandbox = self.kit.sandbox
        if sandbox is None or not sandbox.controllable:
            for operation in (FIRST_FAILS, ASKED_AGAIN, FOLLOWED, RECEIPT, LOST, WAITING):
                self.kit.skip(operation, NEEDS_CONTROLS)
            return
        kind = self.kit.kind
        paid = await self.paid_checkout(FIRST_FAILS)
        if paid is not None:
            await sandbox.fail_next_booking(kind)
            await self.kit.ask(FIRST_FAILS, lambda: self.settle(paid), self.once)
            await self.kit.ask(ASKED_AGAIN, lambda: self.settle(paid), self.once)
            await self.kit.ask(FOLLOWED, lambda: self.followed(paid), self.once)
            if "payment_receipt" not in self.kit.asked():
                await self.kit.receipt(self.token, self.user_id, paid.id)
            key = f"kit-receipt-{paid.order_id}"
            await self.kit.ask(RECEIPT, lambda: self.lender.resend_receipt(paid.order_id, key))
        lost = await self.paid_checkout(LOST)
        if lost is not None:
            await sandbox.lose_next_booking_answer(kind)
            await self.kit.ask(LOST, lambda: self.settle(lost), self.once)
        if not await sandbox.require_approval(kind, True):
            self.kit.skip(WAITING, "the lender has no checker's approval (maker-checker)")
            return
        try:
            waiting = await self.paid_checkout(WAITING)
            if waiting is not None:
                await self.kit.ask(WAITING, lambda: self.settle_twice(waiting), self.awaiting)
        finally:
            await sandbox.require_approval(kind, False)

    async def paid_checkout(self, operation: str) -> PaymentSession | None:
        """A checkout for the smallest amount, paid at the sandbox provider."""
        assert self.kit.sandbox is not None
        try:
            session = await self.lender.create_payment_session(self.token, self.user_id, self.amount)
        except UpstreamError as exc:
            self.kit.fail(operation, f"no checkout to pay: {exc.message}")
            return None
        if not await self.kit.sandbox.pay(session.payment_session_id):
            self.kit.fail(operation, "the sandbox provider did not take the payment")
            return None
        return session

    async def _settled(self, session: PaymentSession) -> Settlement:
        last: UpstreamError | None = None
        for _ in range(ASKS):
            try:
                return await self.lender.update_payment_status(self.token, self.user_id, session.id, session.order_id)
            except UpstreamError as exc:  # not settled yet (a 503/504, or the lender's "not yet")
                last = exc
        assert last is not None
        raise last

    async def _booked(self, session: PaymentSession) -> int:
        history = await self.lender.payment_history(self.token, self.user_id)
        return sum(1 for e in history if e.payment_log_id == session.id and e.status == "paid")

    async def settle(self, session: PaymentSession) -> Booked:
        settled = await self._settled(session)
        return Booked((settled, await self._booked(session)))

    async def followed(self, session: PaymentSession) -> Booked:
        settled = await self.lender.settle_order(session.order_id)
        return Booked((settled, await self._booked(session)))

    async def settle_twice(self, session: PaymentSession) -> Booked:
        first = await self._settled(session)
        if first is not Settlement.AWAITING_APPROVAL:
            return Booked((first, await self._booked(session)))
        return await self.settle(session)

    @staticmethod
    def once(answer: Any) -> list[str]:
        settled, booked = answer
        problems = [] if settled is Settlement.COMPLETED else [f"settled {settled.value}, not completed"]
        return problems + ([] if booked == 1 else [f"the lender's books hold it {booked} times"])

    @staticmethod
    def awaiting(answer: Any) -> list[str]:
        settled, booked = answer
        problems = (
            [] if settled is Settlement.AWAITING_APPROVAL else [f"settled {settled.value}, not awaiting approval"]
        )
        return problems + ([] if booked == 0 else ["booked before the checker approved it"])
