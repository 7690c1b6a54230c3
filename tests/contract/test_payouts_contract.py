"""contracts/payouts.openapi.yaml vs the payouts mock (Cashfree Payouts v2, 2024-01-01): as strict
as Cashfree. A transfer_id is the transfer (the same request again answers it; another body is a
409), a transfer is PENDING until the bank answers on the mocks' clock, a paid one may be
reversed later, each end is told by a webhook signed with the payouts client secret, and a UPI ID
that does not exist is refused by verification.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from litestar.testing import TestClient

from payments_client.webhooks import verify
from tests.conftest import CLIENT_SECRET
from tests.contract.conftest import assert_conforms, contract_for
from upstream_mocks.contract import Contract
from upstream_mocks.settings import MockSettings
from upstream_mocks.suite import create_suite
from upstream_mocks.world import MockWorld

PREFIX = "/_mocks/payouts"
CREDENTIALS = {
    "x-client-id": "mock-payouts-client",
    "x-client-secret": "mock-payouts-secret",
    "x-api-version": "2024-01-01",
}
TO_UPI = {
    "transfer_id": "VK10000001_R1",
    "transfer_amount": 1180.5,
    "transfer_currency": "INR",
    "transfer_mode": "upi",
    "beneficiary_details": {"beneficiary_name": "Asha Devi", "beneficiary_instrument_details": {"vpa": "asha@okaxis"}},
    "transfer_remarks": "Refund VK10000001 R1",
}


@pytest.fixture(scope="module")
def contract() -> Contract:
    return contract_for("payouts")


class Told:
    """The merchant's webhook endpoint (an ASGI app): every TRANSFER_* the mock sends, verified."""

    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        headers = {k.decode(): v.decode() for k, v in scope["headers"]}
        verify("mock-payouts-secret", headers, body)
        self.events.append(json.loads(body))
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"application/json")]})
        await send({"type": "http.response.body", "body": b"{}"})


@pytest.fixture
def told() -> Told:
    return Told()


@pytest.fixture
def mock(told: Told) -> Iterator[TestClient[Any]]:
    world = MockWorld(MockSettings(public_url="http://merchant.example"))
    world.merchants["http://merchant.example"] = told
    with TestClient(create_suite(world, check_contracts=True), base_url="http://mocks.internal/") as client:
        yield client


def conforms(contract: Contract, response: httpx.Response) -> httpx.Response:
    assert_conforms(contract, [(response.request, response)])
    return response


def test_a_transfer_is_pending_then_paid_with_a_utr_on_the_mocks_clock(
    contract: Contract, mock: TestClient[Any], told: Told
) -> None:
    made = conforms(contract, mock.post(f"{PREFIX}/payout/transfers", json=TO_UPI, headers=CREDENTIALS)).json()
    assert made["status"] == "RECEIVED" and made["transfer_amount"] == 1180.5 and made["transfer_utr"] is None
    read = mock.get(f"{PREFIX}/payout/transfers", params={"transfer_id": "VK10000001_R1"}, headers=CREDENTIALS)
    assert conforms(contract, read).json()["status"] == "PENDING"
    assert told.events == []

    mock.post("/_mocks/clock", json={"minutes": 31})
    paid = conforms(
        contract,
        mock.get(f"{PREFIX}/payout/transfers", params={"cf_transfer_id": made["cf_transfer_id"]}, headers=CREDENTIALS),
    ).json()
    assert paid["status"] == "SUCCESS" and paid["status_code"] == "COMPLETED" and len(paid["transfer_utr"]) == 12
    assert [(e["type"], e["data"]["transfer_utr"]) for e in told.events] == [("TRANSFER_SUCCESS", paid["transfer_utr"])]


def test_the_same_transfer_id_is_the_same_transfer_and_another_body_under_it_is_refused(
    contract: Contract, mock: TestClient[Any]
) -> None:
    first = conforms(contract, mock.post(f"{PREFIX}/payout/transfers", json=TO_UPI, headers=CREDENTIALS)).json()
    again = conforms(contract, mock.post(f"{PREFIX}/payout/transfers", json=TO_UPI, headers=CREDENTIALS)).json()
    assert again["cf_transfer_id"] == first["cf_transfer_id"]
    other = conforms(
        contract, mock.post(f"{PREFIX}/payout/transfers", json={**TO_UPI, "transfer_amount": 99.0}, headers=CREDENTIALS)
    )
    assert other.status_code == 409 and other.json()["code"] == "transfer_id_already_exists"
    assert mock.get(f"{PREFIX}/webhooks").json() == []  # nothing paid twice, nothing told yet


