"""Closing a term loan early through the gateway and the in-process lending mock: today's quote
(principal, interest to the day, penal charges, the Key Facts' foreclosure charge and the rule
that sets it), paid once in the repayments' checkout under one Idempotency-Key (a retry is the
same order; another figure is refused), the loan then closed and its no-dues certificate in
English and Hindi; the loan closed earlier has its certificate too, an open one none. At the
Fineract lender the foreclosure is a repayment like any other paid online: its receipt, the
day's reconciliation and the desk know it by its order."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

import msgspec

from gateway.plumbing.clock import ReadClock
from gateway.settings import Settings
from gateway.upstreams.http import build_upstreams, close_upstreams
from gateway.upstreams.lenders import build_lender
from gateway.upstreams.lenders.port import Settlement
from tests.conftest import GatewayClient
from tests.integration.test_desk_api import AGENT, staff_log_in
from tests.integration.test_loans_api import pdf_text
from tests.integration.test_portal_api import log_in, pay
from tests.integration.test_portal_repayments_api import checkout, confirm
from tests.integration.test_reconciliation import in_process_mocks, reconcile
from tests.integration.test_two_lenders_api import BASIC, MEENA, fineract_loan
from tests.mocks_clock import mocks_today

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


def test_a_fineract_foreclosure_is_a_repayment_with_its_receipt_reconciled_and_on_the_desk(
    both: GatewayClient,
) -> None:
    from tests.integration.test_desk_api import SUPERVISOR, staff_log_in

    log_in(both, KAVITA)
    quote = both.get("/api/loans/FIN-000007103/foreclosure").json()
    payment = pay_quote(both, "FIN-000007103", quote["total"], "fin-close-0002").json()
    checkout(both, payment)
    outcome = both.post(
        f"/api/loans/FIN-000007103/foreclosure/payments/{payment['paymentLogId']}/confirm", headers=both.xsrf()
    ).json()
    assert outcome["paid"] is True

    # Fineract's repayment transaction says whose payment closed the loan: the provider's order.
    closing = fineract_loan(both, 7103)["transactions"][-1]
    assert closing["type"]["repayment"] is True and closing["externalId"] == payment["orderId"]

    # The borrower's history has it once, as any repayment paid online: its order, the provider's
    # payment, the receipt the companion draws, numbered by Fineract's transaction.
    history = [p for p in both.get("/api/portal/payments").json() if p["orderId"] == payment["orderId"]]
    assert [(p["paymentLogId"], p["amount"], p["status"]) for p in history] == [
        (payment["paymentLogId"], quote["total"], "paid")
    ]
    paid = history[0]
    assert paid["providerReference"] and paid["receiptUrl"] == f"/api/portal/payments/{payment['paymentLogId']}/receipt"
    text = words(both.get(paid["receiptUrl"]).content)
    assert f"RCPT-FIN-{closing['id']}" in text and "FIN-000007103" in text and "Vikas Microfinance Ltd" in text
    assert f"Payment reference {paid['providerReference']}" in text

    # The day's reconciliation knows it as the lender's repayment, and the desk finds it by its order.
    staff_log_in(both, SUPERVISOR)
    day = both.get("/api/desk/reconciliation").json()
    assert (day["unreconciled"], day["recordedPayments"], day["paymentsSettled"], day["mismatches"]) == (
        "0.00",
        1,
        1,
        [],
    )
    view = both.get("/api/desk/customers", params={"q": payment["orderId"]}).json()
    assert view["mobileNumber"] == KAVITA
    assert [(r["orderId"], r["amount"], r["status"]) for r in view["repayments"]] == [
        (payment["orderId"], quote["total"], "paid")
    ]


def test_fineract_refuses_a_foreclosure_command_with_a_receipt_number_or_a_taken_external_id(
    both: GatewayClient,
) -> None:
    # As Fineract's validateLoanForeclosure: its parameters only (no payment details), and an
    # external id no other transaction has (one a repayment on another loan took first).
    transactions = "/_mocks/fineract/fineract-provider/api/v1/loans/{}/transactions?command={}"
    on = mocks_today(both).strftime("%d %B %Y")
    body = {"transactionDate": on, "dateFormat": "dd MMMM yyyy", "locale": "en"}
    repaid = {**body, "transactionAmount": 100.0, "externalId": "pg-3100001", "receiptNumber": "FINREPAY_7101_1"}
    assert both.post(transactions.format(7101, "repayment"), json=repaid, headers=BASIC).status_code == 200
    foreclose = transactions.format(7103, "foreclosure")
    refused = both.post(foreclose, json={**body, "receiptNumber": "FINCLOSE_7103_1"}, headers=BASIC)
    assert refused.status_code == 400 and "receiptNumber" in refused.text
    taken = both.post(foreclose, json={**body, "externalId": "pg-3100001"}, headers=BASIC)
    assert taken.status_code == 400, taken.text
    assert fineract_loan(both, 7103)["status"]["active"] is True


def test_a_paid_fineract_foreclosure_left_unconfirmed_is_closed_once_by_the_follow_up(
    both: GatewayClient, settings: Settings
) -> None:
    log_in(both, KAVITA)
    quote = both.get("/api/loans/FIN-000007103/foreclosure").json()
    payment = pay_quote(both, "FIN-000007103", quote["total"], "fin-close-0003").json()
    checkout(both, payment)  # paid at the provider; the borrower's page never comes back to confirm
    two_lenders = msgspec.structs.replace(settings, lenders="native,fineract")
    now = datetime.fromisoformat(both.get("/_mocks/clock").json()["now"])  # the mocks' one clock

    async def follow_up() -> list[Settlement]:
        pool = build_upstreams(two_lenders, in_process_mocks(both, two_lenders))
        try:
            lender = build_lender(two_lenders, pool, ReadClock(lambda: now))
            assert lender.owns_order(payment["orderId"])
            return [await lender.settle_order(payment["orderId"]) for _ in range(2)]
        finally:
            await close_upstreams(pool)

    # Booked by Fineract's foreclosure command, never as a repayment, and once however often asked.
    assert both.blocking_portal.call(follow_up) == [Settlement.COMPLETED, Settlement.COMPLETED]
    loan = fineract_loan(both, 7103)
    assert loan["status"]["closed"] is True
    closing = [t for t in loan["transactions"] if t.get("externalId") == payment["orderId"]]
    assert [t["amount"] for t in closing] == [float(quote["total"])]
    outcome = both.post(
        f"/api/loans/FIN-000007103/foreclosure/payments/{payment['paymentLogId']}/confirm", headers=both.xsrf()
    ).json()
    assert outcome["paid"] is True and outcome["loan"]["status"] == "closed"


def test_a_repayment_taken_after_the_loan_was_foreclosed_is_refunded_to_the_payer(
    client: GatewayClient, settings: Settings
) -> None:
    """What is owed paid while the bank held it, the loan foreclosed meanwhile: when the bank lets
    the first payment through, only the account's other dues are left, and the lender books that
    much of it and gives the rest back through its provider account, once, as the portal and the
    receipt say; every charge is still booked or given back."""
    log_in(client)
    owed = Decimal(client.get("/api/portal/repayment").json()["remainingAmount"])
    first = pay(client, {"mode": "partialPayment", "amount": str(owed)}, key="click-late-0001").json()
    quote = client.get("/api/loans/LN-1001/foreclosure").json()
    closing = pay_quote(client, "LN-1001", quote["total"], "close-key-0003").json()
    checkout(client, closing)
    closed = client.post(
        f"/api/loans/LN-1001/foreclosure/payments/{closing['paymentLogId']}/confirm", headers=client.xsrf()
    ).json()
    assert closed["loan"]["status"] == "closed"
    left = Decimal(client.get("/api/portal/repayment").json()["remainingAmount"])  # the record's other dues
    assert left < owed

    paid_on = mocks_today(client)
    checkout(client, first)
    outcome = confirm(client, first)
    assert outcome["status"] == "completed"
    refunded = f"{owed - left:.2f}"
    assert outcome["allocation"] == {
        "charges": "0.00",
        "interest": "0.00",
        "principal": f"{left:.2f}",
        "refunded": refunded,
    }
    assert client.get("/api/portal/repayment").json()["remainingAmount"] == "0.00"

    def charge() -> dict[str, Any]:
        charges = client.get("/_mocks/ledger").json()["charges"]
        found: dict[str, Any] = next(c for c in charges if c["providerOrderId"] == first["orderId"])
        return found

    assert (charge()["amount"], charge()["refunded"]) == (f"{owed:.2f}", refunded)
    assert confirm(client, first)["allocation"]["refunded"] == refunded  # asked again: given back once
    client.post("/_mocks/clock", json={"hours": 6})  # the lender's follow-up finds nothing left to give back
    assert charge()["refunded"] == refunded
    receipt = words(client.get(f"/api/portal/payments/{first['paymentLogId']}/receipt").content)
    assert f"Refunded to you ₹{owed - left:,.2f}" in receipt
    invariants = client.get("/_mocks/ledger/invariants").json()
    assert [i["name"] for i in invariants if not i["holds"]] == []
    # The desk sees what the lender kept and gave back; the day's reconciliation finds the refund
    # recorded: the lender's own, of what was not owed.
    assert staff_log_in(client, AGENT).status_code == 200
    desk = client.get("/api/desk/customers", params={"q": "9876543210"}).json()
    [seen] = [r for r in desk["repayments"] if r["orderId"] == first["orderId"]]
    assert (seen["status"], seen["amount"], seen["excessRefunded"]) == ("paid", f"{owed:.2f}", refunded)
    assert [(m.kind, m.provider_order_id) for m in reconcile(client, settings, paid_on).mismatches] == []


def test_a_fineract_repayment_taken_after_the_loan_was_foreclosed_is_given_back_and_the_loan_closed(
    both: GatewayClient, settings: Settings
) -> None:
    """Fineract takes a repayment on a loan already paid off and turns it Overpaid; the gateway
    has the provider refund the rest on the repayment's own order and Fineract record it (a credit
    balance refund), which closes the loan again: once, however often asked."""
    log_in(both, MEENA)
    owed = both.get("/api/portal/repayment").json()["remainingAmount"]
    first = pay(both, {"mode": "partialPayment", "amount": owed}, key="fin-late-0001").json()
    quote = both.get("/api/loans/FIN-000007101/foreclosure").json()
    closing = pay_quote(both, "FIN-000007101", quote["total"], "fin-close-0003").json()
    checkout(both, closing)
    closed = both.post(
        f"/api/loans/FIN-000007101/foreclosure/payments/{closing['paymentLogId']}/confirm", headers=both.xsrf()
    ).json()
    assert closed["paid"] is True and closed["loan"]["status"] == "closed"

    paid_on = mocks_today(both)
    checkout(both, first)
    outcome = confirm(both, first)
    assert outcome["status"] == "completed"
    assert outcome["allocation"] == {"charges": "0.00", "interest": "0.00", "principal": "0.00", "refunded": owed}
    assert confirm(both, first)["status"] == "completed"  # asked again: nothing given back twice

    books = fineract_loan(both, 7101)
    assert books["status"]["closed"] is True and "totalOverpaid" not in books
    kinds = [(t["type"]["value"], t["amount"]) for t in books["transactions"]][-2:]
    assert kinds == [("Repayment", float(owed)), ("Credit Balance Refund", float(owed))]
    charges = both.get("/_mocks/ledger").json()["charges"]
    [charge] = [c for c in charges if c["providerOrderId"] == first["orderId"]]
    assert (charge["amount"], charge["refunded"]) == (owed, owed)
    loans = both.get("/api/loans/").json()
    assert [(loan["loanNumber"], loan["status"]) for loan in loans] == [("FIN-000007101", "closed")]
    statement = both.get(
        "/api/loans/FIN-000007101/statement", params={"from": loans[0]["disbursedOn"], "to": loans[0]["asOf"]}
    ).json()
    # Nothing owed: the foreclosure paid its charge (a fixed rate's) and the part given back was
    # never the loan's.
    assert statement["closingBalance"] == "0.00"
    history = [p for p in both.get("/api/portal/payments").json() if p["orderId"] == first["orderId"]]
    assert [(p["status"], p["allocation"]["refunded"]) for p in history] == [("paid", owed)]
    receipt = words(both.get(history[0]["receiptUrl"]).content)  # the lender's companion draws it
    assert f"Applied to principal ₹0.00 Refunded to you ₹{Decimal(owed):,.2f}" in receipt
    invariants = both.get("/_mocks/ledger/invariants").json()
    assert [i["name"] for i in invariants if not i["holds"]] == []
    assert [(m.kind, m.provider_order_id) for m in reconcile(both, settings, paid_on).mismatches] == []
