"""A lending + payments conversation on an in-process suite held to its contracts, for the
repayment tests: log a borrower in, start a payment, pay it at the mock checkout."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import httpx

from upstream_mocks.settings import MockSettings
from upstream_mocks.sms import issue_code
from upstream_mocks.suite import create_suite
from upstream_mocks.world import MockWorld

RAMESH = "9876543210"
SECRET = "test-client-secret"  # the merchant account's: it signs every webhook
# Quick retries so a test sees the whole back-off in well under a second.
FAST = MockSettings(payments_client_secret=SECRET, webhook_retry_seconds=(0.01, 0.02, 0.04))


@dataclass
class Started:
    order_id: str
    payment_log_id: int
    session_id: str
    amount: Decimal


@dataclass
class Repayments:
    client: httpx.AsyncClient
    world: MockWorld
    token: str = ""
    user_id: int = 0

    @property
    def bearer(self) -> dict[str, str]:
        return {"authorization": f"Bearer {self.token}"}

    async def log_in(self, mobile: str = RAMESH) -> None:
        code = issue_code(self.world, mobile)
        body = {"mobileNumber": mobile, "otp": code, "platform": "WEB", "userType": "USER", "businessType": 1}
        answer = (await self.client.post("lending/webRepayment/verifyOtp", json=body)).json()
        self.token, self.user_id = answer["accessToken"], answer["data"][0]["userId"]

    async def owed(self) -> Decimal:
        answer = await self.client.get(
            "lending/webRepayment/repaymentDetail", params={"userId": self.user_id}, headers=self.bearer
        )
        return Decimal(str(decode(answer)["data"][0]["remainingAmount"]))

    async def start(self, amount: str) -> Started:
        answer = await self.client.post(
            "lending/webRepayment/cashFreeRequest",
            content=f'{{"order_amount": {amount}, "userId": {self.user_id}}}',
            headers={**self.bearer, "content-type": "application/json"},
        )
        assert answer.status_code == 200, answer.text
        data = decode(answer)["data"]
        return Started(data["order_id"], data["id"], data["payment_session_id"], data["order_amount"])

    async def pay(self, started: Started, outcome: str = "success") -> dict[str, Any]:
        answer = await self.client.post(f"payments/checkout/{started.session_id}/pay", json={"outcome": outcome})
        assert answer.status_code == 200, answer.text
        return decode(answer)

    async def confirm(self, started: Started) -> str:
        body = {"paymentLogId": started.payment_log_id, "order_id": started.order_id, "userId": self.user_id}
        answer = await self.client.post("lending/webRepayment/updatePaymentStatus", json=body, headers=self.bearer)
        return str(answer.json()["message"])

    async def history(self) -> list[dict[str, Any]]:
        answer = await self.client.get(
            "lending/webRepayment/paymentHistory", params={"userId": self.user_id}, headers=self.bearer
        )
        assert answer.status_code == 200, answer.text
        entries: list[dict[str, Any]] = decode(answer)["data"]
        return entries

    async def webhooks(self) -> list[dict[str, Any]]:
        answer: list[dict[str, Any]] = (await self.client.get("payments/webhooks")).json()
        return answer

    async def scenario(self, **fields: Any) -> None:
        (await self.client.post("scenarios", json=fields)).raise_for_status()


def decode(answer: httpx.Response) -> Any:
    """JSON with amounts as Decimal, exactly as written (never through float)."""
    return json.loads(answer.content, parse_float=Decimal)


@asynccontextmanager
async def repayments(settings: MockSettings = FAST) -> AsyncIterator[Repayments]:
    suite = create_suite(MockWorld(settings), check_contracts=True)
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=suite), base_url="http://mocks.internal/_mocks/"
    ) as client:
        yield Repayments(client, suite.state.world)
