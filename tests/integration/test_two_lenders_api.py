"""Two lenders live at once (LENDERS=native,fineract) in one gateway with the in-process mocks:
our own lending service and a lender on Apache Fineract. Each borrower's loans come from both,
what is owed and each payment go to the lender of the loan, and a Fineract repayment is booked
exactly once, to the paisa."""

from __future__ import annotations

import io
from collections.abc import Callable
from datetime import date, datetime, timedelta, timezone
from typing import Any

import msgspec
import pypdf
import pytest

from gateway.settings import Settings
from tests.conftest import FINERACT_ACCOUNT, LENDER_ACCOUNT, STORE_ACCOUNT, GatewayClient
from tests.integration.test_portal_api import log_in, pay
from tests.integration.test_portal_repayments_api import checkout, confirm, recheck

MEENA = "9811122233"  # a Fineract client only: one missed instalment and its penalty
RAMESH = "9876543210"  # our own lender's overdue borrower, with a new loan at the Fineract lender too
FINERACT = "/_mocks/fineract/fineract-provider/api/v1"
IST = timezone(timedelta(hours=5, minutes=30))
BASIC = {"Authorization": "Basic bWlmb3M6cGFzc3dvcmQ=", "Fineract-Platform-TenantId": "default"}


def fineract_loan(client: GatewayClient, loan_id: int) -> dict[str, Any]:
    answer = client.get(f"{FINERACT}/loans/{loan_id}?associations=transactions", headers=BASIC)
    assert answer.status_code == 200, answer.text
    loan: dict[str, Any] = answer.json()
    return loan


def test_a_fineract_borrower_sees_what_they_owe_and_pays_it_once(both: GatewayClient) -> None:
    assert log_in(both, MEENA)["outcome"] == "payment"
    detail = both.get("/api/portal/repayment").json()
    assert (detail["remainingAmount"], detail["lateFees"], detail["pendingAmount"]) == ("3420.00", "150.00", "3270.00")
    assert (detail["lenderName"], detail["loanNumber"], detail["daysOverdue"]) == (
        "Vikas Microfinance Ltd",
        "FIN-000007101",
        5,
    )
    loans = both.get("/api/loans/").json()
    assert [(loan["loanNumber"], loan["status"], loan["overdueAmount"]) for loan in loans] == [
        ("FIN-000007101", "overdue", "3420.00")
    ]
    schedule = both.get("/api/loans/FIN-000007101/schedule").json()
    assert [i["status"] for i in schedule["instalments"]] == [
        "paid",
        "paid",
        "overdue",
        "upcoming",
        "upcoming",
        "upcoming",
    ]
    split = both.get("/api/loans/FIN-000007101/allocation", params={"amount": "200.50"}).json()
    assert split["allocation"] == {"penalCharges": "150.00", "interest": "50.50", "principal": "0.00"}

    payment = pay(both, {"mode": "partialPayment", "amount": "200.50"}).json()
    assert payment["orderAmount"] == "200.50" and payment["orderId"].startswith("FINREPAY_7101_")
    checkout(both, payment)
    outcome = confirm(both, payment)
    assert outcome["status"] == "completed"
    assert outcome["allocation"] == {"charges": "150.00", "interest": "50.50", "principal": "0.00"}
    assert outcome["amount"] == "200.50" and outcome["providerReference"]
    # Fineract draws no receipts; the lender's companion does, so one is offered.
    assert outcome["receiptUrl"] == f"/api/portal/payments/{payment['paymentLogId']}/receipt"
    # Asked again (a second tab, a retry): the lender books it once.
    assert confirm(both, payment)["status"] == "completed"
    repayments = [t for t in fineract_loan(both, 7101)["transactions"] if t["type"]["repayment"]]
    booked = [t for t in repayments if t.get("externalId") == f"pg-{outcome['providerReference']}"]
    assert len(booked) == 1 and booked[0]["amount"] == 200.5
    assert both.get("/api/portal/repayment").json()["remainingAmount"] == "3219.50"
    history = both.get("/api/portal/payments").json()
    assert history[0]["paymentLogId"] == payment["paymentLogId"] and history[0]["amount"] == "200.50"
    assert history[0]["status"] == "paid" and history[0]["receiptUrl"] == outcome["receiptUrl"]


