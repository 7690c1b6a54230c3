"""Refunds on the desk (issue 55), on a real PostgreSQL and on SQLite: an agent asks for a partial
refund of an order paid online with a reason code and a note; a supervisor approves and it goes to
the provider once; one above the configured amount waits for a second supervisor (never the same
one twice, never the one who asked), even across a restart; what is left to refund is kept to;
each step is in the audit trail."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

import httpx
import msgspec
import pytest

from gateway.desk.refunds import provider_refund_id
from gateway.desk.staff import hash_secret
from gateway.settings import UPSTREAMS, Settings
from tests.conftest import CLIENT_SECRET, GatewayClient
from tests.integration.test_desk_audit_trail import database_url, trail
from tests.integration.test_reconciliation import paid_online
from tests.integration.test_returns_api import ask as ask_return
from tests.integration.test_returns_api import delivered, slot
from tests.integration.test_returns_api import desk as returns_desk
from tests.integration.test_store_api import log_in as store_log_in
from upstream_mocks.payments.webhooks import signed_headers

__all__ = ["database_url"]  # the fixture, on PostgreSQL and on SQLite

STAFF = {
    "asha.agent": ("agent", "asha-agent-secret-1"),
    "vikram.supervisor": ("supervisor", "vikram-supervisor-secret-1"),
    "meera.supervisor": ("supervisor", "meera-supervisor-secret-1"),
}
PROVIDER = {"x-client-id": "mock-client", "x-client-secret": CLIENT_SECRET, "x-api-version": "2023-08-01"}


@pytest.fixture(scope="module")
def desk_staff() -> str:
    return ",".join(f"{name}:{role}:{hash_secret(secret)}" for name, (role, secret) in STAFF.items())


def log_in(client: GatewayClient, name: str) -> None:
    answer = client.post("/api/desk/login", json={"name": name, "secret": STAFF[name][1]}, headers=client.xsrf())
    assert answer.status_code == 200, answer.text


def ask(client: GatewayClient, number: str, amount: str, code: str, key: str) -> Any:
    return client.post(
        f"/api/desk/orders/{number}/refunds",
        json={"amount": amount, "reasonCode": code, "note": f"{code} for the customer"},
        headers={**client.xsrf(), "Idempotency-Key": key},
    )


def decide(client: GatewayClient, refund_id: int, decision: str = "approve") -> Any:
    return client.post(f"/api/desk/refunds/{refund_id}/{decision}", headers=client.xsrf())


def given_back(client: GatewayClient, provider_order_id: str) -> list[tuple[Decimal, str]]:
    answer = client.get(f"/_mocks/payments/pg/orders/{provider_order_id}/refunds", headers=PROVIDER)
    return [(Decimal(str(r["refund_amount"])), r["refund_status"]) for r in answer.json()]


def test_a_refund_is_asked_approved_once_or_twice_and_given_back_once(
    make_client: Callable[[Settings], GatewayClient],
    settings: Settings,
    database_url: str,
    desk_staff: str,
    mocks_url: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The mocks as their own process, so the upstreams outlive the gateway restarted below.
    httpx.post(f"{mocks_url}/_mocks/reset").raise_for_status()
    monkeypatch.setenv("MOCKS_URL", mocks_url)  # read by gateway.embedded, as `python -m gateway` does
    upstreams = {f"{n}_url": f"{mocks_url}/_mocks/{n}/" for n in UPSTREAMS}
    settings = msgspec.structs.replace(
        settings,
        database_url=database_url,
        desk_staff=desk_staff,
        desk_refund_second_approval_above=Decimal("100"),
        **upstreams,
    )
    client = make_client(settings)
    store_log_in(client)
    order = paid_online(client, "refund-order-0001", {1: 1})
    number, provider_order = order["orderNumber"], order["payment"]["providerOrderId"]
    total = Decimal(order["charges"]["total"])
    assert total > Decimal("145")

    log_in(client, "asha.agent")
    assert ask(client, number, "40", "goodwill", "").status_code == 422  # no key: no request
    bad = ask(client, number, "40.005", "goodwill", "refund-key-0000")
    assert bad.status_code == 422 and bad.json()["error"]["field"] == "amount"
    first = ask(client, number, "40", "goodwill", "refund-key-0001")
    assert first.status_code == 200, first.text
    small = first.json()
    assert (small["amount"], small["status"], small["approvalsNeeded"], small["requestedBy"]) == (
        "40.00", "requested", 1, "asha.agent",
    )  # fmt: skip
    assert ask(client, number, "40", "goodwill", "refund-key-0001").json()["id"] == small["id"]  # a retried click
    refused = decide(client, small["id"])
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "desk_supervisors_only"
    big = ask(client, number, "105", "damagedGoods", "refund-key-0002").json()
    assert (big["status"], big["approvalsNeeded"]) == ("requested", 2)
    too_much = ask(client, number, "20", "feeChargedWrongly", "refund-key-0003")
    assert too_much.status_code == 409 and too_much.json()["error"]["code"] == "refund_too_much"
    assert given_back(client, provider_order) == []  # nothing goes to the provider before an approval

    log_in(client, "vikram.supervisor")
    approved = decide(client, small["id"])
    assert approved.status_code == 200, approved.text
    assert approved.json()["status"] == "refunded" and approved.json()["providerRefundId"]
    assert [a["supervisor"] for a in approved.json()["approvals"]] == ["vikram.supervisor"]
    halfway = decide(client, big["id"]).json()
    assert (halfway["status"], len(halfway["approvals"])) == ("requested", 1)
    twice = decide(client, big["id"])
    assert twice.status_code == 409 and twice.json()["error"]["code"] == "refund_second_approval_needed"
    assert given_back(client, provider_order) == [(Decimal("40"), "SUCCESS")]
    client.__exit__(None, None, None)

    # The gateway restarted (or another replica) has the request and its first approval.
    again = make_client(settings)
    log_in(again, "meera.supervisor")
    waiting = again.get("/api/desk/refunds", params={"customer": "9876543210"}).json()
    assert [(r["id"], r["status"]) for r in waiting] == [(big["id"], "requested"), (small["id"], "refunded")]
    done = decide(again, big["id"]).json()
    assert done["status"] == "refunded"
    assert [a["supervisor"] for a in done["approvals"]] == ["vikram.supervisor", "meera.supervisor"]
    assert decide(again, big["id"]).json()["providerRefundId"] == done["providerRefundId"]  # answered, not again
    assert given_back(again, provider_order) == [(Decimal("40"), "SUCCESS"), (Decimal("105"), "SUCCESS")]

    log_in(again, "vikram.supervisor")
    kept = [(e["staff"], e["action"], e["outcome"], e["amount"]) for e in trail(again, customer="9876543210")]
    assert ("asha.agent", "requestRefund", "done", "40.00") in kept
    assert ("asha.agent", "approveRefund", "refused: desk_supervisors_only", "40.00") in kept
    assert ("asha.agent", "requestRefund", "refused: refund_too_much", "20.00") in kept
    assert ("vikram.supervisor", "approveRefund", "done: a second approval needed", "105.00") in kept
    assert ("meera.supervisor", "refund", "done: refunded", "105.00") in kept
    assert ("vikram.supervisor", "refund", "done: refunded", "40.00") in kept


def bank_says(client: GatewayClient, cf_refund_id: str, word: str) -> None:
    answer = client.post(f"/_mocks/payments/refunds/{cf_refund_id}/bank", json={"refund_status": word})
    assert answer.status_code == 200, answer.text


def test_the_banks_word_on_a_refund_comes_back_to_the_desk_and_the_shoppers_order_page(
    make_client: Callable[[Settings], GatewayClient], settings: Settings, desk_staff: str
) -> None:
    """A refund the bank holds is on hold on both screens; when the bank cancels one or pays one out,
    the shopper's order page says so the next time it is opened, nobody at the desk looking first,
    and the desk says the same. A cancelled refund's amount may be asked for again."""
    client = make_client(msgspec.structs.replace(settings, desk_staff=desk_staff))
    store_log_in(client)
    order = paid_online(client, "refund-order-0101", {1: 1})
    number = order["orderNumber"]

    def shopper_sees() -> list[tuple[str, str]]:
        seen = client.get(f"/api/orders/{number}").json()
        return [(r["amount"], r["status"]) for r in seen.get("supportRefunds", [])]

    # The bank holds the next two refunds (for ten minutes, longer than this test), until its word below.
    hold = {"mock": "payments", "path": "refund", "refund": "onHold", "delayMs": 600_000, "times": 2}
    assert client.post("/_mocks/scenarios", json=hold).status_code == 201
    log_in(client, "asha.agent")
    kept = ask(client, number, "30", "goodwill", "refund-key-0101").json()
    lost = ask(client, number, "20", "feeChargedWrongly", "refund-key-0102").json()
    log_in(client, "vikram.supervisor")
    held = [decide(client, refund["id"]).json() for refund in (kept, lost)]
    assert [(r["status"], bool(r["providerRefundId"])) for r in held] == [("pending", True), ("pending", True)]
    assert shopper_sees() == [("30.00", "pending"), ("20.00", "pending")]

    bank_says(client, held[0]["providerRefundId"], "ONHOLD")  # still on hold: nothing changes
    assert shopper_sees() == [("30.00", "pending"), ("20.00", "pending")]
    bank_says(client, held[0]["providerRefundId"], "SUCCESS")
    bank_says(client, held[1]["providerRefundId"], "CANCELLED")
    assert shopper_sees() == [("30.00", "refunded"), ("20.00", "cancelled")]
    listed = client.get("/api/desk/refunds", params={"order": number}).json()
    assert [(r["amount"], r["status"]) for r in listed] == [("20.00", "cancelled"), ("30.00", "refunded")]
    # The bank gave the twenty rupees up for good: on the desk as needing a person, in the trail once.
    assert [r["needsPerson"] for r in listed] == [True, False]
    assert client.get("/api/desk/refunds", params={"order": number}).json() == listed
    handed = [e for e in trail(client, action="refundFailed") if e["reference"] == number]
    assert [(e["staff"], e["amount"], e["outcome"]) for e in handed] == [
        ("payment provider", "20.00", "handed to the desk: CANCELLED")
    ]
    assert handed[0]["idempotencyKey"] == held[1]["providerRefundId"]

    # The cancelled twenty rupees were never given back: they may be asked for again, and given.
    log_in(client, "asha.agent")
    again = ask(client, number, "20", "feeChargedWrongly", "refund-key-0103")
    assert again.status_code == 200, again.text
    log_in(client, "vikram.supervisor")
    assert decide(client, again.json()["id"]).json()["status"] == "refunded"
    assert shopper_sees() == [("30.00", "refunded"), ("20.00", "cancelled"), ("20.00", "refunded")]


