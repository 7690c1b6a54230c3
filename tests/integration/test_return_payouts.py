"""A cash order's return refunded to a UPI ID through the payouts provider (Cashfree Payouts v2,
the payouts mock): the UPI ID verified and added once as the payouts account's beneficiary, a
transfer to that beneficiary made under the return's own id, pending until
the bank answers on the mocks' clock, then paid with its UTR, once, however often the provider's
webhook comes; a payout the bank cannot make is shown failed, with what to do. The gateway over
the in-process mocks."""

from __future__ import annotations

import json
import time
from decimal import Decimal
from typing import Any

from payments_client.webhooks import sign
from tests.conftest import CLIENT_SECRET, PAYOUTS_SECRET, GatewayClient
from tests.integration.test_returns_api import PHOTO, ask, delivered, desk, slot
from tests.integration.test_store_api import log_in

SECRET = PAYOUTS_SECRET  # the payouts account's client secret signs its webhooks


def returned_to(client: GatewayClient, key: str, upi_id: str) -> tuple[str, dict[str, Any]]:
    """A delivered cash order, one socket asked back to `upi_id`, the goods received back."""
    order = delivered(client, key, {2: 2})
    number = order["orderNumber"]
    asked = ask(
        client,
        number,
        f"{key}-return",
        lines=[{"productId": 2, "quantity": 1}],
        reason="damaged",
        photos=[PHOTO],
        pickup=slot(order),
        refundTo={"upiId": upi_id},
    )
    assert asked.status_code == 200, asked.text
    received = desk(client, number, 3)["returns"][0]
    assert received["status"] == "received"
    return number, received


PAYOUTS = {"x-client-id": "mock-payouts-client", "x-client-secret": SECRET, "x-api-version": "2024-01-01"}


def transfer(client: GatewayClient, transfer_id: str) -> dict[str, Any]:
    answer = client.get("/_mocks/payouts/payout/transfers", params={"transfer_id": transfer_id}, headers=PAYOUTS)
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def beneficiary(client: GatewayClient, beneficiary_id: str) -> dict[str, Any]:
    """The payouts account's beneficiary, read as any client reads it (Get Beneficiary V2)."""
    answer = client.get(
        "/_mocks/payouts/payout/beneficiary", params={"beneficiary_id": beneficiary_id}, headers=PAYOUTS
    )
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def beneficiaries_of(client: GatewayClient, field: str, value: str) -> list[dict[str, Any]]:
    """Every beneficiary in the payouts mock's books whose instrument has `field` = `value` (QA read-out)."""
    everyone: list[dict[str, Any]] = client.get("/_mocks/payouts/beneficiaries").json()
    return [b for b in everyone if b.get("beneficiary_instrument_details", {}).get(field) == value]


def replay(client: GatewayClient, event: dict[str, Any], stamp: str) -> int:
    """The provider's webhook delivered again, signed as it signs it."""
    raw = json.dumps(event).encode()
    headers = {
        "content-type": "application/json",
        "x-webhook-timestamp": stamp,
        "x-webhook-signature": sign(SECRET, stamp, raw),
    }
    return client.post("/_mocks/orders/webhooks/payouts", content=raw, headers=headers).status_code


def test_a_returned_cash_order_refunded_to_a_upi_id_ends_paid_with_a_utr_once_even_when_the_webhook_comes_again(
    client: GatewayClient,
) -> None:
    log_in(client)
    number, received = returned_to(client, "payout-upi", "ramesh@okaxis")
    assert received["refund"]["kind"] == "toUpi"
    assert received["payout"] == {
        "status": "pending",
        "utr": None,
        "paidAt": None,
        "problem": None,
        "anotherAccount": False,
    }
    made = transfer(client, f"{number}_R1")
    assert made["status"] == "PENDING" and Decimal(str(made["transfer_amount"])) == Decimal(received["amount"])
    assert made["beneficiary_details"]["beneficiary_instrument_details"] == {"vpa": "ramesh@okaxis"}
    # The payout added exactly one beneficiary for the UPI ID, and the transfer names it.
    [added] = beneficiaries_of(client, "vpa", "ramesh@okaxis")
    assert made["beneficiary_details"]["beneficiary_id"] == added["beneficiary_id"]
    named = beneficiary(client, added["beneficiary_id"])
    assert (named["beneficiary_name"], named["beneficiary_status"]) == ("Ramesh Kumar", "VERIFIED")
    assert named["beneficiary_instrument_details"] == {"vpa": "ramesh@okaxis"}

    client.post("/_mocks/clock", json={"minutes": 31})  # the bank answers on the mocks' clock
    shown = client.get(f"/api/orders/{number}").json()["returns"][0]
    paid = transfer(client, f"{number}_R1")
    assert paid["status"] == "SUCCESS" and paid["transfer_utr"]
    assert shown["status"] == "refunded" and shown["payout"]["status"] == "paid"
    assert shown["payout"]["utr"] == paid["transfer_utr"]

    event = {"type": "TRANSFER_SUCCESS", "event_time": paid["updated_on"], "data": paid}
    stamp = str(int(time.time() * 1000))  # real time: a webhook signature's age is real time
    assert replay(client, event, stamp) == 200 and replay(client, event, stamp) == 200
    again = client.get(f"/api/orders/{number}").json()["returns"][0]
    assert again["timeline"] == shown["timeline"]  # refunded once
    assert [s["status"] for s in again["timeline"]].count("refunded") == 1
    assert again["payout"] == shown["payout"]
    sent = [w for w in client.get("/_mocks/payouts/webhooks").json() if w["order_id"] == f"{number}_R1"]
    assert [(w["type"], w["outcome"]) for w in sent] == [("TRANSFER_SUCCESS", "delivered")]
    ledger = client.get("/_mocks/ledger").json()
    assert [p for p in ledger["payouts"] if p["transferId"] == f"{number}_R1"] == [
        {
            "transferId": f"{number}_R1",
            "amount": received["amount"],
            "status": "SUCCESS",
            "utr": paid["transfer_utr"],
        }
    ]
    broken = [r["name"] for r in client.get("/_mocks/ledger/invariants").json() if not r["holds"]]
    assert broken == []
    raw = json.dumps(event).encode()
    forged = {
        "content-type": "application/json",
        "x-webhook-timestamp": stamp,
        "x-webhook-signature": sign(CLIENT_SECRET, stamp, raw),  # the payments account's, not the payouts'
    }
    assert client.post("/_mocks/orders/webhooks/payouts", content=raw, headers=forged).status_code == 401


