"""Returns of a delivered order through the gateway (issue 37): each product's window (none for
cut-length wire), part or whole, reason, photos and pickup slot; the steps QA moves; the credit
note for exactly the returned lines' tax in its gap-free series; the refund by the way the buyer
paid (online at the provider, cash to a UPI ID or bank account, credit off what is owed); and a
cancellation's reason. The gateway over the in-process mocks."""

from __future__ import annotations

import base64
import io
from decimal import Decimal
from typing import Any

from pypdf import PdfReader

from tests.conftest import GatewayClient
from tests.integration.test_checkout_api import SUNITA, fill_cart, place, quote
from tests.integration.test_orders_api import advance, detail
from tests.integration.test_payments_follow_orders import PROVIDER, pay
from tests.integration.test_store_api import log_in
from upstream_mocks.orders.pricing import split

CUT_WIRE = 100  # Voltara Submersible Flat Cable, cut to the length ordered: not returnable
# A 1x1 PNG: what the app sends after shrinking a phone's photo.
PHOTO = {
    "name": "socket.png",
    "contentType": "image/png",
    "data": base64.b64encode(
        bytes.fromhex(
            "89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de"
            "0000000c49444154789c63f8cfc0000003010100c9fe92ef0000000049454e44ae426082"
        )
    ).decode(),
}


def delivered(client: GatewayClient, key: str, lines: dict[int, int], method: str = "cod") -> dict[str, Any]:
    fill_cart(client, lines)
    answer = place(client, key, quote(client, method)["charges"]["total"], method)
    assert answer.status_code == 200, answer.text
    order: dict[str, Any] = answer.json()
    if method == "online":
        assert pay(client, order).status_code == 200
    advance(client, order["orderNumber"], 4)
    return detail(client, order["orderNumber"])


def ask(client: GatewayClient, number: str, key: str, **body: Any) -> Any:
    return client.post(f"/api/orders/{number}/returns", json=body, headers={**client.xsrf(), "Idempotency-Key": key})


def slot(order: dict[str, Any]) -> dict[str, str]:
    first: dict[str, str] = order["returnOptions"]["pickupSlots"][0]
    return first


def desk(client: GatewayClient, number: str, times: int = 1) -> dict[str, Any]:
    """The returns desk (QA) moves the open return one step at a time."""
    for _ in range(times):
        moved = client.post(f"/_mocks/orders/{number}/returns/advance")
        assert moved.status_code == 200, moved.text
    return detail(client, number)


def pdf_text(client: GatewayClient, url: str) -> str:
    answer = client.get(url)
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/pdf", answer.text
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(answer.content)).pages)


def owed(client: GatewayClient, mobile: str) -> Decimal:
    answer = client.get(
        "/_mocks/lending/webRepayment/creditLimit",
        params={"mobileNumber": mobile},
        headers={"x-partner-key": "mock-partner-key"},
    )
    return Decimal(answer.json()["data"]["outstanding"])


def test_the_product_page_says_each_window_and_cut_length_wire_has_none(client: GatewayClient) -> None:
    assert client.get("/api/store/products/1").json()["returnDays"] == 7
    assert client.get(f"/api/store/products/{CUT_WIRE}").json()["returnDays"] == 0


def test_an_order_not_yet_delivered_offers_no_return(client: GatewayClient) -> None:
    log_in(client)
    fill_cart(client, {1: 1})
    order = place(client, "returns-undelivered", quote(client)["charges"]["total"]).json()
    assert (order["canReturn"], order["returnOptions"], order["returns"]) == (False, None, [])
    advance(client, order["orderNumber"], 3)
    out = detail(client, order["orderNumber"])
    assert (out["canCancel"], out["canRefuseAtDelivery"], out["canReturn"]) == (False, True, False)
    refused = ask(
        client,
        order["orderNumber"],
        "returns-undelivered-1",
        lines=[{"productId": 1, "quantity": 1}],
        reason="noLongerNeeded",
        pickup={"date": "2030-01-02", "window": "morning"},
    )
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "not_delivered"


