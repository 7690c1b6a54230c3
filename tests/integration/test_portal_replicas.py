"""The portal scaled out: two gateway replicas, one Redis, the mocks on their own port over HTTP.

A Pay click retried on the other replica (same Idempotency-Key) makes one order, and paying
through the proxied mock checkout settles once.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest

from gateway.settings import Settings
from tests.conftest import GatewayClient

ROOT = Path(__file__).resolve().parents[2]
RAMESH = "9876543210"


@pytest.fixture(scope="module")
def mocks_url() -> Iterator[str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "MOCKS_PORT": str(port)}
    process = subprocess.Popen([sys.executable, "-m", "upstream_mocks"], cwd=ROOT, env=env)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            httpx.get(f"{url}/_mocks/journal", timeout=1)
            break
        except httpx.TransportError:
            time.sleep(0.1)
    else:
        process.kill()
        pytest.fail("the mocks did not start")
    yield url
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture
def replicas(
    make_client: Callable[[Settings], GatewayClient],
    make_settings: Callable[..., Settings],
    mocks_url: str,
    redis_url: str,
    redis_namespace: str,
) -> tuple[GatewayClient, GatewayClient]:
    httpx.post(f"{mocks_url}/_mocks/reset").raise_for_status()
    upstreams = {f"{n}_url": f"{mocks_url}/_mocks/{n}/" for n in ("lending", "catalogue", "mail", "payments")}
    settings = make_settings(
        redis_url=redis_url,
        redis_namespace=redis_namespace,
        secret_key="shared-by-replicas",
        mocks_url=mocks_url,
        **upstreams,
    )
    return make_client(settings), make_client(settings)


def test_a_pay_click_retried_on_another_replica_makes_one_order(
    replicas: tuple[GatewayClient, GatewayClient],
) -> None:
    a, b = replicas
    a.post("/api/portal/otp", json={"mobileNumber": RAMESH}, headers=a.xsrf()).raise_for_status()
    a.post(
        "/api/portal/otp/verify", json={"mobileNumber": RAMESH, "otp": a.otp_for(RAMESH)}, headers=a.xsrf()
    ).raise_for_status()
    b.cookies = a.cookies
    body = {"mode": "partialPayment", "amount": 1000}
    first = a.post("/api/portal/payments", json=body, headers={**a.xsrf(), "Idempotency-Key": "click-replica-1"})
    second = b.post("/api/portal/payments", json=body, headers={**a.xsrf(), "Idempotency-Key": "click-replica-1"})
    assert first.status_code == second.status_code == 201
    assert first.json() == second.json()
    journal = a.get("/_mocks/journal", params={"mock": "lending"}).json()
    assert [e["path"].strip("/") for e in journal].count("webRepayment/cashFreeRequest") == 1

    # The tester pays on the checkout page, served on the gateway's origin through the proxy.
    payment = first.json()
    assert (
        a.post(f"/_mocks/payments/checkout/{payment['paymentSessionId']}/pay", json={"outcome": "success"}).json()[
            "payment_status"
        ]
        == "SUCCESS"
    )
    for replica in (a, b):
        outcome = replica.post(
            f"/api/portal/payments/{payment['orderId']}/confirm",
            json={"paymentLogId": payment["paymentLogId"]},
            headers=a.xsrf(),
        )
        assert outcome.json()["message"] == "Payment process completed"
    assert b.get("/api/portal/repayment").json()["remainingAmount"] == 11450.0