def receipt_text(client: GatewayClient, url: str, language: str | None = None) -> str:
    answer = client.get(url, headers={"Accept-Language": language} if language else None)
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "application/pdf"
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(answer.content)).pages)


def test_a_fineract_borrower_downloads_the_receipt_the_companion_draws(both: GatewayClient) -> None:
    log_in(both, MEENA)
    payment = pay(both, {"mode": "partialPayment", "amount": "200.50"}).json()
    checkout(both, payment)
    assert confirm(both, payment)["status"] == "completed"
    history = both.get("/api/portal/payments").json()
    online = next(p for p in history if p["paymentLogId"] == payment["paymentLogId"])
    # Offered for the repayment paid online; the instalments paid at a branch have the branch's.
    assert online["receiptUrl"] == f"/api/portal/payments/{payment['paymentLogId']}/receipt"
    assert [p["receiptUrl"] for p in history if p is not online] == [None, None]
    text = receipt_text(both, online["receiptUrl"])
    assert "Vikas Microfinance Ltd" in text and "N-14.03599" in text
    assert "₹200.50" in text and "FIN-000007101" in text
    # The split Fineract booked: the penalty first, then interest.
    assert "₹150.00" in text and "₹50.50" in text
    assert f"Payment reference {online['providerReference']}" in text
    # In the borrower's language.
    hindi = receipt_text(both, online["receiptUrl"], "hi")
    assert "Vikas Microfinance Ltd" in hindi and "₹200.50" in hindi and hindi != text
    # A branch repayment's id, or another's: not found, in our words.
    branch = next(p for p in history if p is not online)
    assert both.get(f"/api/portal/payments/{branch['paymentLogId']}/receipt").status_code == 404
    assert both.get("/api/portal/payments/999999999/receipt").status_code == 404


def test_without_a_companion_no_fineract_receipt_is_offered(
    make_client: Callable[[Settings], GatewayClient], settings: Settings
) -> None:
    client = make_client(msgspec.structs.replace(settings, lenders="native,fineract", fineract_companion=False))
    client.post("/_mocks/reset")
    log_in(client, MEENA)
    payment = pay(client, {"mode": "partialPayment", "amount": "200.50"}).json()
    checkout(client, payment)
    outcome = confirm(client, payment)
    assert outcome["status"] == "completed" and outcome["receiptUrl"] is None
    assert [p["receiptUrl"] for p in client.get("/api/portal/payments").json()] == [None, None, None]
    asked = client.get(f"/api/portal/payments/{payment['paymentLogId']}/receipt")
    assert asked.status_code == 503


def test_a_closed_fineract_checkout_is_cancelled_as_our_own_lenders_is(both: GatewayClient) -> None:
    log_in(both, MEENA)
    payment = pay(both, {"mode": "partialPayment", "amount": "100.00"}).json()
    # Closed without paying: nothing tried, the order still open at the provider.
    outcome = confirm(both, payment)
    assert (outcome["status"], outcome["message"]) == ("cancelled", "Payment cancelled. No money was taken.")
    # Still open, a re-check keeps it pending rather than calling it paid or failed.
    again = pay(both, {"mode": "partialPayment", "amount": "101.00"}, key="click-0002").json()
    assert recheck(both)["pending"][0]["orderId"] == again["orderId"]
    # A failed attempt is a failure.
    checkout(both, again, "failure")
    assert confirm(both, again)["status"] == "failed"
    assert both.get("/api/portal/repayment").json()["remainingAmount"] == "3420.00"


