"""`python -m gateway` with WORKERS=2: two processes on one port, each connection answered by
whichever takes it. Sessions, the XSRF token and /metrics must not depend on which one."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from gateway.settings import UPSTREAMS
from tests.conftest import RUN_ID
from tests.integration.served_gateway import ROOT, read_until_closed, served_gateway_process

STORE_USER = "9876543210"
# Shorter than the default 10 s, so a worker must have been handed it; long enough that a busy
# machine never cuts a request whose headers are on their way.
HEADER_TIMEOUT = 2.0


@pytest.fixture(scope="module")
def served_two_workers(mocks_url: str, redis_url: str) -> Iterator[tuple[str, list[int]]]:
    """The gateway's URL and its two worker processes, started once for the module's tests: none
    of them changes what another asserts (each resets the mocks; only the metrics test reads
    product pages, whose count it asserts)."""
    env = {
        "WORKERS": "2",
        "REDIS_URL": redis_url,
        "REDIS_NAMESPACE": f"test-{RUN_ID}-workers",
        "MOCKS_URL": mocks_url,
        "SECRET_KEY": "",  # unset: the parent makes one that both workers must share
        "REQUEST_HEADER_TIMEOUT": str(HEADER_TIMEOUT),
        **{f"{name.upper()}_URL": f"{mocks_url}/_mocks/{name}/" for name in UPSTREAMS},
    }
    with served_gateway_process(**env) as (url, _, process):
        tasks = Path(f"/proc/{process.pid}/task").glob("*/children")
        children = [int(pid) for task in tasks for pid in task.read_text().split()]
        workers = children  # granian's worker processes, forked by the one serving the port
        assert len(workers) == 2, workers
        # /healthz answered once one worker was up; the other may still be starting (and using
        # CPU, which the metrics test reads as work done): wait until neither is busy.
        deadline = time.monotonic() + 60
        ticks = [cpu_ticks(pid) for pid in workers]
        while time.monotonic() < deadline:
            time.sleep(0.5)
            ticks, before = [cpu_ticks(pid) for pid in workers], ticks
            if ticks == before:
                break
        yield url, workers


@pytest.fixture
def two_workers(served_two_workers: tuple[str, list[int]], mocks_url: str) -> tuple[str, list[int]]:
    httpx.post(f"{mocks_url}/_mocks/reset").raise_for_status()
    return served_two_workers


def cpu_ticks(pid: int) -> int:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime + stime


def fresh_connections(url: str) -> httpx.Client:
    """A browser-like client whose every request opens a new connection, so either worker may take it."""
    return httpx.Client(base_url=url, timeout=10, limits=httpx.Limits(max_keepalive_connections=0))


def requests_counted(client: httpx.Client, path: str) -> float:
    answer = client.get("/metrics")
    assert answer.status_code == 200
    return sum(
        s.value
        for family in text_string_to_metric_families(answer.text)
        for s in family.samples
        if s.name == "gateway_requests_total" and s.labels.get("path") == path
    )


def test_a_login_and_its_cart_hold_whichever_worker_answers(two_workers: tuple[str, list[int]]) -> None:
    with fresh_connections(two_workers[0]) as browser:
        browser.get("/api/session").raise_for_status()

        def xsrf() -> dict[str, str]:
            return {"X-XSRF-TOKEN": browser.cookies["XSRF-TOKEN"]}

        assert browser.post("/api/store/otp", json={"mobileNumber": STORE_USER}, headers=xsrf()).status_code == 200
        otp = browser.get(f"/_mocks/lending/outbox/{STORE_USER}").json()["otp"]
        verified = browser.post("/api/store/otp/verify", json={"mobileNumber": STORE_USER, "otp": otp}, headers=xsrf())
        assert verified.status_code == 200, verified.text
        # Ten changes, each on a new connection: every one needs the session and the token to be
        # known to the worker that takes it.
        for count in range(1, 11):
            added = browser.post("/api/store/cart/items/6/increment", headers=xsrf())
            assert added.status_code == 200, added.text
            assert added.json()["count"] == count
        assert browser.delete("/api/session/store", headers=xsrf()).status_code == 204
        assert browser.get("/api/store/cart").status_code == 401


def test_metrics_add_up_every_worker(two_workers: tuple[str, list[int]]) -> None:
    url, workers = two_workers
    path = "/api/store/products/{product_id}"

    def three_reads(n: int) -> list[int]:
        with fresh_connections(url) as shopper:
            return [shopper.get(f"/api/store/products/{n % 6 + 1}").status_code for _ in range(3)]

    # Ten shoppers at once, round after round, until both workers have done some of the work
    # (the kernel hands a new connection to either; the CPU each has used shows which worked).
    before = [cpu_ticks(pid) for pid in workers]
    reads = 0
    with ThreadPoolExecutor(max_workers=10) as pool:
        for _ in range(20):
            assert [code for codes in pool.map(three_reads, range(10)) for code in codes] == [200] * 30
            reads += 30
            if all(cpu_ticks(pid) - ticks >= 3 for pid, ticks in zip(workers, before, strict=True)):
                break
        else:
            pytest.fail("one worker took every connection")
    with fresh_connections(url) as client:
        # Each scrape may reach either worker; each must count every read, not its own share.
        assert [requests_counted(client, path) for _ in range(6)] == [float(reads)] * 6


def test_each_worker_cuts_off_headers_that_never_finish(two_workers: tuple[str, list[int]]) -> None:
    port = int(two_workers[0].rsplit(":", 1)[1])
    for _ in range(4):  # whichever worker takes each connection
        with socket.create_connection(("127.0.0.1", port)) as sock:
            sock.sendall(b"GET /api/config HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            data, took = read_until_closed(sock, 5)
        assert data == b""  # closed unanswered by granian's header read time-out
        assert HEADER_TIMEOUT * 0.9 < took < HEADER_TIMEOUT + 1


def test_more_workers_than_the_setup_allows_is_refused_at_start() -> None:
    # Without Redis each worker would keep its own sessions (the other refusals: tests/unit/test_workers.py).
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    started = subprocess.run(
        [sys.executable, "-m", "gateway"],
        cwd=ROOT,
        env={**env, "PORT": "0", "WORKERS": "2"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert started.returncode != 0
    assert "WORKERS > 1 needs REDIS_URL" in started.stderr
