"""AutoPay on a Fineract lender's loan (issue 58; LENDERS=native,fineract, the in-process mocks):
the mandate is made on the Fineract lender's own account at the provider and each debit told to
its companion service (Fineract's API has no such call), which reads it there with that account:
the pre-debit notice goes by SMS and mail, a debit taken is booked in Fineract once as a
repayment on the loan (externalId `pg-<provider payment id>`), however often it is told, and a
failed one becomes a reminder with the instalment's payment link. Without a companion the
lender could book no debit, so AutoPay is not offered for its loans."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

import msgspec
import pytest

from gateway.settings import Settings
from tests.conftest import GatewayClient
from tests.integration.test_autopay_api import (
    active_mandate,
    after_webhooks,
    autopay,
    move_to,
    outbox,
    set_up,
    with_the_job,
)
from tests.integration.test_fineract_companion_api import BASIC, FINERACT, in_fineract
from tests.integration.test_portal_api import log_in
from tests.integration.test_reconciliation import reconcile
from upstream_mocks.sms import DLT_TEMPLATES

RAMESH = "9876543210"  # Fineract client 502 (with a loan at our own lender too): FIN-000007102, nothing paid yet
LOAN = "FIN-000007102"
LOAN_ID = 7102
COMPANION = "/_mocks/companion_fineract/webRepayment"
COMPANION_KEY = {"x-partner-key": "mock-companion-key"}


def sms_about(client: GatewayClient, reference: str) -> list[dict[str, Any]]:
    texts: list[dict[str, Any]] = client.get("/_mocks/mail/sms", params={"mobile": RAMESH}).json()
    return [s for s in texts if s["reference"] == reference]


def mails_about(client: GatewayClient, reference: str) -> list[dict[str, Any]]:
    return [m for m in outbox(client) if m["reference"] == reference]


def mandate_repayments(client: GatewayClient) -> list[dict[str, Any]]:
    """The loan's repayments in Fineract that AutoPay debits were booked as."""
    return [
        t
        for t in in_fineract(client, LOAN_ID)["transactions"]
        if t["type"]["repayment"] and (t.get("paymentDetailData") or {}).get("receiptNumber", "").startswith("MANDATE_")
    ]


def outstanding(client: GatewayClient) -> Decimal:
    return Decimal(str(in_fineract(client, LOAN_ID)["summary"]["totalOutstanding"]))


def cf_payment_id(client: GatewayClient, payment_id: str) -> str:
    """The provider's id of the debit, as the provider's ledger has it."""
    [debit] = [d for d in client.get("/_mocks/ledger").json()["mandateDebits"] if d["paymentId"] == payment_id]
    found: str = debit["cfPaymentId"]
    return found


def tell_companion(client: GatewayClient, subscription_id: str, payment_id: str) -> dict[str, Any]:
    """The companion told of a debit, as the gateway tells it; what it answers it did."""
    told = client.post(
        f"{COMPANION}/partnerMandateDebits",
        json={"loanNumber": LOAN, "subscriptionId": subscription_id, "paymentId": payment_id},
        headers=COMPANION_KEY,
    )
    assert told.status_code == 200, told.text
    answer: dict[str, Any] = told.json()["data"]
    return answer


def awaiting_the_checker(client: GatewayClient) -> list[dict[str, Any]]:
    """The loan's repayments that Fineract's checker has yet to approve or reject."""
    found = client.get(f"{FINERACT}/makercheckers", params={"resourceId": LOAN_ID}, headers=BASIC)
    assert found.status_code == 200, found.text
    waiting: list[dict[str, Any]] = found.json()
    return waiting


def receipts(client: GatewayClient, wait_for: int = 0) -> list[dict[str, Any]]:
    """The repayment receipts mailed to the borrower; with `wait_for`, once there are that many (a
    lender mails its receipt after it books), waiting on the outbox's changes, 30 s at most."""
    answer = client.get("/_mocks/mail/outbox")
    until = time.monotonic() + 30
    while len(found := [m for m in answer.json() if m["kind"] == "receipt"]) < wait_for and time.monotonic() < until:
        wait = {"If-None-Match": answer.headers["ETag"], "Prefer": f"wait={max(until - time.monotonic(), 0.1):.1f}"}
        changed = client.get("/_mocks/mail/outbox", headers=wait)
        answer = changed if changed.status_code == 200 else answer
    return found