def test_cash_order_returned_in_part_to_a_upi_id_with_its_own_credit_note(client: GatewayClient) -> None:
    log_in(client)
    order = delivered(client, "returns-cod-1", {2: 3, 1: 1})
    number = order["orderNumber"]
    windows = {w["productId"]: w for w in order["returnOptions"]["lines"]}
    assert order["canReturn"] and windows[2]["returnable"] == 3 and windows[2]["returnDays"] == 7
    assert order["returnOptions"]["refundRoute"] == "account" and len(order["returnOptions"]["pickupSlots"]) == 6

    bad_upi = ask(
        client,
        number,
        "returns-cod-bad",
        lines=[{"productId": 2, "quantity": 2}],
        reason="noLongerNeeded",
        pickup=slot(order),
        refundTo={"upiId": "ramesh at okaxis"},
    )
    assert bad_upi.status_code == 422
    assert (bad_upi.json()["error"]["code"], bad_upi.json()["error"]["field"]) == ("upi_id_invalid", "refundTo.upiId")
    missing = ask(
        client,
        number,
        "returns-cod-miss",
        lines=[{"productId": 2, "quantity": 2}],
        reason="noLongerNeeded",
        pickup=slot(order),
    )
    assert missing.status_code == 422 and missing.json()["error"]["code"] == "refund_account_missing"
    no_photo = ask(
        client,
        number,
        "returns-cod-nophoto",
        lines=[{"productId": 2, "quantity": 2}],
        reason="damaged",
        pickup=slot(order),
        refundTo={"upiId": "ramesh@okaxis"},
    )
    assert no_photo.status_code == 422 and no_photo.json()["error"]["code"] == "photos_required"
    too_many = ask(
        client,
        number,
        "returns-cod-many",
        lines=[{"productId": 2, "quantity": 4}],
        reason="noLongerNeeded",
        pickup=slot(order),
        refundTo={"upiId": "ramesh@okaxis"},
    )
    assert too_many.status_code == 422 and too_many.json()["error"]["code"] == "return_quantity_invalid"
    assert "You can return 1 to 3 of" in too_many.json()["error"]["message"]

    body = {
        "lines": [{"productId": 2, "quantity": 2}],
        "reason": "damaged",
        "note": "Two sockets arrived cracked.",
        "photos": [PHOTO],
        "pickup": slot(order),
        "refundTo": {"upiId": "Ramesh@OKAXIS"},
    }
    asked = ask(client, number, "returns-cod-ok", **body)
    assert asked.status_code == 200, asked.text
    again = ask(client, number, "returns-cod-ok", **body)  # a retry with the same key: one return
    assert again.status_code == 200 and len(again.json()["returns"]) == 1
    made = asked.json()["returns"][0]
    unit = Decimal(order["lines"][[line["productId"] for line in order["lines"]].index(2)]["unitPrice"])
    assert made["number"] == f"{number}-R1" and made["status"] == "requested" and made["photoCount"] == 1
    assert Decimal(made["amount"]) == unit * 2
    assert made["refundTo"] == {"route": "upi", "upiId": "ramesh@okaxis", "accountEnding": None, "ifsc": None}
    assert [(s["status"], s["state"]) for s in made["timeline"]] == [
        ("requested", "current"),
        ("approved", "upcoming"),
        ("pickedUp", "upcoming"),
        ("received", "upcoming"),
        ("refunded", "upcoming"),
    ]
    left = {w["productId"]: w["returnable"] for w in asked.json()["returnOptions"]["lines"]}
    assert left == {2: 1, 1: 1}

    received = desk(client, number, 3)["returns"][0]
    assert received["status"] == "received" and received["refund"]["kind"] == "toUpi"
    assert "ramesh@okaxis" in received["refund"]["message"]
    note = received["creditNote"]
    assert note["number"].startswith("VKC/") and note["invoiceNumber"] == order["invoice"]["number"]
    text = pdf_text(client, note["downloadUrl"])
    line = made["lines"][0]
    assert f"Credit note number: {note['number']}" in text and "Reason: Goods returned by the buyer" in text
    assert f"Credit note total ₹{Decimal(line['lineTotal']):,.2f}" in text
    tax = split(Decimal(line["gstAmount"]), intra_state=True)  # Gurugram, from the Gurugram store
    assert f"CGST ₹{tax.cgst:,.2f}" in text and f"SGST ₹{tax.sgst:,.2f}" in text  # only these two sockets' tax
    assert order["lines"][1]["productName"] not in text  # the conduit pipe stays sold
    refunded = desk(client, number)["returns"][0]
    assert refunded["status"] == "refunded" and all(s["state"] == "done" for s in refunded["timeline"])


