"""A loan's AutoPay through the gateway and the in-process mocks (issue 58): the terms a UPI AutoPay
mandate would have (the largest instalment left, monthly from the next due date to the last, the
lender whose account it pays), set up once per Idempotency-Key on the lender's own account,
approved in the UPI app (the payments mock's QA control), paused, resumed and cancelled; the
provider's subscription webhooks, signed with the lender's account secret, move it. An eNACH
mandate instead names the borrower's bank account (checked here, refused in our words), is
approved at the borrower's bank and awaits the bank's registration; its debits are not held to
UPI's ₹15,000 limit without fresh authentication. A UPI debit above that limit is never raised:
within the raise window the loan's lender is told, and the borrower gets one SMS and one mail in
their language asking them to pay the instalment through its payment link before its due date."""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from typing import Any

import pytest

import gateway.loans as loans_package
import upstream_mocks.lending.loan_routes as lending_loans
from gateway.loans import autopay_debits
from gateway.loans.autopay_debits import AutoPayDebits
from gateway.settings import Settings
from india.money import rupees_text
from india.time_zone import IST
from tests.autopay_limit import large_seed
from tests.conftest import GatewayClient
from tests.integration.test_portal_api import log_in, pay
from tests.mocks_clock import mocks_now
from upstream_mocks.money import indian_grouping
from upstream_mocks.sms import DLT_TEMPLATES
from upstream_mocks.texts import Language, style

SUNITA = "9123456780"  # LN-1102: current, three instalments paid, the next due in 12 days


def set_up(client: GatewayClient, loan: str, key: str, email: str = "sunita@example.in", **enach: Any) -> Any:
    body = {"email": email, **enach}
    return client.post(f"/api/loans/{loan}/autopay", json=body, headers={**client.xsrf(), "Idempotency-Key": key})


BANK = {
    "accountHolderName": "Sunita  Sharma",
    "accountNumber": "0012 3456 7890",
    "ifsc": "hdfc0001234",
    "accountType": "savings",
    "authMode": "netBanking",
}


def change(client: GatewayClient, loan: str, action: str, key: str) -> Any:
    return client.post(
        f"/api/loans/{loan}/autopay/changes", json={"action": action}, headers={**client.xsrf(), "Idempotency-Key": key}
    )


def mandate_word(client: GatewayClient, cf_subscription_id: str, outcome: str) -> None:
    told = client.post(f"/_mocks/payments/subscriptions/{cf_subscription_id}/mandate", json={"outcome": outcome})
    assert told.status_code == 200, told.text


def autopay(client: GatewayClient, loan: str) -> dict[str, Any]:
    read = client.get(f"/api/loans/{loan}/autopay")
    assert read.status_code == 200, read.text
    answer: dict[str, Any] = read.json()
    return answer


def told(client: GatewayClient, cf_subscription_id: str) -> list[dict[str, Any]]:
    """The provider's webhooks about the mandate, answered by the mock once every one queued so
    far (by its QA controls, our calls or the clock) has reached the gateway and been answered."""
    sent = client.get(f"/_mocks/payments/subscriptions/{cf_subscription_id}/webhooks")
    assert sent.status_code == 200, sent.text
    webhooks: list[dict[str, Any]] = sent.json()
    assert [w for w in webhooks if w["outcome"] != "delivered"] == []
    return webhooks


def after_webhooks(client: GatewayClient, loan: str, cf_subscription_id: str) -> dict[str, Any]:
    """The mandate once the gateway has heard every webhook the provider sent about it."""
    told(client, cf_subscription_id)
    mandate: dict[str, Any] = autopay(client, loan)["mandate"]
    return mandate


def test_autopay_is_set_up_on_the_lenders_account_approved_paused_resumed_and_cancelled(client: GatewayClient) -> None:
    log_in(client, SUNITA)
    schedule = client.get("/api/loans/LN-1102/schedule").json()["instalments"]
    left = [i for i in schedule if i["status"] in ("due", "upcoming")]
    loan = next(one for one in client.get("/api/loans/").json() if one["loanNumber"] == "LN-1102")
    before = autopay(client, "LN-1102")
    assert before["mandate"] is None
    terms = before["terms"]
    assert terms["frequency"] == "monthly" and terms["lenderName"] == loan["lender"]["name"]
    assert (terms["startOn"], terms["endOn"]) == (left[0]["dueOn"], left[-1]["dueOn"])
    assert float(terms["maxAmount"]) >= max(float(i["amount"]) for i in left)
    assert terms["authenticationLimit"] == "15000.00"

    refused = set_up(client, "LN-1102", "autopay-key-0001", email="not-an-address")
    assert refused.status_code == 422 and refused.json()["error"]["code"] == "email_invalid"
    made = set_up(client, "LN-1102", "autopay-key-0002")
    assert made.status_code == 201, made.text
    mandate = made.json()
    assert mandate["status"] == "pendingApproval" and mandate["approvalLink"].startswith("upi://mandate?")
    assert mandate["debitedAccount"] is None  # a UPI mandate's account is the UPI app's own
    assert (mandate["maxAmount"], mandate["startOn"], mandate["endOn"]) == (
        terms["maxAmount"],
        terms["startOn"],
        terms["endOn"],
    )
    assert [d["dueOn"] for d in mandate["debits"]] == [i["dueOn"] for i in left]
    assert {d["status"] for d in mandate["debits"]} == {"planned"}
    assert len(mandate["mandateId"]) <= 32 and all(len(d["paymentId"]) <= 32 for d in mandate["debits"])
    again = set_up(client, "LN-1102", "autopay-key-0002")
    assert again.json()["mandateId"] == mandate["mandateId"]  # the same key: the same mandate

    mandate_word(client, mandate["cfSubscriptionId"], "approved")  # in the UPI app
    shown = after_webhooks(client, "LN-1102", mandate["cfSubscriptionId"])
    assert shown["status"] == "active" and shown["approvalLink"] is None
    assert set_up(client, "LN-1102", "autopay-key-0003").json()["error"]["code"] == "autopay_exists"

    assert change(client, "LN-1102", "pause", "autopay-pause-01").json()["status"] == "paused"
    assert autopay(client, "LN-1102")["mandate"]["providerStatus"] == "ON_HOLD"
    assert change(client, "LN-1102", "resume", "autopay-resume-01").json()["status"] == "active"
    assert change(client, "LN-1102", "cancel", "autopay-cancel-01").json()["status"] == "cancelled"
    after = autopay(client, "LN-1102")["mandate"]
    assert after["status"] == "cancelled" and {d["status"] for d in after["debits"]} == {"cancelled"}