def test_a_fineract_loans_debit_is_noticed_booked_in_fineract_once_and_a_failed_one_reminded_with_a_link(
    both: GatewayClient,
) -> None:
    client = both
    log_in(client, RAMESH)
    assert autopay(client, LOAN)["terms"]["lenderName"] == "Vikas Microfinance Ltd"
    mandate = active_mandate(client, LOAN, "fin-autopay-0001")
    first, second = mandate["debits"][0], mandate["debits"][1]
    due = date.fromisoformat(first["dueOn"])

    # Told of the active mandate, the companion's reminder a week before says AutoPay will debit it.
    move_to(client, f"{due - timedelta(days=7)}T09:00:00+05:30")
    [reminder] = sms_about(client, f"{LOAN}/{first['dueOn']}")
    assert reminder["dltTemplateId"] == DLT_TEMPLATES[("reminder_autopay_upi", "en")]
    assert "/l/" not in reminder["message"]  # no link to pay it twice

    # Two days before: the debit is raised and the lender's pre-debit notice sent, SMS and mail, once.
    move_to(client, f"{first['dueOn']}T09:00:00+05:30")
    client.post("/_mocks/clock", json={"days": -2})
    assert autopay(client, LOAN)["mandate"]["debits"][0]["status"] == "noticed"
    [notice] = sms_about(client, first["paymentId"])
    assert notice["dltTemplateId"] == DLT_TEMPLATES[("autopay_notice", "en")] and LOAN in notice["message"]
    [mail] = mails_about(client, first["paymentId"])
    assert mail["kind"] == "autopayNotice" and "AutoPay" in mail["subject"]

    # Taken: booked in Fineract once, on the loan, as the provider's payment; the outstanding falls by it.
    before = outstanding(client)
    client.post("/_mocks/clock", json={"days": 2, "hours": 2})
    shown = after_webhooks(client, LOAN, mandate["cfSubscriptionId"])
    assert shown["debits"][0]["status"] == "debited"
    [booked] = mandate_repayments(client)
    assert booked["externalId"] == f"pg-{cf_payment_id(client, first['paymentId'])}"
    assert booked["paymentDetailData"]["receiptNumber"] == f"MANDATE_{first['paymentId']}"
    assert Decimal(str(booked["amount"])) == Decimal(first["amount"])
    assert outstanding(client) == before - Decimal(first["amount"])
    assert len(sms_about(client, first["paymentId"])) == 1  # the notice went once

    # Told again (a repeated webhook, the follow-up, anyone with the key): nothing more is booked.
    again = client.post(
        f"{COMPANION}/partnerMandateDebits",
        json={"loanNumber": LOAN, "subscriptionId": mandate["mandateId"], "paymentId": first["paymentId"]},
        headers=COMPANION_KEY,
    )
    assert again.status_code == 200, again.text
    assert again.json()["data"] == {
        "paymentId": first["paymentId"],
        "status": "booked",
        "orderId": f"MANDATE_{first['paymentId']}",
    }
    assert len(mandate_repayments(client)) == 1 and outstanding(client) == before - Decimal(first["amount"])
    invariants = client.get("/_mocks/ledger/invariants").json()
    assert [i["name"] for i in invariants if not i["holds"]] == []

    # The bank declines the next debit: the instalment is an ordinary due, reminded of with its link.
    declined = client.post(
        f"/_mocks/payments/subscriptions/{mandate['cfSubscriptionId']}/debits/fail",
        json={"failure_reason": "INSUFFICIENT_FUNDS"},
    )
    assert declined.status_code == 200, declined.text
    move_to(client, f"{second['dueOn']}T09:00:00+05:30")
    client.post("/_mocks/clock", json={"days": -2})
    assert autopay(client, LOAN)["mandate"]["debits"][1]["status"] == "noticed"
    client.post("/_mocks/clock", json={"days": 2, "hours": 6})
    shown = after_webhooks(client, LOAN, mandate["cfSubscriptionId"])
    assert shown["debits"][1]["status"] == "failed"
    reminded = [s for s in sms_about(client, f"{LOAN}/{second['dueOn']}") if "/l/" in s["message"]]
    assert len(reminded) >= 1
    assert any("/l/" in m["message"] for m in mails_about(client, f"{LOAN}/{second['dueOn']}"))
    assert len(mandate_repayments(client)) == 1  # a failed debit books nothing


