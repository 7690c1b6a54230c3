"""After the order, through the gateway (/api/orders): the list, the timeline as QA moves an order,
paying a pending order again or on delivery, cancelling with the refund timeline, 'Buy again',
the tax invoice and the credit note answering it, and nobody else's orders."""

from __future__ import annotations

import io
from decimal import Decimal
from typing import Any

from pypdf import PdfReader

from tests.conftest import GatewayClient
from tests.integration.test_checkout_api import SUNITA, fill_cart, place, quote
from tests.integration.test_store_api import log_in


def placed_order(client: GatewayClient, key: str, lines: dict[int, int], method: str = "cod") -> dict[str, Any]:
    fill_cart(client, lines)
    answer = place(client, key, quote(client, method)["charges"]["total"], method)
    assert answer.status_code == 200, answer.text
    order: dict[str, Any] = answer.json()
    return order


def advance(client: GatewayClient, number: str, times: int = 1) -> None:
    for _ in range(times):
        assert client.post(f"/_mocks/orders/{number}/advance", json={}).status_code == 200


def detail(client: GatewayClient, number: str) -> dict[str, Any]:
    answer = client.get(f"/api/orders/{number}")
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def test_the_list_shows_newest_first_with_status_total_and_payment(client: GatewayClient) -> None:
    log_in(client)
    first = placed_order(client, "history-key-0001", {1: 1})
    second = placed_order(client, "history-key-0002", {2: 2, 5: 1})
    listed = client.get("/api/orders")
    assert listed.status_code == 200, listed.text
    rows = listed.json()["orders"]
    assert [r["orderNumber"] for r in rows][:2] == [second["orderNumber"], first["orderNumber"]]
    top = rows[0]
    assert (top["statusLabel"], top["total"], top["paymentLabel"]) == (
        "Order placed",
        second["charges"]["total"],
        "Pay on delivery",
    )
    assert top["summary"].endswith("and 1 more") and top["itemCount"] == 3


def test_the_timeline_follows_the_order_and_the_invoice_arrives_when_it_ships(client: GatewayClient) -> None:
    log_in(client)
    number = placed_order(client, "history-key-0003", {4: 1})["orderNumber"]
    start = detail(client, number)
    assert [(s["label"], s["state"]) for s in start["timeline"]] == [
        ("Order placed", "current"),
        ("Packed", "upcoming"),
        ("Shipped", "upcoming"),
        ("Out for delivery", "upcoming"),
        ("Delivered", "upcoming"),
    ]
    assert start["invoice"] is None and start["canCancel"] is True
    assert client.get(f"/api/orders/{number}/invoice").status_code == 409
    advance(client, number, 2)
    shipped = detail(client, number)
    assert [s["state"] for s in shipped["timeline"]] == ["done", "done", "current", "upcoming", "upcoming"]
    assert shipped["invoice"]["downloadUrl"] == f"/api/orders/{number}/invoice"

    pdf = client.get(shipped["invoice"]["downloadUrl"])
    assert pdf.status_code == 200 and pdf.headers["content-type"] == "application/pdf"
    text = PdfReader(io.BytesIO(pdf.content)).pages[0].extract_text()
    assert shipped["invoice"]["number"] in text and "GSTIN: 06AAJCV4821K1Z2" in text  # the Gurugram store's
    assert "Place of supply: Haryana" in text and "CGST" in text and "IGST" not in text
    assert f"Invoice total ₹{Decimal(shipped['charges']['total']):,.2f}" in text

    advance(client, number, 2)
    delivered = detail(client, number)
    assert delivered["statusLabel"] == "Delivered" and delivered["canCancel"] is False
    assert all(s["state"] == "done" for s in delivered["timeline"])
    refused = client.post(f"/api/orders/{number}/cancel", headers=client.xsrf())
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "not_cancellable"


