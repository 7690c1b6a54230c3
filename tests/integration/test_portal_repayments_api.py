"""Repayments through the gateway and the in-process mocks: exact amounts, what is owed
refreshed after a payment, payments remembered until settled, history and receipts."""

from __future__ import annotations

import io
from decimal import Decimal
from typing import Any

import pypdf

from tests.conftest import GatewayClient
from tests.integration.test_portal_api import log_in, pay


def checkout(client: GatewayClient, payment: dict[str, Any], outcome: str = "success") -> None:
    """The borrower at the provider's hosted checkout."""
    paid = client.post(f"/_mocks/payments/checkout/{payment['paymentSessionId']}/pay", json={"outcome": outcome})
    assert paid.status_code == 200, paid.text


def confirm(client: GatewayClient, payment: dict[str, Any]) -> dict[str, Any]:
    answer = client.post(
        f"/api/portal/payments/{payment['orderId']}/confirm",
        json={"paymentLogId": payment["paymentLogId"]},
        headers=client.xsrf(),
    )
    assert answer.status_code == 200, answer.text
    result: dict[str, Any] = answer.json()
    return result


def recheck(client: GatewayClient) -> dict[str, Any]:
    answer = client.post("/api/portal/payments/recheck", headers=client.xsrf())
    assert answer.status_code == 200, answer.text
    result: dict[str, Any] = answer.json()
    return result


def test_amounts_reach_the_browser_as_exact_decimal_strings(client: GatewayClient) -> None:
    log_in(client)
    detail = client.get("/api/portal/repayment").json()
    assert (detail["remainingAmount"], detail["lateFees"], detail["pendingAmount"]) == (
        "12450.00",
        "450.00",
        "12000.00",
    )
    assert detail["pendingPayments"] == []
    # 100.1 + 100.2 paid in two parts (each at least the lender's ₹100 minimum) leaves exactly 12,249.70.
    for amount, key in (("100.1", "click-a-0001"), ("100.2", "click-b-0001")):
        payment = pay(client, {"mode": "partialPayment", "amount": amount}, key=key).json()
        checkout(client, payment)
        assert confirm(client, payment)["status"] == "completed"
    assert client.get("/api/portal/repayment").json()["remainingAmount"] == "12249.70"


def test_more_than_two_decimals_is_refused(client: GatewayClient) -> None:
    log_in(client)
    answer = pay(client, {"mode": "partialPayment", "amount": "10.001"})
    assert answer.status_code == 422
    assert answer.json()["error"] == {
        "code": "invalid_input",
        "message": "Please enter an amount in rupees with at most 2 decimals.",
        "field": "amount",
    }


def test_right_after_a_confirmed_payment_the_next_is_judged_on_the_new_amount(client: GatewayClient) -> None:
    log_in(client)
    client.get("/api/portal/repayment")  # the gateway now remembers 12,450.00 as owed
    first = pay(client, {"mode": "partialPayment", "amount": "12000"}, key="click-first-01").json()
    checkout(client, first)
    answer = confirm(client, first)
    assert answer == {
        "message": "Payment process completed",
        "status": "completed",
        "orderId": first["orderId"],
        # What happened to the money, from the lender's record: the loan's split (charges, then
        # interest, then principal), as its statement books it.
        "amount": "12000.00",
        "providerReference": answer["providerReference"],
        "receiptMailedTo": "r***@shop.example",
        "receiptUrl": f"/api/portal/payments/{first['paymentLogId']}/receipt",
        "failureReason": None,
        "allocation": {"charges": "450.00", "interest": "2000.00", "principal": "9550.00"},
    }
    assert answer["providerReference"]
    # No reload in between: the whole overdue amount is now 450.00, and paying it is accepted.
    second = pay(client, {"mode": "totalOverdue"}, key="click-second-1")
    assert second.status_code == 201, second.text
    assert second.json()["orderAmount"] == "450.00"
    too_much = pay(client, {"mode": "partialPayment", "amount": "451"}, key="click-third-01")
    assert too_much.status_code == 422
    assert too_much.json()["error"]["message"] == "The amount cannot be more than the overdue amount of ₹450.00."


def test_a_payment_never_confirmed_is_remembered_and_settled_on_recheck(client: GatewayClient) -> None:
    log_in(client)
    payment = pay(client, {"mode": "partialPayment", "amount": "1000"}).json()
    pending = client.get("/api/portal/repayment").json()["pendingPayments"]
    assert [(p["orderId"], p["amount"]) for p in pending] == [(payment["orderId"], "1000.00")]
    checkout(client, payment)  # paid, then the tab closed: no confirm
    result = recheck(client)
    # Said as a confirmed payment is: what the lender booked, its split and its receipt.
    [settled] = result["settled"]
    assert settled == {
        "message": "Payment process completed",
        "status": "completed",
        "orderId": payment["orderId"],
        "amount": "1000.00",
        "providerReference": settled["providerReference"],
        "receiptMailedTo": "r***@shop.example",
        "receiptUrl": f"/api/portal/payments/{payment['paymentLogId']}/receipt",
        "failureReason": None,
        "allocation": {"charges": "450.00", "interest": "550.00", "principal": "0.00"},
    }
    assert settled["providerReference"]
    assert result["pending"] == []
    detail = client.get("/api/portal/repayment").json()
    assert (detail["remainingAmount"], detail["pendingPayments"]) == ("11450.00", [])
    # Settled once, by whichever came first: the lender's history has one paid payment.
    [entry] = client.get("/api/portal/payments").json()
    assert (entry["status"], entry["amount"], entry["remainingAfter"]) == ("paid", "1000.00", "11450.00")


