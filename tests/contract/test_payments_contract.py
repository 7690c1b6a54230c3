"""contracts/payments.openapi.yaml vs the payments mock (the Cashfree-style provider).

Real requests to the in-process mock and its answers are validated with openapi-core.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from litestar.testing import TestClient
from openapi_core.validation.request.exceptions import SecurityValidationError

from tests.conftest import CLIENT_SECRET
from tests.contract.conftest import as_contract, assert_conforms, contract_for
from upstream_mocks.contract import Contract
from upstream_mocks.settings import MockSettings
from upstream_mocks.suite import create_suite
from upstream_mocks.world import MockWorld

PREFIX = "/_mocks/payments"
CREDENTIALS = {"x-client-id": "mock-client", "x-client-secret": CLIENT_SECRET, "x-api-version": "2025-01-01"}
KEY = {"x-idempotency-key": "refund-to-the-account-1"}
ORDER = {
    "order_id": "REPAY_TEST_1",
    "order_amount": 1000.0,
    "order_currency": "INR",
    "customer_details": {"customer_id": "1001", "customer_phone": "9876543210", "customer_name": "Ramesh Kumar"},
    # No notify_url: these tests read the provider's API; webhooks are tested with the lender.
    "order_meta": {"return_url": "https://merchant.example/return"},
}


@pytest.fixture(scope="module")
def contract() -> Contract:
    return contract_for("payments")


@pytest.fixture
def mock() -> Iterator[TestClient[Any]]:
    with TestClient(create_suite(), base_url=f"http://mocks.internal{PREFIX}/") as client:
        yield client


def conforms(contract: Contract, response: httpx.Response) -> httpx.Response:
    assert_conforms(contract, [(response.request, response)])
    return response


def test_an_order_is_created_paid_at_the_checkout_and_read_back(contract: Contract, mock: TestClient[Any]) -> None:
    created = conforms(contract, mock.post("pg/orders", json=ORDER, headers=CREDENTIALS)).json()
    assert created["order_status"] == "ACTIVE" and created["order_amount"] == 1000.0
    session = created["payment_session_id"]

    page = conforms(contract, mock.get(f"checkout/{session}"))
    assert "text/html" in page.headers["content-type"]
    assert "Pay ₹1,000.00" in page.text

    failed = conforms(contract, mock.post(f"checkout/{session}/pay", json={"outcome": "failure"})).json()
    assert failed["payment_status"] == "FAILED"
    assert (
        conforms(contract, mock.get(f"pg/orders/{ORDER['order_id']}", headers=CREDENTIALS)).json()["order_status"]
        == "ACTIVE"
    )

    paid = conforms(contract, mock.post(f"checkout/{session}/pay", json={"outcome": "success"})).json()
    assert paid["payment_status"] == "SUCCESS" and paid["payment_amount"] == 1000.0
    order = conforms(contract, mock.get(f"pg/orders/{ORDER['order_id']}", headers=CREDENTIALS)).json()
    assert order["order_status"] == "PAID"
    attempts = conforms(contract, mock.get(f"pg/orders/{ORDER['order_id']}/payments", headers=CREDENTIALS)).json()
    assert [a["payment_status"] for a in attempts] == ["FAILED", "SUCCESS"]

    # A paid order cannot be paid again.
    again = conforms(contract, mock.post(f"checkout/{session}/pay", json={"outcome": "success"}))
    assert again.status_code == 409


def test_refusals_conform(contract: Contract, mock: TestClient[Any]) -> None:
    assert conforms(contract, mock.post("pg/orders", json=ORDER, headers=CREDENTIALS)).status_code == 200
    assert conforms(contract, mock.post("pg/orders", json=ORDER, headers=CREDENTIALS)).status_code == 409
    assert conforms(contract, mock.get("pg/orders/NO_SUCH_ORDER", headers=CREDENTIALS)).status_code == 404
    missing = mock.get("checkout/no-such-session")
    assert missing.status_code == 404
    conforms(contract, missing)


def test_the_provider_api_needs_the_client_credentials(contract: Contract, mock: TestClient[Any]) -> None:
    refused = mock.post("pg/orders", json=ORDER, headers={"x-api-version": "2025-01-01"})
    assert refused.status_code == 401
    checked, _ = as_contract(refused.request)
    with pytest.raises(SecurityValidationError):
        contract.openapi.validate_request(checked)
    wrong = mock.get("pg/orders/REPAY_TEST_1", headers={**CREDENTIALS, "x-client-secret": "guess"})
    assert wrong.status_code == 401


def test_the_validator_catches_an_order_that_breaks_the_document(contract: Contract, mock: TestClient[Any]) -> None:
    created = mock.post("pg/orders", json=ORDER, headers=CREDENTIALS)
    broken = httpx.Response(200, json={**created.json(), "order_status": "SETTLED"}, request=created.request)
    checked, answer = as_contract(broken.request, broken)
    assert list(contract.openapi.iter_response_errors(checked, answer))


def test_a_refunds_outcome_goes_to_the_accounts_refund_webhook_urls_not_the_orders_notify_url() -> None:
    """Cashfree sends REFUND_STATUS_WEBHOOK to the URLs set once for the account (its dashboard),
    a payment's webhook to the order's notify_url."""
    account_url = "http://mocks.internal/_mocks/orders/webhooks/payments"
    world = MockWorld(
        MockSettings(payments_client_secret=CLIENT_SECRET, refund_webhook_urls=(account_url,), webhook_retry_seconds=())
    )
    order = {**ORDER, "order_meta": {"notify_url": "http://mocks.internal/_mocks/lending/webhooks/payments"}}
    with TestClient(create_suite(world), base_url=f"http://mocks.internal{PREFIX}/") as mock:
        created = mock.post("pg/orders", json=order, headers=CREDENTIALS).json()
        assert (
            mock.post(f"checkout/{created['payment_session_id']}/pay", json={"outcome": "success"}).status_code == 200
        )
        refund = {"refund_amount": 100.0, "refund_id": "REPAY_TEST_1-refund"}
        made = mock.post(f"pg/orders/{ORDER['order_id']}/refunds", json=refund, headers={**CREDENTIALS, **KEY})
        assert made.status_code == 200, made.text
        sent: list[dict[str, Any]] = []
        for _ in range(100):  # the webhooks go out in their own tasks: read until both are recorded
            sent = mock.get("webhooks").json()
            if len(sent) == 2:
                break
    assert [(w["type"], w["notify_url"]) for w in sent] == [
        ("PAYMENT_SUCCESS_WEBHOOK", order["order_meta"]["notify_url"]),
        ("REFUND_STATUS_WEBHOOK", account_url),
    ]
