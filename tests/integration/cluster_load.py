"""A steady load of logged-in shoppers and borrowers through the local cluster's HAProxy, each call
recorded (when it started and ended, what came back) for the chaos test to judge.

Shoppers put a product in their cart, ask for the summary and place a cash-on-delivery order with
an Idempotency-Key; borrowers read what they owe and pay a small part of it (the provider's
checkout is the mock's page, called directly, as a browser would). A call that fails is retried
as the app does: with the same key, until an answer settles it. What each key came to is kept,
so duplicates show: a key answered with two orders, or money taken twice.
"""

from __future__ import annotations

import asyncio
import itertools
import shutil
import tempfile
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

import httpx

from deploy.local.cluster import Cluster
from deploy.local.layout import Layout, Ports

RAMESH = "9876543210"  # the seeded borrower with an overdue amount (README's table)
ADDRESS = {
    "name": "Ramesh Kumar",
    "mobileNumber": RAMESH,
    "address1": "Plot 44, Sector 18",
    "address2": "Near Metro Station",
    "pincode": "122103",
}
CALL_TIMEOUT = 10.0  # longer than any answer takes; a call still open after it is a hang
RETRY_PAUSE = 0.3
PACE = 0.05  # between one user's calls: a steady load the 2-core machine keeps up with
HUNG = "no answer within the time-out"


MISSING = [
    name
    for name in ("haproxy", "redis-server", "redis-sentinel")
    if not shutil.which(name, path="/usr/sbin:/usr/bin:/bin")
]


@contextmanager
def running_cluster(gateway_env: Mapping[str, str]) -> Iterator[Cluster]:
    """The local cluster on free ports in a folder of its own, up until the block ends."""
    # Not pytest's tmp_path (only root may enter it): run as root, the cluster's PostgreSQL is
    # Debian's `postgres` user, who must reach its data folder.
    # A long name: the cluster must not depend on a short folder (its sockets' paths once did).
    root = Path(tempfile.mkdtemp(prefix="cluster-in-a-folder-named-as-long-as-a-ci-runners-temporary-ones-"))
    root.chmod(0o755)
    cluster = Cluster(
        Layout(root, Ports.free()),
        gateway_env={
            # Every user comes from 127.0.0.1, and the borrowers share one number.
            "OTP_RESEND_SECONDS": "0",
            "OTP_SENDS_PER_NUMBER_PER_HOUR": "100",
            "OTP_SENDS_PER_CLIENT_PER_HOUR": "1000",
            "LOG_LEVEL": "WARNING",
            **gateway_env,
        },
    )
    try:
        cluster.up()
        yield cluster
    finally:
        cluster.down()
        shutil.rmtree(root, ignore_errors=True)


@dataclass
class Call:
    method: str
    path: str
    started: float
    ended: float
    status: int | None  # None: no answer at all (the connection closed, or CALL_TIMEOUT passed: HUNG)
    error: str | None = None  # the JSON error's code, or what went wrong without an answer

    @property
    def failed(self) -> bool:
        return self.status is None or self.status >= 500

    def in_flight_at(self, moment: float) -> bool:
        return self.started <= moment <= self.ended


@dataclass
class Record:
    calls: list[Call] = field(default_factory=list)
    resent: list[Call] = field(default_factory=list)  # closed unanswered, then sent once more
    orders: dict[str, set[str]] = field(default_factory=dict)  # key -> order numbers it was answered
    payments: dict[str, set[str]] = field(default_factory=dict)  # key -> lender order ids
    paid: dict[str, Decimal] = field(default_factory=dict)  # lender order id -> amount paid at checkout


class User:
    """One browser: its own cookies, and every call through `call`, which records it."""

    def __init__(self, url: str, mocks_url: str, record: Record) -> None:
        self.http = httpx.AsyncClient(base_url=url, timeout=CALL_TIMEOUT)
        self.mocks = httpx.AsyncClient(base_url=mocks_url, timeout=CALL_TIMEOUT)
        self.record = record

    async def close(self) -> None:
        await self.http.aclose()
        await self.mocks.aclose()

    async def call(self, method: str, path: str, *, key: str | None = None, **kwargs: Any) -> httpx.Response | None:
        headers = dict(kwargs.pop("headers", {}))
        if method != "GET":
            headers["X-XSRF-TOKEN"] = await self._xsrf()
        if key:
            headers["Idempotency-Key"] = key
        started = time.monotonic()
        try:
            try:
                answer = await self.http.request(method, path, headers=headers, **kwargs)
            except httpx.RemoteProtocolError:
                # HAProxy closes a kept-alive connection unanswered when the request it carried got
                # no answer from a replica: the client's signal to send it once more on a new
                # connection, which browsers do for any method on a connection they reused (the
                # Idempotency-Key makes that safe; the duplicate counts below check it).
                self.record.resent.append(Call(method, path, started, time.monotonic(), None, "closed unanswered"))
                answer = await self.http.request(method, path, headers=headers, **kwargs)
        except httpx.TimeoutException:
            self.record.calls.append(Call(method, path, started, time.monotonic(), None, HUNG))
            return None
        except httpx.HTTPError as exc:
            self.record.calls.append(Call(method, path, started, time.monotonic(), None, type(exc).__name__))
            return None
        code = None
        if answer.status_code >= 400:
            try:
                body = answer.json()
                # HAProxy's own answers (deploy/local/configs.py) carry no trace id.
                code = body["error"]["code"] + ("" if body.get("traceId") else " (haproxy)")
            except (ValueError, KeyError, TypeError):
                code = f"not our JSON error: {answer.headers.get('content-type')} {answer.text[:80]!r}"
        self.record.calls.append(Call(method, path, started, time.monotonic(), answer.status_code, code))
        return answer

    async def _xsrf(self) -> str:
        token = self.http.cookies.get("XSRF-TOKEN")
        if token is None:
            await self.http.get("/api/session")
            token = self.http.cookies.get("XSRF-TOKEN")
        return token or ""

    async def settled(self, method: str, path: str, *, key: str | None = None, **kwargs: Any) -> httpx.Response:
        """The call, repeated (same key) while it fails with a 5xx or no answer: as the app retries."""
        while True:
            answer = await self.call(method, path, key=key, **kwargs)
            if answer is not None and answer.status_code < 500:
                return answer
            await asyncio.sleep(RETRY_PAUSE)

    async def log_in(self, group: str, mobile: str) -> None:
        """`group` is `store` or `portal`; the code is read from the mocks' outbox."""
        sent = await self.settled("POST", f"/api/{group}/otp", json={"mobileNumber": mobile})
        assert sent.status_code == 200, sent.text
        code = (await self.mocks.get(f"/_mocks/lending/outbox/{mobile}")).json()["otp"]
        verified = await self.settled("POST", f"/api/{group}/otp/verify", json={"mobileNumber": mobile, "otp": code})
        assert verified.status_code == 200, verified.text

    async def order_numbers(self) -> list[str]:
        """Every order in the shopper's My Orders, page by page."""
        numbers: list[str] = []
        for page in itertools.count(1):
            listed = (await self.settled("GET", "/api/orders", params={"page": page})).json()
            numbers += [order["orderNumber"] for order in listed["orders"]]
            if page >= listed["totalPages"]:
                return numbers
        raise AssertionError("unreachable")

    async def logged_in_as(self, group: str) -> str | None:
        """The mobile number this browser's session is logged in with, in the store or the portal."""
        answer = await self.settled("GET", "/api/session")
        who = answer.json()[group]
        return None if who is None else str(who["mobileNumber"])


