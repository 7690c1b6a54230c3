"""Closing a term loan early through the gateway and the in-process lending mock: today's quote
(principal, interest to the day, penal charges, the Key Facts' foreclosure charge and the rule
that sets it), paid once in the repayments' checkout under one Idempotency-Key (a retry is the
same order; another figure is refused), the loan then closed and its no-dues certificate in
English and Hindi; the loan closed earlier has its certificate too, an open one none."""

from __future__ import annotations

from decimal import Decimal

from tests.conftest import GatewayClient
from tests.integration.test_loans_api import pdf_text
from tests.integration.test_portal_api import log_in
from tests.integration.test_portal_repayments_api import checkout

SUNITA = "9123456780"
KAVITA = "9811144455"  # a Fineract client who owes nothing: a current floating-rate loan and a closed one


def words(content: bytes) -> str:
    """The PDF's text, its justified lines' spaces as one."""
    return " ".join(pdf_text(content).split())


def pay_quote(client: GatewayClient, loan: str, amount: str, key: str) -> object:
    return client.post(
        f"/api/loans/{loan}/foreclosure/payments",
        json={"amount": amount},
        headers={**client.xsrf(), "Idempotency-Key": key},
    )


def test_a_term_loan_is_foreclosed_once_at_todays_quote_and_its_certificate_follows(client: GatewayClient) -> None:
    log_in(client, SUNITA)
    loan = next(one for one in client.get("/api/loans/").json() if one["loanNumber"] == "LN-1102")
    quote = client.get("/api/loans/LN-1102/foreclosure").json()
    # The lender's figures: the whole principal, interest due and accrued to the day, and the
    # Key Facts' 2% of the principal on this fixed-rate loan.
    assert quote["principal"] == loan["principalOutstanding"] == "30000.00"
    assert quote["interest"] == loan["interestAccrued"]
    assert (quote["chargeRule"], quote["rateType"], quote["foreclosureChargePercent"]) == (
        "keyFactsCharge",
        "fixed",
        "2.00",
    )
    assert quote["foreclosureCharge"] == "600.00"
    parts = ("principal", "interest", "penalCharges", "foreclosureCharge")
    assert Decimal(quote["total"]) == sum(Decimal(quote[p]) for p in parts)
    assert client.get("/api/loans/LN-1102/no-dues/pdf").json()["error"]["code"] == "loan_not_closed"

    refused = pay_quote(client, "LN-1102", "100.00", "close-key-0001")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "foreclosure_quote_changed"
    made = pay_quote(client, "LN-1102", quote["total"], "close-key-0002")
    assert made.status_code == 201, made.text
    again = pay_quote(client, "LN-1102", quote["total"], "close-key-0002")
    assert again.json() == made.json()  # the same key: the same order, not a second one
    payment = made.json()
    assert payment["orderAmount"] == quote["total"]
    checkout(client, payment)
    outcome = client.post(
        f"/api/loans/LN-1102/foreclosure/payments/{payment['paymentLogId']}/confirm", headers=client.xsrf()
    ).json()
    assert outcome["paid"] is True and outcome["loan"]["status"] == "closed"
    assert outcome["loan"]["principalOutstanding"] == "0.00" and outcome["loan"]["nextDue"] is None
    assert client.get("/api/loans/LN-1102/foreclosure").json()["error"]["code"] == "loan_closed"
    history = [p for p in client.get("/api/portal/payments").json() if p["orderId"] == payment["orderId"]]
    assert [p["status"] for p in history] == ["paid"]  # once

    english = words(client.get("/api/loans/LN-1102/no-dues/pdf", params={"language": "en"}).content)
    assert "No-dues certificate" in english and "LN-1102" in english and "Arthvik Capital Limited" in english
    assert "B-13.02287" in english and "Foreclosure" in english
    hindi = words(client.get("/api/loans/LN-1102/no-dues/pdf", params={"language": "hi"}).content)
    assert "LN-1102" in hindi and "B-13.02287" in hindi
    receipt = client.get(f"/api/portal/payments/{payment['paymentLogId']}/receipt")
    assert receipt.status_code == 200 and "LN-1102" in pdf_text(receipt.content)


