"""A Fineract repayment is booked exactly once against a lender that behaves as Fineract 1.9+
does: a first booking that fails (and is replayed under its key for ever), an answer lost after
the booking, a checker who has to approve it (maker-checker). The borrower is never told 'paid'
before the lender has the payment, never asked for it again, and sees it booked once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec
import pytest

from gateway.settings import Settings
from tests.conftest import FINERACT_ACCOUNT, GatewayClient
from tests.integration.test_portal_api import log_in, pay
from tests.integration.test_portal_repayments_api import checkout, confirm, recheck
from tests.integration.test_two_lenders_api import BASIC, FINERACT, MEENA, fineract_loan


@pytest.fixture
def fineract(make_client: Callable[[Settings], GatewayClient], settings: Settings) -> GatewayClient:
    client = make_client(msgspec.structs.replace(settings, lenders="native,fineract"))
    client.post("/_mocks/reset")
    return client


def booked(client: GatewayClient, reference: str) -> list[dict[str, Any]]:
    """Meena's loan's repayments booked for the provider's payment `reference`."""
    return [t for t in fineract_loan(client, 7101)["transactions"] if t.get("externalId") == f"pg-{reference}"]


def paid_once(client: GatewayClient, amount: str = "200.50") -> dict[str, Any]:
    log_in(client, MEENA)
    payment: dict[str, Any] = pay(client, {"mode": "partialPayment", "amount": amount}).json()
    checkout(client, payment)
    return payment


def test_a_first_booking_that_fails_is_booked_once_under_a_fresh_key(fineract: GatewayClient) -> None:
    assert fineract.post("/_mocks/fineract/qa", json={"failNext": 1}).status_code == 200
    payment = paid_once(fineract)
    outcome = confirm(fineract, payment)
    assert (outcome["status"], outcome["amount"]) == ("completed", "200.50")
    assert len(booked(fineract, outcome["providerReference"])) == 1
    # Asked again (a second tab): still booked once, the failure under the first key never retried.
    assert confirm(fineract, payment)["status"] == "completed"
    assert len(booked(fineract, outcome["providerReference"])) == 1
    assert fineract.get("/api/portal/repayment").json()["remainingAmount"] == "3219.50"


def test_failures_every_key_meets_leave_the_payment_pending_never_paid_and_book_once_later(
    fineract: GatewayClient,
) -> None:
    fineract.post("/_mocks/fineract/qa", json={"failNext": 3})
    payment = paid_once(fineract)
    answer = fineract.post(
        f"/api/portal/payments/{payment['orderId']}/confirm",
        json={"paymentLogId": payment["paymentLogId"]},
        headers=fineract.xsrf(),
    )
    assert answer.status_code == 503 and answer.json()["error"]["code"] == "confirm_failed"
    pending = fineract.get("/api/portal/repayment").json()["pendingPayments"]
    assert [p["orderId"] for p in pending] == [payment["orderId"]]  # shown pending, not paid, not owed again
    settled = recheck(fineract)["settled"]
    assert [s["status"] for s in settled] == ["completed"]
    refs = {t["externalId"] for t in fineract_loan(fineract, 7101)["transactions"] if "externalId" in t}
    assert len([r for r in refs if r.startswith("pg-")]) == 1


def test_an_answer_lost_after_the_booking_is_found_booked_not_booked_again(fineract: GatewayClient) -> None:
    lost = {"mock": "fineract", "path": "fineract-provider/api/v1/loans/7101/transactions", "drop": True}
    assert fineract.post("/_mocks/scenarios", json={**lost, "after": True, "times": 1}).status_code == 201
    payment = paid_once(fineract)
    first = fineract.post(
        f"/api/portal/payments/{payment['orderId']}/confirm",
        json={"paymentLogId": payment["paymentLogId"]},
        headers=fineract.xsrf(),
    )
    if first.status_code == 200:
        assert first.json()["status"] == "completed"
    else:
        assert first.status_code in (503, 504)
        assert confirm(fineract, payment)["status"] == "completed"
    refs = [t for t in fineract_loan(fineract, 7101)["transactions"] if t.get("externalId", "").startswith("pg-")]
    assert len(refs) == 1


