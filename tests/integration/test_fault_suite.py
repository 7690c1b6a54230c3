"""The fault suite: the gateway over mocks that fail a share of their calls.

With 20% of upstream calls failing (a 503, an answer slower than the time-out, or a connection
dropped mid-answer, one third each), every gateway answer is a success or the JSON error, no
answer takes longer than its upstream calls' deadlines plus a margin, and the circuit breaker
opens and closes as set. Bounded: `ROUNDS` rounds of one request per route, on tight time-outs.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from gateway.settings import OtpLimits, Settings
from tests.conftest import GatewayClient
from tests.integration.test_portal_api import log_in as portal_log_in
from tests.integration.test_store_api import log_in as store_log_in

READ_TIMEOUT = 0.3
DEADLINE = 0.5
MARGIN = 0.5  # scheduling slack on a shared test machine
SLOW_MS = 800  # past the read time-out
ROUNDS = 12
MOCKS = ("lending", "catalogue", "mail")
# Each kind in turn takes a third of the 20%: P(503) = 1/15, then 1/14 of the rest, then 1/13.
FAULTS = (
    {"status": 503, "probability": 1 / 15},
    {"delayMs": SLOW_MS, "probability": 1 / 14},
    {"drop": True, "probability": 1 / 13},
)


@pytest.fixture
def fault_settings(make_settings: Callable[..., Settings]) -> Settings:
    return make_settings(
        upstream_connect_timeout=0.1,
        upstream_read_timeout=READ_TIMEOUT,
        upstream_deadline=DEADLINE,
        upstream_breaker_threshold=5,
        upstream_breaker_ttl=1.0,
        catalogue_cache_seconds=0,  # every request reaches the (failing) catalogue
        otp=OtpLimits(resend_seconds=0, sends_per_number_per_hour=1000, sends_per_client_per_hour=1000),
    )


# route -> (method, path, body, how many upstream calls it makes one after another at most)
Route = tuple[str, str, dict[str, Any] | None, int]
VISITOR_ROUTES: list[Route] = [
    ("GET", "/api/store/products?page=2", None, 1),
    ("GET", "/api/store/products/5", None, 1),
    ("POST", "/api/site/newsletter", {"email": "fault@example.in"}, 2),
    ("POST", "/api/store/otp", {"mobileNumber": "9000000009"}, 1),
]
STORE_ROUTES: list[Route] = [
    ("GET", "/api/store/products", None, 1),
    ("GET", "/api/store/cart", None, 1),
    ("POST", "/api/store/cart/items/2/increment", None, 4),
    ("GET", "/api/store/address", None, 1),
    ("GET", "/api/store/brands", None, 1),
]
PORTAL_ROUTES: list[Route] = [("GET", "/api/portal/repayment", None, 1)]


def check(client: GatewayClient, route: Route, seen: Counter[str]) -> None:
    method, path, body, calls = route
    started = time.monotonic()
    answer = client.request(method, path, json=body, headers=client.xsrf())
    took = time.monotonic() - started
    assert took < calls * DEADLINE + MARGIN, f"{method} {path} took {took:.2f} s"
    assert answer.status_code != 500, answer.text
    if answer.status_code < 300:
        seen["success"] += 1
        return
    error = answer.json()["error"]
    assert isinstance(error["message"], str) and error["message"]
    assert answer.status_code in (502, 503, 504), answer.text  # faults are the upstreams', not the client's
    seen[f"{answer.status_code} {error['code']}"] += 1


def test_with_a_fifth_of_upstream_calls_failing_every_answer_is_a_success_or_the_json_error(
    make_client: Callable[[Settings], GatewayClient], fault_settings: Settings
) -> None:
    visitor = make_client(fault_settings)
    shopper = make_client(fault_settings)
    store_log_in(shopper)
    borrower = make_client(fault_settings)
    portal_log_in(borrower)
    for client in (visitor, shopper, borrower):
        for mock in MOCKS:
            for fault in FAULTS:
                scenario = {"mock": mock, "path": "*", **fault}
                assert client.post("/_mocks/scenarios", json=scenario).status_code == 201

    seen: Counter[str] = Counter()
    for _ in range(ROUNDS):
        for client, routes in ((visitor, VISITOR_ROUTES), (shopper, STORE_ROUTES), (borrower, PORTAL_ROUTES)):
            for route in routes:
                check(client, route, seen)

    journal = [e for c in (visitor, shopper, borrower) for e in c.get("/_mocks/journal").json()]
    assert any(e["status"] == 0 for e in journal), "no connection was dropped"
    assert any(e["status"] == 503 for e in journal), "no failure was injected"
    assert seen["success"] > 0 and sum(seen.values()) > seen["success"], seen


def test_the_breaker_opens_for_the_failing_endpoint_only_and_closes_after_its_time(
    make_client: Callable[[Settings], GatewayClient], fault_settings: Settings
) -> None:
    shopper = make_client(fault_settings)
    store_log_in(shopper)
    failing = {"mock": "catalogue", "path": "electrician/getProductCatalogListMobile", "status": 503}
    assert shopper.post("/_mocks/scenarios", json=failing).status_code == 201

    def list_calls() -> int:
        journal = shopper.get("/_mocks/journal", params={"mock": "catalogue"}).json()
        return sum(e["path"].strip("/") == failing["path"] for e in journal)

    for _ in range(fault_settings.upstream_breaker_threshold):
        answer = shopper.get("/api/store/products")
        assert answer.status_code == 503 and answer.json()["error"]["code"] == "upstream_unavailable"
    calls = list_calls()
    opened = shopper.get("/api/store/products")
    assert opened.status_code == 503 and opened.json()["error"]["code"] == "circuit_open"
    assert list_calls() == calls  # answered without calling the catalogue
    assert shopper.get("/api/store/cart").status_code == 200  # the catalogue's other endpoints still work

    assert shopper.delete("/_mocks/scenarios").status_code == 204
    assert shopper.get("/api/store/products").json()["error"]["code"] == "circuit_open"  # still open
    time.sleep(fault_settings.upstream_breaker_ttl)  # the configured open time, not a guess
    assert shopper.get("/api/store/products").status_code == 200  # the trial call closes it
    assert shopper.get("/api/store/products").status_code == 200
    assert list_calls() == calls + 2