def test_the_loan_closed_earlier_has_its_certificate(client: GatewayClient) -> None:
    log_in(client, SUNITA)
    answer = client.get("/api/loans/LN-1098/no-dues/pdf", params={"language": "en"})
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/pdf"
    text = words(answer.content)
    assert "LN-1098" in text and "Sahyogkosh Finance Limited" in text and "N-14.03512" in text
    assert "instalment by instalment" in text
    assert client.get("/api/loans/LN-1098/foreclosure").json()["error"]["code"] == "loan_closed"


def test_a_fineract_loan_is_foreclosed_by_fineracts_template_and_command(both: GatewayClient) -> None:
    assert log_in(both, KAVITA)["outcome"] == "nopayment"
    loans = {loan["loanNumber"]: loan for loan in both.get("/api/loans/").json()}
    assert {n: loan["status"] for n, loan in loans.items()} == {"FIN-000007103": "current", "FIN-000007104": "closed"}
    quote = both.get("/api/loans/FIN-000007103/foreclosure").json()
    # Fineract's template: the principal outstanding, interest to the business date; a floating
    # rate, so no foreclosure charge (RBI), and the Key Facts say the same.
    assert quote["principal"] == loans["FIN-000007103"]["principalOutstanding"] == "16000.00"
    assert (quote["chargeRule"], quote["rateType"], quote["foreclosureCharge"]) == (
        "noChargeFloatingRate",
        "floating",
        "0.00",
    )
    assert Decimal(quote["total"]) == Decimal(quote["principal"]) + Decimal(quote["interest"])
    facts = both.get("/api/loans/FIN-000007103/key-facts").json()
    assert (facts["rateType"], facts["foreclosureChargePercent"]) == ("floating", "0.00")

    made = pay_quote(both, "FIN-000007103", quote["total"], "fin-close-0001")
    assert made.status_code == 201, made.text
    assert pay_quote(both, "FIN-000007103", quote["total"], "fin-close-0001").json() == made.json()
    payment = made.json()
    checkout(both, payment)
    outcome = both.post(
        f"/api/loans/FIN-000007103/foreclosure/payments/{payment['paymentLogId']}/confirm", headers=both.xsrf()
    ).json()
    assert outcome["paid"] is True and outcome["loan"]["status"] == "closed"
    again = both.post(
        f"/api/loans/FIN-000007103/foreclosure/payments/{payment['paymentLogId']}/confirm", headers=both.xsrf()
    ).json()
    assert again["paid"] is True  # asked again: closed once, nothing booked twice
    in_fineract = both.get(
        "/_mocks/fineract/fineract-provider/api/v1/loans/7103?associations=transactions",
        headers={"Authorization": "Basic bWlmb3M6cGFzc3dvcmQ=", "Fineract-Platform-TenantId": "default"},
    ).json()
    assert in_fineract["status"]["closed"] is True
    assert [t["amount"] for t in in_fineract["transactions"]][-1] == float(quote["total"])
    assert len(in_fineract["transactions"]) == 4  # the disbursement, two instalments, the foreclosure

    closed = outcome["loan"]
    statement = both.get(
        "/api/loans/FIN-000007103/statement", params={"from": closed["disbursedOn"], "to": closed["asOf"]}
    )
    assert statement.status_code == 200, statement.text
    assert statement.json()["closingBalance"] == "0.00"  # the ledger ends on nothing owed
    text = words(both.get("/api/loans/FIN-000007103/no-dues/pdf", params={"language": "en"}).content)
    assert "FIN-000007103" in text and "Vikas Microfinance Ltd" in text and "N-14.03599" in text
    earlier = both.get("/api/loans/FIN-000007104/no-dues/pdf", params={"language": "hi"})
    assert earlier.status_code == 200 and "FIN-000007104" in words(earlier.content)