def test_cancelling_while_packed_shows_the_refund(client: GatewayClient) -> None:
    log_in(client)
    number = placed_order(client, "history-key-0004", {7: 1})["orderNumber"]
    advance(client, number)
    cancelled = client.post(f"/api/orders/{number}/cancel", headers=client.xsrf())
    assert cancelled.status_code == 200, cancelled.text
    order = cancelled.json()
    assert (order["statusLabel"], order["canCancel"], order["payment"]["label"]) == ("Cancelled", False, "Not charged")
    assert order["refund"]["kind"] == "nothingPaid"
    assert [s["label"] for s in order["timeline"]] == ["Order placed", "Packed", "Cancelled"]


def test_cancelling_after_shipping_keeps_the_invoice_and_adds_a_credit_note(client: GatewayClient) -> None:
    log_in(client)
    number = placed_order(client, "history-key-0007", {4: 1, 1: 2})["orderNumber"]
    advance(client, number, 2)
    invoice = detail(client, number)["invoice"]
    cancelled = client.post(f"/api/orders/{number}/cancel", headers=client.xsrf())
    assert cancelled.status_code == 200, cancelled.text
    order = cancelled.json()
    assert order["invoice"] == invoice
    note = order["creditNote"]
    assert note["number"].startswith("VKC/") and note["number"] != invoice["number"]
    assert (note["invoiceNumber"], note["reason"]) == (invoice["number"], "Order cancelled")
    assert note["downloadUrl"] == f"/api/orders/{number}/credit-note"
    assert detail(client, number)["creditNote"] == note

    pdf = client.get(note["downloadUrl"])
    assert pdf.status_code == 200 and pdf.headers["content-type"] == "application/pdf"
    assert pdf.headers["content-disposition"] == f'attachment; filename="credit-note-{number}.pdf"'
    text = PdfReader(io.BytesIO(pdf.content)).pages[0].extract_text()
    assert f"Credit note number: {note['number']}" in text
    assert f"Against tax invoice: {invoice['number']}" in text and "Reason: Order cancelled" in text
    assert "CGST" in text and "IGST" not in text  # Gurugram from the Gurugram store, as the invoice
    assert f"Credit note total ₹{Decimal(order['charges']['total']):,.2f}" in text
    # The invoice is still there to download.
    assert client.get(invoice["downloadUrl"]).status_code == 200


def test_cancelling_before_shipping_has_no_invoice_and_no_credit_note(client: GatewayClient) -> None:
    log_in(client)
    number = placed_order(client, "history-key-0008", {2: 1})["orderNumber"]
    order = client.post(f"/api/orders/{number}/cancel", headers=client.xsrf()).json()
    assert order["invoice"] is None and order["creditNote"] is None
    refused = client.get(f"/api/orders/{number}/credit-note")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "no_credit_note"


def test_buy_again_fills_the_cart_and_names_what_is_sold_out(client: GatewayClient) -> None:
    log_in(client)
    number = placed_order(client, "history-key-0005", {38: 3, 2: 2})["orderNumber"]  # product 38: 3 in stock
    again = client.post(f"/api/orders/{number}/buy-again", headers=client.xsrf())
    assert again.status_code == 200, again.text
    result = again.json()
    assert [(line["productId"], line["quantity"]) for line in result["added"]] == [(2, 2)]
    assert [line["productId"] for line in result["skipped"]] == [38]
    assert result["message"].startswith("2 items added to your cart.") and "Out of stock" in result["message"]
    cart = client.get("/api/store/cart").json()
    assert {(i["productId"], i["quantity"]) for i in cart["items"]} == {(2, 2)}