def test_a_borrower_of_both_lenders_sees_both_loans_and_pays_the_overdue_one(both: GatewayClient) -> None:
    assert log_in(both, RAMESH)["outcome"] == "payment"
    loans = {loan["loanNumber"]: loan for loan in both.get("/api/loans/").json()}
    assert {"LN-1001", "FIN-000007102"} <= set(loans)
    assert loans["FIN-000007102"]["status"] == "current"
    assert loans["FIN-000007102"]["lender"]["name"] == "Vikas Microfinance Ltd"
    assert loans["LN-1001"]["lender"]["name"] != "Vikas Microfinance Ltd"
    assert both.get("/api/loans/FIN-000007102/schedule").json()["instalments"][0]["status"] == "upcoming"
    # Our own lender has the overdue loan: the portal's dues and the payment are its.
    detail = both.get("/api/portal/repayment").json()
    assert (detail["remainingAmount"], detail["loanNumber"]) == ("12450.00", "LN-1001")
    payment = pay(both, {"mode": "partialPayment", "amount": "100.00"}).json()
    assert payment["orderId"].startswith("REPAY_1001_")
    checkout(both, payment)
    assert confirm(both, payment)["status"] == "completed"
    assert both.get("/api/portal/repayment").json()["remainingAmount"] == "12350.00"
    # Nothing was booked at the Fineract lender.
    assert [t["type"]["repayment"] for t in fineract_loan(both, 7102)["transactions"]].count(True) == 0
    # Both lenders' payments in one history, each answering for its own receipt.
    assert [p["orderId"] for p in both.get("/api/portal/payments").json()] == [payment["orderId"]]


def test_one_payment_never_spans_two_lenders(both: GatewayClient) -> None:
    """Overdue at both lenders: the total overdue is the first lender's alone, an amount above it
    is refused in our words, and the other lender's dues show once the first is cleared."""
    # Twenty-five days on, Ramesh's Fineract instalment is overdue too.
    assert both.post("/_mocks/clock", json={"days": 25}).status_code == 200
    assert log_in(both, RAMESH)["outcome"] == "payment"
    # Straight after logging in, before the dues are read: "pay the total overdue" is one lender's.
    payment = pay(both, {"mode": "totalOverdue"}).json()
    assert payment["orderId"].startswith("REPAY_1001_")
    native = both.get("/api/portal/repayment").json()
    assert native["loanNumber"] == "LN-1001" and payment["orderAmount"] == native["remainingAmount"]
    fineract = {loan["loanNumber"]: loan for loan in both.get("/api/loans/").json()}["FIN-000007102"]
    assert fineract["status"] == "overdue"
    # An amount above the one lender's dues (say, both lenders' together) is refused.
    both_dues = f"{float(native['remainingAmount']) + float(fineract['overdueAmount']):.2f}"
    refused = pay(both, {"mode": "partialPayment", "amount": both_dues}, key="click-0002")
    assert refused.status_code == 422
    assert refused.json()["error"]["message"].startswith("The amount cannot be more than the overdue amount of ₹")
    checkout(both, payment)
    assert confirm(both, payment)["status"] == "completed"
    # Cleared there, the Fineract lender's dues are what is owed now, paid at that lender.
    now = both.get("/api/portal/repayment").json()
    assert (now["loanNumber"], now["remainingAmount"]) == ("FIN-000007102", fineract["overdueAmount"])
    second = pay(both, {"mode": "totalOverdue"}, key="click-0003").json()
    assert second["orderId"].startswith("FINREPAY_7102_") and second["orderAmount"] == fineract["overdueAmount"]


def test_what_only_the_companion_supplies_is_a_503_without_one(
    make_client: Callable[[Settings], GatewayClient], settings: Settings
) -> None:
    client = make_client(msgspec.structs.replace(settings, lenders="native,fineract", fineract_companion=False))
    client.post("/_mocks/reset")
    log_in(client, MEENA)
    answer = client.get("/api/loans/FIN-000007101/key-facts")
    assert answer.status_code == 503
    assert answer.json()["error"]["message"] == "This lender does not offer this yet. Please contact us."
    # What Fineract itself answers still works; another borrower's loan is not found, whichever lender has it.
    assert client.get("/api/loans/FIN-000007101/schedule").status_code == 200
    assert client.get("/api/loans/FIN-000007102/schedule").status_code == 404
    assert client.get("/api/loans/LN-1001/schedule").status_code == 404