def test_a_payout_the_bank_cannot_make_is_shown_failed_with_what_to_do(client: GatewayClient) -> None:
    log_in(client)
    number, received = returned_to(client, "payout-down", "bankdown.ramesh@okaxis")
    assert received["payout"]["status"] == "pending"
    refused = client.post(f"/_mocks/orders/{number}/returns/advance")  # the desk cannot mark it refunded
    assert refused.status_code == 409
    shown = client.get(f"/api/orders/{number}").json()["returns"][0]
    assert shown["status"] == "received"
    assert shown["payout"] == {
        "status": "failed",
        "utr": None,
        "paidAt": None,
        "problem": "bankOffline",
        "anotherAccount": False,  # we try again: another account is not what it needs
    }
    refused = give(client, number, "payout-down-payee", {"upiId": "ramesh@okicici"})
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "payee_change_not_offered", refused.text


def test_a_upi_id_that_does_not_exist_is_refused_by_verification_when_the_return_is_asked(
    client: GatewayClient,
) -> None:
    log_in(client)
    order = delivered(client, "payout-nobody", {2: 2})
    number = order["orderNumber"]
    body = {"lines": [{"productId": 2, "quantity": 1}], "reason": "noLongerNeeded", "pickup": slot(order)}
    refused = ask(client, number, "payout-nobody-1", **body, refundTo={"upiId": "invalid.ramesh@okaxis"})
    assert refused.status_code == 422, refused.text
    assert (refused.json()["error"]["code"], refused.json()["error"]["field"]) == ("upi_id_not_found", "refundTo.upiId")
    closed = {"accountNumber": "000123456789", "ifsc": "HDFC0001234", "accountName": "Ramesh Kumar"}
    refused = ask(client, number, "payout-nobody-2", **body, refundTo=closed)
    assert refused.status_code == 422 and refused.json()["error"]["code"] == "bank_account_not_found"
    assert client.get(f"/api/orders/{number}").json()["returns"] == []  # nothing was kept
    unknown = client.get(
        "/_mocks/payouts/payout/transfers",
        params={"transfer_id": f"{number}_R1"},
        headers={"x-client-id": "mock-payouts-client", "x-client-secret": SECRET, "x-api-version": "2024-01-01"},
    )
    assert unknown.status_code == 404  # nothing was sent


def test_a_refund_to_a_bank_account_is_paid_to_the_whole_account_number_kept_until_then(client: GatewayClient) -> None:
    log_in(client)
    order = delivered(client, "payout-bank", {2: 2})
    number = order["orderNumber"]
    account = {"accountNumber": "5010 0123 4567", "ifsc": "hdfc0001234", "accountName": "Ramesh Kumar"}
    asked = ask(
        client,
        number,
        "payout-bank-return",
        lines=[{"productId": 2, "quantity": 1}],
        reason="noLongerNeeded",
        pickup=slot(order),
        refundTo=account,
    )
    assert asked.status_code == 200, asked.text
    received = desk(client, number, 3)["returns"][0]
    assert received["refundTo"]["accountEnding"] == "4567" and received["payout"]["status"] == "pending"
    made = transfer(client, f"{number}_R1")
    whole = {"bank_account_number": "501001234567", "bank_ifsc": "HDFC0001234"}
    assert made["beneficiary_details"]["beneficiary_instrument_details"] == whole
    named = beneficiary(client, made["beneficiary_details"]["beneficiary_id"])  # the account's beneficiary, paid
    assert named["beneficiary_name"] == "Ramesh Kumar" and named["beneficiary_instrument_details"] == whole
    refunded = desk(client, number)["returns"][0]  # the desk's next step: the bank answers now
    assert refunded["status"] == "refunded" and refunded["payout"]["status"] == "paid" and refunded["payout"]["utr"]


