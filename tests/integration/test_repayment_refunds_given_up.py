"""A repayment's refund the bank gives up for good reaches the desk (issue 52): the refund is made on
the lender's own provider account (a Fineract repayment the lender's checker rejected, or one a
lender refunded from its own dashboard), so Cashfree tells that account's refund webhook URL, the
gateway's lender path in the embedded default. The gateway puts it on the desk's refunds list as
needing a person, with the lender and the loan in place of a store order; the desk asks it again
at the lender's account (never the store's) or records it paid another way; and the desk's view of
the repayment says where the refund truly stands (on its way, given up, given back)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec
import pytest

from gateway.settings import Settings
from tests.conftest import FINERACT_ACCOUNT, LENDER_ACCOUNT, GatewayClient
from tests.integration.test_desk_api import AGENT, SUPERVISOR, staff_log_in
from tests.integration.test_desk_audit_trail import trail
from tests.integration.test_portal_api import RAMESH, log_in, pay
from tests.integration.test_portal_repayments_api import checkout, confirm, recheck
from tests.integration.test_two_lenders_api import BASIC, FINERACT, MEENA

# The bank holds the next refund for ten minutes, longer than any test here, until its word below.
HOLD = {"mock": "payments", "path": "refund", "refund": "onHold", "delayMs": 600_000, "times": 1}


@pytest.fixture
def client(make_client: Callable[[Settings], GatewayClient], settings: Settings) -> GatewayClient:
    made = make_client(msgspec.structs.replace(settings, lenders="native,fineract"))
    made.post("/_mocks/reset")
    return made


def bank_says(client: GatewayClient, cf_refund_id: str, word: str) -> None:
    answer = client.post(f"/_mocks/payments/refunds/{cf_refund_id}/bank", json={"refund_status": word})
    assert answer.status_code == 200, answer.text


def refunds_at(client: GatewayClient, account: dict[str, str], order_id: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = client.get(f"/_mocks/payments/pg/orders/{order_id}/refunds", headers=account).json()
    return found


def desk_refunds(client: GatewayClient, mobile: str) -> list[tuple[Any, ...]]:
    listed = client.get("/api/desk/refunds", params={"customer": mobile}).json()
    return [
        (r["orderNumber"], r["amount"], r["status"], r["needsPerson"], r["lender"], r["loanNumber"], r["requestedBy"])
        for r in listed
    ]


def repayment_status(client: GatewayClient, order_id: str) -> str:
    view = client.get("/api/desk/customers", params={"q": order_id}).json()
    [found] = [r["status"] for r in view["repayments"] if r["orderId"] == order_id]
    return str(found)


def borrower_sees(client: GatewayClient, order_id: str) -> list[tuple[str, str]]:
    """The borrower's own list of payments (the portal's), for the repayment: status and amount."""
    listed = client.get("/api/portal/payments").json()
    return [(p["status"], p["amount"]) for p in listed if p["orderId"] == order_id]


def rejected_repayment(client: GatewayClient) -> dict[str, Any]:
    """Meena pays ₹200.50 to her Fineract loan; the lender's checker rejects the booking."""
    client.post("/_mocks/fineract/qa", json={"makerChecker": True})
    log_in(client, MEENA)
    payment: dict[str, Any] = pay(client, {"mode": "partialPayment", "amount": "200.50"}).json()
    checkout(client, payment)
    assert confirm(client, payment)["status"] == "awaitingApproval"
    waiting = client.get(f"{FINERACT}/makercheckers", params={"resourceId": 7101}, headers=BASIC).json()
    rejected = client.post(f"{FINERACT}/makercheckers/{waiting[0]['id']}", params={"command": "reject"}, headers=BASIC)
    assert rejected.status_code == 200
    return payment


