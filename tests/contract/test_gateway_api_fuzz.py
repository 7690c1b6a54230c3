"""Schemathesis over the gateway's own API (contracts/gateway.openapi.json), every route group:
whatever a client sends that the schema allows, or nearly allows, never gets a server error.

Two passes: anonymous over every route (a login-only route then only ever answers 401), and
logged in, a store shopper with a filled cart over the cart, /api/checkout, /api/orders and
/api/addresses routes and a portal borrower over the portal's own, where every 4xx must also be
the JSON error shape.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from gateway.app import create_app
from gateway.settings import ROOT, OtpLimits
from tests.conftest import GatewayClient, settings_for_tests
from tests.integration.test_portal_api import log_in as portal_log_in
from tests.integration.test_store_api import log_in as store_log_in


def api_schema(path_regex: str) -> Any:
    """The gateway's operations whose path matches (one `include`: a second one widens, not narrows)."""
    document = json.loads((ROOT / "contracts" / "gateway.openapi.json").read_text())
    return schemathesis.openapi.from_dict(document).include(path_regex=path_regex)


schema = api_schema(r"^/api/")
# What a logged-in client reaches past the 401: the shopper's cart, checkout, orders and address
# book, the borrower's repayment and payments. Logging in again (the OTP routes) would only
# restart the session.
shopper_schema = api_schema(r"^/api/(store/cart|checkout/|orders(/|$)|addresses(/|$))")
borrower_schema = api_schema(r"^/api/portal/(repayment|payments)")

# FUZZ_EXAMPLES raises the count for a longer run by hand (RELIABILITY.md); 30 keeps `make test` short.
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "30"))
# Each logged-in operation logs in once and keeps its session for all its examples.
LOGGED_IN_EXAMPLES = max(EXAMPLES // 2, 10)
# No example may take this long; each is one gateway request over in-process mocks.
DEADLINE = timedelta(seconds=5)


@pytest.fixture(scope="module")
def gateway() -> Iterator[GatewayClient]:
    """One app for the module's 119 operations: building one was most of an operation's time
    (about 0.9 s against 0.3 s of examples here). The code limits are relaxed as the e2e
    gateway's are: every logged-in operation logs the same numbers in again, and the limits
    have their own tests (tests/integration/test_otp_limits.py)."""
    relaxed = OtpLimits(resend_seconds=0, sends_per_number_per_hour=100_000, sends_per_client_per_hour=100_000)
    with GatewayClient(app=create_app(settings_for_tests(otp=relaxed)), base_url="http://127.0.0.1:8000") as client:
        yield client


@pytest.fixture
def client(gateway: GatewayClient) -> GatewayClient:
    """Each operation starts as a new client (no cookies: a session of its own) on a fresh world
    (the mocks reset: the seeded users, carts and orders as an app of its own had them)."""
    gateway.cookies.clear()
    reset = gateway.post("/_mocks/reset")
    assert reset.status_code == 200, reset.text
    return gateway


def send(case: schemathesis.Case, client: GatewayClient) -> httpx.Response:
    # The XSRF header rides along so unsafe calls reach the handlers instead of stopping at 403.
    kwargs = case.as_transport_kwargs(base_url=str(client.base_url).rstrip("/"), headers=client.xsrf())
    if not kwargs.get("cookies"):
        kwargs.pop("cookies", None)  # per-request cookies are deprecated in httpx; the client keeps its own
    # Header values outside ASCII (e.g. a generated Idempotency-Key) go as UTF-8 bytes, as a raw
    # client would send them; httpx refuses such a str before it reaches the gateway.
    kwargs["headers"] = {
        name: value.encode() if isinstance(value, str) and not value.isascii() else value
        for name, value in (kwargs.get("headers") or {}).items()
    }
    if isinstance(kwargs.get("data"), bytes | str):
        kwargs["content"] = kwargs.pop("data")  # raw bodies go as content= in current httpx
    response: httpx.Response = client.request(**kwargs)
    return response


def assert_client_error_shape(response: httpx.Response) -> None:
    """A 4xx is `{"error": {"code", "message", ...}}` with a code and a message to show."""
    if not 400 <= response.status_code < 500:
        return
    body: Any = response.json()
    error = body.get("error") if isinstance(body, dict) else None
    assert isinstance(error, dict), f"{response.status_code} without the error shape: {response.text}"
    assert isinstance(error.get("code"), str) and error["code"], response.text
    assert isinstance(error.get("message"), str) and error["message"], response.text


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_api_never_answers_a_server_error(case: schemathesis.Case, client: GatewayClient) -> None:
    response = send(case, client)
    case.validate_response(response, checks=[not_a_server_error])


@pytest.fixture
def shopper(client: GatewayClient) -> GatewayClient:
    """A store shopper logged in through the mocks, with two products in the cart, so the quote
    and the order reach the orders service instead of stopping at an empty cart."""
    store_log_in(client)
    for product_id, quantity in ((1, 2), (5, 1)):
        answer = client.put(f"/api/store/cart/items/{product_id}", json={"quantity": quantity}, headers=client.xsrf())
        assert answer.status_code == 200, answer.text
    return client


@pytest.fixture
def borrower(client: GatewayClient) -> GatewayClient:
    portal_log_in(client)
    return client


@shopper_schema.parametrize()
@settings(max_examples=LOGGED_IN_EXAMPLES, deadline=DEADLINE, suppress_health_check=list(HealthCheck))
def test_a_logged_in_shopper_gets_no_server_error_and_every_refusal_as_json(
    case: schemathesis.Case, shopper: GatewayClient
) -> None:
    response = send(case, shopper)
    case.validate_response(response, checks=[not_a_server_error])
    assert_client_error_shape(response)
    assert response.status_code != 401, "the shopper's session ended"


@borrower_schema.parametrize()
@settings(max_examples=LOGGED_IN_EXAMPLES, deadline=DEADLINE, suppress_health_check=list(HealthCheck))
def test_a_logged_in_borrower_gets_no_server_error_and_every_refusal_as_json(
    case: schemathesis.Case, borrower: GatewayClient
) -> None:
    response = send(case, borrower)
    case.validate_response(response, checks=[not_a_server_error])
    assert_client_error_shape(response)
    assert response.status_code != 401, "the borrower's session ended"