def test_a_mandate_revoked_at_the_bank_is_shown_cancelled_and_a_forged_event_is_refused(
    client: GatewayClient,
) -> None:
    log_in(client, SUNITA)
    mandate = set_up(client, "LN-1102", "autopay-key-0101").json()
    mandate_word(client, mandate["cfSubscriptionId"], "approved")
    mandate_word(client, mandate["cfSubscriptionId"], "cancelled")  # revoked at the payer's bank
    shown = after_webhooks(client, "LN-1102", mandate["cfSubscriptionId"])
    assert (shown["status"], shown["providerStatus"]) == ("cancelled", "CUSTOMER_CANCELLED")
    forged = client.post(
        "/api/webhooks/payments/mandates/native",
        content=b'{"type": "SUBSCRIPTION_STATUS_CHANGED"}',
        headers={"content-type": "application/json", "x-webhook-timestamp": "1", "x-webhook-signature": "forged"},
    )
    assert forged.status_code == 401


RAMESH = "9876543210"  # LN-1001, the loan the lender collects online: its instalments ~Rs. 11,000


def outbox(client: GatewayClient) -> list[dict[str, Any]]:
    mails: list[dict[str, Any]] = client.get("/_mocks/mail/outbox").json()
    return mails


def move_to(client: GatewayClient, at: str) -> None:
    moved = client.post("/_mocks/clock", json={"at": at})
    assert moved.status_code == 200, moved.text