def test_a_booking_awaiting_the_checker_is_shown_as_such_and_followed_until_booked(fineract: GatewayClient) -> None:
    fineract.post("/_mocks/fineract/qa", json={"makerChecker": True})
    payment = paid_once(fineract)
    outcome = confirm(fineract, payment)
    assert outcome["status"] == "awaitingApproval"
    assert [t for t in fineract_loan(fineract, 7101)["transactions"] if t.get("externalId", "").startswith("pg-")] == []
    # Followed, never re-posted: still one command awaiting the checker, the payment still pending.
    assert recheck(fineract)["pending"][0]["orderId"] == payment["orderId"]
    waiting = fineract.get(f"{FINERACT}/makercheckers", params={"resourceId": 7101}, headers=BASIC).json()
    assert len(waiting) == 1
    checker = f"{FINERACT}/makercheckers/{waiting[0]['id']}"
    approved = fineract.post(checker, params={"command": "approve"}, headers=BASIC)
    assert approved.status_code == 200
    assert [s["status"] for s in recheck(fineract)["settled"]] == ["completed"]
    refs = [t for t in fineract_loan(fineract, 7101)["transactions"] if t.get("externalId", "").startswith("pg-")]
    assert len(refs) == 1
    assert fineract.get("/api/portal/repayment").json()["pendingPayments"] == []


def test_the_desk_shows_a_repayment_awaiting_the_lenders_checker_in_staff_words(fineract: GatewayClient) -> None:
    """Found by the borrower's number, the loan or the order: paid, with the lender, awaiting its
    checker's approval (nothing to resend); once approved, paid."""
    from tests.integration.test_desk_api import AGENT, staff_log_in

    fineract.post("/_mocks/fineract/qa", json={"makerChecker": True})
    payment = paid_once(fineract)
    assert confirm(fineract, payment)["status"] == "awaitingApproval"
    assert staff_log_in(fineract, AGENT).status_code == 200
    for query in (MEENA, "FIN-000007101", payment["orderId"]):
        view = fineract.get("/api/desk/customers", params={"q": query}).json()
        assert [(r["orderId"], r["amount"], r["status"], r["receiptResendable"]) for r in view["repayments"]] == [
            (payment["orderId"], "200.50", "awaitingApproval", False)
        ], query
    waiting = fineract.get(f"{FINERACT}/makercheckers", params={"resourceId": 7101}, headers=BASIC).json()
    approved = fineract.post(
        f"{FINERACT}/makercheckers/{waiting[0]['id']}", params={"command": "approve"}, headers=BASIC
    )
    assert approved.status_code == 200
    view = fineract.get("/api/desk/customers", params={"q": MEENA}).json()
    assert [(r["orderId"], r["status"]) for r in view["repayments"]] == [(payment["orderId"], "paid")]


def test_overdue_is_worked_out_on_the_lenders_date_not_its_stale_arrears_table(fineract: GatewayClient) -> None:
    """Ramesh's Fineract instalment falls due in 20 days: 22 days on, Fineract's arrears table
    (refreshed nightly, with the product's grace) still says nothing is overdue; the loan page
    says what the schedule does."""
    fineract.post("/_mocks/clock", json={"days": 22})
    raw = fineract.get(f"{FINERACT}/loans/7102", headers=BASIC).json()
    assert raw["summary"]["totalOverdue"] == 0
    log_in(fineract, "9876543210")
    loans = {loan["loanNumber"]: loan for loan in fineract.get("/api/loans/").json()}
    fin = loans["FIN-000007102"]
    assert (fin["status"], fin["daysPastDue"]) == ("overdue", 2)
    assert fin["overdueAmount"] == "2090.00"


def test_a_payment_left_pending_at_the_bank_is_waiting_never_cancelled_and_booked_once_when_taken(
    fineract: GatewayClient,
) -> None:
    log_in(fineract, MEENA)
    payment: dict[str, Any] = pay(fineract, {"mode": "partialPayment", "amount": "200.50"}).json()
    left = fineract.post(f"/_mocks/payments/checkout/{payment['paymentSessionId']}/pay", json={"outcome": "pending"})
    cf_payment_id = str(left.json()["cf_payment_id"])
    outcome = confirm(fineract, payment)
    assert outcome["status"] == "bankPending" and "Waiting for your bank" in outcome["message"]
    assert booked(fineract, cf_payment_id) == []
    assert recheck(fineract)["pending"][0]["orderId"] == payment["orderId"]
    told = fineract.post(f"/_mocks/payments/payments/{cf_payment_id}/bank", json={"payment_status": "SUCCESS"})
    assert told.status_code == 200, told.text
    assert [s["status"] for s in recheck(fineract)["settled"]] == ["completed"]
    assert recheck(fineract)["settled"] == []
    assert len(booked(fineract, cf_payment_id)) == 1
    assert fineract.get("/api/portal/repayment").json()["pendingPayments"] == []