def test_a_fineract_repayment_is_reconciled_and_found_on_the_desk(both: GatewayClient) -> None:
    from tests.integration.test_desk_api import SUPERVISOR, staff_log_in

    log_in(both, MEENA)
    payment = pay(both, {"mode": "partialPayment", "amount": "200.50"}).json()
    checkout(both, payment)
    assert confirm(both, payment)["status"] == "completed"
    staff_log_in(both, SUPERVISOR)

    day = both.get("/api/desk/reconciliation").json()
    assert (day["unreconciled"], day["recordedPayments"], day["paymentsSettled"]) == ("0.00", 1, 1)
    seeded = {"kind": "changeAmount", "orderId": payment["orderId"], "amount": "200.00"}
    assert both.post("/_mocks/payments/settlements/mistakes", json=seeded).status_code == 201
    day = both.get("/api/desk/reconciliation").json()
    assert [(m["kind"], m["owner"], m["reference"], m["unreconciled"]) for m in day["mismatches"]] == [
        ("amountDiffers", "repayment", "FIN-000007101", "0.50")
    ]

    for query in (MEENA, "FIN-000007101", payment["orderId"]):
        view = both.get("/api/desk/customers", params={"q": query}).json()
        assert (view["mobileNumber"], view["name"]) == (MEENA, "Meena Gupta"), view
        assert [(r["orderId"], r["amount"], r["status"]) for r in view["repayments"]] == [
            (payment["orderId"], "200.50", "paid")
        ]
        kinds = {(e["source"], e["kind"]) for e in view["timeline"] if e["reference"] == payment["orderId"]}
        assert {("lender", "repaymentApplied"), ("provider", "paymentTaken")} <= kinds


@pytest.mark.parametrize("days", [3, 30])
def test_a_fineract_borrowers_portal_and_loan_page_agree_at_any_lender_clock(both: GatewayClient, days: int) -> None:
    """The Fineract lender's dues on /payment, its loan page and the allocation preview are one
    position, a few days on and past the next due date (its instalment overdue too)."""
    assert both.post("/_mocks/clock", json={"days": days}).status_code == 200
    log_in(both, MEENA)
    detail = both.get("/api/portal/repayment").json()
    [loan] = both.get("/api/loans/").json()
    assert detail["remainingAmount"] == loan["overdueAmount"] == ("3420.00" if days == 3 else "6690.00")
    assert detail["lateFees"] == loan["penalCharges"] == "150.00"
    assert f"{float(loan['principalDue']) + float(loan['interestDue']):.2f}" == detail["pendingAmount"]
    # Counted on the lender's date, the clock QA moved, not ours.
    assert detail["daysOverdue"] == loan["daysPastDue"] == 5 + days
    preview = both.get("/api/loans/FIN-000007101/allocation", params={"amount": detail["remainingAmount"]}).json()
    assert (preview["overdueAmount"], preview["overdueAfter"]) == (detail["remainingAmount"], "0.00")
    assert preview["allocation"]["penalCharges"] == detail["lateFees"]
    payment = pay(both, {"mode": "totalOverdue"}).json()
    assert payment["orderAmount"] == detail["remainingAmount"]
    checkout(both, payment)
    assert confirm(both, payment)["status"] == "completed"
    [loan] = both.get("/api/loans/").json()
    assert (loan["overdueAmount"], loan["status"]) == ("0.00", "current")


PROVIDER = FINERACT_ACCOUNT  # the Fineract lender's own account, which its repayments are paid into


