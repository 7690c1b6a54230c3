"""The gateway's own follow-up (a scheduled job, gateway/portal/follow_up.py): a Fineract borrower
pays at the provider and the browser's part ends there (no confirm, no re-check, no further call
of the gateway's API); the lender has the repayment booked exactly once within 120 s, its first
booking failing under its key, and still once with two gateway replicas running the job."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import httpx
import msgspec
import pytest
from prometheus_client.parser import text_string_to_metric_families

from gateway.settings import Settings
from tests.conftest import FINERACT_ACCOUNT, GatewayClient
from tests.integration.test_portal_api import log_in, pay
from tests.integration.test_two_lenders_api import BASIC, FINERACT, MEENA

WITHIN = 120.0  # the bound, from the payment to the lender's booking
METRICS_TOKEN = "the-scrapers-token"  # the test client is no loopback address: it scrapes with the token
JOB = "repayment-follow-up"


def finished_runs(*replicas: GatewayClient) -> int:
    """How many runs of the follow-up the replicas have finished, as their /metrics tell it."""
    total = 0.0
    for replica in replicas:
        answer = replica.get("/metrics", headers={"Authorization": f"Bearer {METRICS_TOKEN}"})
        assert answer.status_code == 200, answer.text
        for family in text_string_to_metric_families(answer.text):
            total += sum(
                s.value for s in family.samples if s.name == "gateway_job_runs_total" and s.labels == {"job": JOB}
            )
    return int(total)


def after_more_runs(more: int, *replicas: GatewayClient) -> None:
    """Returns once the replicas have finished `more` further runs of the follow-up (bounded)."""
    target = finished_runs(*replicas) + more
    deadline = time.monotonic() + WITHIN
    while finished_runs(*replicas) < target:
        if time.monotonic() > deadline:
            pytest.fail(f"the follow-up did not run {more} more times within {WITHIN} s")
        time.sleep(0.1)


def pay_and_leave(client: GatewayClient) -> str:
    """Meena pays ₹200.50 at the provider's checkout and closes the tab: the provider's payment id."""
    log_in(client, MEENA)
    payment: dict[str, Any] = pay(client, {"mode": "partialPayment", "amount": "200.50"}).json()
    paid = client.post(f"/_mocks/payments/checkout/{payment['paymentSessionId']}/pay", json={"outcome": "success"})
    assert paid.status_code == 200, paid.text
    return str(paid.json()["cf_payment_id"])


def lender_bookings(mocks: httpx.Client | GatewayClient, reference: str) -> tuple[list[dict[str, Any]], str]:
    """The lender's own books (the Fineract mock): Meena's loan's repayments for the payment, and
    what is outstanding on it."""
    loan = mocks.get(f"{FINERACT}/loans/7101", params={"associations": "transactions"}, headers=BASIC).json()
    booked = [t for t in loan["transactions"] if t.get("externalId") == f"pg-{reference}"]
    return booked, str(loan["summary"]["totalOutstanding"])


def booked_within(mocks: httpx.Client | GatewayClient, reference: str) -> list[dict[str, Any]]:
    """Polls the lender's books (bounded) until the repayment is there: what is booked for it."""
    deadline = time.monotonic() + WITHIN
    while time.monotonic() < deadline:
        booked, _ = lender_bookings(mocks, reference)
        if booked:
            return booked
        time.sleep(0.25)
    pytest.fail(f"the repayment pg-{reference} was not booked within {WITHIN} s")


def posted_keys(mocks: httpx.Client | GatewayClient) -> list[str]:
    journal = mocks.get("/_mocks/journal", params={"mock": "fineract"}).json()
    return [
        e["body"]["externalId"]
        for e in journal
        if e["method"] == "POST" and e["path"].strip("/").endswith("loans/7101/transactions")
    ]


