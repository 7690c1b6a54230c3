"""The portal API through the in-process mocks: login, detail, idempotent payments, amount rules."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest
from redis.asyncio import Redis

from gateway.plumbing.errors import Conflict
from gateway.portal.idempotency import IdempotencyKeys
from gateway.portal.schemas import PaymentCreated
from gateway.sessions.store import ClaimingRedisStore
from tests.conftest import GatewayClient
from tests.mocks_clock import mocks_today
from upstream_mocks.lending.seed import RAMESH_DAYS_OVERDUE

RAMESH = "9876543210"
TEN = Decimal("10.00")
SUNITA = "9123456780"


def lending_calls(client: GatewayClient, path: str) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = client.get("/_mocks/journal", params={"mock": "lending"}).json()
    return [e for e in entries if e["path"].strip("/") == path]


def log_in(client: GatewayClient, mobile: str = RAMESH) -> dict[str, Any]:
    sent = client.post("/api/portal/otp", json={"mobileNumber": mobile}, headers=client.xsrf())
    assert sent.status_code == 200, sent.text
    assert sent.json()["message"] == "OTP sent successfully!"
    verified = client.post(
        "/api/portal/otp/verify", json={"mobileNumber": mobile, "otp": client.otp_for(mobile)}, headers=client.xsrf()
    )
    assert verified.status_code == 200, verified.text
    answer: dict[str, Any] = verified.json()
    return answer


def pay(client: GatewayClient, body: dict[str, Any], key: str | None = "click-0001") -> Any:
    headers = {**client.xsrf(), **({"Idempotency-Key": key} if key else {})}
    return client.post("/api/portal/payments", json=body, headers=headers)


def test_a_borrower_pays_part_once_and_the_amount_drops_once(client: GatewayClient) -> None:
    answer = log_in(client)
    assert answer["message"] == "OTP verified successfully!"
    assert answer["outcome"] == "payment"
    assert client.get("/api/session").json()["portal"] == {
        "verified": True,
        "userName": "Ramesh Kumar",
        "mobileNumber": RAMESH,
        "owing": True,
    }
    detail = client.get("/api/portal/repayment").json()
    assert detail == {
        "userName": "Ramesh Kumar",
        "mobileNumber": RAMESH,
        "remainingAmount": "12450.00",
        "lateFees": "450.00",
        "pendingAmount": "12000.00",
        "dueDate": (mocks_today(client) - timedelta(days=RAMESH_DAYS_OVERDUE)).isoformat(),
        "daysOverdue": RAMESH_DAYS_OVERDUE,
        "lenderName": "Sahyogkosh Finance",
        "loanNumber": "LN-1001",
        "minimumPayment": "100.00",  # the lender's, known before any checkout
        "pendingPayments": [],
    }

    first = pay(client, {"mode": "partialPayment", "amount": 1000})
    second = pay(client, {"mode": "partialPayment", "amount": 1000})
    assert first.status_code == second.status_code == 201
    assert first.json() == second.json()
    assert len(lending_calls(client, "webRepayment/cashFreeRequest")) == 1
    payment = first.json()
    assert payment["orderAmount"] == "1000.00"

    paid = client.post(f"/_mocks/payments/checkout/{payment['paymentSessionId']}/pay", json={"outcome": "success"})
    assert paid.status_code == 200
    for _ in range(2):  # the browser may confirm twice; the lender settles once
        outcome = client.post(
            f"/api/portal/payments/{payment['orderId']}/confirm",
            json={"paymentLogId": payment["paymentLogId"]},
            headers=client.xsrf(),
        )
        # The outcome says what happened to the money (the rest: tests/e2e/test_payment_results.py).
        assert (
            outcome.json().items()
            >= {
                "message": "Payment process completed",
                "status": "completed",
                "orderId": payment["orderId"],
                "amount": "1000.00",
            }.items()
        )
    assert client.get("/api/portal/repayment").json()["remainingAmount"] == "11450.00"


def test_an_unpaid_checkout_confirms_as_failed(client: GatewayClient) -> None:
    log_in(client)
    payment = pay(client, {"mode": "totalOverdue"}).json()
    assert payment["orderAmount"] == "12450.00"
    client.post(f"/_mocks/payments/checkout/{payment['paymentSessionId']}/pay", json={"outcome": "failure"})
    outcome = client.post(
        f"/api/portal/payments/{payment['orderId']}/confirm",
        json={"paymentLogId": payment["paymentLogId"]},
        headers=client.xsrf(),
    )
    failed = {"message": "Payment failed", "status": "failed", "orderId": payment["orderId"], "amount": None}
    assert outcome.json().items() >= failed.items()
    assert client.get("/api/portal/repayment").json()["remainingAmount"] == "12450.00"


@pytest.mark.parametrize(
    ("amount", "message"),
    [
        (0, "Please enter an amount above 0."),
        (12450.01, "The amount cannot be more than the overdue amount of ₹12,450.00."),
        (None, "Please enter an amount above 0."),
    ],
)
def test_a_bad_partial_amount_is_refused_without_an_upstream_call(
    client: GatewayClient, amount: float | None, message: str
) -> None:
    log_in(client)
    client.get("/api/portal/repayment")
    client.delete("/_mocks/journal")
    answer = pay(client, {"mode": "partialPayment", "amount": amount})
    assert answer.status_code == 422
    assert answer.json()["error"] == {"code": "invalid_input", "message": message, "field": "amount"}
    assert client.get("/_mocks/journal").json() == []


def test_a_payment_needs_an_idempotency_key(client: GatewayClient) -> None:
    log_in(client)
    answer = pay(client, {"mode": "totalOverdue"}, key=None)
    assert answer.status_code == 422
    assert answer.json()["error"]["code"] == "idempotency_key_required"
    for bad in ("short", "k" * 65, "click 0001", "click-0001\n"):
        refused = pay(client, {"mode": "totalOverdue"}, key=bad)
        assert refused.status_code == 400, refused.text
        assert refused.json()["error"]["field"] == "idempotency_key"
    assert lending_calls(client, "webRepayment/cashFreeRequest") == []


def test_portal_calls_need_a_verified_login(client: GatewayClient) -> None:
    assert client.get("/api/portal/repayment").status_code == 401
    assert pay(client, {"mode": "totalOverdue"}).status_code == 401
    confirm = client.post("/api/portal/payments/X/confirm", json={"paymentLogId": 1}, headers=client.xsrf())
    assert confirm.status_code == 401


def test_a_borrower_with_nothing_pending_is_logged_in_to_their_loans(client: GatewayClient) -> None:
    answer = log_in(client, SUNITA)
    assert answer["outcome"] == "nopayment"
    portal = client.get("/api/session").json()["portal"]
    assert (portal["verified"], portal["owing"], portal["userName"]) == (True, False, "Sunita Sharma")
    loans = {loan["loanNumber"]: loan["status"] for loan in client.get("/api/loans/").json()}
    assert loans == {"LN-1102": "current", "LN-1098": "closed"}


def test_a_new_number_has_no_portal_login(client: GatewayClient) -> None:
    answer = log_in(client, "9000000017")
    assert answer["outcome"] == "nopayment"
    assert client.get("/api/session").json()["portal"] is None
    assert client.get("/api/loans/").status_code == 401


def test_a_wrong_code_answers_our_words_not_the_lenders(client: GatewayClient) -> None:
    client.post("/api/portal/otp", json={"mobileNumber": RAMESH}, headers=client.xsrf())
    wrong = f"{(int(client.otp_for(RAMESH)) + 1) % 1_000_000:06d}"
    answer = client.post("/api/portal/otp/verify", json={"mobileNumber": RAMESH, "otp": wrong}, headers=client.xsrf())
    assert answer.status_code == 422
    assert answer.json()["error"]["message"] == "Invalid OTP. Please try again."


def test_an_invalid_mobile_number_never_reaches_the_lender(client: GatewayClient) -> None:
    answer = client.post("/api/portal/otp", json={"mobileNumber": "98765"}, headers=client.xsrf())
    assert answer.status_code == 400
    assert answer.json()["error"]["message"] == "Please enter a valid 10-digit mobile number."
    assert client.get("/_mocks/journal", params={"mock": "lending"}).json() == []


def test_no_answer_carries_the_lenders_token(client: GatewayClient) -> None:
    bodies = [str(log_in(client)), client.get("/api/session").text, client.get("/api/portal/repayment").text]
    bodies.append(pay(client, {"mode": "partialPayment", "amount": 10}).text)
    tokens = [t["accessToken"] for t in client.get("/_mocks/lending/tokens").json()]
    assert tokens
    assert not [t for t in tokens if any(t in body for body in bodies)]
    assert not [t for t in tokens if t in str(dict(client.cookies))]


def test_an_unmapped_financier_gets_its_own_code_and_what_to_do(client: GatewayClient) -> None:
    log_in(client, "9988776655")
    answer = pay(client, {"mode": "totalOverdue"})
    assert answer.status_code == 422
    assert answer.json()["error"]["code"] == "loan_not_mapped"
    assert "No money was taken" in answer.json()["error"]["message"]


def test_a_failing_lender_frees_the_key_for_a_retry(client: GatewayClient) -> None:
    log_in(client)
    client.post(
        "/_mocks/scenarios",
        json={"mock": "lending", "path": "webRepayment/cashFreeRequest", "status": 500, "times": 1},
    )
    assert pay(client, {"mode": "totalOverdue"}, key="click-retry-1").status_code == 503
    retried = pay(client, {"mode": "totalOverdue"}, key="click-retry-1")
    assert retried.status_code == 201


async def test_an_idempotency_key_holds_across_replicas_sharing_redis(redis_url: str, redis_namespace: str) -> None:
    """Two gateways (two stores over one Redis) see the same key's payment."""
    clients = [Redis.from_url(redis_url), Redis.from_url(redis_url)]
    replicas = [IdempotencyKeys(ClaimingRedisStore(c, namespace=f"{redis_namespace}:sessions")) for c in clients]
    payment = PaymentCreated(order_id="REPAY_1", order_amount=TEN, payment_session_id="ps", payment_log_id=1)
    assert await replicas[0].begin("1001", "click-redis-1", TEN) is None
    await replicas[0].finish("1001", "click-redis-1", TEN, payment)
    assert await replicas[1].begin("1001", "click-redis-1", TEN) == payment
    assert await replicas[1].begin("1002", "click-redis-1", TEN) is None  # another borrower's key space
    for c in clients:
        await c.aclose()


async def test_two_simultaneous_first_uses_of_a_key_make_one_order(redis_url: str, redis_namespace: str) -> None:
    """A double click landing on two replicas at once: one creates, the other is told to wait."""
    clients = [Redis.from_url(redis_url), Redis.from_url(redis_url)]
    replicas = [IdempotencyKeys(ClaimingRedisStore(c, namespace=f"{redis_namespace}:sessions")) for c in clients]
    outcomes = await asyncio.gather(*(r.begin("1001", "click-race-1", TEN) for r in replicas), return_exceptions=True)
    assert outcomes.count(None) == 1
    refused = [o for o in outcomes if isinstance(o, Conflict)]
    assert len(refused) == 1 and refused[0].code == "payment_in_progress"
    for c in clients:
        await c.aclose()
