"""AutoPay on a Fineract lender's loan (issue 58; LENDERS=native,fineract, the in-process mocks):
the mandate is made on the Fineract lender's own account at the provider and each debit told to
its companion service (Fineract's API has no such call), which reads it there with that account:
the pre-debit notice goes by SMS and mail, a debit taken is booked in Fineract once as a
repayment on the loan (externalId `pg-<provider payment id>`), however often it is told, and a
failed one becomes a reminder with the instalment's payment link. Without a companion the
lender could book no debit, so AutoPay is not offered for its loans."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal
from typing import Any

import msgspec

from gateway.settings import Settings
from tests.conftest import GatewayClient
from tests.integration.test_autopay_api import active_mandate, after_webhooks, autopay, move_to, outbox, set_up
from tests.integration.test_fineract_companion_api import in_fineract
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
    language at the set-up with each debit, and the notice is written in it."""
    client = both
    client.cookies.set("lang", "hi")
    log_in(client, RAMESH)
    mandate = active_mandate(client, LOAN, "fin-autopay-hindi-0001")
    first = mandate["debits"][0]
    move_to(client, f"{first['dueOn']}T09:00:00+05:30")
    client.post("/_mocks/clock", json={"days": -2})
    assert autopay(client, LOAN)["mandate"]["debits"][0]["status"] == "noticed"
    [notice] = sms_about(client, first["paymentId"])
    assert (notice["language"], notice["dltTemplateId"]) == ("hi", DLT_TEMPLATES[("autopay_notice", "hi")])
    assert "ऑटोपे" in notice["message"] and LOAN in notice["message"]
    [mail] = mails_about(client, first["paymentId"])
    assert mail["kind"] == "autopayNotice" and "ऑटोपे" in mail["subject"]
