"""The Fineract lender's companion service (LENDERS=native,fineract, the in-process mocks): what
Fineract's API has no call for (Key Facts, the statement of account, documents, complaints) comes
from it through the adapter, with Key Facts' figures read from the loan in Fineract, so a Fineract
borrower's loan pages work as our own lender's do."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from tests.conftest import GatewayClient
from tests.integration.test_complaints_api import raise_complaint
from tests.integration.test_loans_api import pdf_text
from tests.integration.test_portal_api import log_in, pay
from tests.integration.test_portal_repayments_api import checkout, confirm

MEENA = "9811122233"  # a Fineract client only: one missed instalment and its penalty
RAMESH = "9876543210"  # our own lender's borrower, with a current loan at the Fineract lender too
FINERACT = "/_mocks/fineract/fineract-provider/api/v1"
BASIC = {"Authorization": "Basic bWlmb3M6cGFzc3dvcmQ=", "Fineract-Platform-TenantId": "default"}
LOAN = "/api/loans/FIN-000007101"


def in_fineract(client: GatewayClient, loan_id: int) -> dict[str, Any]:
    answer = client.get(f"{FINERACT}/loans/{loan_id}?associations=repaymentSchedule,transactions", headers=BASIC)
    assert answer.status_code == 200, answer.text
    loan: dict[str, Any] = answer.json()
    return loan


def test_key_facts_come_from_the_companion_with_fineracts_figures(both: GatewayClient) -> None:
    log_in(both, MEENA)
    facts = both.get(f"{LOAN}/key-facts").json()
    loan = in_fineract(both, 7101)
    periods = [p for p in loan["repaymentSchedule"]["periods"] if "period" in p]
    interest = sum((Decimal(str(p["interestDue"])) for p in periods), Decimal(0))
    # The figures are the loan's in Fineract, to the paisa: one truth.
    assert Decimal(facts["sanctionedAmount"]) == Decimal(str(loan["principal"])) == Decimal("18000")
    assert Decimal(facts["interestRate"]) == Decimal(str(loan["annualInterestRate"]))
    assert facts["instalmentCount"] == loan["numberOfRepayments"] == len(periods)
    assert Decimal(facts["totalInterest"]) == interest == Decimal("1620")
    assert facts["totalPayable"] == "19620.00"
    assert facts["disbursedOn"] == "-".join(f"{n:02d}" for n in loan["timeline"]["actualDisbursementDate"])
    assert facts["borrowerName"] == "Meena Gupta" and facts["lender"]["name"] == "Vikas Microfinance Ltd"
    # What Fineract does not keep is the companion's: fees, penal terms, the grievance officer.
    assert (facts["totalFees"], facts["netDisbursed"]) == ("180.00", "17820.00")
    assert facts["penalCharge"] == {"amount": "150.00", "basis": "perMissedInstalment"}
    assert facts["grievanceOfficer"]["email"] == "grievance@vikas-microfinance.example"
    assert facts["allocationOrder"] == ["penalCharges", "interest", "principal"]
    # Its PDF says the same, in English and Hindi.
    english = pdf_text(both.get(f"{LOAN}/key-facts/pdf", params={"language": "en"}).content)
    assert "FIN-000007101" in english and "18,000.00" in english and "17,820.00" in english
    hindi = both.get(f"{LOAN}/key-facts/pdf", params={"language": "hi"})
    assert hindi.status_code == 200 and hindi.headers["content-type"].startswith("application/pdf")


def test_the_statement_is_fineracts_ledger_and_follows_a_repayment(both: GatewayClient) -> None:
    log_in(both, MEENA)
    summary = both.get("/api/loans/").json()[0]
    period = {"from": summary["disbursedOn"], "to": summary["asOf"]}
    before = both.get(f"{LOAN}/statement", params=period).json()
    kinds = [row["kind"] for row in before["rows"]]
    assert kinds[0] == "disbursement" and kinds.count("payment") == 2 and kinds.count("penalCharge") == 1
    # What is owed on the statement is what Fineract says is outstanding, to the paisa.
    loan = in_fineract(both, 7101)
    owed_now = Decimal(str(loan["summary"]["principalOutstanding"])) + Decimal("3420.00") - Decimal("3000.00")
    assert Decimal(before["closingBalance"]) == owed_now

    payment = pay(both, {"mode": "partialPayment", "amount": "200.50"}).json()
    checkout(both, payment)
    outcome = confirm(both, payment)
    after = both.get(f"{LOAN}/statement", params=period).json()
    paid = after["rows"][-1]
    assert (paid["kind"], paid["credit"], paid["reference"]) == ("payment", "200.50", outcome["providerReference"])
    assert paid["allocation"] == {"penalCharges": "150.00", "interest": "50.50", "principal": "0.00"}
    assert Decimal(after["closingBalance"]) == Decimal(before["closingBalance"]) - Decimal("200.50")
    text = pdf_text(both.get(f"{LOAN}/statement/pdf", params={**period, "language": "en"}).content)
    assert outcome["providerReference"] in text
    schedule = both.get(f"{LOAN}/schedule/pdf", params={"language": "en"})
    assert schedule.status_code == 200 and schedule.content.startswith(b"%PDF")


def test_a_fineract_borrower_raises_a_complaint_and_follows_it(both: GatewayClient) -> None:
    log_in(both, MEENA)
    subjects = both.get("/api/complaints/subjects").json()
    assert {"loanNumber": "FIN-000007101", "lenderName": "Vikas Microfinance Ltd"} in subjects["loans"]
    raised = raise_complaint(
        both,
        {
            "category": "charges",
            "text": "The penalty of Rs. 150 is not in my agreement.",
            "loanNumber": "FIN-000007101",
        },
    )
    assert raised.status_code == 201, raised.text
    ticket = raised.json()
    assert ticket["ticketNumber"] == "CMP700001" and ticket["status"] == "received"
    assert [c["ticketNumber"] for c in both.get("/api/complaints").json()] == ["CMP700001"]
    assert both.get("/api/complaints/CMP700001").json()["loanNumber"] == "FIN-000007101"
    # The lender acknowledges it by SMS to the number Fineract has for the client.
    sms = both.get("/_mocks/mail/sms", params={"mobile": MEENA}).json()
    assert any("CMP700001" in str(message) for message in sms), sms
    # The support desk sees it with the customer's other records.
    from tests.integration.test_desk_api import SUPERVISOR, staff_log_in

    staff_log_in(both, SUPERVISOR)
    desk = both.get("/api/desk/customers", params={"q": MEENA}).json()
    assert [(c["ticketNumber"], c["loanNumber"]) for c in desk["complaints"]] == [("CMP700001", "FIN-000007101")]
    # Another lender's loan, or another borrower's, is not a subject this borrower can name.
    elsewhere = raise_complaint(
        both, {"category": "other", "text": "About a loan that is not mine.", "loanNumber": "FIN-000007102"}
    )
    assert (elsewhere.status_code, elsewhere.json()["error"]["code"]) == (422, "not_your_loan_or_payment")
    ours = raise_complaint(
        both, {"category": "other", "text": "About a loan that is not mine.", "loanNumber": "LN-1001"}
    )
    assert (ours.status_code, ours.json()["error"]["code"]) == (422, "not_your_loan_or_payment")


def test_a_borrower_of_both_lenders_sees_both_lenders_complaints(both: GatewayClient) -> None:
    log_in(both, RAMESH)
    ours = raise_complaint(
        both, {"category": "recovery", "text": "An agent called me late at night.", "loanNumber": "LN-1001"}
    )
    theirs = raise_complaint(
        both,
        {"category": "loanDetails", "text": "Please send my loan's Key Facts again.", "loanNumber": "FIN-000007102"},
    )
    assert ours.status_code == theirs.status_code == 201
    tickets = {c["ticketNumber"]: c["loanNumber"] for c in both.get("/api/complaints").json()}
    assert tickets == {ours.json()["ticketNumber"]: "LN-1001", theirs.json()["ticketNumber"]: "FIN-000007102"}
    assert both.get(f"/api/complaints/{theirs.json()['ticketNumber']}").json()["loanNumber"] == "FIN-000007102"
    facts = both.get("/api/loans/FIN-000007102/key-facts").json()
    assert (facts["sanctionedAmount"], facts["borrowerName"]) == ("6000.00", "Ramesh Kumar")


def test_the_companion_is_asked_with_its_key_and_never_for_another_borrowers_loan(both: GatewayClient) -> None:
    log_in(both, MEENA)
    assert both.get("/api/loans/FIN-000007102/key-facts").status_code == 404
    assert both.get("/api/loans/FIN-000007102/key-facts/pdf").status_code == 404
    # The companion itself refuses a caller without the gateway's key.
    direct = both.get("/_mocks/companion_fineract/webRepayment/loans/FIN-000007101/keyFacts", params={"userId": 501})
    assert direct.status_code == 401


def test_where_the_companion_differs_fineracts_figures_stand(both: GatewayClient) -> None:
    log_in(both, MEENA)
    real = both.get(
        "/_mocks/companion_fineract/webRepayment/loans/FIN-000007101/keyFacts",
        params={"userId": 501},
        headers={"Authorization": "Bearer mock-companion-key"},
    ).json()
    # A companion out of step with the books: another principal, rate and instalment count.
    wrong = {**real["data"], "sanctionedAmount": "20000.00", "interestRate": "12.00", "instalmentCount": 12}
    scenario = {
        "mock": "fineract_companion",
        "path": "webRepayment/loans/FIN-000007101/keyFacts",
        "body": {**real, "data": wrong},
    }
    assert both.post("/_mocks/scenarios", json=scenario).status_code in (200, 201)
    try:
        facts = both.get(f"{LOAN}/key-facts").json()
    finally:
        both.delete("/_mocks/scenarios")
    assert (facts["sanctionedAmount"], facts["interestRate"], facts["instalmentCount"]) == ("18000.00", "18.00", 6)
    assert facts["grievanceOfficer"] == real["data"]["grievanceOfficer"]


def test_a_fineract_only_borrower_files_a_complaint_naming_no_loan(both: GatewayClient) -> None:
    """With our own lender first in LENDERS, a borrower Fineract alone knows still has a desk to file with."""
    log_in(both, MEENA)
    subjects = both.get("/api/complaints/subjects").json()
    assert subjects["lenders"] == ["Vikas Microfinance Ltd"]
    to_lender = raise_complaint(both, {"category": "other", "text": "Please call me about my account."})
    assert to_lender.status_code == 201, to_lender.text
    assert (to_lender.json()["against"], to_lender.json()["againstName"]) == ("lender", "Vikas Microfinance Ltd")
    to_platform = raise_complaint(
        both, {"against": "platform", "category": "other", "text": "The app would not show my loan."}
    )
    assert to_platform.status_code == 201, to_platform.text
    assert to_platform.json()["againstName"] == "VoltKhata"
    tickets = [c["ticketNumber"] for c in both.get("/api/complaints").json()]
    assert sorted(tickets) == sorted([to_lender.json()["ticketNumber"], to_platform.json()["ticketNumber"]])


def test_a_rate_that_is_not_whole_paise_is_shown_exactly_as_fineract_keeps_it(both: GatewayClient) -> None:
    """Anita Verma's loan is at 12.123456% a year in Fineract: her Key Facts say so to the last
    decimal, never rounded to 12.12; the companion's own PDF too."""
    assert in_fineract(both, 7105)["annualInterestRate"] == 12.123456
    raw = both.get(f"{FINERACT}/loans/7105", headers=BASIC).content
    assert b'"annualInterestRate":12.123456' in raw.replace(b" ", b"")  # a JSON number, as Fineract sends it
    log_in(both, "9811166677")
    facts = both.get("/api/loans/FIN-000007105/key-facts").json()
    assert facts["interestRate"] == "12.123456"
    assert facts["totalInterest"] == "484.92"  # four instalments of 121.23
    english = pdf_text(both.get("/api/loans/FIN-000007105/key-facts/pdf", params={"language": "en"}).content)
    assert "12.123456%" in english
