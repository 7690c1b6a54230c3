"""What the conformance kit needs of a sandbox that a lender's API does not give: paying a checkout
at the payment provider, and making the lender misbehave on purpose (a first booking that fails
and is replayed, an answer lost after the booking, a checker's approval to wait for).

Against the mocks (the in-process suite, or `python -m upstream_mocks` at the URLs set) these are
their QA controls under /_mocks; against a real sandbox there are none, and the kit skips what
needs them, saying so (a sandbox checkout is paid by hand, a real lender's failures are its own).
"""

from __future__ import annotations

from typing import Any

import httpx

MOUNT = "/_mocks/"
# Which mock serves each adapter kind's lender, and the call that books a repayment there.
LENDER_MOCK = {"native": "lending", "fineract": "fineract"}
NATIVE_BOOKING = "webRepayment/updatePaymentStatus"


class Sandbox:
    def __init__(self, payments: httpx.AsyncClient) -> None:
        self.client = payments
        base = str(payments.base_url)
        self.root = base[: base.index(MOUNT) + len(MOUNT)] if MOUNT in base else None

    @property
    def controllable(self) -> bool:
        """The lenders and the provider are the mocks: their QA controls answer."""
        return self.root is not None

    async def _post(self, path: str, body: dict[str, Any]) -> bool:
        if self.root is None:
            return False
        answer = await self.client.post(f"{self.root}{path}", json=body)
        return answer.status_code in (200, 201)

    async def pay(self, payment_session_id: str) -> bool:
        """The payer at the provider's hosted checkout, paying in full."""
        return await self._post(f"payments/checkout/{payment_session_id}/pay", {"outcome": "success"})

    async def fail_next_booking(self, kind: str) -> bool:
        """Fineract: the next booking fails inside the command and is kept, with that failure, under
        its Idempotency-Key; our lending service: its next settle call answers 503."""
        if kind == "fineract":
            return await self._post("fineract/qa", {"failNext": 1})
        scenario = {"mock": LENDER_MOCK[kind], "path": NATIVE_BOOKING, "status": 503, "times": 1}
        return await self._post("scenarios", scenario)

    async def lose_next_booking_answer(self, kind: str) -> bool:
        """The lender books the next repayment, and its answer never arrives."""
        path = "*" if kind == "fineract" else NATIVE_BOOKING
        scenario = {"mock": LENDER_MOCK[kind], "path": path, "method": "POST", "drop": True, "after": True, "times": 1}
        return await self._post("scenarios", scenario)

    async def require_approval(self, kind: str, on: bool) -> bool:
        """Fineract's maker-checker for repayments; our lending contract has no checker."""
        if kind != "fineract":
            return False
        return await self._post("fineract/qa", {"makerChecker": on})
