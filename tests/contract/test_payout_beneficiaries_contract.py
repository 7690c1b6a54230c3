"""contracts/payouts.openapi.yaml's Beneficiary V2 vs the payouts mock (Cashfree Payouts v2,
2024-01-01), as strict as Cashfree: a beneficiary is added once under its id (201), read by its id
or by its account and IFSC, removed (DELETED, then not found); an id in use or an account another
beneficiary holds is a 409, an id nobody holds a 404, and a transfer to one is refused 404 as
Cashfree refuses it. Then the one provider client pays a payee through the mock: one beneficiary,
named by the transfer, the amount exact.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from decimal import Decimal
from typing import Any

from litestar.testing import TestClient

from payments_client import Account, HttpxSender, Payee, PayoutsClient, beneficiary_id_of
from tests.contract.conftest import RecordingMock, assert_conforms
from tests.contract.test_payouts_contract import CREDENTIALS, PREFIX, TO_UPI, conforms, contract, mock, told
from upstream_mocks.contract import Contract

__all__ = ["contract", "mock", "told"]  # the fixtures, shared with the transfers' contract test

BENEFICIARY = f"{PREFIX}/payout/beneficiary"
ASHA = {
    "beneficiary_id": "asha_devi_1",
    "beneficiary_name": "Asha Devi",
    "beneficiary_instrument_details": {"bank_account_number": "026291800001191", "bank_ifsc": "YESB0000262"},
    "beneficiary_contact_details": {"beneficiary_phone": "9876543210", "beneficiary_country_code": "+91"},
}
TO_ASHA = {**TO_UPI, "transfer_mode": "banktransfer", "beneficiary_details": {"beneficiary_id": "asha_devi_1"}}


def test_a_beneficiary_is_added_read_by_id_and_by_account_then_removed_and_gone(
    contract: Contract, mock: TestClient[Any]
) -> None:
    added = conforms(contract, mock.post(BENEFICIARY, json=ASHA, headers=CREDENTIALS))
    assert added.status_code == 201
    assert added.json()["beneficiary_status"] == "VERIFIED" and added.json()["added_on"].endswith("Z")
    by_id = conforms(contract, mock.get(BENEFICIARY, params={"beneficiary_id": "asha_devi_1"}, headers=CREDENTIALS))
    assert by_id.json() == added.json()
    account = {"bank_account_number": "026291800001191", "bank_ifsc": "YESB0000262"}
    by_account = conforms(contract, mock.get(BENEFICIARY, params=account, headers=CREDENTIALS))
    assert by_account.json()["beneficiary_id"] == "asha_devi_1"
    [kept] = mock.get(f"{PREFIX}/beneficiaries").json()
    assert kept["account"] == CREDENTIALS["x-client-id"]  # in the book of the payouts account that added it

    removed = conforms(
        contract, mock.delete(BENEFICIARY, params={"beneficiary_id": "asha_devi_1"}, headers=CREDENTIALS)
    )
    assert removed.status_code == 200 and removed.json()["beneficiary_status"] == "DELETED"
    for gone in (
        mock.get(BENEFICIARY, params={"beneficiary_id": "asha_devi_1"}, headers=CREDENTIALS),
        mock.delete(BENEFICIARY, params={"beneficiary_id": "asha_devi_1"}, headers=CREDENTIALS),
        mock.post(f"{PREFIX}/payout/transfers", json=TO_ASHA, headers=CREDENTIALS),  # no longer payable
    ):
        assert conforms(contract, gone).status_code == 404
        assert gone.json() == {
            "message": "Beneficiary does not exist",
            "code": "beneficiary_not_found",
            "type": "invalid_request_error",
        }
    assert mock.get(f"{PREFIX}/beneficiaries").json() == []
    again = conforms(contract, mock.post(BENEFICIARY, json=ASHA, headers=CREDENTIALS))  # the id is free again
    assert again.status_code == 201


def test_an_id_in_use_or_an_account_another_beneficiary_holds_is_refused_and_a_upi_id_is_not(
    contract: Contract, mock: TestClient[Any]
) -> None:
    assert mock.post(BENEFICIARY, json=ASHA, headers=CREDENTIALS).status_code == 201
    twice = conforms(contract, mock.post(BENEFICIARY, json=ASHA, headers=CREDENTIALS))
    assert twice.status_code == 409 and twice.json()["code"] == "beneficiary_id_already_exists"
    same_account = conforms(
        contract, mock.post(BENEFICIARY, json={**ASHA, "beneficiary_id": "asha_devi_2"}, headers=CREDENTIALS)
    )
    assert same_account.status_code == 409 and same_account.json()["code"] == "beneficiary_already_exists"
    # Cashfree documents no refusal of a UPI ID held by another beneficiary.
    upi = {"beneficiary_name": "Asha Devi", "beneficiary_instrument_details": {"vpa": "asha@okaxis"}}
    for beneficiary_id in ("asha_upi_1", "asha_upi_2"):
        made = mock.post(BENEFICIARY, json={**upi, "beneficiary_id": beneficiary_id}, headers=CREDENTIALS)
        assert conforms(contract, made).status_code == 201
    other_ifsc = {"bank_account_number": "026291800001191", "bank_ifsc": "HDFC0001234"}
    missed = conforms(contract, mock.get(BENEFICIARY, params=other_ifsc, headers=CREDENTIALS))
    assert missed.status_code == 404 and missed.json()["code"] == "beneficiary_not_found"
    assert "different bank_ifsc" in missed.json()["message"]


def test_malformed_lookups_and_beneficiaries_are_refused_with_cashfree_codes(
    contract: Contract, mock: TestClient[Any]
) -> None:
    def refused(response: Any) -> str:
        assert conforms(contract, response).status_code == 400, response.text
        code: str = response.json()["code"]
        return code

    assert refused(mock.get(BENEFICIARY, headers=CREDENTIALS)) == "beneficiary_identifiers_missing"
    all_three = {"beneficiary_id": "asha_devi_1", "bank_account_number": "026291800001191", "bank_ifsc": "YESB0000262"}
    assert refused(mock.get(BENEFICIARY, params=all_three, headers=CREDENTIALS)) == "too_many_parameters_in_request"
    no_ifsc = {"bank_account_number": "026291800001191"}
    assert refused(mock.get(BENEFICIARY, params=no_ifsc, headers=CREDENTIALS)) == "bank_ifsc_missing"
    odd_id = {**ASHA, "beneficiary_id": "asha/devi"}
    assert refused(mock.post(BENEFICIARY, json=odd_id, headers=CREDENTIALS)) == "beneficiary_id_invalid"
    bad_ifsc = {
        **ASHA,
        "beneficiary_instrument_details": {"bank_account_number": "026291800001191", "bank_ifsc": "YESB000026"},
    }
    assert refused(mock.post(BENEFICIARY, json=bad_ifsc, headers=CREDENTIALS)) == "bank_ifsc_invalid"
    assert mock.get(f"{PREFIX}/beneficiaries").json() == []  # nothing was kept
    assert mock.get(BENEFICIARY, params={"beneficiary_id": "nobody"}, headers=CREDENTIALS).status_code == 404


def test_a_transfer_to_a_beneficiary_pays_its_instrument_and_one_it_does_not_hold_is_refused(
    contract: Contract, mock: TestClient[Any], told: Any
) -> None:
    unknown = conforms(contract, mock.post(f"{PREFIX}/payout/transfers", json=TO_ASHA, headers=CREDENTIALS))
    assert unknown.status_code == 404 and unknown.json()["code"] == "beneficiary_not_found"
    never = mock.get(f"{PREFIX}/payout/transfers", params={"transfer_id": TO_ASHA["transfer_id"]}, headers=CREDENTIALS)
    assert never.status_code == 404  # nothing was made

    mock.post(BENEFICIARY, json=ASHA, headers=CREDENTIALS)
    made = conforms(contract, mock.post(f"{PREFIX}/payout/transfers", json=TO_ASHA, headers=CREDENTIALS)).json()
    assert made["status"] == "RECEIVED" and made["beneficiary_details"] == {"beneficiary_id": "asha_devi_1"}
    mismatched = {
        **TO_ASHA,
        "transfer_id": "VK10000002_R1",
        "beneficiary_details": {
            "beneficiary_id": "asha_devi_1",
            "beneficiary_instrument_details": {"vpa": "someone.else@okaxis"},
        },
    }
    wrong = conforms(contract, mock.post(f"{PREFIX}/payout/transfers", json=mismatched, headers=CREDENTIALS))
    assert wrong.status_code == 400
    assert wrong.json()["code"] == "beneficiary_details.beneficiary_instrument_details.vpa_invalid"

    mock.delete(BENEFICIARY, params={"beneficiary_id": "asha_devi_1"}, headers=CREDENTIALS)
    mock.post("/_mocks/clock", json={"minutes": 31})  # the bank answers on the mocks' clock
    paid = conforms(
        contract,
        mock.get(f"{PREFIX}/payout/transfers", params={"transfer_id": TO_ASHA["transfer_id"]}, headers=CREDENTIALS),
    ).json()
    assert paid["status"] == "SUCCESS"  # made before the beneficiary was removed, paid to what it held
    assert paid["beneficiary_details"] == {
        "beneficiary_id": "asha_devi_1",
        "beneficiary_instrument_details": ASHA["beneficiary_instrument_details"],
    }
    assert [e["type"] for e in told.events] == ["TRANSFER_SUCCESS"]


async def test_the_client_pays_a_payee_as_one_beneficiary_named_by_its_transfer_exactly_and_again_the_same(
    contract: Contract, recording_mock: Callable[..., AbstractAsyncContextManager[RecordingMock]]
) -> None:
    async with recording_mock("payouts", check_contracts=True) as mock:
        settings = mock.world.settings
        client = PayoutsClient(
            HttpxSender(mock.client),
            Account(client_id=settings.payouts_client_id, client_secret=settings.payouts_client_secret),
        )
        payee = Payee(name="Ramesh Kumar", vpa="ramesh@okaxis")
        amount = Decimal("1180.55")
        first = await client.create_transfer(transfer_id="VK10000001_R1", amount=amount, payee=payee, remarks="Refund")
        again = await client.create_transfer(transfer_id="VK10000001_R1", amount=amount, payee=payee, remarks="Refund")
        assert again.cf_transfer_id == first.cf_transfer_id and again.transfer_amount == amount  # exact, not a float
        wanted = beneficiary_id_of(payee)
        assert len(wanted) <= 50 and wanted == beneficiary_id_of(Payee(name="R Kumar", vpa="Ramesh@OKAXIS"))
        kept = await client.beneficiary(wanted)
        assert kept.beneficiary_status == "VERIFIED" and kept.beneficiary_instrument_details is not None
        calls = [(r.method, r.url.path.rsplit("/", 2)[-1], s.status_code) for r, s in mock.recorded.exchanges]
        assert calls == [
            ("GET", "beneficiary", 404),
            ("POST", "beneficiary", 201),
            ("POST", "transfers", 200),
            ("GET", "beneficiary", 200),  # the second time it is there: not added again
            ("POST", "transfers", 200),
            ("GET", "beneficiary", 200),
        ]
        sent = [r for r, _ in mock.recorded.exchanges if r.url.path.endswith("transfers")]
        assert (
            b'"transfer_amount":1180.55' in sent[0].content
            and b'"beneficiary_id":"' + wanted.encode() in sent[0].content
        )

        removed = await client.remove_beneficiary(wanted)
        assert removed.beneficiary_status == "DELETED"
        await client.create_transfer(transfer_id="VK10000001_R2", amount=amount, payee=payee, remarks="Refund")
        assert (await client.beneficiary(wanted)).beneficiary_id == wanted  # added again when it was gone
        assert_conforms(contract, mock.recorded.exchanges)