async def shop(user: User, products: list[int], stop: asyncio.Event, name: str) -> None:
    """Order one product after another until `stop`, each placement with its own key."""
    for n in itertools.count():
        if stop.is_set():
            return
        product = products[n % len(products)]
        await user.settled("PUT", f"/api/store/cart/items/{product}", json={"quantity": 1})
        await asyncio.sleep(PACE)
        quote = await user.settled("POST", "/api/checkout/quote", json={"address": ADDRESS, "paymentMethod": "cod"})
        assert quote.status_code == 200, quote.text
        total = quote.json()["charges"]["total"]
        key = f"{name}-order-{n}"
        body = {"address": ADDRESS, "paymentMethod": "cod", "quotedTotal": total}
        placed = await user.settled("POST", "/api/checkout/orders", key=key, json=body)
        if placed.status_code == 409 and placed.json()["error"]["code"].startswith("order_in_progress"):
            # An earlier placement's claim outlived it (its release met the failover): the shopper
            # is told to look at My Orders in a moment, and this key made nothing.
            continue
        assert placed.status_code == 200, placed.text
        user.record.orders.setdefault(key, set()).add(placed.json()["orderNumber"])
        await asyncio.sleep(PACE)
        await user.settled("GET", "/api/orders")
        await asyncio.sleep(PACE)


async def repay(user: User, stop: asyncio.Event, name: str, rupees: int) -> None:
    """Pay `rupees` (at least the lender's minimum part-payment, with paise that differ on each
    payment) until `stop` or until less than two payments' worth is owed: create the payment
    with its key, pay at the provider's checkout, confirm."""
    for n in itertools.count(1):
        if stop.is_set():
            return
        owed = await user.settled("GET", "/api/portal/repayment")
        await asyncio.sleep(PACE)
        amount = Decimal(rupees) + Decimal(n) / 100
        # The other borrower on this number may be paying at the same moment: stopping while two
        # payments' worth is still owed keeps both within what is owed (a quiet machine made
        # enough payments to pay the loan off, and the last two together paid more than was owed).
        if owed.status_code == 200 and Decimal(owed.json()["remainingAmount"]) < 2 * (amount + 1):
            return
        key = f"{name}-payment-{n}"
        created = await user.settled(
            "POST", "/api/portal/payments", key=key, json={"mode": "partialPayment", "amount": str(amount)}
        )
        if created.status_code == 409 and created.json()["error"]["code"].startswith("payment_in_progress"):
            # The attempt that claimed the key died with its replica: the key is held until it
            # expires, and the borrower is told to wait. Leave it, as a borrower would.
            continue
        refused = created.json()["error"] if created.status_code == 422 else {}
        if refused.get("field") == "amount" or refused.get("code") == "nothing_owed":
            return  # the other borrower on this number paid it down first
        assert created.status_code == 201, created.text
        payment = created.json()
        user.record.payments.setdefault(key, set()).add(payment["orderId"])
        if payment["orderId"] in user.record.paid:
            continue  # already paid at the checkout (a retried key answering the same order)
        checkout = await user.mocks.post(
            f"/_mocks/payments/checkout/{payment['paymentSessionId']}/pay", json={"outcome": "success"}
        )
        assert checkout.status_code == 200, checkout.text
        user.record.paid[payment["orderId"]] = amount
        await asyncio.sleep(PACE)
        confirmed = await user.settled(
            "POST", f"/api/portal/payments/{payment['orderId']}/confirm", json={"paymentLogId": payment["paymentLogId"]}
        )
        assert confirmed.status_code == 200, confirmed.text
        assert confirmed.json()["status"] == "completed", confirmed.text
        await asyncio.sleep(PACE)
