"""The daily reconciliation of payouts (issue 57): every return's refund the orders service paid out
to a UPI ID through the payouts provider (Cashfree Payouts v2, the payouts mock) against the
provider's own transfer, read by its transfer_id. A day's traffic on the mocks' one clock: a payout
paid, one the bank fails, one still pending, and three mistakes seeded with the mocks' QA controls
(a webhook dropped before a SUCCESS or a REVERSED, a transfer's status read at another amount).
The reconciliation reports exactly those three, to the paisa; the pending one in transit; the
failed one waiting on a person, stored and shown on the desk's worklist with both sides' links."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime, time, timedelta, timezone
from decimal import Decimal
from typing import Any

import msgspec
import pytest

from gateway.reconciliation.schemas import PayoutFailed
from gateway.settings import OtpLimits, Settings
from tests.conftest import PAYOUTS_SECRET, GatewayClient
from tests.integration.test_desk_api import SUPERVISOR, staff_log_in
from tests.integration.test_desk_worklist_api import keep_and_watch
from tests.integration.test_reconciliation import reconcile
from tests.integration.test_return_payouts import give, returned_to, transfer
from tests.integration.test_returns_api import desk
from tests.integration.test_store_api import log_in
from tests.mocks_clock import mocks_now, mocks_today

IST = timezone(timedelta(hours=5, minutes=30))
DROP_PAYOUT_WEBHOOKS = {"mock": "payouts", "path": "webhook", "webhook": "drop"}


@pytest.fixture
def settings(make_settings: Callable[..., Settings], redis_url: str, redis_namespace: str) -> Settings:
    return msgspec.structs.replace(
        make_settings(redis_url=redis_url, redis_namespace=redis_namespace),
        otp=OtpLimits(resend_seconds=0, sends_per_number_per_hour=50),
    )


def a_morning(client: GatewayClient) -> tuple[datetime, date]:
    """The mocks reset, their clock at tomorrow 9 am India (so a day's half hours never cross
    India's midnight), the shopper logged in: that moment and its day."""
    client.post("/_mocks/reset")
    morning = datetime.combine(mocks_today(client) + timedelta(days=1), time(9, 0), IST)
    assert client.post("/_mocks/clock", json={"at": morning.isoformat()}).status_code == 200
    log_in(client)
    return morning, mocks_today(client)


def unheard(client: GatewayClient, transfer_id: str, word: dict[str, str]) -> None:
    """The bank's answer on a transfer, its webhook to the orders service lost on the way."""
    assert client.post("/_mocks/scenarios", json=DROP_PAYOUT_WEBHOOKS).status_code == 201
    answered = client.post(f"/_mocks/payouts/transfers/{transfer_id}/bank", json=word)
    assert answered.status_code == 200, answered.text
    assert client.delete("/_mocks/scenarios", params={"mock": "payouts"}).status_code == 204


def by_hand(client: GatewayClient, transfer_id: str, amount: str, vpa: str) -> dict[str, Any]:
    """A transfer made at the payouts provider by someone else than the orders service, the bank's
    answer on it told by webhook to the orders service (as to any receiver of the account)."""
    made = client.post(
        "/_mocks/payouts/payout/transfers",
        json={
            "transfer_id": transfer_id,
            "transfer_amount": float(amount),
            "transfer_mode": "upi",
            "beneficiary_details": {"beneficiary_name": "Ravi Kumar", "beneficiary_instrument_details": {"vpa": vpa}},
        },
        headers={
            "x-client-id": "mock-payouts-client",
            "x-client-secret": PAYOUTS_SECRET,
            "x-api-version": "2024-01-01",
        },
    )
    assert made.status_code == 200, made.text
    answered = client.post(f"/_mocks/payouts/transfers/{transfer_id}/bank", json={})
    assert answered.status_code == 200, answered.text
    return transfer(client, transfer_id)


def test_a_days_payouts_report_exactly_the_seeded_mismatches_the_pending_one_in_transit(
    client: GatewayClient, settings: Settings
) -> None:
    morning, day = a_morning(client)

    down, down_return = returned_to(client, "recon-payout-down", "bankdown.ramesh@okaxis")
    assert client.post("/_mocks/clock", json={"minutes": 31}).status_code == 200  # the bank fails it
    assert transfer(client, f"{down}_R1")["status"] == "FAILED"

    paid, _ = returned_to(client, "recon-payout-paid", "ramesh@okaxis")
    assert desk(client, paid)["returns"][0]["payout"]["status"] == "paid"

    unseen, unseen_return = returned_to(client, "recon-payout-unseen", "asha@okaxis")
    unheard(client, f"{unseen}_R1", {})  # paid by the bank; the orders service never heard
    assert client.get(f"/api/orders/{unseen}").json()["returns"][0]["payout"]["status"] == "pending"

    back, back_return = returned_to(client, "recon-payout-back", "meena@okaxis")
    assert desk(client, back)["returns"][0]["status"] == "refunded"
    unheard(client, f"{back}_R1", {"status": "REVERSED"})  # sent back; the return still shows refunded

    differs, differs_return = returned_to(client, "recon-payout-differs", "kiran@okaxis")
    assert desk(client, differs)["returns"][0]["payout"]["status"] == "paid"
    told = Decimal(differs_return["amount"]) - Decimal("1.00")
    misread = client.post(f"/_mocks/payouts/transfers/{differs}_R1/misreport", json={"transfer_amount": str(told)})
    assert misread.status_code == 200, misread.text

    waiting, waiting_return = returned_to(client, "recon-payout-waiting", "sunil@okaxis")  # the bank has it
    # Paid from the payouts account under ids no return has (by hand, on the provider's dashboard):
    # one the bank paid, money out with nothing owed; one the bank failed, no money moved.
    stray = by_hand(client, "MANUAL_0042", "500.00", "ravi@okaxis")
    assert stray["status"] == "SUCCESS" and stray["transfer_utr"]
    assert by_hand(client, "MANUAL_0043", "75.00", "bankdown.ravi@okaxis")["status"] == "FAILED"
    assert mocks_now(client) < morning + timedelta(hours=2) and mocks_today(client) == day

    result = reconcile(client, settings, day)

    assert result.payouts_recorded == 6
    found = {(m.kind, m.provider_order_id, m.owner, m.reference, m.recorded, m.settled, m.unreconciled)
             for m in result.mismatches}  # fmt: skip
    unseen_amount, back_amount = Decimal(unseen_return["amount"]), Decimal(back_return["amount"])
    differs_amount = Decimal(differs_return["amount"])
    assert found == {
        ("payoutNotShown", f"{unseen}_R1", "storeReturn", f"{unseen}-R1", None, unseen_amount, unseen_amount),
        ("payoutNotMade", f"{back}_R1", "storeReturn", f"{back}-R1", back_amount, None, back_amount),
        ("payoutAmountDiffers", f"{differs}_R1", "storeReturn", f"{differs}-R1", differs_amount, told, Decimal("1.00")),
        ("payoutWithoutReturn", "MANUAL_0042", "unknown", None, None, Decimal("500.00"), Decimal("500.00")),
    }
    assert {m.kind: m.utr for m in result.mismatches}["payoutWithoutReturn"] == stray["transfer_utr"]
    assert result.unreconciled == unseen_amount + back_amount + Decimal("1.00") + Decimal("500.00")
    # The provider's charge and tax on a transfer it paid, kept with the mismatch.
    assert {m.kind: m.fee for m in result.mismatches}["payoutNotShown"] == Decimal("3.54")
    assert {k.kind: k.count for k in result.by_kind if k.kind.startswith("payout")} == {
        "payoutNotShown": 1,
        "payoutNotMade": 1,
        "payoutAmountDiffers": 1,
        "payoutOverdue": 0,
        "payoutWithoutReturn": 1,
    }
    assert [(t.transfer_id, t.reference, t.amount, t.status, t.expected_on) for t in result.payouts_in_transit] == [
        (f"{waiting}_R1", f"{waiting}-R1", Decimal(waiting_return["amount"]), "PENDING", day + timedelta(days=1))
    ]
    assert [(f.transfer_id, f.amount, f.reason, f.description) for f in result.payouts_failed] == [
        (f"{down}_R1", Decimal(down_return["amount"]), "BENEFICIARY_BANK_OFFLINE", "The beneficiary's bank is offline.")
    ]

    # Stored as the daily job stores it: the failed payout waits on a person (the gauge's count).
    assert keep_and_watch(client, settings, result) == (0, 0, 1)
    assert staff_log_in(client, SUPERVISOR).status_code == 200
    listed = client.get(f"/api/desk/worklist/{day}").json()["findings"]
    assert sorted((f["kind"], f["providerOrderId"], f["reference"], f["recorded"], f["settled"], f["unreconciled"])
                  for f in listed) == sorted([
        ("payoutNotShown", f"{unseen}_R1", f"{unseen}-R1", None, str(unseen_amount), str(unseen_amount)),
        ("payoutNotMade", f"{back}_R1", f"{back}-R1", str(back_amount), None, str(back_amount)),
        ("payoutAmountDiffers", f"{differs}_R1", f"{differs}-R1", str(differs_amount), str(told), "1.00"),
        ("payoutFailed", f"{down}_R1", f"{down}-R1", down_return["amount"], None, down_return["amount"]),
        ("payoutWithoutReturn", "MANUAL_0042", None, None, "500.00", "500.00"),
    ])  # fmt: skip
    assert {f["providerOrderId"]: f["utr"] for f in listed}["MANUAL_0042"] == stray["transfer_utr"]
    # Why the failed one failed, as the provider said it: what the desk shows beside what to do.
    [failed] = [f for f in listed if f["kind"] == "payoutFailed"]
    assert (failed["reasonCode"], failed["reasonText"]) == (
        "BENEFICIARY_BANK_OFFLINE",
        "The beneficiary's bank is offline.",
    )
    assert all(f["reasonCode"] is None for f in listed if f["kind"] != "payoutFailed")
    # Both sides through the desk's look-up: the return's number, and the provider's transfer_id.
    ours = client.get("/api/desk/customers", params={"q": f"{unseen}-R1"})
    assert ours.status_code == 200, ours.text
    theirs = client.get("/api/desk/customers", params={"q": f"{unseen}_R1"}).json()
    sides = {(e["source"], e["kind"], e["reference"]) for e in theirs["timeline"] if e["kind"].startswith("payout")}
    assert {("orders", "payoutPending", f"{unseen}-R1"), ("provider", "payoutPaid", f"{unseen}-R1")} <= sides
    assert [o["orderNumber"] for o in ours.json()["orders"]] == [o["orderNumber"] for o in theirs["orders"]]


def worklist(client: GatewayClient, day: date) -> list[dict[str, Any]]:
    listed = client.get(f"/api/desk/worklist/{day}")
    assert listed.status_code == 200, listed.text
    findings: list[dict[str, Any]] = listed.json()["findings"]
    return findings


def test_a_failed_payout_paid_by_a_retry_is_closed_with_the_retrys_utr_and_one_failing_again_stays_one_finding(
    client: GatewayClient, settings: Settings
) -> None:
    """Two returns' payouts fail (the UPI IDs are closed) and day D's run puts each on the worklist.
    The next day each shopper gives another UPI ID: one retry is paid, one fails again. D+1's run
    closes the first finding as paid by its retry (the retry's transfer_id and UTR shown), keeps the
    second as one open finding showing the retry and why it failed; a later run listing the first,
    failed attempt again does not re-open it."""
    morning, day = a_morning(client)
    mended, mended_return = returned_to(client, "retry-paid", "ramesh@okaxis")
    again, again_return = returned_to(client, "retry-fails", "sunil@okaxis")
    closed = {"status": "FAILED", "status_code": "INVALID_VPA"}  # the UPI ID was closed after it was verified
    for number in (mended, again):
        assert client.post(f"/_mocks/payouts/transfers/{number}_R1/bank", json=closed).status_code == 200
    assert mocks_today(client) == day

    first = reconcile(client, settings, day)
    assert sorted(f.transfer_id for f in first.payouts_failed) == sorted([f"{mended}_R1", f"{again}_R1"])
    assert keep_and_watch(client, settings, first) == (0, 0, 2)

    # The next morning each shopper gives another UPI ID (the order page's form).
    assert client.post("/_mocks/clock", json={"at": (morning + timedelta(days=1)).isoformat()}).status_code == 200
    log_in(client)
    assert give(client, mended, "retry-paid-payee", {"upiId": "ramesh@okicici"}).status_code == 200
    assert desk(client, mended)["returns"][0]["payout"]["status"] == "paid"  # the bank pays it now
    utr = transfer(client, f"{mended}_R1_2")["transfer_utr"]
    assert utr
    assert give(client, again, "retry-fails-payee", {"upiId": "sunil@okicici"}).status_code == 200
    assert client.post(f"/_mocks/payouts/transfers/{again}_R1_2/bank", json=closed).status_code == 200
    shown = client.get(f"/api/orders/{again}").json()["returns"][0]["payout"]
    assert shown["status"] == "failed" and shown["problem"] == "accountInvalid"

    # Each retry is listed on the day it was asked, and reconciled on it.
    later = reconcile(client, settings, day + timedelta(days=1))
    assert [(p.transfer_id, p.utr) for p in later.payouts_matched] == [(f"{mended}_R1_2", utr)]
    assert [(f.transfer_id, f.reason) for f in later.payouts_failed] == [(f"{again}_R1_2", "INVALID_VPA")]
    assert later.mismatches == []
    assert keep_and_watch(client, settings, later) == (0, 0, 1)  # one failed payout waits on a person

    assert staff_log_in(client, SUPERVISOR).status_code == 200
    on_d = {f["reference"]: f for f in worklist(client, day)}
    paid_by_retry, failed_again = on_d[f"{mended}-R1"], on_d[f"{again}-R1"]
    assert {k: paid_by_retry[k] for k in ("kind", "providerOrderId", "resolvedBy", "paidByRetry", "utr", "note")} == {
        "kind": "payoutFailed",
        "providerOrderId": f"{mended}_R1",  # the attempt that failed
        "resolvedBy": "reconciliation",
        "paidByRetry": f"{mended}_R1_2",  # the attempt that paid, with its UTR
        "utr": utr,
        "note": None,
    }
    assert paid_by_retry["resolvedAt"] is not None
    # The retry that failed too: the one finding, showing that attempt and why, ageing from the first failure.
    assert {k: failed_again[k] for k in ("providerOrderId", "resolvedAt", "reasonCode", "foundOn", "lastFoundOn")} == {
        "providerOrderId": f"{again}_R1_2",
        "resolvedAt": None,
        "reasonCode": "INVALID_VPA",
        "foundOn": str(day),
        "lastFoundOn": str(day + timedelta(days=1)),
    }
    assert failed_again["unreconciled"] == again_return["amount"]
    # D+1 lists the same one finding (found again), not a second.
    assert [(f["id"], f["resolvedAt"]) for f in worklist(client, day + timedelta(days=1))] == [
        (failed_again["id"], None)
    ]

    # A later run whose orders service lists the first, failed attempt again does not re-open it.
    relisted = PayoutFailed(
        transfer_id=f"{mended}_R1",
        reference=f"{mended}-R1",
        amount=Decimal(mended_return["amount"]),
        reason="INVALID_VPA",
    )
    after = msgspec.structs.replace(
        later, date=day + timedelta(days=2), payouts_matched=[], payouts_failed=[relisted], payouts_recorded=1
    )
    assert keep_and_watch(client, settings, after) == (0, 0, 1)
    assert worklist(client, day + timedelta(days=2)) == []
    assert worklist(client, day)[0]["reference"] == f"{again}-R1"  # open first; the closed one still shown, closed
    assert {f["reference"]: f["resolvedBy"] for f in worklist(client, day)}[f"{mended}-R1"] == "reconciliation"