def test_a_fineract_repayment_shows_the_time_the_provider_took_it_and_a_branch_one_its_day_alone(
    both: GatewayClient,
) -> None:
    from tests.integration.test_desk_api import AGENT, staff_log_in

    log_in(both, MEENA)
    payment = pay(both, {"mode": "partialPayment", "amount": "200.50"}).json()
    checkout(both, payment)
    assert confirm(both, payment)["status"] == "completed"
    taken = both.get(f"/_mocks/payments/pg/orders/{payment['orderId']}/payments", headers=PROVIDER).json()
    paid_at = datetime.fromisoformat(next(p for p in taken if p["payment_status"] == "SUCCESS")["payment_time"])

    # Fineract books the day only: the portal's time is the provider's, never a made-up noon.
    history = both.get("/api/portal/payments").json()
    online = next(p for p in history if p["paymentLogId"] == payment["paymentLogId"])
    assert online["timeKnown"] is True and datetime.fromisoformat(online["paidAt"]) == paid_at
    # The two instalments paid before (at a branch, no provider record): their day, and no time.
    branch = [p for p in history if p["paymentLogId"] != payment["paymentLogId"]]
    books = fineract_loan(both, 7101)["transactions"]
    days = sorted(
        date(*t["date"]) for t in books if t["type"]["repayment"] and not t.get("externalId", "").startswith("pg-")
    )
    assert len(branch) == 2 and all(p["timeKnown"] is False for p in branch)
    assert sorted(datetime.fromisoformat(p["paidAt"]).astimezone(IST).date() for p in branch) == days

    staff_log_in(both, AGENT)
    view = both.get("/api/desk/customers", params={"q": MEENA}).json()
    applied = next(e for e in view["timeline"] if e["kind"] == "repaymentApplied")
    assert applied["timeKnown"] is True and datetime.fromisoformat(applied["at"]) == paid_at
    assert datetime.fromisoformat(view["repayments"][0]["paidAt"]) == paid_at

    # The provider not answering: the day alone, never a time, and the history still shows.
    orders = f"pg/orders/{payment['orderId']}/payments"
    assert both.post("/_mocks/scenarios", json={"mock": "payments", "path": orders, "status": 500}).status_code < 300
    again = next(p for p in both.get("/api/portal/payments").json() if p["paymentLogId"] == payment["paymentLogId"])
    assert again["timeKnown"] is False
    assert datetime.fromisoformat(again["paidAt"]).astimezone(IST).date() == paid_at.astimezone(IST).date()
    both.delete("/_mocks/scenarios")