def test_a_paid_repayment_is_booked_once_with_no_browser_asking(
    make_client: Callable[[Settings], GatewayClient], settings: Settings
) -> None:
    client = make_client(
        msgspec.structs.replace(settings, lenders="native,fineract", follow_up_seconds=1, follow_up_after_seconds=0)
    )
    client.post("/_mocks/reset")
    _, before = lender_bookings(client, "none")
    assert client.post("/_mocks/fineract/qa", json={"failNext": 1}).status_code == 200
    reference = pay_and_leave(client)

    booked = booked_within(client, reference)
    assert len(booked) == 1 and booked[0]["amount"] == 200.5
    _, after = lender_bookings(client, reference)
    assert Decimal(before) - Decimal(after) == Decimal("200.5")
    # The failed first key was never retried, the second booked it: two posts, one booking.
    assert posted_keys(client) == [f"pg-{reference}", f"pg-{reference}"]


def test_two_replicas_running_the_follow_up_book_it_once(
    make_client: Callable[[Settings], GatewayClient],
    make_settings: Callable[..., Settings],
    mocks_url: str,
    redis_url: str,
    redis_namespace: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    httpx.post(f"{mocks_url}/_mocks/reset").raise_for_status()
    monkeypatch.setenv("MOCKS_URL", mocks_url)
    shape = make_settings(lenders="native,fineract")
    settings = make_settings(
        lenders="native,fineract",
        redis_url=redis_url,
        redis_namespace=redis_namespace,
        secret_key="shared-by-replicas",
        follow_up_seconds=0.5,
        follow_up_after_seconds=0,
        metrics_token=METRICS_TOKEN,
        **{f"{name}_url": f"{mocks_url}/_mocks/{name}/" for name in shape.upstream_names},
    )
    a, b = make_client(settings), make_client(settings)
    mocks = httpx.Client(base_url=mocks_url, timeout=30)
    assert mocks.post("/_mocks/fineract/qa", json={"failNext": 1}).status_code == 200
    reference = pay_and_leave(a)

    assert len(booked_within(mocks, reference)) == 1
    # Both replicas keep running the job every half second: after four more runs, still one booking.
    after_more_runs(4, a, b)
    assert len(lender_bookings(mocks, reference)[0]) == 1
    assert b.get("/healthz").status_code == 200
    assert posted_keys(mocks) == [f"pg-{reference}", f"pg-{reference}"]


def test_a_repayment_the_lenders_checker_rejects_is_refunded_once_by_the_follow_up(
    make_client: Callable[[Settings], GatewayClient], settings: Settings
) -> None:
    """No browser asking: the follow-up posts the repayment, the lender's checker rejects it; the
    follow-up then refunds the payment in full, once, and never posts it again."""
    client = make_client(
        msgspec.structs.replace(
            settings,
            lenders="native,fineract",
            follow_up_seconds=1,
            follow_up_after_seconds=0,
            metrics_token=METRICS_TOKEN,
        )
    )
    client.post("/_mocks/reset")
    client.post("/_mocks/fineract/qa", json={"makerChecker": True})
    reference = pay_and_leave(client)
    deadline = time.monotonic() + WITHIN

    def waited(what: str, ask: Callable[[], list[Any]]) -> list[Any]:
        while time.monotonic() < deadline:
            if found := ask():
                return found
            time.sleep(0.25)
        pytest.fail(f"{what} not seen within {WITHIN} s")

    def waiting() -> list[Any]:
        found = client.get(f"{FINERACT}/makercheckers", params={"resourceId": 7101}, headers=BASIC).json()
        return [c for c in found if f"pg-{reference}" in c["commandAsJson"]]

    [command] = waited("the command awaiting the checker", waiting)
    client.post(f"{FINERACT}/makercheckers/{command['id']}", params={"command": "reject"}, headers=BASIC)
    order_id = json.loads(command["commandAsJson"])["receiptNumber"]
    provider = FINERACT_ACCOUNT  # the Fineract lender's own account, which its repayments are paid into

    def refunds() -> list[Any]:
        found: list[Any] = client.get(f"/_mocks/payments/pg/orders/{order_id}/refunds", headers=provider).json()
        return found

    [refund] = waited("the refund", refunds)
    assert (refund["refund_amount"], refund["refund_id"]) == (200.5, f"rejected-{reference}")
    after_more_runs(2, client)  # two more runs of the job: still the one refund, still the one command
    assert len(refunds()) == 1
    assert posted_keys(client) == [f"pg-{reference}"]
    assert lender_bookings(client, reference)[0] == []
