"""Complaints through the gateway and the in-process lending mock: a ticket at once, its status,
the Ombudsman's door the lender opens, our words for bad input, and the portal login required."""

from __future__ import annotations

from typing import Any

from tests.conftest import GatewayClient
from tests.integration.test_portal_api import log_in

RAMESH = "9876543210"


def raise_complaint(client: GatewayClient, body: dict[str, Any]) -> Any:
    """Against the lender unless the body says whom."""
    return client.post("/api/complaints", json={"against": "lender", **body}, headers=client.xsrf())


def test_a_complaint_needs_the_portal_login(client: GatewayClient) -> None:
    answer = client.get("/api/complaints")
    assert answer.status_code == 401
    assert answer.json()["error"]["code"] == "not_authenticated"


def test_a_complaint_gets_a_ticket_and_is_followed_to_its_answer(client: GatewayClient) -> None:
    client.post("/_mocks/reset")
    log_in(client)
    subjects = client.get("/api/complaints/subjects").json()
    # Every loan of the borrower's, not only the one overdue, each with its lender.
    assert {"loanNumber": "LN-1001", "lenderName": "Sahyogkosh Finance Limited"} in subjects["loans"]
    assert len(subjects["loans"]) > 1
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


def test_a_complaint_says_whom_it_is_against_the_platform_or_the_lender_by_name(client: GatewayClient) -> None:
    """RBI's Digital Lending Directions: the platform and the lender each answer for their own part."""
    log_in(client)
    subjects = client.get("/api/complaints/subjects").json()
    assert subjects["platform"] == "VoltKhata"
    assert subjects["lenders"] == ["Sahyogkosh Finance Limited", "Arthvik Capital Limited"]
    lender, other = subjects["lenders"]
    platform = raise_complaint(
        client, {"against": "platform", "category": "other", "text": "The app logged me out while paying."}
    ).json()
    assert (platform["against"], platform["againstName"]) == ("platform", "VoltKhata")
    about_loan = raise_complaint(
        client, {"category": "charges", "text": "The late fee of Rs. 450 is wrong.", "loanNumber": "LN-1001"}
    ).json()
    assert (about_loan["against"], about_loan["againstName"]) == ("lender", lender)
    by_name = raise_complaint(
        client, {"category": "recovery", "text": "An agent called me at night.", "lenderName": other}
    ).json()
    assert (by_name["against"], by_name["againstName"], by_name.get("loanNumber")) == ("lender", other, None)
    listed = {c["ticketNumber"]: (c["against"], c["againstName"]) for c in client.get("/api/complaints").json()}
    assert listed[platform["ticketNumber"]] == ("platform", "VoltKhata")
    assert client.get(f"/api/complaints/{by_name['ticketNumber']}").json()["againstName"] == other
    elsewhere = raise_complaint(
        client,
        {"category": "charges", "text": "The fee on this loan is wrong.", "loanNumber": "LN-1001", "lenderName": other},
    )
    assert (elsewhere.status_code, elsewhere.json()["error"]["code"]) == (422, "loan_of_another_lender")
    undecided = raise_complaint(client, {"category": "other", "text": "Which of my lenders is this?"})
    assert (undecided.status_code, undecided.json()["error"]["code"]) == (422, "lender_not_chosen")

    stranger = raise_complaint(
        client, {"category": "other", "text": "About a lender I have no loan with.", "lenderName": "Nobody Finance"}
    )
    assert (stranger.status_code, stranger.json()["error"]["code"]) == (422, "lender_not_chosen")
    unsaid = client.post(
        "/api/complaints", json={"category": "other", "text": "Whom is this against?"}, headers=client.xsrf()
    )
    assert unsaid.status_code in (400, 422) and "against" in unsaid.json()["error"]["message"]
