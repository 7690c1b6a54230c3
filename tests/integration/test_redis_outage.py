"""A Redis this test starts on its own port: stopped, hung (SIGSTOP) and restarted.

Every call that needs the store answers 503 with the JSON error within the store's time-out
(plus a margin for the test machine); browsing, public pages and forms work with or without a
session cookie; the gateway recovers without a restart.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from collections.abc import Callable, Iterator

import httpx
import pytest
import redis

from gateway.settings import Settings
from tests.conftest import GatewayClient

STORE_TIMEOUT = 0.5
MARGIN = 0.75  # scheduling slack on a busy machine; far below the 5 s a retrying client took
MOBILE = "9876543210"


class OwnRedis:
    def __init__(self) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL,
        )
        probe = redis.Redis.from_url(self.url, socket_connect_timeout=0.2)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                probe.ping()
                return
            except redis.RedisError:
                time.sleep(0.05)
        pytest.fail("redis-server did not start")

    def signal(self, sig: signal.Signals) -> None:
        assert self.process is not None
        os.kill(self.process.pid, sig)

    def stop(self) -> None:
        if self.process is not None:
            self.signal(signal.SIGCONT)  # a stopped process cannot act on SIGTERM
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None


@pytest.fixture
def own_redis() -> Iterator[OwnRedis]:
    server = OwnRedis()
    server.start()
    yield server
    server.stop()


def timed(call: Callable[[], httpx.Response]) -> tuple[httpx.Response, float]:
    started = time.monotonic()
    answer = call()
    return answer, time.monotonic() - started


def assert_store_down(answer: httpx.Response, took: float) -> None:
    assert answer.status_code == 503, answer.text
    assert answer.json()["error"]["code"] == "session_store_unavailable"
    assert took < STORE_TIMEOUT + MARGIN, f"took {took:.2f} s"


def check_outage(client: GatewayClient, visitor: GatewayClient) -> None:
    """`client` has a session cookie, `visitor` has none."""
    xsrf = client.xsrf()
    needing_store: list[Callable[[], httpx.Response]] = [
        lambda: client.get("/api/session"),
        lambda: client.get("/api/store/cart"),
        lambda: client.get("/api/portal/repayment"),
        lambda: client.post("/api/store/otp", json={"mobileNumber": "9123456780"}, headers=xsrf),
        lambda: visitor.post("/api/portal/otp", json={"mobileNumber": "9123456781"}, headers=visitor.xsrf()),
    ]
    for call in needing_store:
        assert_store_down(*timed(call))
    for browser in (client, visitor):
        products, took = timed(lambda b=browser: b.get("/api/store/products"))  # type: ignore[misc]
        assert products.status_code == 200, products.text
        assert took < STORE_TIMEOUT + MARGIN
        assert browser.get("/api/store/products/3").status_code == 200
        assert browser.get("/api/store/brands").status_code == 200
        assert browser.get("/api/config").status_code == 200
        assert browser.get("/").status_code in (200, 503)  # 503 only when the app is not built
        subscribed = browser.post("/api/site/newsletter", json={"email": "a@b.in"}, headers=browser.xsrf())
        assert subscribed.status_code == 200, subscribed.text


def test_a_stopped_hung_and_restarted_redis(
    own_redis: OwnRedis, make_client: Callable[[Settings], GatewayClient], make_settings: Callable[..., Settings]
) -> None:
    settings = make_settings(redis_url=own_redis.url, redis_namespace="outage", store_timeout=STORE_TIMEOUT)
    client, visitor = make_client(settings), make_client(settings)
    assert client.post("/api/store/otp", json={"mobileNumber": MOBILE}, headers=client.xsrf()).status_code == 200
    assert client.get("/api/store/products").status_code == 200

    own_redis.signal(signal.SIGSTOP)  # hung: connections open, nothing answers
    try:
        check_outage(client, visitor)
    finally:
        own_redis.signal(signal.SIGCONT)
    assert client.get("/api/session").status_code == 200  # back without a restart

    own_redis.stop()  # gone: connections refused
    check_outage(client, visitor)

    own_redis.start()  # a new, empty Redis on the same port: sessions are lost, service is back
    assert client.get("/api/session").json() == {"portal": None, "store": None}
    sent = client.post("/api/store/otp", json={"mobileNumber": MOBILE}, headers=client.xsrf())
    assert sent.status_code == 200, sent.text
    assert client.get("/api/session").status_code == 200
