"""The fault suite: the gateway over mocks that fail a share of their calls.

With 20% of upstream calls failing (a 503, an answer slower than the time-out, or a connection
dropped mid-answer, one third each), every gateway answer is a success or the JSON error, no
answer takes longer than its upstream calls' deadlines plus a margin, and the circuit breaker
opens and closes as set. Bounded: `ROUNDS` rounds of one request per route, on tight time-outs.

Every upstream the gateway calls fails so: the lender, the catalogue, the mail service and the
orders service. The card-payment provider is not among them: only the orders service calls it
(in-process, by function), never the gateway. The checkout goes through its whole path each
round: a quote, a new order with its own Idempotency-Key, the same key again, the list, an order
waiting for its online payment, paying it again, cancelling, the tax invoice, the credit note and
"Buy again".
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from gateway.settings import OtpLimits, Settings
from tests.conftest import GatewayClient
from tests.integration.test_checkout_api import ADDRESS
from tests.integration.test_portal_api import log_in as portal_log_in
from tests.integration.test_store_api import log_in as store_log_in

READ_TIMEOUT = 0.3
DEADLINE = 0.5
# Scheduling slack on a shared test machine. The slow answers take far longer than any route's
# deadlines plus this, so a gateway that waited for one still fails; test_request_deadline holds
# the deadline itself to a tight margin. 1.5 s was overrun once (2.13 s for a 0.5 s deadline) on a
# machine half as fast as the usual, at load 8, in a full run.
MARGIN = 2.5  # the largest bound (four calls) stays under the slow answers: 4.5 s against 5 s
SLOW_MS = 5000  # past the read time-out, and past every route's deadlines plus the margin
ROUNDS = 12
MOCKS = ("lending", "catalogue", "mail", "orders")
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
    ("GET", "/api/checkout/pincodes/122103", None, 1),
]
STORE_ROUTES: list[Route] = [
    ("GET", "/api/store/products", None, 1),
    ("GET", "/api/store/cart", None, 1),
    ("POST", "/api/store/cart/items/2/increment", None, 4),
    ("GET", "/api/store/brands", None, 1),
]
PORTAL_ROUTES: list[Route] = [("GET", "/api/portal/repayment", None, 1)]


def inject_faults(client: GatewayClient) -> None:
    for mock in MOCKS:
        for fault in FAULTS:
            scenario = {"mock": mock, "path": "*", **fault}
            assert client.post("/_mocks/scenarios", json=scenario).status_code == 201


def check(client: GatewayClient, route: Route, seen: Counter[str], headers: dict[str, str] | None = None) -> None:
    method, path, body, calls = route
    started = time.monotonic()
    answer = client.request(method, path, json=body, headers={**client.xsrf(), **(headers or {})})
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
        inject_faults(client)

    seen: Counter[str] = Counter()
    for _ in range(ROUNDS):
        for client, routes in ((visitor, VISITOR_ROUTES), (shopper, STORE_ROUTES), (borrower, PORTAL_ROUTES)):
            for route in routes:
                check(client, route, seen)

    journal = [e for c in (visitor, shopper, borrower) for e in c.get("/_mocks/journal").json()]
    assert any(e["status"] == 0 for e in journal), "no connection was dropped"
    assert any(e["status"] == 503 for e in journal), "no failure was injected"
    assert seen["success"] > 0 and sum(seen.values()) > seen["success"], seen


def ok(answer: Any) -> Any:
    assert answer.status_code == 200, answer.text
    return answer.json()


def order_to(buyer: GatewayClient, key: str, method: str = "cod") -> tuple[dict[str, Any], str]:
    """With no fault on: one item in the cart, priced; placed under `key` unless key is empty."""
    ok(buyer.put("/api/store/cart/items/1", json={"quantity": 1}, headers=buyer.xsrf()))
    body = {"address": ADDRESS, "paymentMethod": method}
    total: str = ok(buyer.post("/api/checkout/quote", json=body, headers=buyer.xsrf()))["charges"]["total"]
    placed = {**body, "quotedTotal": total}
    if not key:
        return placed, ""
    order = ok(buyer.post("/api/checkout/orders", json=placed, headers={**buyer.xsrf(), "Idempotency-Key": key}))
    return placed, str(order["orderNumber"])


def test_with_a_fifth_of_upstream_calls_failing_the_checkout_answers_a_success_or_the_json_error(
    make_client: Callable[[Settings], GatewayClient], fault_settings: Settings
) -> None:
    buyer = make_client(fault_settings)  # a shopper with mocks of their own
    store_log_in(buyer)
    _, waiting = order_to(buyer, "fault-online-0001", "online")  # pending: each look re-checks the payment
    _, shipped = order_to(buyer, "fault-shipped-0001")
    _, credited = order_to(buyer, "fault-credited-0001")
    for number in (shipped, credited):
        for _ in range(2):  # placed -> packed -> shipped: the tax invoice is issued
            ok(buyer.post(f"/_mocks/orders/{number}/advance", json={}))
    ok(buyer.post(f"/api/orders/{credited}/cancel", headers=buyer.xsrf()))  # and its credit note
    known = ("POST", "/api/checkout/orders", {"address": ADDRESS, "paymentMethod": "cod", "quotedTotal": "1.00"}, 2)

    seen: Counter[str] = Counter()
    fresh: dict[str, Any] = {}
    for round_ in range(ROUNDS):
        # With no fault on: an order to cancel, and one item in the cart with its price.
        assert buyer.delete("/_mocks/scenarios").status_code == 204
        if round_:
            # As the app does: the last placement again with its key, whatever it answered. One
            # whose answer was lost holds the shopper's placements until it is settled so.
            last = {**buyer.xsrf(), "Idempotency-Key": f"fault-place-{round_ - 1:04d}"}
            assert buyer.post("/api/checkout/orders", json=fresh, headers=last).status_code < 500
        _, cancel = order_to(buyer, f"fault-cancel-{round_:04d}")
        fresh, _ = order_to(buyer, "")
        inject_faults(buyer)
        quote_body = {"address": ADDRESS, "paymentMethod": "cod"}
        routes: list[tuple[Route, dict[str, str]]] = [
            (("POST", "/api/checkout/quote", quote_body, 2), {}),
            # A new order: the cart, then the placement (which empties the cart).
            (("POST", "/api/checkout/orders", fresh, 2), {"Idempotency-Key": f"fault-place-{round_:04d}"}),
            (known, {"Idempotency-Key": "fault-online-0001"}),  # the key's order, re-checked
            (("GET", "/api/orders?page=1", None, 1), {}),
            (("GET", f"/api/orders/{waiting}", None, 2), {}),
            (("POST", f"/api/orders/{waiting}/payment", None, 1), {}),
            (("POST", f"/api/orders/{cancel}/cancel", None, 1), {}),
            (("GET", f"/api/orders/{shipped}/invoice", None, 1), {}),
            (("GET", f"/api/orders/{credited}/credit-note", None, 1), {}),
            # The order's lines, the cart, then each line's quantity (a read and a change).
            (("POST", f"/api/orders/{shipped}/buy-again", None, 5), {}),
            (("GET", "/api/addresses", None, 1), {}),
        ]
        for route, headers in routes:
            check(buyer, route, seen, headers)

    journal = buyer.get("/_mocks/journal", params={"mock": "orders"}).json()
    assert any(e["status"] == 0 for e in journal), "no connection to the orders service was dropped"
    assert any(e["status"] == 503 for e in journal), "no failure was injected into the orders service"
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
