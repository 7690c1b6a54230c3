"""A credit line's AutoPay through the gateway and the in-process mocks (issue 58): a mandate for
the line's dues (at most its credit limit a debit, on each due date what falls due that day, into
the line's lender's account), set up from the store login, approved in the UPI app; each debit
planned as its due date nears, noticed at least a day ahead in the line's own words, booked once
at the lender as a repayment of the line (its receipt mailed), a failed one left to be paid by
hand from the repayment page; the line's ending cancels the mandate."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from typing import Any

from gateway.settings import Settings
from tests.conftest import GatewayClient
from tests.integration.test_autopay_api import lender_keys, mandate_word, move_to, outbox, told
from tests.integration.test_checkout_api import fill_cart, place, quote
from tests.integration.test_credit_api import FORM, buy_on_credit, open_line, pay_quote
from tests.integration.test_fineract_autopay_api import receipts
from tests.mocks_clock import mocks_today
from upstream_mocks.sms import DLT_TEMPLATES
from upstream_mocks.texts import style


def autopay(client: GatewayClient, line: str) -> dict[str, Any]:
    read = client.get(f"/api/credit/lines/{line}/autopay")
    assert read.status_code == 200, read.text
    answer: dict[str, Any] = read.json()
    return answer


def set_up(client: GatewayClient, line: str, key: str) -> Any:
    body = {"email": FORM["email"]}
    return client.post(
        f"/api/credit/lines/{line}/autopay", json=body, headers={**client.xsrf(), "Idempotency-Key": key}
    )


def line_of(client: GatewayClient, number: str) -> dict[str, Any]:
    found: dict[str, Any] = next(one for one in client.get("/api/credit/lines").json() if one["lineNumber"] == number)
    return found


def sms_about(client: GatewayClient, reference: str) -> list[dict[str, Any]]:
    sent: list[dict[str, Any]] = client.get("/_mocks/mail/sms").json()
    return [s for s in sent if s.get("reference") == reference]


def test_a_lines_dues_are_debited_by_autopay_once_each_due_date_and_its_end_cancels_the_mandate(
    client: GatewayClient,
) -> None:
    offer, line = open_line(client)
    number = line["lineNumber"]
    first_on = mocks_today(client)
    first = Decimal(buy_on_credit(client, "line-autopay-order-1"))
    due = first_on + timedelta(days=30)

    # The terms: at most the credit limit a debit, on each due date, into the lender's account.
    shown = autopay(client, number)
    assert shown["mandate"] is None
    assert shown["terms"] == {
        "maxAmount": line["creditLimit"],
        "frequency": "onEachDueDate",
        "startOn": due.isoformat(),
        "endOn": (first_on + timedelta(days=365)).isoformat(),
        "lenderName": offer["lender"]["name"],
        "authenticationLimit": "15000.00",
    }
    made = set_up(client, number, "line-autopay-key-1")
    assert made.status_code == 201, made.text
    mandate = made.json()
    assert mandate["status"] == "pendingApproval" and mandate["approvalLink"].startswith("upi://mandate")
    assert mandate["frequency"] == "onEachDueDate" and mandate["debits"] == []
    mandate_word(client, mandate["cfSubscriptionId"], "approved")
    told(client, mandate["cfSubscriptionId"])
    assert autopay(client, number)["mandate"]["status"] == "active"
    # The line's lender keeps the mandate as the line's.
    kept = client.get("/_mocks/lending/mandates").json()
    assert {"loanNumber": number, "subscriptionId": mandate["mandateId"]} in kept

    # Two days before the due date: the debit of what falls due is planned, raised and noticed.
    move_to(client, f"{due.isoformat()}T09:00:00+05:30")
    client.post("/_mocks/clock", json={"days": -2})
    [debit] = autopay(client, number)["mandate"]["debits"]
    assert debit["dueOn"] == due.isoformat() and debit["amount"] == f"{first:.2f}" and debit["status"] == "noticed"
    notices = [m for m in outbox(client) if m["reference"] == debit["paymentId"]]
    assert len(notices) == 1 and f"credit line {number}" in notices[0]["message"]
    [sms] = sms_about(client, debit["paymentId"])
    assert sms["dltTemplateId"] == DLT_TEMPLATES[("autopay_line_notice", "en")] and number in sms["message"]
    # Read again: nothing planned twice.
    assert len(autopay(client, number)["mandate"]["debits"]) == 1

    # The clock passes the debit: taken, booked once as a repayment of the line, its receipt mailed.
    client.post("/_mocks/clock", json={"days": 2, "hours": 2})
    told(client, mandate["cfSubscriptionId"])
    [debit] = autopay(client, number)["mandate"]["debits"]
    assert debit["status"] == "debited"
    assert line_of(client, number)["owed"] == "0.00"
    assert len(receipts(client, wait_for=1)) == 1

    # The next purchase's debit fails at the bank: its due is left to be paid by hand, with the way to.
    second = Decimal(buy_on_credit(client, "line-autopay-order-2"))
    second_due = mocks_today(client) + timedelta(days=30)
    failing = client.post(
        f"/_mocks/payments/subscriptions/{mandate['cfSubscriptionId']}/debits/fail",
        json={"failure_reason": "INSUFFICIENT_FUNDS"},
    )
    assert failing.status_code == 200, failing.text
    move_to(client, f"{second_due.isoformat()}T09:00:00+05:30")
    client.post("/_mocks/clock", json={"days": -2})
    debits = autopay(client, number)["mandate"]["debits"]
    assert [d["status"] for d in debits] == ["debited", "noticed"] and debits[1]["amount"] == f"{second:.2f}"
    client.post("/_mocks/clock", json={"days": 2, "hours": 6})
    told(client, mandate["cfSubscriptionId"])
    assert autopay(client, number)["mandate"]["debits"][1]["status"] == "failed"
    failed = [m for m in outbox(client) if m["subject"].startswith("AutoPay could not debit")]
    assert len(failed) == 1 and "/paynow" in failed[0]["message"] and number in failed[0]["message"]
    client.post("/_mocks/clock", json={"days": 1})
    assert line_of(client, number)["overdue"] == f"{second:.2f}"
    # The overdue is never debited again by AutoPay.
    client.post("/_mocks/clock", json={"days": 5})
    assert len(autopay(client, number)["mandate"]["debits"]) == 2

    # Every charge booked exactly once.
    invariants = client.get("/_mocks/ledger/invariants").json()
    assert [i["name"] for i in invariants if not i["holds"]] == []

    # Closing the line cancels its mandate: nothing more is debited.
    pay_quote(client, number, "foreclosure", "line-autopay-close-1")
    assert autopay(client, number)["mandate"]["status"] == "cancelled"
    assert autopay(client, number)["terms"] is None


def large_purchase(client: GatewayClient, key: str) -> Decimal:
    """A purchase on credit above the e-mandate limit for a UPI debit without fresh authentication:
    three flat submersible cables (₹6,800.00 each in the seed catalogue)."""
    fill_cart(client, {100: 3})
    offer = quote(client, "credit")
    total = Decimal(offer["charges"]["total"])
    assert total > Decimal("15000.00"), offer["charges"]
    placed = place(client, key, offer["charges"]["total"], "credit")
    assert placed.status_code in (200, 201), placed.text
    return total


def test_a_lines_upi_debit_above_the_limit_is_left_to_the_borrower_with_the_way_to_pay(
    client: GatewayClient, settings: Settings
) -> None:
    _, line = open_line(client)
    number = line["lineNumber"]
    total = large_purchase(client, "line-autopay-large-1")
    due = mocks_today(client) + timedelta(days=30)
    mandate = set_up(client, number, "line-autopay-large-key").json()
    mandate_word(client, mandate["cfSubscriptionId"], "approved")
    told(client, mandate["cfSubscriptionId"])

    move_to(client, f"{due.isoformat()}T09:00:00+05:30")
    client.post("/_mocks/clock", json={"days": -2})
    [debit] = autopay(client, number)["mandate"]["debits"]
    assert (debit["status"], debit["amount"]) == ("authenticate", f"{total:.2f}")
    # Never raised at the provider; the lender tells the borrower once, in the line's words.
    payments = client.get(
        f"/_mocks/payments/pg/subscriptions/{mandate['mandateId']}/payments", headers=lender_keys(settings)
    )
    assert [p for p in payments.json() if p["payment_type"] == "CHARGE"] == []
    autopay(client, number)  # read again: nothing sent twice
    [sms] = sms_about(client, debit["paymentId"])
    assert sms["dltTemplateId"] == DLT_TEMPLATES[("autopay_line_authenticate", "en")]
    assert number in sms["message"] and sms["message"].endswith("/paynow")
    [mail] = [m for m in outbox(client) if m["reference"] == debit["paymentId"]]
    assert mail["kind"] == "autopayAuthenticate" and "/paynow" in mail["message"]


def test_a_lines_autopay_notices_go_in_the_language_the_borrower_set_it_up_in(client: GatewayClient) -> None:
    _, line = open_line(client)
    number = line["lineNumber"]
    total = Decimal(buy_on_credit(client, "line-autopay-hindi-order"))
    due = mocks_today(client) + timedelta(days=30)
    client.cookies.set("lang", "hi")
    mandate = set_up(client, number, "line-autopay-hindi-key").json()
    mandate_word(client, mandate["cfSubscriptionId"], "approved")
    told(client, mandate["cfSubscriptionId"])
    move_to(client, f"{due.isoformat()}T09:00:00+05:30")
    client.post("/_mocks/clock", json={"days": -2})
    [debit] = autopay(client, number)["mandate"]["debits"]
    [sms] = sms_about(client, debit["paymentId"])
    assert (sms["language"], sms["dltTemplateId"]) == ("hi", DLT_TEMPLATES[("autopay_line_notice", "hi")])
    assert f"क्रेडिट लाइन {number}" in sms["message"] and style.amount("hi", total) in sms["message"]
    [mail] = [m for m in outbox(client) if m["reference"] == debit["paymentId"]]
    assert f"क्रेडिट लाइन {number}" in mail["message"] and style.day("hi", due) in mail["message"]
