"""The support desk (issue 41) through the gateway and the in-process mocks: staff logins and
roles, finding a customer by what they quote, one timeline from every upstream, and actions
through the owning upstream, each logged with who and why."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime
from decimal import Decimal
from typing import Any

import msgspec
import pytest

from gateway.desk.staff import DEMO_ACCOUNTS, hash_secret
from gateway.settings import OtpLimits, Settings, UnsafeSettings
from tests.conftest import CLIENT_SECRET, GatewayClient
from tests.integration.test_portal_api import log_in as portal_log_in
from tests.integration.test_reconciliation import paid_online, repaid
from tests.integration.test_server_texts_language import mail_when
from tests.integration.test_store_api import log_in as store_log_in

AGENT, SUPERVISOR = "asha.agent", "vikram.supervisor"


@pytest.fixture
def settings(make_settings: Callable[..., Settings]) -> Settings:
    return make_settings(otp=OtpLimits(resend_seconds=0, sends_per_number_per_hour=50))


def staff_log_in(client: GatewayClient, name: str) -> Any:
    secret = DEMO_ACCOUNTS[name][1]
    return client.post("/api/desk/login", json={"name": name, "secret": secret}, headers=client.xsrf())


def act(client: GatewayClient, path: str, reason: str, key: str | None = None) -> Any:
    headers = {**client.xsrf(), **({"Idempotency-Key": key} if key else {})}
    return client.post(f"/api/desk{path}", json={"reason": reason}, headers=headers)


def audit_lines(out: str) -> list[dict[str, Any]]:
    lines = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    return [line for line in lines if line.get("event") == "desk_audit"]


def test_the_desk_needs_a_staff_login_and_refuses_a_wrong_secret(client: GatewayClient) -> None:
    assert client.get("/api/desk/me").json()["error"]["code"] == "desk_login_required"
    assert client.get("/api/desk/customers", params={"q": "9876543210"}).status_code == 401
    wrong = client.post("/api/desk/login", json={"name": AGENT, "secret": "guess"}, headers=client.xsrf())
    assert wrong.status_code == 401 and wrong.json()["error"]["code"] == "desk_login_failed"
    # A shopper's login is not a staff login.
    store_log_in(client)
    assert client.get("/api/desk/me").status_code == 401
    assert staff_log_in(client, AGENT).json() == {"name": AGENT, "role": "agent"}
    assert client.get("/api/desk/me").json() == {"name": AGENT, "role": "agent"}
    assert client.post("/api/desk/logout", headers=client.xsrf()).status_code == 204
    assert client.get("/api/desk/me").status_code == 401


def test_too_many_wrong_secrets_for_a_name_or_from_one_address_are_refused_for_a_while(
    make_client: Callable[[Settings], GatewayClient], settings: Settings, capsys: pytest.CaptureFixture[str]
) -> None:
    client = make_client(msgspec.structs.replace(settings, desk_login_failures_per_client=8))

    def try_secret(name: str, secret: str) -> Any:
        return client.post("/api/desk/login", json={"name": name, "secret": secret}, headers=client.xsrf())

    for _ in range(5):
        assert try_secret(AGENT, "guess").status_code == 401
    held = try_secret(AGENT, DEMO_ACCOUNTS[AGENT][1])  # even the right secret is not checked now
    assert held.status_code == 429
    error = held.json()["error"]
    assert error["code"] == "desk_login_limit" and 0 < error["retryAfter"] <= 15 * 60
    assert int(held.headers["retry-after"]) == error["retryAfter"]
    assert "Too many wrong secrets for this desk account" in error["message"]
    # Another account is not held back by this one's guesses, and its good login clears its own count.
    for _ in range(2):
        assert try_secret(SUPERVISOR, "guess").status_code == 401
    assert staff_log_in(client, SUPERVISOR).status_code == 200
    # The address has now made 7 wrong logins; the 8th fills its hour, whatever name comes next.
    assert try_secret("someone.else", "guess").status_code == 401
    from_here = try_secret(SUPERVISOR, DEMO_ACCOUNTS[SUPERVISOR][1])
    assert from_here.status_code == 429
    assert "from this address" in from_here.json()["error"]["message"]
    refused = [e for e in audit_lines(capsys.readouterr().out) if e["outcome"] == "refused: desk_login_limit"]
    assert [e["staff"] for e in refused] == [AGENT, SUPERVISOR]


def test_an_agent_finds_a_customer_by_a_upi_reference_sees_every_upstream_and_resends_a_receipt(
    client: GatewayClient, capsys: pytest.CaptureFixture[str]
) -> None:
    repayment = repaid(client, "1000")
    store_log_in(client)
    order = paid_online(client, "desk-order-0001", {1: 1})
    upi = client.get(
        f"/_mocks/payments/pg/orders/{order['payment']['providerOrderId']}/payments",
        headers={"x-client-id": "mock-client", "x-client-secret": CLIENT_SECRET, "x-api-version": "2025-01-01"},
    ).json()[0]["bank_reference"]
    assert staff_log_in(client, AGENT).status_code == 200

    found = client.get("/api/desk/customers", params={"q": upi})
    assert found.status_code == 200, found.text
    view = found.json()
    assert (view["foundBy"], view["mobileNumber"], view["name"]) == ("paymentReference", "9876543210", "Ramesh Kumar")
    assert [o["orderNumber"] for o in view["orders"]] == [order["orderNumber"]]
    assert [r["orderId"] for r in view["repayments"]] == [repayment["orderId"]]
    kinds = {(e["source"], e["kind"], e["reference"]) for e in view["timeline"]}
    assert {
        ("orders", "orderPlaced", order["orderNumber"]),
        ("provider", "paymentTaken", order["orderNumber"]),
        ("lender", "repaymentApplied", repayment["orderId"]),
        ("provider", "paymentTaken", repayment["orderId"]),
    } <= kinds
    assert any(e["providerReference"] == upi for e in view["timeline"])
    times = [datetime.fromisoformat(e["at"]) for e in view["timeline"]]
    assert times == sorted(times, reverse=True)
    # The same customer by mobile, order number and loan number.
    for q, by in (("9876543210", "mobile"), (order["orderNumber"], "orderNumber"), ("LN-1001", "loanNumber")):
        again = client.get("/api/desk/customers", params={"q": q}).json()
        assert (again["foundBy"], again["mobileNumber"]) == (by, "9876543210"), again

    capsys.readouterr()
    no_key = act(client, f"/repayments/{repayment['orderId']}/receipt", "Customer lost the mail")
    assert no_key.status_code == 422 and no_key.json()["error"]["code"] == "idempotency_key_missing"
    capsys.readouterr()
    sent = act(client, f"/repayments/{repayment['orderId']}/receipt", "Customer lost the mail", "desk-receipt-0001")
    assert sent.status_code == 200, sent.text
    assert sent.json() == {
        "action": "receiptResent",
        "reference": repayment["orderId"],
        "sentTo": "r***@shop.example",
        "order": None,
    }
    mailed = act(client, f"/orders/{order['orderNumber']}/resend", "Asked for the order mail again")
    assert mailed.status_code == 200 and mailed.json()["sentTo"] == "r***@shop.example"
    logged = audit_lines(capsys.readouterr().out)
    assert [(e["staff"], e["action"], e["reason"], e["outcome"]) for e in logged] == [
        (AGENT, "resendReceipt", "Customer lost the mail", "done"),
        (AGENT, "resendOrderMail", "Asked for the order mail again", "done"),
    ]


def test_an_agent_cannot_cancel_and_a_supervisor_cancels_once_with_the_refund_on_the_shoppers_order(
    client: GatewayClient, capsys: pytest.CaptureFixture[str]
) -> None:
    store_log_in(client)
    order = paid_online(client, "desk-order-0002", {2: 1})
    number = order["orderNumber"]
    staff_log_in(client, AGENT)
    refused = act(client, f"/orders/{number}/cancel", "Customer asked", key="desk-cancel-0001")
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "desk_supervisors_only"
    assert client.get("/api/desk/reconciliation").status_code == 403

    staff_log_in(client, SUPERVISOR)
    no_reason = client.post(
        f"/api/desk/orders/{number}/cancel", json={"reason": ""}, headers={**client.xsrf(), "Idempotency-Key": "k" * 12}
    )
    assert no_reason.status_code in (400, 422)
    no_key = act(client, f"/orders/{number}/cancel", "Customer asked")
    assert no_key.status_code == 422 and no_key.json()["error"]["field"] == "Idempotency-Key"
    capsys.readouterr()
    first = act(client, f"/orders/{number}/cancel", "Ordered twice by mistake", key="desk-cancel-0002")
    assert first.status_code == 200, first.text
    again = act(client, f"/orders/{number}/cancel", "Ordered twice by mistake", key="desk-cancel-0002")
    assert again.status_code == 200 and again.json() == first.json()  # a retry refunds once
    cancelled = first.json()["order"]
    assert cancelled["status"] == "cancelled" and cancelled["paymentState"] == "refundInitiated"
    shopper_sees = client.get(f"/api/orders/{number}").json()
    assert shopper_sees["status"] == "cancelled" and shopper_sees["refund"]["kind"] == "toSource"
    other = act(client, f"/orders/{number}/cancel", "Again", key="desk-cancel-0003")
    assert other.status_code == 409
    logged = audit_lines(capsys.readouterr().out)
    assert [(e["staff"], e["role"], e["action"], e["outcome"]) for e in logged][:1] == [
        (SUPERVISOR, "supervisor", "cancelOrder", "done")
    ]
    assert logged[-1]["outcome"].startswith("refused")

    day = client.get("/api/desk/reconciliation")
    assert day.status_code == 200, day.text
    assert day.json()["unreconciled"] == "0.00" and day.json()["refundsSettled"] == 1


def test_the_timeline_shows_the_borrowers_complaints_from_the_lender(client: GatewayClient) -> None:
    portal_log_in(client)
    raised = client.post(
        "/api/complaints",
        json={
            "against": "lender",
            "category": "charges",
            "text": "The late fee of Rs. 450 is wrong.",
            "loanNumber": "LN-1001",
        },
        headers=client.xsrf(),
    ).json()
    ticket = raised["ticketNumber"]
    moved = client.post(
        f"/_mocks/lending/complaints/{ticket}/status", json={"status": "resolved", "answer": "The fee was reversed."}
    )
    assert moved.status_code == 200
    staff_log_in(client, AGENT)

    view = client.get("/api/desk/customers", params={"q": "9876543210"}).json()
    mine = [c for c in view["complaints"] if c["ticketNumber"] == ticket]
    assert [(c["category"], c["text"], c["status"], c["loanNumber"]) for c in mine] == [
        ("charges", "The late fee of Rs. 450 is wrong.", "resolved", "LN-1001")
    ]
    assert mine[0]["raisedAt"] and mine[0]["updatedAt"] and mine[0]["answerDueBy"]
    entries = [
        (e["source"], e["kind"], e["note"])
        for e in view["timeline"]
        if e["reference"] == ticket and e["source"] == "lender"
    ]
    assert entries == [
        ("lender", "complaintResolved", "The fee was reversed."),
        ("lender", "complaintRaised", "The late fee of Rs. 450 is wrong."),
    ]
    # The partner call needs the partner key, and a number the lender does not know has none.
    partner = "/_mocks/lending/webRepayment/partnerComplaints"
    assert client.get(partner, params={"mobileNumber": "9876543210"}).status_code == 401
    key = {"x-partner-key": "mock-partner-key"}
    assert client.get(partner, params={"mobileNumber": "9000000999"}, headers=key).json()["data"] == []
    assert client.get(partner, params={"mobileNumber": "98765"}, headers=key).status_code == 400


def test_the_timeline_shows_the_mails_and_sms_the_customer_was_sent(client: GatewayClient) -> None:
    repayment = repaid(client, "500")
    ticket = client.post(
        "/api/complaints",
        json={"against": "platform", "category": "other", "text": "Please call me about my loan."},
        headers=client.xsrf(),
    ).json()["ticketNumber"]
    staff_log_in(client, AGENT)

    view = client.get("/api/desk/customers", params={"q": "9876543210"}).json()
    sent = [(e["source"], e["kind"], e["reference"], e["sentTo"]) for e in view["timeline"] if e["source"] == "mail"]
    assert ("mail", "smsSent", ticket, "9876543210") in sent
    assert ("mail", "mailSent", ticket, "r***@shop.example") in sent
    mail = next(e for e in view["timeline"] if e["kind"] == "mailSent" and e["reference"] == ticket)
    assert ticket in mail["note"]  # the mail's subject; the address is the lender's on record
    sms = next(e for e in view["timeline"] if e["kind"] == "smsSent" and e["reference"] == ticket)
    assert ticket in sms["note"]
    assert repayment["orderId"] in {e["reference"] for e in view["timeline"]}

    # The read call is the platform's own tools' only, and says what it needs.
    messages = "/_mocks/mail/website/sentMessages"
    assert client.get(messages, params={"mobileNumber": "9876543210"}).status_code == 401
    key = {"x-operations-key": "mock-operations-key"}
    assert client.get(messages, headers=key).status_code == 400
    assert client.get(messages, params={"email": "not-an-address"}, headers=key).status_code == 400
    assert client.get(messages, params={"mobileNumber": "9000000999"}, headers=key).json()["data"] == []


def test_a_shopper_who_never_repaid_sees_the_order_mails_the_orders_service_sent(client: GatewayClient) -> None:
    # Ramesh shops but has made no repayment: the lender gives the desk no address of his, the
    # orders service does (the one it mails his orders to).
    store_log_in(client)
    order = paid_online(client, "desk-never-repaid-1", {2: 1})
    mail_when(client, lambda m: m.get("orderNumber") == order["orderNumber"])
    staff_log_in(client, AGENT)

    for q in ("9876543210", order["orderNumber"]):
        view = client.get("/api/desk/customers", params={"q": q}).json()
        assert view["repayments"] == []
        mails = [(e["kind"], e["reference"], e["sentTo"]) for e in view["timeline"] if e["source"] == "mail"]
        assert ("mailSent", order["orderNumber"], "r***@shop.example") in mails, mails

    # The orders service's call says whose the address is, with the operations key only.
    shoppers = "/_mocks/orders/operations/shoppers"
    assert client.get(shoppers, params={"mobileNumber": "9876543210"}).status_code == 401
    key = {"x-operations-key": "mock-operations-key"}
    assert client.get(shoppers, params={"mobileNumber": "9876543210"}, headers=key).json()["data"] == [
        {"userId": 2001, "mobileNumber": "9876543210", "userName": "Ramesh Kumar", "email": "ramesh.kumar@shop.example"}
    ]
    assert client.get(shoppers, params={"mobileNumber": "9000000999"}, headers=key).json()["data"] == []
    assert client.get(shoppers, headers=key).status_code == 400


def test_what_nothing_matches_and_what_is_not_a_query(client: GatewayClient) -> None:
    staff_log_in(client, AGENT)
    assert client.get("/api/desk/customers", params={"q": "9000000999"}).status_code == 404
    assert client.get("/api/desk/customers", params={"q": "633000000000"}).status_code == 404
    bad = client.get("/api/desk/customers", params={"q": "<script>"})
    assert bad.status_code == 422 and bad.json()["error"]["field"] == "q"


def test_only_development_has_the_demonstration_staff_unasked(make_settings: Callable[..., Settings]) -> None:
    from gateway.desk.staff import staff_accounts

    # A shared deployment (test or production) with DESK_STAFF unset: nobody may log in to the desk.
    assert staff_accounts(make_settings(environment="production", desk_staff="")) == {}
    assert staff_accounts(make_settings(environment="test", desk_staff="")) == {}
    assert set(staff_accounts(make_settings(environment="development", desk_staff=""))) == set(DEMO_ACCOUNTS)
    demo = f"asha.agent:agent:{hash_secret(DEMO_ACCOUNTS[AGENT][1])}"
    with pytest.raises(UnsafeSettings, match="demonstration"):
        staff_accounts(make_settings(environment="production", desk_staff=demo))
    ours = f"meera:supervisor:{hash_secret('a secret of our own')}"
    assert list(staff_accounts(make_settings(environment="production", desk_staff=ours))) == ["meera"]


def test_a_credit_orders_cancellation_puts_the_amount_back_on_the_limit_and_tells_one_story(
    client: GatewayClient,
) -> None:
    """The desk's result, the order's card and the timeline all say the same: back on the credit limit."""
    from tests.integration.test_checkout_api import fill_cart, quote
    from tests.integration.test_credit_api import buy_on_credit, open_line

    open_line(client)
    fill_cart(client, {1: 1})
    before = Decimal(quote(client, "credit")["credit"]["available"])
    total = Decimal(buy_on_credit(client, "desk-credit-order-1"))
    number = client.get("/api/orders").json()["orders"][0]["orderNumber"]
    fill_cart(client, {1: 1})
    assert Decimal(quote(client, "credit")["credit"]["available"]) == before - total

    staff_log_in(client, SUPERVISOR)
    cancelled = act(client, f"/orders/{number}/cancel", "Ordered on credit by mistake", key="desk-credit-cancel-1")
    assert cancelled.status_code == 200, cancelled.text
    result = cancelled.json()["order"]
    assert (result["paymentMethod"], result["paymentState"], result["refundKind"]) == (
        "credit", "creditReversed", "creditReversed",
    )  # fmt: skip
    view = client.get("/api/desk/customers", params={"q": number}).json()
    [card] = [o for o in view["orders"] if o["orderNumber"] == number]
    assert (card["status"], card["refundKind"]) == ("cancelled", "creditReversed")
    told = [
        (e["kind"], e["amount"]) for e in view["timeline"] if e["reference"] == number and e["kind"] != "orderPlaced"
    ]
    assert ("creditRestored", f"{total:.2f}") in told and not [k for k, _ in told if k.startswith("refund")]
    # And it is so at the lender: the shopper may spend it again.
    assert Decimal(quote(client, "credit")["credit"]["available"]) == before