def test_a_fineract_repayments_refund_the_bank_gives_up_is_on_the_desk_and_asked_again_at_the_lenders_account(
    client: GatewayClient,
) -> None:
    payment = rejected_repayment(client)
    order_id = payment["orderId"]
    assert client.post("/_mocks/scenarios", json=HOLD).status_code == 201
    settled = recheck(client)["settled"]  # the rejected repayment's refund, made and held by the bank
    assert [(s["status"], s["amount"]) for s in settled] == [("refunded", "200.50")]
    [held] = refunds_at(client, FINERACT_ACCOUNT, order_id)
    assert held["refund_status"] == "ONHOLD"

    assert staff_log_in(client, AGENT).status_code == 200
    assert repayment_status(client, order_id) == "refundPending"  # not "refunded": the bank holds it
    assert desk_refunds(client, MEENA) == []
    # The borrower's own list keeps the payment the lender refused, saying where its refund stands.
    assert borrower_sees(client, order_id) == [("refundPending", "200.50")]

    bank_says(client, str(held["cf_refund_id"]), "CANCELLED")  # told to the lender's account's URLs
    assert repayment_status(client, order_id) == "refundCancelled"
    assert borrower_sees(client, order_id) == [("refundCancelled", "200.50")]
    [given_up] = client.get("/api/desk/refunds", params={"customer": MEENA}).json()
    assert desk_refunds(client, MEENA) == [
        (order_id, "200.50", "cancelled", True, "fineract", "FIN-000007101", "payment provider")
    ]

    # Asked again by the desk: a new refund at the lender's own account, never the store's.
    again = client.post(
        f"/api/desk/refunds/{given_up['id']}/retry", headers={**client.xsrf(), "Idempotency-Key": "retry-fin-0001"}
    )
    assert again.status_code == 200, again.text
    assert (again.json()["status"], again.json()["needsPerson"], again.json()["lender"]) == (
        "refunded",
        False,
        "fineract",
    )
    at_lender = refunds_at(client, FINERACT_ACCOUNT, order_id)
    assert sorted((r["refund_amount"], r["refund_status"]) for r in at_lender) == [
        (200.5, "CANCELLED"),
        (200.5, "SUCCESS"),
    ]
    assert repayment_status(client, order_id) == "refunded"  # given back at last
    assert borrower_sees(client, order_id) == [("refunded", "200.50")]
    assert staff_log_in(client, SUPERVISOR).status_code == 200
    handed = [e for e in trail(client, action="refundFailed") if e["reference"] == order_id]
    assert [(e["staff"], e["amount"], e["outcome"]) for e in handed] == [
        ("payment provider", "200.50", "handed to the desk: CANCELLED")
    ]


def test_a_fineract_repayments_refund_given_back_is_refunded_on_the_desk_and_nothing_is_handed_over(
    client: GatewayClient,
) -> None:
    payment = rejected_repayment(client)
    assert [s["status"] for s in recheck(client)["settled"]] == ["refunded"]
    assert staff_log_in(client, AGENT).status_code == 200
    assert repayment_status(client, payment["orderId"]) == "refunded"
    assert desk_refunds(client, MEENA) == []


def test_a_native_repayments_refund_the_bank_gives_up_is_on_the_desk_with_its_loan(client: GatewayClient) -> None:
    """The native lender refunds a repayment from its own dashboard (at its own account); the bank
    gives the refund up: the desk has it with the borrower, the lender and the loan, and records it
    paid another way."""
    log_in(client, RAMESH)
    payment: dict[str, Any] = pay(client, {"mode": "partialPayment", "amount": "300.00"}).json()
    checkout(client, payment)
    assert confirm(client, payment)["status"] == "completed"
    order_id = payment["orderId"]
    assert client.post("/_mocks/scenarios", json=HOLD).status_code == 201
    made = client.post(
        f"/_mocks/payments/pg/orders/{order_id}/refunds",
        json={"refund_amount": 300.00, "refund_id": f"{order_id}-lender-refund"},
        headers={**LENDER_ACCOUNT, "x-idempotency-key": f"{order_id}-lender-refund"},
    )
    assert made.status_code == 200, made.text
    bank_says(client, str(made.json()["cf_refund_id"]), "CANCELLED")

    assert staff_log_in(client, AGENT).status_code == 200
    [row] = desk_refunds(client, RAMESH)
    assert row[:5] == (order_id, "300.00", "cancelled", True, "native")
    assert row[5] and row[6] == "payment provider"  # the lender's loan the repayment was for
    [given_up] = client.get("/api/desk/refunds", params={"customer": RAMESH}).json()
    recorded = client.post(
        f"/api/desk/refunds/{given_up['id']}/paid-otherwise", json={"reference": "UTR 5512 0098"}, headers=client.xsrf()
    )
    assert recorded.status_code == 200, recorded.text
    assert (recorded.json()["status"], recorded.json()["loanNumber"]) == ("paidOtherwise", row[5])


