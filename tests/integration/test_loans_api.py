"""The borrower's loans through the gateway and the in-process lending mock: both open loans and
the closed one with their lenders, the Key Facts Statement as data and as PDF in both languages,
a statement whose PDF closes on the same balance, the schedule, and the split of a part payment
before paying and in the statement after it; interest accrues by the lender's clock."""

from __future__ import annotations

import io
from datetime import date, timedelta
from decimal import Decimal

import httpx
from pypdf import PdfReader

from tests.conftest import GatewayClient
from tests.integration.test_portal_api import log_in, pay
from tests.integration.test_portal_repayments_api import checkout, confirm
from tests.integration.test_upstream_verify import _verify


def pdf_text(content: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def test_the_borrower_sees_each_loan_with_its_lender_and_figures(client: GatewayClient) -> None:
    assert client.get("/api/loans/").status_code == 401
    log_in(client)
    loans = {loan["loanNumber"]: loan for loan in client.get("/api/loans/").json()}
    assert {n: loan["status"] for n, loan in loans.items()} == {
        "LN-1001": "overdue",
        "LN-1004": "current",
        "LN-0998": "closed",
    }
    overdue = loans["LN-1001"]
    assert overdue["lender"]["name"] == "Sahyogkosh Finance Limited"
    assert overdue["lender"]["website"] == "https://sahyogkosh.example"
    assert overdue["lendingServiceProvider"] == "VoltKhata"
    # The portal's figures, one loan's: Rs. 12,450 overdue, of it Rs. 450 penal charges kept apart.
    assert (overdue["principalDue"], overdue["interestDue"], overdue["penalCharges"], overdue["overdueAmount"]) == (
        "10000.00",
        "2000.00",
        "450.00",
        "12450.00",
    )
    assert overdue["principalOutstanding"] == "100000.00" and overdue["daysPastDue"] == 17
    assert loans["LN-1004"]["nextDue"]["amount"] == "5750.00"


def test_interest_accrues_by_the_lenders_clock(client: GatewayClient) -> None:
    log_in(client)
    before = next(loan for loan in client.get("/api/loans/").json() if loan["loanNumber"] == "LN-1004")
    assert client.post("/_mocks/clock", json={"days": 3}).status_code == 200
    after = next(loan for loan in client.get("/api/loans/").json() if loan["loanNumber"] == "LN-1004")
    assert date.fromisoformat(after["asOf"]) - date.fromisoformat(before["asOf"]) == timedelta(days=3)
    # Instalment 3's Rs. 750 interest accrues over its month: Rs. 750 x 3 days / the month's days more.
    assert Decimal(after["interestAccrued"]) > Decimal(before["interestAccrued"])
    assert client.post("/_mocks/clock", json={"days": 20}).status_code == 200
    late = next(loan for loan in client.get("/api/loans/").json() if loan["loanNumber"] == "LN-1004")
    assert late["status"] == "overdue" and late["penalCharges"] == "300.00"
    assert late["principalOutstanding"] == "50000.00"  # the penal charge is never added to principal


def test_the_key_facts_statement_as_data_and_as_pdf_in_english_and_hindi(client: GatewayClient) -> None:
    log_in(client)
    facts = client.get("/api/loans/LN-1001/key-facts").json()
    assert (facts["apr"], facts["coolingOffDays"], facts["penalCharge"]["amount"]) == ("29.91", 3, "450.00")
    assert facts["grievanceOfficer"]["email"] == "grievance@sahyogkosh.example"
    english = client.get("/api/loans/LN-1001/key-facts/pdf", params={"language": "en"})
    assert english.headers["content-type"] == "application/pdf"
    text = pdf_text(english.content)
    assert "Key Facts Statement" in text and "29.91%" in text and "₹1,00,000.00" in text
    assert "Cooling-off period" in text and "Meera Iyer" in text and "Suraksha Recoveries" in text
    hindi = pdf_text(client.get("/api/loans/LN-1001/key-facts/pdf", params={"language": "hi"}).content)
    # Text extraction splits shaped vowel signs (ि) from their letters: words without them are read back.
    assert hindi.startswith("मुख्य तथ्य") and "लोन खाता LN-1001" in hindi
    assert "₹1,00,000.00" in hindi and "29.91%" in hindi and "वसूली एजेंट" in hindi


def test_a_statement_and_its_pdf_close_on_the_same_balance(client: GatewayClient) -> None:
    log_in(client)
    loan = next(loan for loan in client.get("/api/loans/").json() if loan["loanNumber"] == "LN-1004")
    period = {"from": loan["disbursedOn"], "to": loan["asOf"]}
    statement = client.get("/api/loans/LN-1004/statement", params=period).json()
    assert statement["openingBalance"] == "0.00" and statement["closingBalance"] == "50000.00"
    assert [row["kind"] for row in statement["rows"]][:2] == ["disbursement", "instalmentDue"]
    text = pdf_text(client.get("/api/loans/LN-1004/statement/pdf", params={**period, "language": "en"}).content)
    assert "Closing balance ₹50,000.00" in text
    backwards = client.get("/api/loans/LN-1004/statement", params={"from": loan["asOf"], "to": loan["disbursedOn"]})
    assert backwards.status_code == 422 and backwards.json()["error"]["code"] == "period_backwards"
    tomorrow = (date.fromisoformat(loan["asOf"]) + timedelta(days=1)).isoformat()
    future = client.get("/api/loans/LN-1004/statement", params={"from": loan["asOf"], "to": tomorrow})
    assert future.status_code == 422 and future.json()["error"]["code"] == "period_refused"
    assert client.get("/api/loans/LN-1004/statement", params={"from": "someday", "to": tomorrow}).status_code == 400


def test_the_schedule_says_what_is_paid_and_what_is_due(client: GatewayClient) -> None:
    log_in(client)
    instalments = client.get("/api/loans/LN-1004/schedule").json()["instalments"]
    assert [i["status"] for i in instalments[:4]] == ["paid", "paid", "upcoming", "upcoming"]
    assert instalments[0]["paid"] == instalments[0]["amount"] == "5900.00"
    text = pdf_text(client.get("/api/loans/LN-1004/schedule/pdf", params={"language": "en"}).content)
    assert "Instalment schedule" in text and "₹5,750.00" in text


def test_a_part_payment_is_split_as_previewed(client: GatewayClient) -> None:
    log_in(client)
    preview = client.get("/api/loans/LN-1001/allocation", params={"amount": "5000"}).json()
    assert preview["allocation"] == {"penalCharges": "450.00", "interest": "2000.00", "principal": "2550.00"}
    assert (preview["clearsOverdue"], preview["overdueAfter"], preview["minimumAmount"]) == (False, "7450.00", "100.00")
    payment = pay(client, {"mode": "partialPayment", "amount": "5000"}).json()
    checkout(client, payment)
    assert confirm(client, payment)["status"] == "completed"
    loan = next(loan for loan in client.get("/api/loans/").json() if loan["loanNumber"] == "LN-1001")
    statement = client.get("/api/loans/LN-1001/statement", params={"from": loan["asOf"], "to": loan["asOf"]}).json()
    paid = [row for row in statement["rows"] if row["kind"] == "payment"]
    assert [row["allocation"] for row in paid] == [preview["allocation"]]
    assert (loan["overdueAmount"], loan["penalCharges"], loan["principalOutstanding"]) == (
        "7450.00",
        "0.00",
        "97450.00",
    )


def test_amounts_the_lender_does_not_take_are_the_borrowers_to_fix(client: GatewayClient) -> None:
    log_in(client)
    for amount, code in (("99.99", "amount_not_taken"), ("12450.01", "amount_not_taken"), ("0", "invalid_input")):
        answer = client.get("/api/loans/LN-1001/allocation", params={"amount": amount})
        assert answer.status_code == 422, answer.text
        assert answer.json()["error"]["code"] == code and answer.json()["error"]["field"] == "amount"
    assert client.get("/api/loans/LN-1004/allocation", params={"amount": "100"}).status_code == 422
    assert client.get("/api/loans/LN-9999/key-facts").status_code == 404
    assert client.get("/api/loans/LN 1/key-facts").status_code == 400


def test_the_conformance_command_checks_a_lender_for_every_loan_call(mocks_url: str) -> None:
    """With a borrower's token the lender answers the documented examples (user 1001's LN-1001) for real."""
    httpx.post(f"{mocks_url}/_mocks/reset").raise_for_status()
    httpx.post(f"{mocks_url}/_mocks/lending/sendOtp", json={"mobileNumber": "9876543210"}).raise_for_status()
    code = httpx.get(f"{mocks_url}/_mocks/lending/outbox/9876543210").json()["otp"]
    login = {"mobileNumber": "9876543210", "otp": code, "platform": "WEB", "userType": "USER", "businessType": 1}
    token = httpx.post(f"{mocks_url}/_mocks/lending/webRepayment/verifyOtp", json=login).json()["accessToken"]
    done = _verify("lending", "--base-url", f"{mocks_url}/_mocks/lending", "--header", f"Authorization: Bearer {token}")
    for call in (
        "listLoans",
        "loanKeyFacts",
        "loanKeyFactsPdf",
        "loanSchedule",
        "loanSchedulePdf",
        "loanAllocationPreview",
    ):
        assert "PASS  GET    /webRepayment/loans" in done.stdout and f" {call} [" in done.stdout, done.stdout
        line = next(line for line in done.stdout.splitlines() if f" {call} [" in line)
        assert line.startswith("PASS") and line.split()[-3] == "200", line
