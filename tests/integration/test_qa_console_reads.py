"""The mocks' QA reads and controls the QA console (frontend/src/features/qa) stands on, through
the gateway as the console calls them: the loans' dues on the one clock, the journal telling the
contracts' calls from the reads beside them, and one fault cleared while the others stay."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gateway.desk.staff import hash_secret
from gateway.settings import Settings
from tests.conftest import GatewayClient


def dues_of(client: GatewayClient, loan_number: str) -> dict[str, Any]:
    listed = client.get("/_mocks/lending/dues").json()
    [loan] = [loan for loan in listed if loan["loanNumber"] == loan_number]
    return dict(loan)


def test_the_dues_name_each_loan_its_borrower_and_follow_the_clock(client: GatewayClient) -> None:
    overdue = dues_of(client, "LN-1001")
    assert (overdue["mobileNumber"], overdue["borrowerName"], overdue["status"]) == (
        "9876543210",
        "Ramesh Kumar",
        "overdue",
    )
    assert overdue["overdueAmount"] == "12450.00"
    current = dues_of(client, "LN-1004")
    assert (current["status"], current["overdueAmount"], current["nextDue"]["amount"]) == ("current", "0.00", "5750.00")
    assert client.post("/_mocks/clock", json={"days": 11}).status_code == 200
    later = dues_of(client, "LN-1004")
    assert later["status"] == "overdue"
    assert later["daysPastDue"] == 1
    assert dues_of(client, "LN-1001")["daysPastDue"] == overdue["daysPastDue"] + 11
    assert later["asOf"] == client.get("/_mocks/clock").json()["today"]


def test_the_journal_names_each_contract_call_and_keeps_no_read_beside_the_contract(client: GatewayClient) -> None:
    assert client.post("/api/portal/otp", json={"mobileNumber": "9876543210"}, headers=client.xsrf()).status_code == 200
    assert client.get("/_mocks/lending/outbox").status_code == 200
    journal = client.get("/_mocks/journal", params={"mock": "lending"}).json()
    [sent] = [e for e in journal if e["path"].strip("/") == "sendOtp"]
    assert sent["operation"] == "sendOtp"
    assert sent["requestId"]
    # The console polls the outboxes: those reads would crowd out the calls it is there to show.
    assert [e for e in journal if e["path"].strip("/") == "outbox"] == []
    assert client.post("/_mocks/fineract/qa", json={"failNext": 1}).status_code == 200
    [control] = [e for e in client.get("/_mocks/journal", params={"mock": "fineract"}).json() if e["path"] == "qa"]
    assert control["operation"] is None


def test_one_mocks_faults_clear_and_the_others_stay(client: GatewayClient) -> None:
    for scenario in (
        {"mock": "lending", "path": "*", "status": 503},
        {"mock": "fineract", "path": "*", "status": 503},
        {"mock": "payments", "path": "webhook", "webhook": "drop"},
    ):
        assert client.post("/_mocks/scenarios", json=scenario).status_code == 201
    assert client.delete("/_mocks/scenarios", params={"mock": "lending", "path": "*"}).status_code == 204
    assert [(s["mock"], s["path"]) for s in client.get("/_mocks/scenarios").json()] == [
        ("fineract", "*"),
        ("payments", "webhook"),
    ]
    assert client.delete("/_mocks/scenarios", params={"mock": "payments"}).status_code == 204
    assert [s["mock"] for s in client.get("/_mocks/scenarios").json()] == ["fineract"]
    assert client.delete("/_mocks/scenarios").status_code == 204
    assert client.get("/_mocks/scenarios").json() == []


def test_people_names_the_desk_staff_with_a_secret_only_where_it_is_published(
    make_client: Callable[[Settings], GatewayClient], make_settings: Callable[..., Settings]
) -> None:
    demo = make_client(make_settings()).get("/_mocks/people/staff").json()
    assert [(s["name"], s["role"], s["loginPage"], s["secret"]) for s in demo] == [
        ("asha.agent", "desk agent", "/desk", "agent-demo-secret"),
        ("vikram.supervisor", "desk supervisor", "/desk", "supervisor-demo-secret"),
    ]
    assert "cannot cancel or refund" in demo[0]["purpose"]
    assert "above ₹10,000.00" in demo[1]["purpose"]
    # An account of its own (a shared deployment's DESK_STAFF): named, never its secret or hash.
    own = make_settings(desk_staff=f"neha.agent:agent:{hash_secret('neha-own-secret-1')}")
    listed = make_client(own).get("/_mocks/people/staff")
    assert [(s["name"], s["role"], s["secret"]) for s in listed.json()] == [("neha.agent", "desk agent", None)]
    assert "scrypt" not in listed.text