def test_without_a_companion_autopay_is_not_offered_for_the_fineract_lenders_loans(no_companion: GatewayClient) -> None:
    client = no_companion
    log_in(client, RAMESH)
    read = client.get(f"/api/loans/{LOAN}/autopay")
    assert (read.status_code, read.json()["error"]["code"]) == (409, "autopay_unavailable")
    refused = set_up(client, LOAN, "fin-autopay-off-01", email="ramesh@example.in")
    assert (refused.status_code, refused.json()["error"]["code"]) == (409, "autopay_unavailable")
    assert client.get("/api/loans/LN-1001/autopay").status_code == 200  # our own lender's loan still is


def test_a_fineract_loans_debit_booked_by_the_companion_reconciles_with_the_providers_report(
    both: GatewayClient, settings: Settings
) -> None:
    """The Fineract lender's account reports the debit taken under its payment id; the day's
    reconciliation finds the companion's booking of it (`MANDATE_<payment id>`): no finding."""
    client = both
    log_in(client, RAMESH)
    mandate = active_mandate(client, LOAN, "fin-autopay-recon-0001")
    first = mandate["debits"][0]
    move_to(client, f"{first['dueOn']}T09:00:00+05:30")
    client.post("/_mocks/clock", json={"days": -2})
    assert autopay(client, LOAN)["mandate"]["debits"][0]["status"] == "noticed"
    client.post("/_mocks/clock", json={"days": 2, "hours": 2})
    assert after_webhooks(client, LOAN, mandate["cfSubscriptionId"])["debits"][0]["status"] == "debited"
    assert len(mandate_repayments(client)) == 1

    found = reconcile(
        client, msgspec.structs.replace(settings, lenders="native,fineract"), date.fromisoformat(first["dueOn"])
    )
    assert found.mismatches == [], found.mismatches
    assert found.recorded_payments == 1


def test_a_fineract_borrower_who_set_up_autopay_in_hindi_gets_the_pre_debit_notice_in_hindi(
    both: GatewayClient,
) -> None:
    """Fineract keeps no language for a client: the gateway tells the companion the borrower's
    language at the set-up with the mandate and each debit, and the companion writes its reminders
    of the loan, the pre-debit notice and a failed debit's reminder in it."""
    client = both
    client.cookies.set("lang", "hi")
    log_in(client, RAMESH)
    mandate = active_mandate(client, LOAN, "fin-autopay-hindi-0001")
    first = mandate["debits"][0]
    # A week before: the reminder says, in Hindi, that AutoPay will debit it.
    move_to(client, f"{date.fromisoformat(first['dueOn']) - timedelta(days=7)}T09:00:00+05:30")
    [reminder] = sms_about(client, f"{LOAN}/{first['dueOn']}")
    assert (reminder["language"], reminder["dltTemplateId"]) == ("hi", DLT_TEMPLATES[("reminder_autopay_upi", "hi")])
    move_to(client, f"{date.fromisoformat(first['dueOn']) - timedelta(days=2)}T09:00:00+05:30")
    assert autopay(client, LOAN)["mandate"]["debits"][0]["status"] == "noticed"
    [notice] = sms_about(client, first["paymentId"])
    assert (notice["language"], notice["dltTemplateId"]) == ("hi", DLT_TEMPLATES[("autopay_notice", "hi")])
    assert "ऑटोपे" in notice["message"] and LOAN in notice["message"]
    [mail] = mails_about(client, first["paymentId"])
    assert mail["kind"] == "autopayNotice" and "ऑटोपे" in mail["subject"]

    # The bank declines the debit: its reminder, with the instalment's link, in Hindi too.
    declined = client.post(
        f"/_mocks/payments/subscriptions/{mandate['cfSubscriptionId']}/debits/fail",
        json={"failure_reason": "INSUFFICIENT_FUNDS"},
    )
    assert declined.status_code == 200, declined.text
    client.post("/_mocks/clock", json={"days": 2, "hours": 6})
    assert after_webhooks(client, LOAN, mandate["cfSubscriptionId"])["debits"][0]["status"] == "failed"
    linked = [s for s in sms_about(client, f"{LOAN}/{first['dueOn']}") if "/l/" in s["message"]]
    assert linked and {s["language"] for s in linked} == {"hi"}