def test_a_payment_the_bank_never_answers_is_said_expired_when_its_order_expires_as_the_native_lenders(
    fineract: GatewayClient,
) -> None:
    log_in(fineract, MEENA)
    payment: dict[str, Any] = pay(fineract, {"mode": "partialPayment", "amount": "150.00"}).json()
    left = fineract.post(f"/_mocks/payments/checkout/{payment['paymentSessionId']}/pay", json={"outcome": "pending"})
    assert left.json()["payment_status"] == "PENDING"
    assert confirm(fineract, payment)["status"] == "bankPending"
    assert fineract.post("/_mocks/clock", json={"days": 29, "hours": 23}).status_code == 200
    assert [p["orderId"] for p in recheck(fineract)["pending"]] == [payment["orderId"]]  # still waiting
    assert fineract.post("/_mocks/clock", json={"hours": 1, "minutes": 1}).status_code == 200  # 30 days: expired
    assert recheck(fineract) == {"settled": [], "pending": []}
    assert fineract.get("/api/portal/repayment").json()["pendingPayments"] == []
    outcome = confirm(fineract, payment)  # the page back on it: said expired, nothing taken
    assert (outcome["status"], outcome["failureReason"]) == ("failed", "expired")
    assert booked(fineract, str(left.json()["cf_payment_id"])) == []


PROVIDER = FINERACT_ACCOUNT  # the Fineract lender's own account, which its repayments are paid into


def test_a_late_success_after_its_order_expired_is_booked_once(fineract: GatewayClient) -> None:
    """Said expired, then the bank takes it after all (Cashfree: an EXPIRED order can become
    PAID): the late success is booked at the lender once, never lost, never booked twice."""
    log_in(fineract, MEENA)
    payment: dict[str, Any] = pay(fineract, {"mode": "partialPayment", "amount": "150.00"}).json()
    left = fineract.post(f"/_mocks/payments/checkout/{payment['paymentSessionId']}/pay", json={"outcome": "pending"})
    cf_payment_id = str(left.json()["cf_payment_id"])
    assert fineract.post("/_mocks/clock", json={"days": 30, "minutes": 1}).status_code == 200
    assert (confirm(fineract, payment)["status"], confirm(fineract, payment)["failureReason"]) == ("failed", "expired")

    late = fineract.post(f"/_mocks/payments/payments/{cf_payment_id}/bank", json={"payment_status": "SUCCESS"})
    assert late.json()["payment_status"] == "SUCCESS"
    assert confirm(fineract, payment)["status"] == "completed"
    recheck(fineract)  # the follow-up too: nothing more
    assert [t["amount"] for t in booked(fineract, cf_payment_id)] == [150.0]
    assert fineract.get("/api/portal/repayment").json()["pendingPayments"] == []


def test_a_booking_the_checker_rejects_is_refunded_once_and_never_posted_again(fineract: GatewayClient) -> None:
    """The lender's checker rejects the repayment: the lender will not have the money, so it is
    not posted again (that would overrule the checker) and goes back to the payer in full, once,
    however often it is asked about; the borrower owes what she did and may pay again."""
    from tests.integration.test_desk_api import AGENT, staff_log_in

    fineract.post("/_mocks/fineract/qa", json={"makerChecker": True})
    payment = paid_once(fineract)
    owed = fineract.get("/api/portal/repayment").json()["remainingAmount"]
    assert confirm(fineract, payment)["status"] == "awaitingApproval"
    waiting = fineract.get(f"{FINERACT}/makercheckers", params={"resourceId": 7101}, headers=BASIC).json()
    rejected = fineract.post(
        f"{FINERACT}/makercheckers/{waiting[0]['id']}", params={"command": "reject"}, headers=BASIC
    )
    assert rejected.status_code == 200

    settled = recheck(fineract)["settled"]
    assert [(s["status"], s["orderId"], s["amount"]) for s in settled] == [("refunded", payment["orderId"], "200.50")]
    assert "did not accept" in settled[0]["message"]
    # Asked again (another tab, the follow-up): the same refund, nothing posted again.
    assert confirm(fineract, payment)["status"] == "refunded"
    refunds = fineract.get(f"/_mocks/payments/pg/orders/{payment['orderId']}/refunds", headers=PROVIDER).json()
    assert [(r["refund_amount"], r["refund_id"].startswith("rejected-")) for r in refunds] == [(200.5, True)]
    made = fineract.get(f"{FINERACT}/audits", params={"resourceId": 7101}, headers=BASIC).json()
    assert [c["processingResult"] for c in made] == ["Rejected"]
    assert [t for t in fineract_loan(fineract, 7101)["transactions"] if t.get("externalId", "").startswith("pg-")] == []
    portal = fineract.get("/api/portal/repayment").json()
    assert (portal["pendingPayments"], portal["remainingAmount"]) == ([], owed)
    # The desk sees it for what it is: refused by the lender and refunded, nothing to resend.
    assert staff_log_in(fineract, AGENT).status_code == 200
    view = fineract.get("/api/desk/customers", params={"q": payment["orderId"]}).json()
    assert [(r["orderId"], r["amount"], r["status"], r["receiptResendable"]) for r in view["repayments"]] == [
        (payment["orderId"], "200.50", "refunded", False)
    ]
