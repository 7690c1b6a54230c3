"""A trace id on every money call: the request's id, or the trace id of a W3C `traceparent` it
arrived with, in every error answer, every log line of the request, and every upstream call it
makes (as `X-Request-Id`, read back from the mocks' journal)."""

from __future__ import annotations

import json

import pytest

from tests.conftest import GatewayClient
from tests.integration.test_checkout_api import fill_cart, place, quote
from tests.integration.test_portal_api import log_in as portal_log_in
from tests.integration.test_portal_api import pay
from tests.integration.test_store_api import log_in as store_log_in

TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736"
TRACEPARENT = f"00-{TRACE_ID}-00f067aa0ba902b7-01"


def test_an_error_answer_carries_the_request_id_as_its_trace_id(client: GatewayClient) -> None:
    answer = client.get("/api/store/cart")
    assert answer.status_code == 401
    body = answer.json()
    assert body["traceId"] == answer.headers["x-request-id"]
    assert set(body["error"]) >= {"code", "message"}  # what clients read is unchanged


def test_a_traceparents_trace_id_is_the_one_answered(client: GatewayClient) -> None:
    answer = client.get("/api/store/cart", headers={"traceparent": TRACEPARENT})
    assert answer.json()["traceId"] == TRACE_ID
    invalid = client.get("/api/store/cart", headers={"traceparent": f"00-{'0' * 32}-00f067aa0ba902b7-01"})
    assert invalid.json()["traceId"] == invalid.headers["x-request-id"]


def test_a_repayment_carries_the_trace_id_to_the_lender(client: GatewayClient) -> None:
    portal_log_in(client)
    client.headers["traceparent"] = TRACEPARENT
    assert pay(client, {"mode": "partialPayment", "amount": "100.00"}).status_code == 201
    journal = client.get("/_mocks/journal", params={"mock": "lending"}).json()
    [started] = [e for e in journal if e["path"].strip("/") == "webRepayment/cashFreeRequest"]
    assert started["requestId"] == TRACE_ID


def test_an_order_carries_the_trace_id_to_the_orders_service(client: GatewayClient) -> None:
    store_log_in(client)
    fill_cart(client, {1: 1})
    total = quote(client)["charges"]["total"]
    answer = place(client, "trace-key-0001", total)
    assert answer.status_code == 200, answer.text
    journal = client.get("/_mocks/journal", params={"mock": "orders"}).json()
    [placed] = [e for e in journal if e["path"].strip("/") == "electrician/order/place"]
    assert placed["requestId"] == answer.headers["x-request-id"]


def test_every_log_line_of_a_failed_money_call_has_the_trace_id(
    client: GatewayClient, capsys: pytest.CaptureFixture[str]
) -> None:
    portal_log_in(client)
    scenario = {"mock": "lending", "path": "webRepayment/cashFreeRequest", "status": 503}
    assert client.post("/_mocks/scenarios", json=scenario).status_code == 201
    capsys.readouterr()
    client.headers["traceparent"] = TRACEPARENT
    answer = pay(client, {"mode": "partialPayment", "amount": "100.00"})
    assert answer.status_code == 503
    assert answer.json()["traceId"] == TRACE_ID
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.startswith("{")]
    assert lines, "the failure was not logged"
    assert {line.get("trace_id") for line in lines} == {TRACE_ID}, lines
