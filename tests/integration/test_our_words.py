"""Our own words at the exit: an upstream's refusal text and a validator's report reach the
log, never the browser; the browser gets one of our codes with our message."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from gateway.settings import Settings
from tests.conftest import GatewayClient
from tests.integration.test_checkout_api import ADDRESS, fill_cart
from tests.integration.test_store_api import log_in

TRACEBACK = (
    "Traceback (most recent call last):\n"
    '  File "/srv/orders/db.py", line 88, in insert_order\n'
    'psycopg2.errors.UniqueViolation: duplicate key value violates unique constraint "orders_pkey"'
)
SCHEMA_REPORT = (
    "Invalid request: business: {'gstin': '06AAACR5055K1ZB', 'legalName': 'x'} "
    "is not valid under any of the given schemas"
)


def refuse_next_quote(client: GatewayClient, status: int, message: str, reason: str) -> None:
    scenario = {
        "mock": "orders",
        "path": "electrician/order/quote",
        "status": status,
        "body": {"statusCode": status, "message": message, "data": {"reason": reason, "field": "business"}},
        "times": 1,
    }
    assert client.post("/_mocks/scenarios", json=scenario).status_code == 201


def quote_answer(client: GatewayClient) -> Any:
    return client.post("/api/checkout/quote", json={"address": ADDRESS, "paymentMethod": "cod"}, headers=client.xsrf())


def test_an_upstream_traceback_goes_to_the_log_and_the_shopper_reads_our_words(
    make_client: Callable[[Settings], GatewayClient],
    make_settings: Callable[..., Settings],
    capsys: pytest.CaptureFixture[str],
) -> None:
    client = make_client(make_settings(log_level="INFO"))
    log_in(client)
    fill_cart(client, {1: 1})
    refuse_next_quote(client, 422, TRACEBACK, "refused")
    capsys.readouterr()
    answer = quote_answer(client)
    assert answer.status_code == 422, answer.text
    error = answer.json()["error"]
    assert (error["code"], error["message"], error["field"]) == (
        "upstream_refused",
        "The order could not be priced.",
        None,
    )
    assert "Traceback" not in answer.text and "psycopg2" not in answer.text
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.startswith("{")]
    [withheld] = [line for line in lines if line.get("event") == "upstream_text_withheld"]
    assert withheld["upstream_text"] == TRACEBACK and withheld["upstream"] == "orders"
    assert withheld["trace_id"] == answer.json()["traceId"]  # the answer's trace id finds the upstream's text


def test_an_upstream_validators_report_is_replaced_by_our_words(client: GatewayClient) -> None:
    log_in(client)
    fill_cart(client, {1: 1})
    refuse_next_quote(client, 400, SCHEMA_REPORT, "invalid_request")
    answer = quote_answer(client)
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"]["code"] == "invalid_request"
    assert answer.json()["error"]["message"] == (
        "This request could not be handled. Please check what you entered and try again."
    )
    assert "not valid under any of the given schemas" not in answer.text


def test_the_gateways_own_validator_text_never_reaches_the_browser(client: GatewayClient) -> None:
    log_in(client)
    fill_cart(client, {1: 1})
    for body, field in (
        ({"address": ADDRESS, "paymentMethod": "bitcoin"}, "paymentMethod"),
        ({"address": {**ADDRESS, "name": ""}, "paymentMethod": "cod"}, "address.name"),
        ({"address": ADDRESS, "paymentMethod": "cod", "business": {"gstin": 6, "legalName": "x"}}, "business.gstin"),
    ):
        answer = client.post("/api/checkout/quote", json=body, headers=client.xsrf())
        assert answer.status_code in (400, 422), answer.text
        error = answer.json()["error"]
        assert error["field"] == field
        assert error["message"] == f"Please check {field}: it is missing or not valid."
        assert "`" not in answer.text and "Expected" not in answer.text and "enum" not in answer.text


def test_a_lenders_refusal_text_never_reaches_the_borrower(client: GatewayClient) -> None:
    scenario = {
        "mock": "lending",
        "path": "sendOtp",
        "status": 200,
        "body": {"statusCode": 500, "message": "java.lang.NullPointerException at OtpService.java:42", "data": None},
        "times": 1,
    }
    assert client.post("/_mocks/scenarios", json=scenario).status_code == 201
    answer = client.post("/api/portal/otp", json={"mobileNumber": "9876543210"}, headers=client.xsrf())
    assert answer.status_code >= 400, answer.text
    assert answer.json()["error"]["message"] == "The OTP could not be sent. Please try again."
    assert "java" not in answer.text