def test_a_paid_transfer_reversed_later_is_told_and_read_as_reversed(
    contract: Contract, mock: TestClient[Any], told: Told
) -> None:
    mock.post(f"{PREFIX}/payout/transfers", json=TO_UPI, headers=CREDENTIALS)
    assert mock.post(f"{PREFIX}/transfers/VK10000001_R1/bank", json={}).json()["status"] == "SUCCESS"
    reversed_ = mock.post(f"{PREFIX}/transfers/VK10000001_R1/bank", json={"status": "REVERSED"})
    assert reversed_.status_code == 200
    read = mock.get(f"{PREFIX}/payout/transfers", params={"transfer_id": "VK10000001_R1"}, headers=CREDENTIALS)
    assert conforms(contract, read).json()["status"] == "REVERSED"
    assert [e["type"] for e in told.events] == ["TRANSFER_SUCCESS", "TRANSFER_REVERSED"]
    again = mock.post(f"{PREFIX}/transfers/VK10000001_R1/bank", json={"status": "FAILED"})
    assert again.status_code == 409  # an ended transfer ends no other way


def test_a_upi_id_that_does_not_exist_is_refused_by_verification_and_its_transfer_fails(
    contract: Contract, mock: TestClient[Any], told: Told
) -> None:
    valid = conforms(
        contract,
        mock.post(f"{PREFIX}/verification/upi", json={"vpa": "asha@okaxis", "name": "Asha Devi"}, headers=CREDENTIALS),
    )
    assert valid.json()["status"] == "VALID" and valid.json()["name_at_bank"] == "ASHA DEVI"
    invalid = conforms(
        contract, mock.post(f"{PREFIX}/verification/upi", json={"vpa": "invalid.id@okaxis"}, headers=CREDENTIALS)
    )
    assert invalid.json()["status"] == "INVALID" and invalid.json()["account_exists"] == "NO"
    account = {"bank_account": "000123456789", "ifsc": "HDFC0001234", "name": "Asha Devi"}
    closed = conforms(
        contract, mock.post(f"{PREFIX}/verification/bank-account/sync", json=account, headers=CREDENTIALS)
    )
    assert (
        closed.json()["account_status"] == "INVALID" and closed.json()["account_status_code"] == "INVALID_ACCOUNT_FAIL"
    )

    to_nobody = {
        **TO_UPI,
        "beneficiary_details": {
            "beneficiary_name": "Asha Devi",
            "beneficiary_instrument_details": {"vpa": "invalid.id@okaxis"},
        },
    }
    mock.post(f"{PREFIX}/payout/transfers", json=to_nobody, headers=CREDENTIALS)
    mock.post("/_mocks/clock", json={"minutes": 31})
    failed = mock.get(f"{PREFIX}/payout/transfers", params={"transfer_id": "VK10000001_R1"}, headers=CREDENTIALS).json()
    assert (failed["status"], failed["status_code"], failed["transfer_utr"]) == ("FAILED", "INVALID_VPA", None)
    assert [e["type"] for e in told.events] == ["TRANSFER_FAILED"]


def test_calls_without_the_payouts_credentials_or_a_payee_are_refused(mock: TestClient[Any]) -> None:
    wrong = {**CREDENTIALS, "x-client-secret": CLIENT_SECRET}  # the payment gateway's, not the payouts'
    assert mock.post(f"{PREFIX}/payout/transfers", json=TO_UPI, headers=wrong).status_code == 401
    nobody = {**TO_UPI, "beneficiary_details": {"beneficiary_name": "Asha Devi"}}
    refused = mock.post(f"{PREFIX}/payout/transfers", json=nobody, headers=CREDENTIALS)
    assert refused.status_code == 400
    unknown = mock.get(f"{PREFIX}/payout/transfers", params={"transfer_id": "NOPE_1"}, headers=CREDENTIALS)
    assert unknown.status_code == 404 and unknown.json()["code"] == "transfer_not_found"
