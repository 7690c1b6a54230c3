"""Complaints through the gateway and the in-process lending mock: a ticket at once, its status,
the Ombudsman's door the lender opens, our words for bad input, and the portal login required."""

from __future__ import annotations

from typing import Any

from tests.conftest import GatewayClient
from tests.integration.test_portal_api import log_in

RAMESH = "9876543210"


def raise_complaint(client: GatewayClient, body: dict[str, Any]) -> Any:
    return client.post("/api/complaints", json=body, headers=client.xsrf())


def test_a_complaint_needs_the_portal_login(client: GatewayClient) -> None:
    answer = client.get("/api/complaints")
    assert answer.status_code == 401
    assert answer.json()["error"]["code"] == "not_authenticated"


def test_a_complaint_gets_a_ticket_and_is_followed_to_its_answer(client: GatewayClient) -> None:
    client.post("/_mocks/reset")
    log_in(client)
    subjects = client.get("/api/complaints/subjects").json()
    assert subjects["loans"] == [{"loanNumber": "LN-1001", "lenderName": "Sahyogkosh Finance"}]
    raised = raise_complaint(
        client, {"category": "charges", "text": "  The late fee of Rs. 450 is wrong.  ", "loanNumber": "LN-1001"}
    )
    assert raised.status_code == 201, raised.text
    ticket = raised.json()
    assert ticket["ticketNumber"].startswith("CMP") and ticket["status"] == "received"
    assert ticket["text"] == "The late fee of Rs. 450 is wrong." and ticket["ombudsmanOpen"] is False
    assert [c["ticketNumber"] for c in client.get("/api/complaints").json()] == [ticket["ticketNumber"]]

    moved = client.post(
        f"/_mocks/lending/complaints/{ticket['ticketNumber']}/status",
        json={"status": "resolved", "answer": "The late fee was reversed."},
    )
    assert moved.status_code == 200
    one = client.get(f"/api/complaints/{ticket['ticketNumber']}").json()
    assert (one["status"], one["answer"], one["ombudsmanOpen"]) == ("resolved", "The late fee was reversed.", False)


def test_bad_input_gets_our_words(client: GatewayClient) -> None:
    log_in(client)
    short = raise_complaint(client, {"category": "charges", "text": "  too short "})
    assert short.status_code == 422
    assert short.json()["error"]["message"] == "Please describe your complaint in at least 10 characters."
    assert short.json()["error"]["field"] == "text"
    unknown = raise_complaint(client, {"category": "weather", "text": "It rained on the due date."})
    assert unknown.status_code in (400, 422) and "category" in unknown.json()["error"]["message"]
    another = raise_complaint(
        client, {"category": "other", "text": "About Anil's loan, not mine.", "loanNumber": "LN-1003"}
    )
    assert another.status_code == 422
    assert another.json()["error"]["message"] == "Please choose one of your own loans or payments."
    for ticket in ("CMP999999", "nonsense"):
        missing = client.get(f"/api/complaints/{ticket}")
        assert missing.status_code == 404 and missing.json()["error"]["message"] == "Complaint not found."


def test_the_lender_down_is_a_503(client: GatewayClient) -> None:
    log_in(client)
    client.post("/_mocks/scenarios", json={"mock": "lending", "path": "webRepayment/complaints", "status": 500})
    answer = client.get("/api/complaints")
    assert answer.status_code == 503
    client.delete("/_mocks/scenarios")