def with_the_job(
    make_client: Callable[[Settings], GatewayClient], settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> tuple[GatewayClient, Callable[[], int]]:
    """A gateway whose own `autopay-debits` job the test runs by hand: the client, and one run."""
    jobs: list[AutoPayDebits] = []

    def kept(services: Any, service: Any) -> AutoPayDebits:
        jobs.append(autopay_debits(services, service))
        return jobs[-1]

    monkeypatch.setattr(loans_package, "autopay_debits", kept)
    client = make_client(settings)
    return client, lambda: client.blocking_portal.call(jobs[0].run)


def active_mandate(client: GatewayClient, loan: str, key: str) -> dict[str, Any]:
    mandate: dict[str, Any] = set_up(client, loan, key, email="ramesh@example.in").json()
    mandate_word(client, mandate["cfSubscriptionId"], "approved")
    return after_webhooks(client, loan, mandate["cfSubscriptionId"])


def test_each_debit_is_noticed_a_day_ahead_booked_once_failed_into_a_reminder_and_stopped_by_cancelling(
    client: GatewayClient,
) -> None:
    log_in(client, RAMESH)
    mandate = active_mandate(client, "LN-1001", "autopay-key-0201")
    first, second = mandate["debits"][0], mandate["debits"][1]
    # Two days before the first debit: it is raised, and its pre-debit notice mailed and sent by SMS.
    move_to(client, f"{first['dueOn']}T09:00:00+05:30")
    client.post("/_mocks/clock", json={"days": -2})
    shown = autopay(client, "LN-1001")["mandate"]
    assert shown["debits"][0]["status"] == "noticed"
    notices = [m for m in outbox(client) if m["reference"] == first["paymentId"]]
    assert len(notices) == 1 and "AutoPay" in notices[0]["subject"]
    # The clock passes the debit: taken, booked once at the lender as a repayment, its receipt mailed.
    client.post("/_mocks/clock", json={"days": 2, "hours": 2})
    shown = after_webhooks(client, "LN-1001", mandate["cfSubscriptionId"])
    assert shown["debits"][0]["status"] == "debited"
    paid = [p for p in client.get("/api/portal/payments").json() if p["orderId"] == f"MANDATE_{first['paymentId']}"]
    assert [p["status"] for p in paid] == ["paid"] and paid[0]["amount"] == first["amount"]

    # The bank declines the next debit (and its retries): a reminder with the instalment's link.
    assert (
        client.post(
            f"/_mocks/payments/subscriptions/{mandate['cfSubscriptionId']}/debits/fail",
            json={"failure_reason": "INSUFFICIENT_FUNDS"},
        ).status_code
        == 200
    )
    move_to(client, f"{second['dueOn']}T09:00:00+05:30")
    client.post("/_mocks/clock", json={"days": -2})
    assert autopay(client, "LN-1001")["mandate"]["debits"][1]["status"] == "noticed"
    client.post("/_mocks/clock", json={"days": 2, "hours": 6})
    shown = after_webhooks(client, "LN-1001", mandate["cfSubscriptionId"])
    assert shown["debits"][1]["status"] == "failed"
    reminders = client.get("/_mocks/lending/reminders").json()
    assert any(r["loanNumber"] == "LN-1001" and r["linkUrl"] for r in reminders)

    # Cancelled: nothing more is raised or debited.
    assert change(client, "LN-1001", "cancel", "autopay-cancel-0201").json()["status"] == "cancelled"
    client.post("/_mocks/clock", json={"days": 40})
    after = autopay(client, "LN-1001")["mandate"]
    assert [d["status"] for d in after["debits"][2:]] == ["cancelled"] * len(after["debits"][2:])
    again = [p for p in client.get("/api/portal/payments").json() if p["orderId"].startswith("MANDATE_")]
    assert len(again) == 1  # the first debit, once


def test_foreclosing_the_loan_cancels_its_autopay(client: GatewayClient) -> None:
    from tests.integration.test_loan_foreclosure_api import pay_quote
    from tests.integration.test_portal_repayments_api import checkout

    log_in(client, SUNITA)
    mandate = set_up(client, "LN-1102", "autopay-key-0301").json()
    mandate_word(client, mandate["cfSubscriptionId"], "approved")
    assert after_webhooks(client, "LN-1102", mandate["cfSubscriptionId"])["status"] == "active"
    quote = client.get("/api/loans/LN-1102/foreclosure").json()
    payment = pay_quote(client, "LN-1102", quote["total"], "close-key-0301").json()  # type: ignore[attr-defined]
    checkout(client, payment)
    closed = client.post(
        f"/api/loans/LN-1102/foreclosure/payments/{payment['paymentLogId']}/confirm", headers=client.xsrf()
    ).json()
    assert closed["paid"] is True
    after = autopay(client, "LN-1102")
    assert after["mandate"]["status"] == "cancelled" and after["terms"] is None


def test_an_enach_mandate_names_a_valid_account_is_authorised_at_the_bank_and_awaits_its_registration(
    client: GatewayClient,
) -> None:
    log_in(client, SUNITA)
    refusals = [
        ({}, "invalid_request"),
        ({"bank": {**BANK, "ifsc": "HDFC1001234"}}, "ifsc_invalid"),
        ({"bank": {**BANK, "ifsc": "HDFC000123"}}, "ifsc_invalid"),
        ({"bank": {**BANK, "accountNumber": "12345678"}}, "account_number_invalid"),
        ({"bank": {**BANK, "accountNumber": "00123456789O"}}, "account_number_invalid"),
        ({"bank": {**BANK, "accountHolderName": "  "}}, "account_name_missing"),
    ]
    for n, (bank, code) in enumerate(refusals):
        refused = set_up(client, "LN-1102", f"enach-bad-{n:04d}", method="enach", **bank)
        assert refused.status_code == 422, refused.text
        assert refused.json()["error"]["code"] == code
    assert autopay(client, "LN-1102")["mandate"] is None  # nothing was made at the provider

    made = set_up(client, "LN-1102", "enach-key-0001", method="enach", bank=BANK)
    assert made.status_code == 201, made.text
    mandate = made.json()
    assert (mandate["method"], mandate["status"], mandate["bankApprovalPending"]) == ("enach", "pendingApproval", False)
    # The account it debits, as the borrower may read it back: never the whole number.
    assert mandate["debitedAccount"] == {"ending": "7890", "bank": "HDFC"}
    assert "001234567890" not in made.text
    link = mandate["approvalLink"]
    assert link.startswith("http") and link.endswith(
        f"/_mocks/payments/subscriptions/{mandate['cfSubscriptionId']}/bank"
    )
    bank_page = client.get(link[link.index("/_mocks/") :])
    assert bank_page.status_code == 200 and "ending 7890 at HDFC, by net banking" in bank_page.text

    mandate_word(client, mandate["cfSubscriptionId"], "authorised")  # at the bank, by net banking
    shown = after_webhooks(client, "LN-1102", mandate["cfSubscriptionId"])
    assert (shown["status"], shown["providerStatus"], shown["approvalLink"]) == (
        "pendingApproval",
        "BANK_APPROVAL_PENDING",
        None,
    )
    assert set_up(client, "LN-1102", "enach-key-0002", method="enach", bank=BANK).status_code == 409

    mandate_word(client, mandate["cfSubscriptionId"], "rejected")  # the bank did not register it
    shown = after_webhooks(client, "LN-1102", mandate["cfSubscriptionId"])
    assert shown["providerStatus"] == "INITIALIZED"
    assert (shown["status"], shown["bankApprovalPending"]) == ("pendingApproval", False)

    # Asked again, perhaps on another account: the rejected mandate is cancelled, a new one made.
    other = {**BANK, "accountNumber": "55500011122", "ifsc": "SBIN0000456", "authMode": "debitCard"}
    again = set_up(client, "LN-1102", "enach-key-0003", method="enach", bank=other).json()
    assert again["mandateId"] != mandate["mandateId"] and again["status"] == "pendingApproval"
    assert again["debitedAccount"] == {"ending": "1122", "bank": "SBIN"}
    assert (
        "ending 1122 at SBIN, by debit card"
        in client.get(f"/_mocks/payments/subscriptions/{again['cfSubscriptionId']}/bank").text
    )
    mandate_word(client, again["cfSubscriptionId"], "authorised")
    mandate_word(client, again["cfSubscriptionId"], "approved")
    shown = after_webhooks(client, "LN-1102", again["cfSubscriptionId"])
    assert (shown["status"], shown["method"], shown["bankApprovalPending"]) == ("active", "enach", False)
    first_at_bank = client.get(f"/_mocks/payments/subscriptions/{mandate['cfSubscriptionId']}/bank")
    assert "CANCELLED" in first_at_bank.text  # the rejected one, cancelled at the provider


def enach_banks(client: GatewayClient, loan: str) -> dict[str, Any]:
    read = client.get(f"/api/loans/{loan}/autopay/enach-banks")
    assert read.status_code == 200, read.text
    answer: dict[str, Any] = read.json()
    return answer


def test_the_provider_lists_the_banks_for_enach_and_a_bank_without_it_is_refused_in_our_words(
    client: GatewayClient,
) -> None:
    log_in(client, SUNITA)
    # The provider lists banks per subscription: the lender's account has none yet.
    assert enach_banks(client, "LN-1102") == {"known": False, "banks": []}
    assert client.get("/api/loans/LN-1001/autopay/enach-banks").status_code == 404  # Ramesh's loan

    # The account's first mandate: its bank is held to the list asked with the new subscription.
    coop = {**BANK, "ifsc": "ZCBL0000001"}  # a co-operative bank on physical NACH only
    refused = set_up(client, "LN-1102", "enach-bank-0001", method="enach", bank=coop)
    assert refused.status_code == 422, refused.text
    assert refused.json()["error"] | {"message": ""} == {
        "code": "enach_bank_unsupported",
        "field": "bank.ifsc",
        "message": "",
    }
    assert "does not offer eNACH" in refused.json()["error"]["message"]
    assert autopay(client, "LN-1102")["mandate"] is None

    listed = enach_banks(client, "LN-1102")
    banks = {bank["code"]: bank for bank in listed["banks"]}
    assert listed["known"] is True and "ZCBL" not in banks
    assert banks["HDFC"] == {
        "code": "HDFC",
        "name": "HDFC BANK LTD",
        "authModes": ["debitCard", "netBanking", "aadhaar"],
        "accountTypes": ["savings", "current"],
        "frequent": True,
    }
    assert banks["SBIN"]["authModes"] == ["debitCard", "netBanking"]
    assert banks["SVCB"]["authModes"] == ["netBanking"]

    lacking = set_up(
        client,
        "LN-1102",
        "enach-bank-0002",
        method="enach",
        bank={**BANK, "ifsc": "SVCB0000123", "authMode": "debitCard"},
    )
    assert lacking.status_code == 422, lacking.text
    assert (lacking.json()["error"]["code"], lacking.json()["error"]["field"]) == (
        "enach_auth_mode_unsupported",
        "bank.authMode",
    )
    assert autopay(client, "LN-1102")["mandate"] is None


def test_an_aadhaar_mandate_is_set_up_and_approved_and_a_mode_the_bank_lacks_is_refused_before_the_provider(
    client: GatewayClient,
) -> None:
    log_in(client, SUNITA)
    upi = set_up(client, "LN-1102", "aadhaar-key-0001")  # a UPI mandate first, awaiting approval
    assert upi.status_code == 201, upi.text
    banks = {bank["code"]: bank for bank in enach_banks(client, "LN-1102")["banks"]}  # asked with the UPI one
    assert "aadhaar" not in banks["SBIN"]["authModes"]

    sbi = {**BANK, "accountNumber": "55500011122", "ifsc": "SBIN0000456", "authMode": "aadhaar"}
    refused = set_up(client, "LN-1102", "aadhaar-key-0002", method="enach", bank=sbi)
    assert refused.status_code == 422, refused.text
    assert refused.json()["error"]["field"] == "bank.authMode"
    # Refused before the provider: the UPI mandate was not cancelled for it.
    still = autopay(client, "LN-1102")["mandate"]
    assert (still["mandateId"], still["method"], still["providerStatus"]) == (
        upi.json()["mandateId"],
        "upi",
        "INITIALIZED",
    )

    made = set_up(client, "LN-1102", "aadhaar-key-0003", method="enach", bank={**BANK, "authMode": "aadhaar"})
    assert made.status_code == 201, made.text
    mandate = made.json()
    assert (mandate["method"], mandate["debitedAccount"]) == ("enach", {"ending": "7890", "bank": "HDFC"})
    page = client.get(f"/_mocks/payments/subscriptions/{mandate['cfSubscriptionId']}/bank")
    assert "ending 7890 at HDFC, by aadhaar" in page.text
    mandate_word(client, mandate["cfSubscriptionId"], "authorised")  # e-signed with the Aadhaar OTP
    mandate_word(client, mandate["cfSubscriptionId"], "approved")
    shown = after_webhooks(client, "LN-1102", mandate["cfSubscriptionId"])
    assert (shown["status"], shown["method"]) == ("active", "enach")


@pytest.mark.parametrize(("method", "shown"), [("upi", "authenticate"), ("enach", "noticed")])
def test_only_a_upi_debit_above_the_e_mandate_limit_waits_for_the_borrowers_authentication(
    client: GatewayClient, monkeypatch: pytest.MonkeyPatch, method: str, shown: str
) -> None:
    # LN-1001's instalments are below ₹15,000: the limit is lowered to put its debit above it.
    debits = importlib.import_module("gateway.loans.autopay_debits")  # the package names a function so
    monkeypatch.setattr(debits, "AUTHENTICATION_LIMIT", Decimal("100.00"))
    log_in(client, RAMESH)
    enach = {"method": "enach", "bank": BANK} if method == "enach" else {}
    mandate = set_up(client, "LN-1001", f"limit-key-{method}", email="ramesh@example.in", **enach).json()
    mandate_word(client, mandate["cfSubscriptionId"], "approved")
    first = after_webhooks(client, "LN-1001", mandate["cfSubscriptionId"])["debits"][0]
    move_to(client, f"{first['dueOn']}T09:00:00+05:30")
    client.post("/_mocks/clock", json={"days": -2})
    assert autopay(client, "LN-1001")["mandate"]["debits"][0]["status"] == shown


def lender_keys(settings: Settings) -> dict[str, str]:
    """The lender's own account at the provider, as it reads what the account holds."""
    return {
        "x-client-id": settings.lending_payments_client_id,
        "x-client-secret": settings.lending_payments_client_secret,
        "x-api-version": "2025-01-01",
    }


def sent_about(client: GatewayClient, payment_id: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The SMS and the mails the borrower got about one debit (the mocks' outboxes)."""
    texts = client.get("/_mocks/mail/sms", params={"mobile": RAMESH}).json()
    return [s for s in texts if s["reference"] == payment_id], [
        m for m in outbox(client) if m["reference"] == payment_id
    ]


@pytest.mark.parametrize("language", ["en", "hi"])
def test_a_upi_debit_above_the_limit_is_not_raised_and_the_borrower_is_told_once_to_pay_it_by_its_link(
    make_client: Callable[[Settings], GatewayClient],
    settings: Settings,
    monkeypatch: pytest.MonkeyPatch,
    language: Language,
) -> None:
    # LN-1001 with instalments above ₹15,000 in the lender's own books (no seeded loan has one).
    monkeypatch.setattr(lending_loans, "seed_loans", large_seed(lending_loans.seed_loans))
    client, job = with_the_job(make_client, settings, monkeypatch)
    client.cookies.set("lang", language)  # the lender writes to the borrower in the language they use
    log_in(client, RAMESH)
    mandate = active_mandate(client, "LN-1001", f"limit-notice-{language}")
    first = mandate["debits"][0]
    due, amount = date.fromisoformat(first["dueOn"]), Decimal(first["amount"])
    assert amount > Decimal("15000.00") and mandate["method"] == "upi"

    job()  # outside the raise window: nothing yet
    assert autopay(client, "LN-1001")["mandate"]["debits"][0]["status"] == "planned"
    assert sent_about(client, first["paymentId"]) == ([], [])

    # Two days before its due date (within the window, more than 24 hours ahead): not raised, the
    # lender told, and its notice sent by SMS and mail in the borrower's language.
    move_to(client, f"{first['dueOn']}T09:00:00+05:30")
    client.post("/_mocks/clock", json={"days": -2})
    assert mocks_now(client) < datetime.combine(due, time(10), IST) - timedelta(hours=24)
    # The lender cannot be told at first: the debit waits all the same, told again at the next run.
    down = {"mock": "lending", "path": "webRepayment/partnerMandateDebits", "status": 503}
    assert client.post("/_mocks/scenarios", json=down).status_code == 201
    assert job() == 1
    assert autopay(client, "LN-1001")["mandate"]["debits"][0]["status"] == "authenticate"
    assert sent_about(client, first["paymentId"]) == ([], [])
    assert client.delete("/_mocks/scenarios").status_code == 204
    assert job() == 0
    [sms], [mail] = sent_about(client, first["paymentId"])
    assert (sms["language"], sms["dltTemplateId"]) == (language, DLT_TEMPLATES[("autopay_authenticate", language)])
    words = (rupees_text(amount), style.day(language, due), "LN-1001")
    assert all(word in sms["message"] and word in mail["message"] for word in words)
    assert mail["kind"] == "autopayAuthenticate" and style.day(language, due) in mail["subject"]
    found = re.search(r"http://127\.0\.0\.1:8000(/l/[0-9A-Za-z]{10})\b", sms["message"])
    assert found is not None and found.group(0) in mail["message"]
    # The link works: our short link leads to the provider's page for the instalment's amount.
    hop = client.get(found.group(1), follow_redirects=False)
    assert hop.status_code == 302, hop.text
    page = client.get(hop.headers["location"])
    assert page.status_code == 200 and "Instalment of loan LN-1001" in page.text
    assert f"₹{indian_grouping(amount)}" in page.text

    # Nothing was raised at the provider: the mandate's only payment is its authorisation.
    payments = client.get(
        f"/_mocks/payments/pg/subscriptions/{mandate['mandateId']}/payments", headers=lender_keys(settings)
    )
    assert payments.status_code == 200, payments.text
    assert [p["payment_type"] for p in payments.json()] == ["AUTH"]

    # The job again, and the page read again: nothing more is sent.
    assert job() == 0
    autopay(client, "LN-1001")
    assert sent_about(client, first["paymentId"]) == ([sms], [mail])


def test_a_set_up_asked_again_after_its_approval_was_lost_can_still_be_approved(client: GatewayClient) -> None:
    """The provider does not answer the mandate's AUTH (the mandate already made and kept): the same
    ask again (its Idempotency-Key) raises the AUTH then, so the borrower has a link to approve in
    their UPI app, and the bank's approval makes the one mandate active."""
    log_in(client, SUNITA)
    down = {"mock": "payments", "path": "pg/subscriptions/pay", "status": 503, "times": 1}
    assert client.post("/_mocks/scenarios", json=down).status_code == 201
    lost = set_up(client, "LN-1102", "autopay-lost-auth-1")
    assert lost.status_code >= 500, lost.text
    again = set_up(client, "LN-1102", "autopay-lost-auth-1")
    assert again.status_code in (200, 201), again.text
    mandate = again.json()
    assert mandate["status"] == "pendingApproval" and mandate["approvalLink"].startswith("upi://mandate?"), mandate
    mandate_word(client, mandate["cfSubscriptionId"], "approved")
    shown = after_webhooks(client, "LN-1102", mandate["cfSubscriptionId"])
    assert (shown["mandateId"], shown["status"], shown["approvalLink"]) == (mandate["mandateId"], "active", None)


def reminded_of(client: GatewayClient, loan: str, due: str) -> list[int]:
    """The days from its due date on which the lender reminded the borrower to pay an instalment."""
    sent = client.get("/_mocks/lending/reminders").json()
    return [r["daysFromDue"] for r in sent if r["loanNumber"] == loan and r["dueDate"] == due]


def test_an_instalment_autopay_will_take_is_not_reminded_to_be_paid_by_hand_until_its_debit_fails(
    client: GatewayClient,
) -> None:
    """Once its debit is raised (the pre-debit notice sent), the lender leaves out the reminders
    before and on the due date, whose links would pay the instalment twice; a debit that fails is
    reminded of with its link; a mandate cancelled before the next debit leaves its reminders as
    they were."""
    log_in(client, RAMESH)
    mandate = active_mandate(client, "LN-1001", "autopay-key-0301")
    first, second = mandate["debits"][0], mandate["debits"][1]
    due = date.fromisoformat(first["dueOn"])
    # Three days before, at 09:00: that day's reminder went (the debit not raised yet: more than
    # three days ahead of its 10:00 until 10:00).
    move_to(client, f"{due - timedelta(days=3)}T09:00:00+05:30")
    before = reminded_of(client, "LN-1001", first["dueOn"])
    assert before[-1:] == [-3]
    # Two days before: raised (the page's read raises it), its notice sent; then to the due date.
    move_to(client, f"{due - timedelta(days=2)}T07:00:00+05:30")
    assert autopay(client, "LN-1001")["mandate"]["debits"][0]["status"] == "noticed"
    move_to(client, f"{first['dueOn']}T09:00:00+05:30")
    assert reminded_of(client, "LN-1001", first["dueOn"]) == before  # not the day before, nor the day

    # Cancelled before the next debit is raised: that instalment is reminded of as any other.
    assert change(client, "LN-1001", "cancel", "autopay-cancel-0301").json()["status"] == "cancelled"
    move_to(client, f"{second['dueOn']}T09:00:00+05:30")
    assert reminded_of(client, "LN-1001", second["dueOn"])[-4:] == [-7, -3, -1, 0]


def test_an_enach_mandate_registered_while_its_webhook_was_lost_is_found_active_by_the_job(
    make_client: Callable[[Settings], GatewayClient], settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bank registers an eNACH mandate (UMRN) and the provider's webhook never arrives: the
    AutoPay job reads a mandate awaiting its bank's registration again, as it does one awaiting the
    borrower's approval, and the page shows it active."""
    client, job = with_the_job(make_client, settings, monkeypatch)
    log_in(client, SUNITA)
    mandate = set_up(client, "LN-1102", "enach-lost-0001", method="enach", bank=BANK).json()
    mandate_word(client, mandate["cfSubscriptionId"], "authorised")  # at the bank, by net banking
    shown = after_webhooks(client, "LN-1102", mandate["cfSubscriptionId"])
    assert (shown["status"], shown["bankApprovalPending"]) == ("pendingApproval", True)

    lost = {"mock": "payments", "path": "webhook", "webhook": "drop"}
    assert client.post("/_mocks/scenarios", json=lost).status_code == 201
    mandate_word(client, mandate["cfSubscriptionId"], "approved")  # registered: its word never comes
    sent = client.get(f"/_mocks/payments/subscriptions/{mandate['cfSubscriptionId']}/webhooks").json()
    assert {w["outcome"] for w in sent} == {"delivered", "dropped"}, sent
    shown = autopay(client, "LN-1102")["mandate"]
    assert (shown["status"], shown["bankApprovalPending"]) == ("pendingApproval", True)

    job()
    shown = autopay(client, "LN-1102")["mandate"]
    assert (shown["status"], shown["providerStatus"], shown["bankApprovalPending"]) == ("active", "ACTIVE", False)


def reminder_texts(client: GatewayClient, loan: str, due: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The SMS and the mails the borrower got reminding them of one instalment (its reference)."""
    reference = f"{loan}/{due}"
    texts = client.get("/_mocks/mail/sms", params={"mobile": RAMESH}).json()
    return [s for s in texts if s["reference"] == reference], [m for m in outbox(client) if m["reference"] == reference]


def reminders_of(client: GatewayClient, loan: str, due: str) -> list[dict[str, Any]]:
    sent: list[dict[str, Any]] = client.get("/_mocks/lending/reminders").json()
    return [r for r in sent if r["loanNumber"] == loan and r["dueDate"] == due]


SHORT_LINK = re.compile(r"http://127\.0\.0\.1:8000/l/[0-9A-Za-z]{10}\b")


@pytest.mark.parametrize("language", ["en", "hi"])
def test_a_week_before_an_instalment_autopay_will_debit_the_reminder_says_so_without_a_link_unless_it_is_paused(
    make_client: Callable[[Settings], GatewayClient], settings: Settings, language: Language
) -> None:
    """Told of the mandate once it is active, the lender's reminder 7 days before an instalment says
    UPI AutoPay will debit it (amount, due date) and to keep the balance, in the borrower's language,
    with no link to pay it by hand beside the debit; with the mandate paused, the usual reminder
    with the instalment's payment link."""
    client = make_client(settings)
    client.cookies.set("lang", language)  # the lender writes to the borrower in the language they use
    log_in(client, RAMESH)
    mandate = active_mandate(client, "LN-1001", f"remind-autopay-{language}")
    first, second = mandate["debits"][0], mandate["debits"][1]
    due, amount = date.fromisoformat(first["dueOn"]), Decimal(first["amount"])
    assert mocks_now(client).date() < due - timedelta(days=7)

    move_to(client, f"{due - timedelta(days=7)}T09:00:00+05:30")
    [reminder] = reminders_of(client, "LN-1001", first["dueOn"])
    assert (reminder["daysFromDue"], reminder["linkUrl"], reminder["autopay"]) == (-7, None, True)
    [sms], [mail] = reminder_texts(client, "LN-1001", first["dueOn"])
    assert (sms["language"], sms["dltTemplateId"]) == (language, DLT_TEMPLATES[("reminder_autopay_upi", language)])
    autopay_word = {"en": "UPI AutoPay", "hi": "UPI ऑटोपे"}[language]
    keep_balance = {"en": "Keep the balance there", "hi": "पर्याप्त राशि रखें"}[language]
    for text in (sms["message"], mail["message"]):
        assert rupees_text(amount) in text and style.day(language, due) in text and "LN-1001" in text
        assert autopay_word in text and keep_balance in text
        assert "http" not in text and "/l/" not in text  # nothing to pay it with by hand
    assert mail["kind"] == "autopayReminder" and style.day(language, due) in mail["subject"]

    # Paused: AutoPay will not take the next one; its reminder is the usual one, with its link.
    assert change(client, "LN-1001", "pause", f"remind-pause-{language}").json()["status"] == "paused"
    next_due = date.fromisoformat(second["dueOn"])
    move_to(client, f"{next_due - timedelta(days=7)}T09:00:00+05:30")
    [reminder] = reminders_of(client, "LN-1001", second["dueOn"])
    assert (reminder["daysFromDue"], reminder["autopay"]) == (-7, False) and reminder["linkUrl"]
    [sms], [mail] = reminder_texts(client, "LN-1001", second["dueOn"])
    assert sms["dltTemplateId"] == DLT_TEMPLATES[("reminder_before_link", language)]
    link = SHORT_LINK.search(sms["message"])
    assert link is not None and link.group(0) in mail["message"] and mail["kind"] == "paymentReminder"
    assert autopay_word not in sms["message"]


def lender_asked_to_keep(client: GatewayClient) -> list[int]:
    """The answers the lender gave each time it was told of a mandate, oldest first."""
    entries: list[dict[str, Any]] = client.get("/_mocks/journal", params={"mock": "lending"}).json()
    return [e["status"] for e in entries if e["path"].strip("/") == "webRepayment/partnerMandates"]


def test_a_mandate_whose_word_to_the_lender_was_lost_is_told_again_after_a_while(client: GatewayClient) -> None:
    """The lender cannot be told when the mandate becomes active: reads in the next quarter hour do
    not ask it again (a lender down is not asked at every read), the first read after it (as the
    AutoPay job's run) does, and the reminder a week before says AutoPay will debit."""
    log_in(client, RAMESH)
    client.delete("/_mocks/journal")
    down = {"mock": "lending", "path": "webRepayment/partnerMandates", "status": 503}
    assert client.post("/_mocks/scenarios", json=down).status_code == 201
    first = active_mandate(client, "LN-1001", "remind-lost-0001")["debits"][0]
    assert client.delete("/_mocks/scenarios").status_code == 204
    autopay(client, "LN-1001")
    assert lender_asked_to_keep(client) == [503]  # asked once, at activation; not again so soon
    move_to(client, (mocks_now(client) + timedelta(minutes=16)).isoformat())
    autopay(client, "LN-1001")  # told again: the lender now keeps the mandate
    assert lender_asked_to_keep(client) == [503, 200]
    autopay(client, "LN-1001")
    assert lender_asked_to_keep(client) == [503, 200]  # kept: never asked again
    move_to(client, f"{date.fromisoformat(first['dueOn']) - timedelta(days=7)}T09:00:00+05:30")
    [reminder] = reminders_of(client, "LN-1001", first["dueOn"])
    assert (reminder["linkUrl"], reminder["autopay"]) == (None, True)


def pay_all_owed(client: GatewayClient, key: str) -> None:
    """Everything owed today (the instalment due today with it) paid through the portal's checkout, and confirmed."""
    owed = client.get("/api/portal/repayment").json()["remainingAmount"]
    made = pay(client, {"mode": "partialPayment", "amount": owed}, key=key)
    assert made.status_code == 201, made.text
    payment = made.json()
    paid = client.post(f"/_mocks/payments/checkout/{payment['paymentSessionId']}/pay", json={"outcome": "success"})
    assert paid.status_code == 200, paid.text
    confirmed = client.post(
        f"/api/portal/payments/{payment['orderId']}/confirm",
        json={"paymentLogId": payment["paymentLogId"]},
        headers=client.xsrf(),
    )
    assert confirmed.json()["status"] == "completed", confirmed.text


def test_an_instalment_paid_by_hand_on_its_due_day_stops_its_autopay_debit(client: GatewayClient) -> None:
    """The debit was raised, its notice sent; on the due day, before the debit's hour, the borrower
    pays everything owed on the portal, this instalment with it. The lender cancels the debit at
    the provider while it still waits: nothing is debited, the loan page shows it cancelled, and
    the instalment is paid once."""
    log_in(client, RAMESH)
    mandate = active_mandate(client, "LN-1001", "paid-by-hand-0001")
    first = mandate["debits"][0]
    due = date.fromisoformat(first["dueOn"])
    move_to(client, f"{due - timedelta(days=2)}T09:00:00+05:30")
    raised = next(d for d in autopay(client, "LN-1001")["mandate"]["debits"] if d["paymentId"] == first["paymentId"])
    assert raised["status"] == "noticed"

    move_to(client, f"{due}T08:00:00+05:30")
    pay_all_owed(client, "paid-by-hand-pay-0001")
    told(client, mandate["cfSubscriptionId"])  # the provider's word on the cancelled debit reached us
    shown = next(d for d in autopay(client, "LN-1001")["mandate"]["debits"] if d["paymentId"] == first["paymentId"])
    assert shown["status"] == "cancelled"

    move_to(client, f"{due}T12:00:00+05:30")  # past the debit's hour: nothing is taken
    told(client, mandate["cfSubscriptionId"])
    assert [p for p in client.get("/api/portal/payments").json() if p["orderId"].startswith("MANDATE_")] == []
    schedule = client.get("/api/loans/LN-1001/schedule").json()["instalments"]
    instalment = next(i for i in schedule if i["dueOn"] == first["dueOn"])
    assert instalment["status"] == "paid" and instalment["paid"] == instalment["amount"]


def test_a_loan_foreclosed_without_its_confirm_takes_no_further_debit(
    make_client: Callable[[Settings], GatewayClient], settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The foreclosure is paid and the lender settles it by the provider's webhook, but the borrower
    never comes back to confirm it (the tab closed): the mandate is still live at the gateway. The
    AutoPay job raises the next debit; the lender, told of it, cancels it at the provider instead of
    sending its notice (nothing is owed on a closed loan). The loan page's next read cancels the
    mandate, and no money is taken for the closed loan."""
    from tests.integration.test_loan_foreclosure_api import pay_quote
    from tests.integration.test_portal_repayments_api import checkout

    client, job = with_the_job(make_client, settings, monkeypatch)
    log_in(client, RAMESH)
    mandate = active_mandate(client, "LN-1001", "foreclosed-unconfirmed-0001")
    first = mandate["debits"][0]
    quote = client.get("/api/loans/LN-1001/foreclosure").json()
    payment = pay_quote(client, "LN-1001", quote["total"], "foreclosed-unconfirmed-close-1").json()  # type: ignore[attr-defined]
    checkout(client, payment)  # paid; the lender settles it by the provider's webhook, unconfirmed here

    move_to(client, f"{date.fromisoformat(first['dueOn']) - timedelta(days=2)}T09:00:00+05:30")
    assert job() >= 1  # raised, and told to the lender
    told(client, mandate["cfSubscriptionId"])
    assert [m for m in outbox(client) if m["reference"] == first["paymentId"]] == []  # no pre-debit notice
    shown = autopay(client, "LN-1001")
    assert shown["terms"] is None and shown["mandate"]["status"] == "cancelled"
    assert shown["mandate"]["debits"][0]["status"] == "cancelled"

    move_to(client, f"{first['dueOn']}T12:00:00+05:30")
    told(client, mandate["cfSubscriptionId"])
    assert [p for p in client.get("/api/portal/payments").json() if p["orderId"].startswith("MANDATE_")] == []


def test_a_debit_noticed_before_a_foreclosure_is_cancelled_by_the_lender_when_the_foreclosure_settles(
    client: GatewayClient,
) -> None:
    """The debit is raised and its notice sent; the borrower then forecloses the loan and never
    confirms it here. Settling the foreclosure, the lender cancels the debit still waiting at the
    provider: nothing is taken for the closed loan."""
    from tests.integration.test_loan_foreclosure_api import pay_quote
    from tests.integration.test_money_invariants import changed, debit_in
    from tests.integration.test_portal_repayments_api import checkout

    log_in(client, RAMESH)
    mandate = active_mandate(client, "LN-1001", "foreclosed-after-notice-0001")
    first = mandate["debits"][0]
    move_to(client, f"{date.fromisoformat(first['dueOn']) - timedelta(days=2)}T09:00:00+05:30")
    assert autopay(client, "LN-1001")["mandate"]["debits"][0]["status"] == "noticed"
    told(client, mandate["cfSubscriptionId"])  # the notice's word reached us: the lender is told nothing more
    assert [m["kind"] for m in outbox(client) if m["reference"] == first["paymentId"]] == ["autopayNotice"]

    quote = client.get("/api/loans/LN-1001/foreclosure").json()
    payment = pay_quote(client, "LN-1001", quote["total"], "foreclosed-after-notice-close-1").json()  # type: ignore[attr-defined]
    checkout(client, payment)  # paid; the lender settles it by the provider's webhook, unconfirmed here
    changed(
        client,
        "/_mocks/ledger",
        lambda ledger: (debit_in(ledger, first["paymentId"]) or {}).get("status") == "CANCELLED",
        "the lender cancels the waiting debit",
    )
    move_to(client, f"{first['dueOn']}T12:00:00+05:30")
    assert [p for p in client.get("/api/portal/payments").json() if p["orderId"].startswith("MANDATE_")] == []


def test_a_debit_the_bank_retries_after_the_loan_is_foreclosed_is_refunded_not_booked_on_the_closed_loan(
    client: GatewayClient, settings: Settings
) -> None:
    """The bank declines the debit's first attempt and retries it an hour later (PENDING: no longer
    cancellable as a waiting one is). Meanwhile the borrower forecloses the loan and never confirms
    it here: the lender settles the foreclosure by the provider's webhook. The retry is taken; the
    lender books none of it on the closed loan and refunds it all on the debit, the borrower's
    payments say so, and the day's reconciliation finds the refund recorded."""
    from tests.integration.test_loan_foreclosure_api import pay_quote
    from tests.integration.test_money_invariants import changed, debit_in
    from tests.integration.test_portal_repayments_api import checkout

    log_in(client, RAMESH)
    mandate = active_mandate(client, "LN-1001", "foreclosed-in-retry-0001")
    first = mandate["debits"][0]
    declined = client.post(
        f"/_mocks/payments/subscriptions/{mandate['cfSubscriptionId']}/debits/fail",
        json={"failure_reason": "INSUFFICIENT_FUNDS", "attempts": 1},
    )
    assert declined.status_code == 200, declined.text
    move_to(client, f"{date.fromisoformat(first['dueOn']) - timedelta(days=2)}T09:00:00+05:30")
    assert autopay(client, "LN-1001")["mandate"]["debits"][0]["status"] == "noticed"
    for _ in range(3 * 48):  # half an hour at a time, on the mocks' clock, to the declined attempt
        debit = debit_in(client.get("/_mocks/ledger").json(), first["paymentId"]) or {}
        if debit.get("status") == "PENDING":
            break
        client.post("/_mocks/clock", json={"minutes": 30}).raise_for_status()
    assert debit.get("status") == "PENDING"

    quote = client.get("/api/loans/LN-1001/foreclosure").json()
    payment = pay_quote(client, "LN-1001", quote["total"], "foreclosed-in-retry-close-1").json()  # type: ignore[attr-defined]
    checkout(client, payment)  # paid; the lender settles it by the provider's webhook, unconfirmed here
    changed(
        client,
        "/_mocks/ledger",
        lambda ledger: any(b["providerOrderId"] == payment["orderId"] for b in ledger["bookings"]),
        "the lender settles the foreclosure",
    )
    client.post("/_mocks/clock", json={"hours": 3}).raise_for_status()  # the bank's retry is taken
    told(client, mandate["cfSubscriptionId"])
    ledger = changed(
        client,
        "/_mocks/ledger",
        lambda ledger: (debit_in(ledger, first["paymentId"]) or {}).get("refunded") == first["amount"],
        "the lender refunds the debit it could book on nothing",
    )
    assert debit_in(ledger, first["paymentId"])["status"] == "SUCCESS"  # type: ignore[index]
    [booked] = [b for b in ledger["bookings"] if b["providerOrderId"] == f"MANDATE_{first['paymentId']}"]
    assert booked["amount"] == "0.00"
    [shown] = [p for p in client.get("/api/portal/payments").json() if p["orderId"].startswith("MANDATE_")]
    assert (shown["status"], shown["amount"], shown["allocation"]) == (
        "paid",
        first["amount"],
        {"charges": "0.00", "interest": "0.00", "principal": "0.00", "refunded": first["amount"]},
    )
    assert (
        next(loan for loan in client.get("/api/loans/").json() if loan["loanNumber"] == "LN-1001")["status"] == "closed"
    )
    # The day's reconciliation finds the debit's refund recorded by its lender (on the debit's own
    # payment id, as the provider reports it), not a refund nobody recorded.
    from tests.integration.test_reconciliation import reconcile

    client.post("/_mocks/clock", json={"days": 1}).raise_for_status()
    assert reconcile(client, settings, date.fromisoformat(first["dueOn"])).mismatches == []