def test_an_abandoned_checkout_stays_pending_and_the_same_amount_needs_saying_so(client: GatewayClient) -> None:
    log_in(client)
    payment = pay(client, {"mode": "partialPayment", "amount": "1000"}, key="click-one-0001").json()
    assert recheck(client)["pending"][0]["orderId"] == payment["orderId"]  # the order is still open
    again = pay(client, {"mode": "partialPayment", "amount": "1000"}, key="click-two-0001")
    assert again.status_code == 409
    assert again.json()["error"]["code"] == "payment_pending"
    assert "₹1,000.00 is pending confirmation" in again.json()["error"]["message"]
    other = pay(client, {"mode": "partialPayment", "amount": "999"}, key="click-three-01")
    assert other.status_code == 201
    anyway = pay(client, {"mode": "partialPayment", "amount": "1000", "payWhilePending": True}, key="click-four-001")
    assert anyway.status_code == 201


def test_a_failed_payment_is_forgotten_and_listed_as_failed(client: GatewayClient) -> None:
    log_in(client)
    payment = pay(client, {"mode": "partialPayment", "amount": "300"}).json()
    checkout(client, payment, "failure")
    assert recheck(client) == {"settled": [], "pending": []}
    [entry] = client.get("/api/portal/payments").json()
    assert (entry["status"], entry["receiptUrl"]) == ("failed", None)
    assert client.get(f"/api/portal/payments/{payment['paymentLogId']}/receipt").status_code == 404


def test_history_and_the_receipt_pdf(client: GatewayClient) -> None:
    log_in(client)
    payment = pay(client, {"mode": "partialPayment", "amount": "2500.50"}).json()
    checkout(client, payment)
    confirm(client, payment)
    [entry] = client.get("/api/portal/payments").json()
    assert entry["receiptUrl"] == f"/api/portal/payments/{payment['paymentLogId']}/receipt"
    receipt = client.get(entry["receiptUrl"])
    assert receipt.status_code == 200
    assert receipt.headers["content-type"] == "application/pdf"
    assert receipt.headers["cache-control"] == "no-store"
    assert "attachment" in receipt.headers["content-disposition"]
    text = pypdf.PdfReader(io.BytesIO(receipt.content)).pages[0].extract_text()
    assert "₹2,500.50" in text
    assert f"Payment reference {entry['providerReference']}" in text
    assert "Remaining balance ₹9,949.50" in text


def test_history_and_receipts_need_a_login(client: GatewayClient) -> None:
    assert client.get("/api/portal/payments").status_code == 401
    assert client.get("/api/portal/payments/7001/receipt").status_code == 401
    assert client.post("/api/portal/payments/recheck", headers=client.xsrf()).status_code == 401


def test_another_borrowers_receipt_is_not_found(client: GatewayClient) -> None:
    log_in(client)
    payment = pay(client, {"mode": "partialPayment", "amount": "100"}).json()
    checkout(client, payment)
    confirm(client, payment)
    other = GatewayClient(app=client.app, base_url="http://127.0.0.1:8000")
    with other:
        log_in(other, "9988776655")
        assert other.get(f"/api/portal/payments/{payment['paymentLogId']}/receipt").status_code == 404


def test_a_second_payment_made_while_the_first_was_pending_is_paid_ahead_on_the_loan(client: GatewayClient) -> None:
    """Both taken by the provider: the first clears what is owed, the second goes to the loan's
    coming instalments' principal, as its receipt says; none of it is dropped."""
    log_in(client)

    def ramesh_loan() -> dict[str, Any]:
        loans: list[dict[str, Any]] = client.get("/api/loans").json()
        return next(loan for loan in loans if loan["loanNumber"] == "LN-1001")

    owed = client.get("/api/portal/repayment").json()["remainingAmount"]
    before = ramesh_loan()
    first = pay(client, {"mode": "partialPayment", "amount": owed}, key="click-first-0001").json()
    second = pay(client, {"mode": "partialPayment", "amount": owed, "payWhilePending": True}, key="click-again-0002")
    assert second.status_code == 201, second.text
    second = second.json()
    checkout(client, first)
    checkout(client, second)
    outcomes = [confirm(client, payment) for payment in (first, second)]
    assert [o["status"] for o in outcomes] == ["completed", "completed"]
    assert outcomes[1]["allocation"] == {"charges": "0.00", "interest": "0.00", "principal": owed}
    after = ramesh_loan()
    principal_paid = sum(Decimal(o["allocation"]["principal"]) for o in outcomes)
    assert Decimal(after["principalOutstanding"]) == Decimal(before["principalOutstanding"]) - principal_paid
    assert Decimal(after["nextDue"]["amount"]) < Decimal(before["nextDue"]["amount"])  # paid ahead on it
    assert client.get("/api/portal/repayment").json()["remainingAmount"] == "0.00"