def test_a_paid_payout_the_bank_sends_back_later_is_shown_failed_with_what_to_do(client: GatewayClient) -> None:
    log_in(client)
    number, _ = returned_to(client, "payout-reversed", "ramesh@okaxis")
    paid = desk(client, number)["returns"][0]  # the desk's next step: the bank pays it now
    assert paid["status"] == "refunded" and paid["payout"]["status"] == "paid"
    back = client.post(f"/_mocks/payouts/transfers/{number}_R1/bank", json={"status": "REVERSED"})
    assert back.status_code == 200, back.text  # TRANSFER_REVERSED told to the orders service
    shown = client.get(f"/api/orders/{number}").json()["returns"][0]
    assert shown["payout"] == {
        "status": "failed",
        "utr": None,
        "paidAt": None,
        "problem": "returnedByBank",
        "anotherAccount": True,
    }
    assert transfer(client, f"{number}_R1")["status"] == "REVERSED"


def give(client: GatewayClient, number: str, key: str, refund_to: dict[str, str], ret: str = "R1") -> Any:
    """The shopper gives another account for the return's failed payout (the order page's form)."""
    return client.post(
        f"/api/orders/{number}/returns/{number}-{ret}/payee",
        json={"refundTo": refund_to},
        headers={**client.xsrf(), "Idempotency-Key": key},
    )


def test_another_upi_id_after_a_payout_to_one_that_does_not_exist_is_verified_and_paid_once(
    client: GatewayClient,
) -> None:
    log_in(client)
    number, _ = returned_to(client, "payout-again", "ramesh@okaxis")
    # Pending: nothing to change yet.
    early = give(client, number, "payout-again-early", {"upiId": "ramesh@okicici"})
    assert early.status_code == 409 and early.json()["error"]["code"] == "payee_change_not_offered"
    # The bank says the UPI ID does not exist (it was closed after it was verified).
    failed = client.post(
        f"/_mocks/payouts/transfers/{number}_R1/bank", json={"status": "FAILED", "status_code": "INVALID_VPA"}
    )
    assert failed.status_code == 200, failed.text
    shown = client.get(f"/api/orders/{number}").json()["returns"][0]
    assert shown["payout"]["problem"] == "accountInvalid" and shown["payout"]["anotherAccount"] is True

    # One no bank has is refused by the provider's verification, and nothing changes.
    nobody = give(client, number, "payout-again-nobody", {"upiId": "invalid.ramesh@okicici"})
    assert nobody.status_code == 422 and nobody.json()["error"]["code"] == "upi_id_not_found", nobody.text
    assert client.get(f"/api/orders/{number}").json()["returns"][0]["payout"] == shown["payout"]

    given = give(client, number, "payout-again-given", {"upiId": "Ramesh@OKICICI"})
    assert given.status_code == 200, given.text
    ret = given.json()["returns"][0]
    assert ret["refundTo"]["upiId"] == "ramesh@okicici" and ret["refund"]["kind"] == "toUpi"
    assert ret["payout"] == {"status": "pending", "utr": None, "paidAt": None, "problem": None, "anotherAccount": False}
    made = transfer(client, f"{number}_R1_2")  # a new transfer, its id the return's and the attempt's
    assert made["beneficiary_details"]["beneficiary_instrument_details"] == {"vpa": "ramesh@okicici"}
    assert Decimal(str(made["transfer_amount"])) == Decimal(ret["amount"])
    # The same request again (a retry): the same answer, no third transfer; another is refused.
    again = give(client, number, "payout-again-given", {"upiId": "Ramesh@OKICICI"})
    assert again.status_code == 200 and again.json()["returns"][0]["payout"] == ret["payout"]
    other = give(client, number, "payout-again-other", {"upiId": "ramesh@oksbi"})
    assert other.status_code == 409 and other.json()["error"]["code"] == "payee_change_not_offered"

    paid = desk(client, number)["returns"][0]  # the desk's next step: the bank pays it now
    assert paid["status"] == "refunded" and paid["payout"]["status"] == "paid" and paid["payout"]["utr"]
    assert transfer(client, f"{number}_R1")["status"] == "FAILED"  # the first one never pays
    ledger = client.get("/_mocks/ledger").json()
    assert [(p["transferId"], p["status"]) for p in ledger["payouts"] if p["transferId"].startswith(number)] == [
        (f"{number}_R1", "FAILED"),
        (f"{number}_R1_2", "SUCCESS"),
    ]
    broken = [r["name"] for r in client.get("/_mocks/ledger/invariants").json() if not r["holds"]]
    assert broken == []
    after = give(client, number, "payout-again-after", {"upiId": "ramesh@oksbi"})
    assert after.status_code == 409  # paid: nothing to change