def test_a_fineract_repayments_refund_the_desk_paid_another_way_is_given_back_on_the_borrowers_list(
    client: GatewayClient,
) -> None:
    """The provider goes on saying the refund failed; the borrower is told what the desk did: given
    back, by the transfer's reference, not "refund failed" for ever."""
    payment = rejected_repayment(client)
    order_id = payment["orderId"]
    assert client.post("/_mocks/scenarios", json=HOLD).status_code == 201
    recheck(client)
    [held] = refunds_at(client, FINERACT_ACCOUNT, order_id)
    bank_says(client, str(held["cf_refund_id"]), "CANCELLED")
    assert borrower_sees(client, order_id) == [("refundCancelled", "200.50")]

    assert staff_log_in(client, AGENT).status_code == 200
    [given_up] = client.get("/api/desk/refunds", params={"customer": MEENA}).json()
    recorded = client.post(
        f"/api/desk/refunds/{given_up['id']}/paid-otherwise", json={"reference": "UTR 7730 1142"}, headers=client.xsrf()
    )
    assert recorded.status_code == 200, recorded.text

    listed = [p for p in client.get("/api/portal/payments").json() if p["orderId"] == order_id]
    assert [(p["status"], p["amount"], p["refundReference"]) for p in listed] == [
        ("refunded", "200.50", "UTR 7730 1142")
    ]
    # The desk's own view of the repayment says the same.
    view = client.get("/api/desk/customers", params={"q": order_id}).json()
    assert [(r["status"], r["refundReference"]) for r in view["repayments"] if r["orderId"] == order_id] == [
        ("refunded", "UTR 7730 1142")
    ]
    # Still given up at the provider: the desk's record is what changed.
    assert [r["refund_status"] for r in refunds_at(client, FINERACT_ACCOUNT, order_id)] == ["CANCELLED"]


def test_a_refund_of_more_than_was_owed_the_bank_gives_up_is_on_the_desk_for_that_part(client: GatewayClient) -> None:
    """A payment the bank let through once the loan was foreclosed: the lender books what was still
    owed and refunds the rest on the payment's own order (excess_refunds.py). Should the bank give
    that refund up, the desk has it as needing a person, for the part given back, with the lender
    and the loan, and records it paid another way."""
    log_in(client, RAMESH)
    owed = client.get("/api/portal/repayment").json()["remainingAmount"]
    first = pay(client, {"mode": "partialPayment", "amount": owed}, key="late-given-up-0001").json()
    quote = client.get("/api/loans/LN-1001/foreclosure").json()
    closing = client.post(
        "/api/loans/LN-1001/foreclosure/payments",
        json={"amount": quote["total"]},
        headers={**client.xsrf(), "Idempotency-Key": "close-given-up-0001"},
    ).json()
    checkout(client, closing)
    confirmed = f"/api/loans/LN-1001/foreclosure/payments/{closing['paymentLogId']}/confirm"
    assert client.post(confirmed, headers=client.xsrf()).json()["loan"]["status"] == "closed"

    assert client.post("/_mocks/scenarios", json=HOLD).status_code == 201
    checkout(client, first)
    refunded = confirm(client, first)["allocation"]["refunded"]
    order_id = first["orderId"]
    [held] = refunds_at(client, LENDER_ACCOUNT, order_id)
    assert (held["refund_status"], f"{held['refund_amount']:.2f}") == ("ONHOLD", refunded)
    bank_says(client, str(held["cf_refund_id"]), "CANCELLED")

    assert staff_log_in(client, AGENT).status_code == 200
    assert desk_refunds(client, RAMESH) == [
        (order_id, refunded, "cancelled", True, "native", "LN-1001", "payment provider")
    ]
    [given_up] = client.get("/api/desk/refunds", params={"customer": RAMESH}).json()
    recorded = client.post(
        f"/api/desk/refunds/{given_up['id']}/paid-otherwise", json={"reference": "UTR 6621 0457"}, headers=client.xsrf()
    )
    assert recorded.status_code == 200, recorded.text
    assert (recorded.json()["status"], recorded.json()["amount"]) == ("paidOtherwise", refunded)
    # The repayment itself stays booked for what was owed.
    assert repayment_status(client, order_id) == "paid"