def test_another_shoppers_order_answers_404_and_nothing_of_it(client: GatewayClient) -> None:
    log_in(client)
    order = placed_order(client, "history-key-0006", {1: 2})
    number = order["orderNumber"]
    advance(client, number, 2)
    log_in(client, SUNITA)
    for method, path in [
        ("GET", ""),
        ("POST", "/cancel"),
        ("GET", "/invoice"),
        ("GET", "/credit-note"),
        ("POST", "/buy-again"),
    ]:
        answer = client.request(method, f"/api/orders/{number}{path}", headers=client.xsrf())
        assert answer.status_code == 404, (path, answer.text)
        assert answer.json()["error"]["code"] == "order_not_found"
        assert "Ramesh" not in answer.text and order["charges"]["total"] not in answer.text
    assert number not in client.get("/api/orders").text


def test_an_online_order_stays_payable_after_a_failure_and_is_paid_once(client: GatewayClient) -> None:
    log_in(client)
    fill_cart(client, {1: 1})
    order = place(client, "checkout-key-online", quote(client, "online")["charges"]["total"], "online").json()
    session_id = order["payment"]["paymentSessionId"]
    assert order["payment"]["state"] == "pending" and session_id
    client.post(f"/_mocks/payments/checkout/{session_id}/pay", json={"outcome": "failure"})
    pending = client.get(f"/api/orders/{order['orderNumber']}").json()
    assert pending["payment"]["state"] == "pending" and pending["payment"]["failedAt"]  # nothing taken
    listed = client.get("/api/orders").json()["orders"][0]
    assert (listed["paymentState"], listed["paymentFailed"]) == ("pending", True)
    again = client.post(f"/api/orders/{order['orderNumber']}/payment", headers=client.xsrf()).json()
    client.post(f"/_mocks/payments/checkout/{again['payment']['paymentSessionId']}/pay", json={"outcome": "success"})
    paid = client.get(f"/api/orders/{order['orderNumber']}").json()
    assert paid["payment"]["state"] == "paid" and paid["payment"]["paymentSessionId"] is None
    assert paid["payment"]["providerPaymentId"] and paid["payment"]["failedAt"] is None


def test_a_failed_online_order_becomes_cash_on_delivery_once_within_the_days_limit(client: GatewayClient) -> None:
    log_in(client)
    fill_cart(client, {1: 1})
    order = place(client, "checkout-key-to-cash", quote(client, "online")["charges"]["total"], "online").json()
    client.post(f"/_mocks/payments/checkout/{order['payment']['paymentSessionId']}/pay", json={"outcome": "failure"})
    path = f"/api/orders/{order['orderNumber']}/cash"
    headers = {**client.xsrf(), "Idempotency-Key": "to-cash-key-1"}
    changed = client.post(path, headers=headers)
    assert changed.status_code == 200, changed.text
    payment = changed.json()["payment"]
    assert (payment["method"], payment["state"], payment["canPayOnDelivery"]) == ("cod", "onDelivery", False)
    assert client.post(path, headers=headers).status_code == 200  # a retry with its key: the same answer
    refused = client.post(path, headers={**client.xsrf(), "Idempotency-Key": "to-cash-key-2"})
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "not_switchable"


def test_a_failed_online_order_over_the_cash_limit_stays_online(client: GatewayClient) -> None:
    log_in(client)
    fill_cart(client, {4: 60})  # FR house wire: well over the day's Rs. 50,000 of cash
    order = place(client, "checkout-key-big", quote(client, "online")["charges"]["total"], "online").json()
    refused = client.post(
        f"/api/orders/{order['orderNumber']}/cash", headers={**client.xsrf(), "Idempotency-Key": "big-cash-1"}
    )
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "cod_limit"
    assert client.get(f"/api/orders/{order['orderNumber']}").json()["payment"]["method"] == "online"


def test_another_shoppers_order_is_not_found(client: GatewayClient) -> None:
    log_in(client)
    fill_cart(client, {1: 1})
    order = place(client, "checkout-key-mine1", quote(client)["charges"]["total"]).json()
    client.delete("/api/session/store", headers=client.xsrf())
    log_in(client, SUNITA)
    assert client.get(f"/api/orders/{order['orderNumber']}").status_code == 404
