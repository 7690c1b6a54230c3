"""Scaled out: two gateway replicas sharing one Redis and one set of upstreams (the mocks on
their own port, as in compose.yaml). A login made on one replica works on the other, and the
code-abuse limits hold across both."""

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


def test_a_login_on_one_replica_holds_on_the_other(replicas: tuple[GatewayClient, GatewayClient]) -> None:
    a, b = replicas
    assert a.post("/api/portal/otp", json={"mobileNumber": RAMESH}, headers=a.xsrf()).status_code == 200
    verified = a.post(
        "/api/portal/otp/verify", json={"mobileNumber": RAMESH, "otp": a.otp_for(RAMESH)}, headers=a.xsrf()
    )
    assert verified.status_code == 200, verified.text

    # The browser's cookies go to whichever replica the load balancer picks next.
    b.cookies = a.cookies
    assert b.get("/api/session").json()["portal"]["userName"] == "Ramesh Kumar"
    assert b.get("/api/portal/repayment").json()["remainingAmount"] == 12450.0
    # The XSRF token made on one replica is accepted by the other (same SECRET_KEY).
    assert b.delete("/api/session/portal", headers=a.xsrf()).status_code == 204
    assert a.get("/api/session").json()["portal"] is None


def test_the_resend_interval_holds_across_replicas(replicas: tuple[GatewayClient, GatewayClient]) -> None:
    a, b = replicas
    assert a.post("/api/portal/otp", json={"mobileNumber": RAMESH}, headers=a.xsrf()).status_code == 200
    again = b.post("/api/portal/otp", json={"mobileNumber": RAMESH}, headers=b.xsrf())
    assert again.status_code == 429
    assert int(again.headers["retry-after"]) > 0