def test_a_returns_refund_the_bank_gives_up_reaches_the_desk_by_the_accounts_refund_webhook(
    make_client: Callable[[Settings], GatewayClient],
    settings: Settings,
    desk_staff: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Cashfree tells the account's refund webhook URL (the gateway's, set once in its dashboard)
    that a return's refund was cancelled: the gateway asks the provider, then puts it on the desk
    as needing a person, in the trail once, however often told; a forged one changes nothing."""
    # The mock tells the orders service only: the webhook the gateway gets is the one sent below.
    monkeypatch.setenv("MOCKS_REFUND_WEBHOOK_URLS", "http://mocks.internal/_mocks/orders/webhooks/payments")
    client = make_client(msgspec.structs.replace(settings, desk_staff=desk_staff))
    store_log_in(client)
    order = delivered(client, "refund-return-0201", {7: 1}, "online")
    number, provider_order = order["orderNumber"], order["payment"]["providerOrderId"]
    hold = {"mock": "payments", "path": "refund", "refund": "onHold", "delayMs": 600_000, "times": 1}
    assert client.post("/_mocks/scenarios", json=hold).status_code == 201
    lines = [{"productId": 7, "quantity": 1}]
    assert (
        ask_return(
            client, number, "refund-return-ask", lines=lines, reason="noLongerNeeded", pickup=slot(order)
        ).status_code
        == 200
    )
    returned = returns_desk(client, number, 3)["returns"][0]  # received: its refund asked, held by the bank
    made = client.get(f"/_mocks/payments/pg/orders/{provider_order}/refunds", headers=PROVIDER).json()
    bank_says(client, str(made[0]["cf_refund_id"]), "CANCELLED")

    event = {
        "type": "REFUND_STATUS_WEBHOOK",
        "event_time": "2026-12-02T12:00:00+05:30",
        "data": {
            "refund": {"refund_id": made[0]["refund_id"], "order_id": provider_order, "refund_status": "CANCELLED"}
        },
    }
    raw = msgspec.json.encode(event)
    forged = client.post("/api/webhooks/payments/refunds", content=raw, headers=signed_headers("not-the-secret", raw))
    assert forged.status_code == 401
    told = [
        client.post("/api/webhooks/payments/refunds", content=raw, headers=signed_headers(CLIENT_SECRET, raw))
        for _ in range(2)
    ]
    assert [(t.status_code, t.json()["outcome"]) for t in told] == [
        (200, "handed to the desk"),
        (200, "on the desk already"),
    ]

    log_in(client, "asha.agent")
    listed = client.get("/api/desk/refunds", params={"order": number}).json()
    assert [(r["amount"], r["status"], r["needsPerson"], r["requestedBy"]) for r in listed] == [
        (returned["amount"], "cancelled", True, "payment provider")
    ]
    log_in(client, "vikram.supervisor")
    handed = [e for e in trail(client, action="refundFailed") if e["reference"] == number]
    assert [(e["staff"], e["amount"], e["outcome"]) for e in handed] == [
        ("payment provider", returned["amount"], "handed to the desk: CANCELLED")
    ]


def test_a_refund_the_bank_gave_up_is_asked_again_once_or_recorded_as_paid_another_way(
    make_client: Callable[[Settings], GatewayClient], settings: Settings, desk_staff: str
) -> None:
    """Two refunds the bank gave up, on the desk as needing a person: an agent asks the provider
    for one again (a new refund of the same amount under a fresh key, once however often the click
    is retried, refused from a second click elsewhere) and records the other as paid by bank
    transfer with its reference; each step is in the audit trail, and the shopper's order page and
    the desk then say the same. A refund not given up, or a bad reference, is refused in our words."""
    client = make_client(msgspec.structs.replace(settings, desk_staff=desk_staff))
    store_log_in(client)
    order = paid_online(client, "refund-order-0401", {1: 1})
    number, provider_order = order["orderNumber"], order["payment"]["providerOrderId"]

    def shopper_sees() -> list[tuple[str, str, str | None]]:
        seen = client.get(f"/api/orders/{number}").json()
        return [(r["amount"], r["status"], r.get("reference")) for r in seen.get("supportRefunds", [])]

    hold = {"mock": "payments", "path": "refund", "refund": "onHold", "delayMs": 600_000, "times": 2}
    assert client.post("/_mocks/scenarios", json=hold).status_code == 201
    log_in(client, "asha.agent")
    asked = [ask(client, number, amount, "goodwill", f"refund-key-040{i}").json() for i, amount in enumerate("35")]
    log_in(client, "vikram.supervisor")
    held = [decide(client, refund["id"]).json() for refund in asked]
    for refund in held:
        bank_says(client, refund["providerRefundId"], "CANCELLED")
    again, paid = held
    log_in(client, "asha.agent")
    listed = client.get("/api/desk/refunds", params={"order": number}).json()
    assert [(r["amount"], r["status"], r["needsPerson"]) for r in listed] == [
        ("5.00", "cancelled", True),
        ("3.00", "cancelled", True),
    ]

    def retry(refund_id: int, key: str) -> Any:
        return client.post(f"/api/desk/refunds/{refund_id}/retry", headers={**client.xsrf(), "Idempotency-Key": key})

    def record(refund_id: int, reference: str) -> Any:
        return client.post(
            f"/api/desk/refunds/{refund_id}/paid-otherwise", json={"reference": reference}, headers=client.xsrf()
        )

    assert retry(again["id"], "").status_code == 422  # no key: nothing asked
    first = retry(again["id"], "retry-key-0401")
    assert first.status_code == 200, first.text
    assert (first.json()["status"], first.json()["needsPerson"]) == ("refunded", False)
    assert first.json()["providerRefundId"] != again["providerRefundId"]
    assert retry(again["id"], "retry-key-0401").json() == first.json()  # the click retried: the same answer
    elsewhere = retry(again["id"], "retry-key-0402")  # another click, the refund no longer given up
    assert elsewhere.status_code == 409 and elsewhere.json()["error"]["code"] == "refund_not_given_up"
    # The bank's word on the refund given up, told late (a webhook retried): no second row.
    gone = {
        "refund_id": provider_refund_id("refund-key-0400"),
        "order_id": provider_order,
        "refund_status": "CANCELLED",
    }
    event = {"type": "REFUND_STATUS_WEBHOOK", "event_time": "2026-12-02T12:00:00+05:30", "data": {"refund": gone}}
    raw = msgspec.json.encode(event)
    late_word = client.post("/api/webhooks/payments/refunds", content=raw, headers=signed_headers(CLIENT_SECRET, raw))
    assert late_word.json()["outcome"] == "asked again on the desk already"
    at_provider = sorted(given_back(client, provider_order))
    assert at_provider == [(Decimal("3"), "CANCELLED"), (Decimal("3"), "SUCCESS"), (Decimal("5"), "CANCELLED")]

    bad = record(paid["id"], "x")
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "refund_reference_invalid"
    assert bad.json()["error"]["field"] == "reference"
    recorded = record(paid["id"], "UTR 4021 7788 1234")
    assert recorded.status_code == 200, recorded.text
    assert (recorded.json()["status"], recorded.json()["paidReference"]) == ("paidOtherwise", "UTR 4021 7788 1234")
    assert record(paid["id"], "UTR 4021 7788 1234").json() == recorded.json()  # retried click
    late = record(again["id"], "UTR 9999")  # given back already: nothing to record
    assert late.status_code == 409 and late.json()["error"]["code"] == "refund_not_given_up"
    assert retry(paid["id"], "retry-key-0403").status_code == 409
    missing = retry(999_999, "retry-key-0404")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "refund_not_found"
    assert sorted(given_back(client, provider_order)) == at_provider  # nothing more went to the provider

    listed = client.get("/api/desk/refunds", params={"order": number}).json()
    assert [(r["amount"], r["status"], r["needsPerson"], r["paidReference"]) for r in listed] == [
        ("5.00", "paidOtherwise", False, "UTR 4021 7788 1234"),
        ("3.00", "refunded", False, None),
    ]
    assert shopper_sees() == [("3.00", "refunded", None), ("5.00", "paidOtherwise", "UTR 4021 7788 1234")]

    log_in(client, "vikram.supervisor")
    kept = [(e["staff"], e["action"], e["outcome"], e["amount"]) for e in trail(client, customer="9876543210")]
    mine = [k for k in kept if k[1] in ("retryRefund", "refundPaidOtherwise")]
    assert sorted(mine) == [
        ("asha.agent", "refundPaidOtherwise", "done", "5.00"),
        ("asha.agent", "refundPaidOtherwise", "refused: refund_not_given_up", "3.00"),
        ("asha.agent", "retryRefund", "done", "3.00"),
        ("asha.agent", "retryRefund", "refused: refund_not_given_up", "3.00"),
        ("asha.agent", "retryRefund", "refused: refund_not_given_up", "5.00"),
    ]
    assert ("asha.agent", "refund", "done: refunded", "3.00") in kept


def test_in_the_embedded_default_a_returns_refund_the_bank_gives_up_reaches_the_desk_by_itself(
    make_client: Callable[[Settings], GatewayClient], settings: Settings, desk_staff: str
) -> None:
    """`make run`'s wiring (the mocks in-process, no MOCKS_REFUND_WEBHOOK_URLS): the payments mock
    tells the bank's CANCELLED to each of the account's refund webhook URLs, the gateway's among
    them, signed with the account's client secret as Cashfree signs; the desk has the return's
    refund as needing a person with nobody forwarding a webhook, and the orders service is told too."""
    client = make_client(msgspec.structs.replace(settings, desk_staff=desk_staff))
    store_log_in(client)
    order = delivered(client, "refund-return-0301", {7: 1}, "online")
    number, provider_order = order["orderNumber"], order["payment"]["providerOrderId"]
    hold = {"mock": "payments", "path": "refund", "refund": "onHold", "delayMs": 600_000, "times": 1}
    assert client.post("/_mocks/scenarios", json=hold).status_code == 201
    lines = [{"productId": 7, "quantity": 1}]
    asked = ask_return(
        client, number, "refund-return-0301-ask", lines=lines, reason="noLongerNeeded", pickup=slot(order)
    )
    assert asked.status_code == 200, asked.text
    returned = returns_desk(client, number, 3)["returns"][0]  # received: its refund asked, held by the bank
    made = client.get(f"/_mocks/payments/pg/orders/{provider_order}/refunds", headers=PROVIDER).json()
    bank_says(client, str(made[0]["cf_refund_id"]), "CANCELLED")  # told to the account's URLs before it answers

    told = [
        (w["notify_url"], w["outcome"], w["last_status"])
        for w in client.get("/_mocks/payments/webhooks").json()
        if w["type"] == "REFUND_STATUS_WEBHOOK" and w["order_id"] == provider_order
    ]
    assert told[-2:] == [
        ("http://mocks.internal/_mocks/orders/webhooks/payments", "delivered", 200),
        (f"{settings.public_url}/api/webhooks/payments/refunds", "delivered", 200),
    ]
    log_in(client, "asha.agent")
    listed = client.get("/api/desk/refunds", params={"order": number}).json()
    assert [(r["amount"], r["status"], r["needsPerson"], r["requestedBy"]) for r in listed] == [
        (returned["amount"], "cancelled", True, "payment provider")
    ]


def given_up_return(client: GatewayClient, key: str) -> tuple[str, str, dict[str, Any]]:
    """A return received, its refund asked and then given up by the bank: on the desk as needing a
    person (the embedded default's wiring). Its order number, provider order and desk row."""
    store_log_in(client)
    order = delivered(client, key, {7: 1}, "online")
    number, provider_order = order["orderNumber"], order["payment"]["providerOrderId"]
    hold = {"mock": "payments", "path": "refund", "refund": "onHold", "delayMs": 600_000, "times": 1}
    assert client.post("/_mocks/scenarios", json=hold).status_code == 201
    lines = [{"productId": 7, "quantity": 1}]
    asked = ask_return(client, number, f"{key}-ask", lines=lines, reason="noLongerNeeded", pickup=slot(order))
    assert asked.status_code == 200, asked.text
    returns_desk(client, number, 3)  # received: its refund asked, held by the bank
    made = client.get(f"/_mocks/payments/pg/orders/{provider_order}/refunds", headers=PROVIDER).json()
    bank_says(client, str(made[0]["cf_refund_id"]), "CANCELLED")
    log_in(client, "asha.agent")
    [row] = client.get("/api/desk/refunds", params={"order": number}).json()
    return number, provider_order, row


def the_return(client: GatewayClient, number: str) -> tuple[str, str]:
    """The shopper's own order page: the return's number and status."""
    [ret] = client.get(f"/api/orders/{number}").json()["returns"]
    return ret["number"], ret["status"]


def test_a_returns_refund_the_desk_asks_again_is_followed_by_the_orders_service_to_refunded(
    make_client: Callable[[Settings], GatewayClient], settings: Settings, desk_staff: str
) -> None:
    """The return is the orders service's: told of the desk's new refund, it follows that refund,
    and the shopper's return says refunded once the bank pays it (it waited for ever on the refund
    the bank gave up)."""
    client = make_client(msgspec.structs.replace(settings, desk_staff=desk_staff))
    number, provider_order, row = given_up_return(client, "refund-return-0501")
    assert (row["status"], row["returnNumber"]) == ("cancelled", f"{number}-R1")
    assert the_return(client, number) == (f"{number}-R1", "received")

    hold = {"mock": "payments", "path": "refund", "refund": "onHold", "delayMs": 600_000, "times": 1}
    assert client.post("/_mocks/scenarios", json=hold).status_code == 201  # the new refund held a while too
    again = client.post(
        f"/api/desk/refunds/{row['id']}/retry", headers={**client.xsrf(), "Idempotency-Key": "retry-return-0501"}
    )
    assert again.status_code == 200, again.text
    assert again.json()["status"] == "pending"
    assert the_return(client, number) == (f"{number}-R1", "received")  # the bank has yet to pay it

    bank_says(client, again.json()["providerRefundId"], "SUCCESS")  # its webhook to the orders service
    assert the_return(client, number) == (f"{number}-R1", "refunded")
    at_provider = sorted(given_back(client, provider_order))
    assert at_provider == [(Decimal(row["amount"]), "CANCELLED"), (Decimal(row["amount"]), "SUCCESS")]


def test_a_returns_refund_the_desk_paid_another_way_makes_the_return_refunded(
    make_client: Callable[[Settings], GatewayClient], settings: Settings, desk_staff: str
) -> None:
    client = make_client(msgspec.structs.replace(settings, desk_staff=desk_staff))
    number, provider_order, row = given_up_return(client, "refund-return-0601")
    recorded = client.post(
        f"/api/desk/refunds/{row['id']}/paid-otherwise", json={"reference": "UTR 6601 2045"}, headers=client.xsrf()
    )
    assert recorded.status_code == 200, recorded.text
    assert the_return(client, number) == (f"{number}-R1", "refunded")
    assert [s for _, s in given_back(client, provider_order)] == ["CANCELLED"]  # nothing more at the provider


def test_a_refund_the_desk_gave_is_ours_to_the_reconciliation(
    make_client: Callable[[Settings], GatewayClient], settings: Settings, desk_staff: str
) -> None:
    """The orders service never hears of a refund the desk has the provider give: the daily
    reconciliation reads it from the gateway's own records, so the provider's report showing it is
    no refund nobody asked for; a second refund the provider gave on that order, beyond it, still is."""
    client = make_client(msgspec.structs.replace(settings, desk_staff=desk_staff))
    client.post("/_mocks/reset")
    store_log_in(client)
    order = paid_online(client, "refund-order-0201", {1: 1})
    number, provider_order = order["orderNumber"], order["payment"]["providerOrderId"]
    log_in(client, "asha.agent")
    asked = ask(client, number, "30", "goodwill", "refund-key-0201").json()
    log_in(client, "vikram.supervisor")
    assert decide(client, asked["id"]).json()["status"] == "refunded"

    def refund_findings() -> list[tuple[str, str | None, str | None, str]]:
        day = client.get("/api/desk/reconciliation").json()
        assert day["refundsSettled"] >= 1, day
        found = [m for m in day["mismatches"] if m["kind"].startswith("refund")]
        return [(m["kind"], m["reference"], m["recorded"], m["unreconciled"]) for m in found]

    assert refund_findings() == []
    stray = {"kind": "strayRefund", "orderId": provider_order, "amount": "5.00"}
    assert client.post("/_mocks/payments/settlements/mistakes", json=stray).status_code == 201
    assert refund_findings() == [("refundMoreThanRecorded", number, "30.00", "5.00")]