def test_online_order_returned_whole_is_refunded_at_the_provider_and_the_webhook_says_so(client: GatewayClient) -> None:
    log_in(client)
    order = delivered(client, "returns-online-1", {7: 2}, "online")
    number = order["orderNumber"]
    assert order["returnOptions"]["refundRoute"] == "source"
    asked = ask(
        client,
        number,
        "returns-online-ok",
        lines=[{"productId": 7, "quantity": 2}],
        reason="noLongerNeeded",
        pickup=slot(order),
    )
    assert asked.status_code == 200, asked.text
    assert asked.json()["canReturn"] is False  # nothing left to return
    made = desk(client, number, 3)["returns"][0]
    assert made["refund"]["kind"] == "toSource" and made["refund"]["amount"] == order["lines"][0]["lineTotal"]
    refunds = client.get(
        f"/_mocks/payments/pg/orders/{order['payment']['providerOrderId']}/refunds", headers=PROVIDER
    ).json()
    assert [(r["refund_id"], Decimal(str(r["refund_amount"]))) for r in refunds] == [
        (f"{number}-R1-refund", Decimal(made["amount"]))
    ]
    # The provider's refund webhook marks it refunded (read until it has arrived, a bounded number of times).
    for _ in range(50):
        if detail(client, number)["returns"][0]["status"] == "refunded":
            break
    assert detail(client, number)["returns"][0]["status"] == "refunded"
    repeat = client.post(f"/_mocks/orders/{number}/returns/advance")
    assert repeat.status_code == 409 and repeat.json()["data"]["reason"] == "no_open_return"


def test_credit_order_returned_lowers_what_is_owed_at_the_lender(client: GatewayClient) -> None:
    log_in(client, SUNITA)
    before = owed(client, SUNITA)
    order = delivered(client, "returns-credit-1", {1: 4}, "credit")
    number = order["orderNumber"]
    assert owed(client, SUNITA) == before + Decimal(order["charges"]["total"])
    assert order["returnOptions"]["refundRoute"] == "credit"
    asked = ask(
        client,
        number,
        "returns-credit-ok",
        lines=[{"productId": 1, "quantity": 1}],
        reason="notAsDescribed",
        pickup=slot(order),
    )
    assert asked.status_code == 200, asked.text
    amount = Decimal(asked.json()["returns"][0]["amount"])
    done = desk(client, number, 3)["returns"][0]
    assert done["status"] == "refunded" and done["refund"]["kind"] == "creditReduced"
    assert owed(client, SUNITA) == before + Decimal(order["charges"]["total"]) - amount


def test_cut_length_wire_cannot_be_returned(client: GatewayClient) -> None:
    log_in(client)
    order = delivered(client, "returns-wire-1", {CUT_WIRE: 1})
    (window,) = order["returnOptions"]["lines"]
    assert (window["returnDays"], window["returnBy"], window["returnable"], order["canReturn"]) == (0, None, 0, False)
    refused = ask(
        client,
        order["orderNumber"],
        "returns-wire-no",
        lines=[{"productId": CUT_WIRE, "quantity": 1}],
        reason="noLongerNeeded",
        pickup=slot(order),
        refundTo={"upiId": "ramesh@okaxis"},
    )
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "not_returnable"
    assert refused.json()["error"]["message"].endswith("is cut to length and cannot be returned.")


def test_credit_notes_of_returns_and_cancellations_share_one_series_without_gaps(client: GatewayClient) -> None:
    log_in(client)
    first = delivered(client, "returns-series-1", {2: 2})
    second = delivered(client, "returns-series-2", {2: 2})
    numbers = []
    for order, key in ((first, "returns-series-a"), (second, "returns-series-b")):
        body = {"lines": [{"productId": 2, "quantity": 1}], "reason": "noLongerNeeded", "pickup": slot(order)}
        assert ask(client, order["orderNumber"], key, refundTo={"upiId": "ramesh@okaxis"}, **body).status_code == 200
        numbers.append(desk(client, order["orderNumber"], 3)["returns"][0]["creditNote"]["number"])
    fill_cart(client, {1: 1})
    third = place(client, "returns-series-3", quote(client)["charges"]["total"]).json()["orderNumber"]
    advance(client, third, 2)  # shipped: invoiced
    cancelled = client.post(
        f"/api/orders/{third}/cancel", json={"reason": "orderedByMistake"}, headers=client.xsrf()
    ).json()
    numbers.append(cancelled["creditNote"]["number"])
    serials = [int(n.rsplit("/", 1)[1]) for n in numbers]
    assert serials == list(range(serials[0], serials[0] + 3)), numbers
    assert cancelled["cancelReason"] == "orderedByMistake"


def test_a_line_returned_in_two_parts_credits_the_invoice_line_to_the_paisa(client: GatewayClient) -> None:
    log_in(client)
    order = delivered(client, "returns-split-1", {1: 3})
    number, line = order["orderNumber"], order["lines"][0]
    for quantity, key in ((1, "returns-split-a"), (2, "returns-split-b")):
        body = {"lines": [{"productId": 1, "quantity": quantity}], "reason": "noLongerNeeded", "pickup": slot(order)}
        assert ask(client, number, key, refundTo={"upiId": "ramesh@okaxis"}, **body).status_code == 200
        desk(client, number, 4)
    parts = [r["lines"][0] for r in detail(client, number)["returns"]]
    for field in ("lineTotal", "gstAmount", "taxableAmount"):
        assert sum(Decimal(p[field]) for p in parts) == Decimal(line[field])
