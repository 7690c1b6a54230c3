"""One truth at any lender clock: what /payment says is owed (and the pay buttons charge), the loan
page, the allocation preview, the receipt and the statement agree to the paisa, through the
gateway and the in-process lending mock, after QA moves the lender's clock a few days and across
the next due date."""

from __future__ import annotations

import io
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

import pypdf
import pytest

from india.money import rupees_text
from tests.conftest import GatewayClient
from tests.integration.test_portal_api import log_in, pay
from tests.integration.test_portal_repayments_api import checkout, confirm


def move_clock(client: GatewayClient, days: int) -> None:
    assert client.post("/_mocks/clock", json={"days": days}).status_code == 200


def loan(client: GatewayClient) -> dict[str, Any]:
    found: dict[str, Any] = next(x for x in client.get("/api/loans/").json() if x["loanNumber"] == "LN-1001")
    return found


def portal(client: GatewayClient) -> dict[str, Any]:
    answer = client.get("/api/portal/repayment")
    assert answer.status_code == 200, answer.text
    detail: dict[str, Any] = answer.json()
    return detail


def assert_one_truth(client: GatewayClient) -> tuple[dict[str, Any], dict[str, Any]]:
    """/payment's detail and the loan page say the same: total, charges, the rest, days overdue."""
    detail, summary = portal(client), loan(client)
    assert detail["remainingAmount"] == summary["overdueAmount"]
    assert detail["lateFees"] == summary["penalCharges"]
    assert Decimal(detail["pendingAmount"]) == Decimal(summary["principalDue"]) + Decimal(summary["interestDue"])
    assert detail["daysOverdue"] == summary["daysPastDue"]
    assert date.fromisoformat(detail["dueDate"]) == date.fromisoformat(summary["asOf"]) - timedelta(
        days=summary["daysPastDue"]
    )
    preview = client.get("/api/loans/LN-1001/allocation", params={"amount": detail["remainingAmount"]}).json()
    assert (preview["overdueAmount"], preview["overdueAfter"], preview["clearsOverdue"]) == (
        detail["remainingAmount"],
        "0.00",
        True,
    )
    return detail, summary


@pytest.mark.parametrize(
    ("days", "instalments_overdue", "penal_charges", "overdue"),
    [
        (0, 1, "450.00", "12450.00"),
        # A few days on: more days overdue, nothing new fallen due.
        (5, 1, "450.00", "12450.00"),
        # Past the second due date (a month after the first, 17 days ago): its Rs. 10,000 principal
        # and Rs. 1,800 interest fall due, and its own Rs. 450 penal charge the day after.
        (20, 2, "900.00", "24700.00"),
    ],
)
def test_payment_and_the_loan_page_agree_at_any_lender_clock(
    client: GatewayClient, days: int, instalments_overdue: int, penal_charges: str, overdue: str
) -> None:
    log_in(client)
    start = loan(client)
    move_clock(client, days)
    detail, summary = assert_one_truth(client)
    assert (detail["remainingAmount"], detail["lateFees"]) == (overdue, penal_charges)
    assert summary["daysPastDue"] == start["daysPastDue"] + days == detail["daysOverdue"]
    schedule = client.get("/api/loans/LN-1001/schedule").json()["instalments"]
    assert [i["status"] for i in schedule].count("overdue") == instalments_overdue


def test_a_payment_after_the_clock_moves_is_the_same_figures_on_every_screen(client: GatewayClient) -> None:
    log_in(client)
    move_clock(client, 20)
    before, _ = assert_one_truth(client)
    preview = client.get("/api/loans/LN-1001/allocation", params={"amount": "15000.00"}).json()
    # Both penal charges, both instalments' interest, then principal, oldest first.
    assert preview["allocation"] == {"penalCharges": "900.00", "interest": "3800.00", "principal": "10300.00"}
    payment = pay(client, {"mode": "partialPayment", "amount": "15000.00"}).json()
    checkout(client, payment)
    outcome = confirm(client, payment)
    assert outcome["status"] == "completed" and outcome["amount"] == "15000.00"
    assert outcome["allocation"] == {"charges": "900.00", "interest": "3800.00", "principal": "10300.00"}

    after, summary = assert_one_truth(client)
    assert after["remainingAmount"] == preview["overdueAfter"] == "9700.00"
    assert (after["lateFees"], summary["principalDue"], summary["interestDue"]) == ("0.00", "9700.00", "0.00")
    [entry] = client.get("/api/portal/payments").json()
    assert entry["remainingAfter"] == after["remainingAmount"]
    assert entry["allocation"] == outcome["allocation"]
    receipt = pypdf.PdfReader(io.BytesIO(client.get(entry["receiptUrl"]).content)).pages[0].extract_text()
    assert f"Remaining balance {rupees_text(Decimal(after['remainingAmount']))}" in receipt
    # The statement books it on the lender's day, after the second instalment fell due, as previewed.
    statement = client.get("/api/loans/LN-1001/statement", params={"from": summary["asOf"], "to": summary["asOf"]})
    [row] = [row for row in statement.json()["rows"] if row["kind"] == "payment"]
    assert (row["date"], row["credit"], row["allocation"]) == (summary["asOf"], "15000.00", preview["allocation"])
    assert Decimal(before["remainingAmount"]) - Decimal(after["remainingAmount"]) == Decimal("15000.00")


def test_paying_the_whole_overdue_across_a_due_date_leaves_nothing_owed_anywhere(client: GatewayClient) -> None:
    log_in(client)
    move_clock(client, 20)
    owed, _ = assert_one_truth(client)
    # 'Pay total overdue' charges what /payment shows, which is what the loan owes.
    payment = pay(client, {"mode": "totalOverdue"}).json()
    assert payment["orderAmount"] == owed["remainingAmount"] == "24700.00"
    checkout(client, payment)
    assert confirm(client, payment)["status"] == "completed"
    summary = loan(client)
    assert (summary["status"], summary["overdueAmount"], summary["daysPastDue"]) == ("current", "0.00", 0)
    assert summary["principalOutstanding"] == "80000.00"
    [entry] = client.get("/api/portal/payments").json()
    assert entry["remainingAfter"] == summary["overdueAmount"]
    # Nothing owed: the portal says so rather than offering to take a payment.
    assert pay(client, {"mode": "totalOverdue"}, key="click-0002").status_code == 422
    # And the next instalment, a month on, is owed on both again, with its penal charge.
    move_clock(client, 31)
    detail, summary = assert_one_truth(client)
    assert (detail["remainingAmount"], summary["status"]) == ("12050.00", "overdue")