def test_the_desk_resends_a_fineract_receipt_through_the_companion_once_per_key(
    both: GatewayClient, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.integration.test_desk_api import AGENT, act, audit_lines, staff_log_in
    from tests.integration.test_server_texts_language import mail_when

    log_in(both, MEENA)
    payment = pay(both, {"mode": "partialPayment", "amount": "200.50"}).json()
    checkout(both, payment)
    assert confirm(both, payment)["status"] == "completed"
    staff_log_in(both, AGENT)
    view = both.get("/api/desk/customers", params={"q": MEENA}).json()
    assert [(r["orderId"], r["receiptResendable"]) for r in view["repayments"]] == [(payment["orderId"], True)]

    capsys.readouterr()
    path = f"/repayments/{payment['orderId']}/receipt"
    sent = act(both, path, "Customer asked for the receipt", "desk-receipt-fin-1")
    assert sent.status_code == 200, sent.text
    assert sent.json() == {
        "action": "receiptResent",
        "reference": payment["orderId"],
        "sentTo": "m***@shop.example",
        "order": None,
    }
    mail = mail_when(both, lambda m: m["to"] == "meena.gupta@shop.example" and m["kind"] == "receipt")
    assert mail["attachment"].startswith("receipt-RCPT-FIN-") and "200.50" in mail["message"]
    # The same click retried: the same answer, no second mail (a new key's mail is the second one).
    assert act(both, path, "Customer asked for the receipt", "desk-receipt-fin-1").json() == sent.json()
    assert act(both, path, "Asked once more", "desk-receipt-fin-2").status_code == 200
    mail_when(both, lambda m: m["kind"] == "receipt" and m["at"] != mail["at"])
    receipts = [m for m in both.get("/_mocks/mail/outbox").json() if m["kind"] == "receipt"]
    assert [m["to"] for m in receipts] == ["meena.gupta@shop.example"] * 2
    logged = [(e["action"], e["target"], e["reason"], e["outcome"]) for e in audit_lines(capsys.readouterr().out)]
    assert ("resendReceipt", payment["orderId"], "Customer asked for the receipt", "done") in logged
    # A repayment the companion does not know is not found, in our words.
    unknown = act(both, "/repayments/FINREPAY_7101_999999999/receipt", "Wrong one", "desk-receipt-fin-3")
    assert unknown.status_code == 404


def test_without_a_companion_the_desk_offers_no_fineract_receipt_and_says_why(
    make_client: Callable[[Settings], GatewayClient], settings: Settings
) -> None:
    from tests.integration.test_desk_api import AGENT, act, staff_log_in

    client = make_client(msgspec.structs.replace(settings, lenders="native,fineract", fineract_companion=False))
    client.post("/_mocks/reset")
    log_in(client, MEENA)
    payment = pay(client, {"mode": "partialPayment", "amount": "200.50"}).json()
    checkout(client, payment)
    assert confirm(client, payment)["status"] == "completed"
    staff_log_in(client, AGENT)
    view = client.get("/api/desk/customers", params={"q": MEENA}).json()
    assert [(r["orderId"], r["receiptResendable"]) for r in view["repayments"]] == [(payment["orderId"], False)]
    # Asked anyway (an old screen): a 503 in our words, never a "not found".
    refused = act(client, f"/repayments/{payment['orderId']}/receipt", "Customer asked", "desk-receipt-fin-4")
    assert refused.status_code == 503
    assert refused.json()["error"]["message"] == "This lender does not offer this yet. Please contact us."


def test_the_fineract_loan_page_is_dated_on_the_lenders_business_date(both: GatewayClient) -> None:
    """As of, the next due and each instalment's status are on Fineract's business date (the
    lender's clock, moved by QA), not the gateway's; a repayment is booked on that day."""
    log_in(both, MEENA)
    ours = date.fromisoformat(both.get("/api/loans/").json()[0]["asOf"])
    # The fourth instalment falls due 25 days on: on the lender's day it is due, not upcoming.
    lender_day = date.fromisoformat(both.post("/_mocks/clock", json={"days": 25}).json()["today"])
    assert lender_day == ours + timedelta(days=25)
    [loan] = both.get("/api/loans/").json()
    assert loan["asOf"] == lender_day.isoformat()
    assert loan["nextDue"]["dueOn"] == lender_day.isoformat()
    statuses = [i["status"] for i in both.get("/api/loans/FIN-000007101/schedule").json()["instalments"]]
    assert statuses == ["paid", "paid", "overdue", "due", "upcoming", "upcoming"]
    # A day later it is overdue and the next due is the fifth.
    both.post("/_mocks/clock", json={"days": 1}).raise_for_status()
    [loan] = both.get("/api/loans/").json()
    assert loan["asOf"] == (lender_day + timedelta(days=1)).isoformat()
    assert loan["nextDue"]["dueOn"] == (lender_day + timedelta(days=30)).isoformat()
    statuses = [i["status"] for i in both.get("/api/loans/FIN-000007101/schedule").json()["instalments"]]
    assert statuses == ["paid", "paid", "overdue", "overdue", "upcoming", "upcoming"]
    # A repayment is booked on the lender's day.
    payment = pay(both, {"mode": "partialPayment", "amount": "100.00"}).json()
    checkout(both, payment)
    outcome = confirm(both, payment)
    booked = next(
        t
        for t in fineract_loan(both, 7101)["transactions"]
        if t.get("externalId") == f"pg-{outcome['providerReference']}"
    )
    assert date(*booked["date"]) == lender_day + timedelta(days=1)


def test_a_fineract_without_a_business_date_is_dated_on_the_tenants_date(both: GatewayClient) -> None:
    """Fineract before 1.7 has no business date nor its configuration (404 for both): its books are
    on the tenant's date, which the gateway's clock in India stands for (the mocks' clock here)."""
    log_in(both, MEENA)
    for path in ("businessdate/BUSINESS_DATE", "configurations/name/enable_business_date"):
        absent = {"mock": "fineract", "path": f"fineract-provider/api/v1/{path}", "status": 404}
        both.post("/_mocks/scenarios", json={**absent, "body": {"httpStatusCode": "404"}}).raise_for_status()
    lender_day = date.fromisoformat(both.post("/_mocks/clock", json={"days": 25}).json()["today"])
    [loan] = both.get("/api/loans/").json()
    assert loan["asOf"] == lender_day.isoformat()
    statuses = [i["status"] for i in both.get("/api/loans/FIN-000007101/schedule").json()["instalments"]]
    assert statuses == ["paid", "paid", "overdue", "due", "upcoming", "upcoming"]
    both.delete("/_mocks/scenarios")


@pytest.mark.parametrize("setting", ["never", "off"])
def test_with_the_business_date_turned_off_the_loan_page_is_on_the_tenants_date(
    both: GatewayClient, setting: str
) -> None:
    """`enable_business_date` off: Fineract dates its books on the tenant's date while its
    business date answers 404 (never turned on) or the day it was turned off (stale). The loan
    page follows the books, never the stale row, and a repayment is booked on the tenant's day."""
    assert both.post("/_mocks/fineract/qa", json={"businessDate": setting}).json()["businessDate"] == setting
    lender_day = date.fromisoformat(both.post("/_mocks/clock", json={"days": 26}).json()["today"])
    kept = both.get(f"{FINERACT}/businessdate/BUSINESS_DATE", headers=BASIC)
    if setting == "never":
        assert kept.status_code == 404
        assert kept.json()["errors"][0]["userMessageGlobalisationCode"] == "error.msg.businessdate.not.found"
    else:
        assert date(*kept.json()["date"]) == lender_day - timedelta(days=26)  # the day it was turned off
    log_in(both, MEENA)
    [loan] = both.get("/api/loans/").json()
    assert loan["asOf"] == lender_day.isoformat()
    statuses = [i["status"] for i in both.get("/api/loans/FIN-000007101/schedule").json()["instalments"]]
    assert statuses == ["paid", "paid", "overdue", "overdue", "upcoming", "upcoming"]
    payment = pay(both, {"mode": "partialPayment", "amount": "100.00"}).json()
    checkout(both, payment)
    outcome = confirm(both, payment)
    assert outcome["status"] == "completed"
    booked = [t for t in fineract_loan(both, 7101)["transactions"] if t.get("externalId", "").startswith("pg-")]
    assert [date(*t["date"]) for t in booked] == [lender_day]


def test_each_lenders_repayment_is_paid_into_its_own_provider_account_and_booked_once(both: GatewayClient) -> None:
    """The store's account never holds a lender's money (RBI's Digital Lending Directions): each
    repayment's provider order is its lender's own account's, which alone knows it, and the
    gateway follows its UPI payment and the desk finds it there."""
    from tests.integration.test_desk_api import AGENT, staff_log_in
    from tests.integration.test_upi_api import _app_answers, _upi

    accounts = {"store": STORE_ACCOUNT, "native": LENDER_ACCOUNT, "fineract": FINERACT_ACCOUNT}

    def known_to(order_id: str) -> list[str]:
        return [
            name
            for name, keys in accounts.items()
            if both.get(f"/_mocks/payments/pg/orders/{order_id}", headers=keys).status_code == 200
        ]

    log_in(both, RAMESH)
    native = pay(both, {"mode": "partialPayment", "amount": "100.00"}).json()
    checkout(both, native)
    assert confirm(both, native)["status"] == "completed"
    assert confirm(both, native)["status"] == "completed"  # asked again: booked once
    assert both.get("/api/portal/repayment").json()["remainingAmount"] == "12350.00"
    assert known_to(native["orderId"]) == ["native"]

    log_in(both, MEENA)
    fineract = pay(both, {"mode": "partialPayment", "amount": "200.50"}).json()
    assert known_to(fineract["orderId"]) == ["fineract"]
    # Paid by UPI: the gateway starts and follows it on the Fineract lender's own account.
    path = f"/api/portal/payments/{fineract['orderId']}/upi"
    started = _upi(both, path, "intent", "lender-account-upi-1")
    assert started.status_code == 200, started.text
    _app_answers(both, started.json()["apps"][0]["link"], "paid")
    assert both.get(path).json()["state"] == "paid"
    outcome = confirm(both, fineract)
    assert outcome["status"] == "completed" and confirm(both, fineract)["status"] == "completed"
    booked = [
        t
        for t in fineract_loan(both, 7101)["transactions"]
        if t.get("externalId") == f"pg-{outcome['providerReference']}"
    ]
    assert len(booked) == 1 and booked[0]["amount"] == 200.5

    # The desk's look-up by the payer's UPI reference reads every account the deployment serves.
    [paid] = [
        p
        for p in both.get(f"/_mocks/payments/pg/orders/{fineract['orderId']}/payments", headers=FINERACT_ACCOUNT).json()
        if p["payment_status"] == "SUCCESS"
    ]
    staff_log_in(both, AGENT)
    view = both.get("/api/desk/customers", params={"q": paid["bank_reference"]})
    assert view.status_code == 200, view.text
    assert any(
        e["reference"] == fineract["orderId"] or e["kind"] == "repaymentApplied" for e in view.json()["timeline"]
    )