def test_a_fineract_debit_waits_for_the_lenders_checker_is_booked_once_approved_and_refunded_in_full_when_rejected(
    make_client: Callable[[Settings], GatewayClient], settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With Fineract's maker-checker on, a repayment is answered 200 and booked only when the
    lender's checker approves it. A debit taken is then neither called booked nor posted again:
    the gateway keeps telling the companion until the checker approves (booked once, its receipt
    mailed once) or rejects it (the debit refunded in full at the provider, never booked)."""
    client, job = with_the_job(make_client, msgspec.structs.replace(settings, lenders="native,fineract"), monkeypatch)
    client.post("/_mocks/reset")
    log_in(client, RAMESH)
    mandate = active_mandate(client, LOAN, "fin-autopay-checker-01")
    first, second = mandate["debits"][0], mandate["debits"][1]
    assert client.post("/_mocks/fineract/qa", json={"makerChecker": True}).status_code == 200
    before = outstanding(client)

    # Taken: the companion posts the repayment once, and Fineract's checker holds it.
    move_to(client, f"{date.fromisoformat(first['dueOn']) - timedelta(days=2)}T09:00:00+05:30")
    assert autopay(client, LOAN)["mandate"]["debits"][0]["status"] == "noticed"
    client.post("/_mocks/clock", json={"days": 2, "hours": 2})
    assert after_webhooks(client, LOAN, mandate["cfSubscriptionId"])["debits"][0]["status"] == "debited"
    told = tell_companion(client, mandate["mandateId"], first["paymentId"])
    assert told == {"paymentId": first["paymentId"], "status": "waiting", "orderId": None}
    job()  # the gateway's follow-up tells it again: nothing is posted again
    [held] = awaiting_the_checker(client)
    assert f"MANDATE_{first['paymentId']}" in held["commandAsJson"]
    assert mandate_repayments(client) == [] and outstanding(client) == before
    assert receipts(client) == []
    # Nor is the borrower reminded to pay by hand what the debit took.
    assert [m for m in outbox(client) if m["reference"] == f"{LOAN}/{first['dueOn']}" and "/l/" in m["message"]] == []

    # The checker approves: booked once; the next tell finds it, mails its receipt, and the
    # gateway stops following it.
    approve = client.post(f"{FINERACT}/makercheckers/{held['id']}", params={"command": "approve"}, headers=BASIC)
    assert approve.status_code == 200, approve.text
    job()
    [booked] = mandate_repayments(client)
    assert booked["externalId"] == f"pg-{cf_payment_id(client, first['paymentId'])}"
    assert outstanding(client) == before - Decimal(first["amount"])
    assert tell_companion(client, mandate["mandateId"], first["paymentId"])["status"] == "booked"
    job()
    [receipt] = receipts(client, wait_for=1)
    assert Decimal(first["amount"]) == Decimal("2090.00") and "₹2,090.00" in receipt["message"]
    assert awaiting_the_checker(client) == [] and len(mandate_repayments(client)) == 1

    # The next debit's booking the checker rejects: the lender never books it and refunds the
    # debit in full at the provider, once; the loan page says so and nothing more is owed of it.
    move_to(client, f"{date.fromisoformat(second['dueOn']) - timedelta(days=2)}T09:00:00+05:30")
    assert autopay(client, LOAN)["mandate"]["debits"][1]["status"] == "noticed"
    client.post("/_mocks/clock", json={"days": 2, "hours": 2})
    assert after_webhooks(client, LOAN, mandate["cfSubscriptionId"])["debits"][1]["status"] == "debited"
    job()
    [held] = awaiting_the_checker(client)
    assert f"MANDATE_{second['paymentId']}" in held["commandAsJson"]
    # The tester rejects it from the QA console, as the lender's checker.
    [listed] = client.get("/_mocks/fineract/qa").json()["awaiting"]
    assert (listed["id"], listed["receiptNumber"], listed["amount"]) == (
        held["id"],
        f"MANDATE_{second['paymentId']}",
        second["amount"],
    )
    reject = client.post(f"/_mocks/fineract/qa/checker/{held['id']}", json={"decision": "reject"})
    assert reject.status_code == 200, reject.text
    assert reject.json()["awaiting"] == []
    assert client.post(f"/_mocks/fineract/qa/checker/{held['id']}", json={"decision": "reject"}).status_code == 404
    job()
    assert autopay(client, LOAN)["mandate"]["debits"][1]["status"] == "refunded"
    [debit] = [d for d in client.get("/_mocks/ledger").json()["mandateDebits"] if d["paymentId"] == second["paymentId"]]
    assert (debit["status"], Decimal(debit["refunded"])) == ("SUCCESS", Decimal(second["amount"]))
    told = tell_companion(client, mandate["mandateId"], second["paymentId"])  # told again: the same refund
    assert told == {"paymentId": second["paymentId"], "status": "refunded", "orderId": None}
    [debit] = [d for d in client.get("/_mocks/ledger").json()["mandateDebits"] if d["paymentId"] == second["paymentId"]]
    assert Decimal(debit["refunded"]) == Decimal(second["amount"])
    assert len(mandate_repayments(client)) == 1 and outstanding(client) == before - Decimal(first["amount"])
    assert len(receipts(client)) == 1
    # The desk sees both: the one booked, and the one refused by the lender and refunded.
    from tests.integration.test_desk_api import AGENT, staff_log_in

    assert staff_log_in(client, AGENT).status_code == 200
    view = client.get("/api/desk/customers", params={"q": RAMESH}).json()
    shown = {r["orderId"]: (r["amount"], r["status"]) for r in view["repayments"]}
    assert shown[f"MANDATE_{first['paymentId']}"] == (first["amount"], "paid")
    assert shown[f"MANDATE_{second['paymentId']}"] == (second["amount"], "refunded")
    invariants = client.get("/_mocks/ledger/invariants").json()
    assert [i["name"] for i in invariants if not i["holds"]] == []

    # The provider's report shows the debit taken and its refund: the day's reconciliation finds
    # neither a debit not booked nor a refund nobody recorded (the lender said it refunded it).
    client.post("/_mocks/clock", json={"days": 3})
    # Owed again: the lender's reminders after the due date carry the instalment's link.
    assert [s for s in sms_about(client, f"{LOAN}/{second['dueOn']}") if "/l/" in s["message"]]
    taken_on = date.fromisoformat(second["dueOn"])
    found = reconcile(
        client, msgspec.structs.replace(settings, lenders="native,fineract"), taken_on, with_database=True
    )
    assert found.mismatches == [], found.mismatches


def test_a_fineract_debit_whose_first_booking_failed_is_booked_once_at_the_next_tell(
    make_client: Callable[[Settings], GatewayClient], settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Fineract keeps a command's failure under its Idempotency-Key and answers it again for ever:
    the companion posts a debit whose booking failed under its next key when told again (the
    gateway's follow-up), and books it once."""
    client, job = with_the_job(make_client, msgspec.structs.replace(settings, lenders="native,fineract"), monkeypatch)
    client.post("/_mocks/reset")
    log_in(client, RAMESH)
    mandate = active_mandate(client, LOAN, "fin-autopay-failed-01")
    first = mandate["debits"][0]
    move_to(client, f"{date.fromisoformat(first['dueOn']) - timedelta(days=2)}T09:00:00+05:30")
    assert autopay(client, LOAN)["mandate"]["debits"][0]["status"] == "noticed"
    assert client.post("/_mocks/fineract/qa", json={"failNext": 1}).status_code == 200
    client.post("/_mocks/clock", json={"days": 2, "hours": 2})
    assert after_webhooks(client, LOAN, mandate["cfSubscriptionId"])["debits"][0]["status"] == "debited"
    job()  # the follow-up tells the companion again (the provider's next word may have already)
    [booked] = mandate_repayments(client)
    assert booked["externalId"] == f"pg-{cf_payment_id(client, first['paymentId'])}"
    job()
    assert len(mandate_repayments(client)) == 1
    # Fineract's audit trail: the first key's command failed, the next key's booked it.
    made = client.get(f"{FINERACT}/audits", params={"resourceId": LOAN_ID}, headers=BASIC).json()
    assert [c["processingResult"] for c in made if "MANDATE_" in c["commandAsJson"]] == ["Error", "Processed"]
    assert tell_companion(client, mandate["mandateId"], first["paymentId"])["status"] == "booked"
    assert len(receipts(client, wait_for=1)) == 1
