"""After the order, against contracts/orders.openapi.yaml: the list, the status machine (QA's
advance call and the time-based default), cancellation with the refund policy's timeline, the
GST tax invoice PDF and the credit note answering it, 'Buy again' availability and the order
mails."""

# The `contract` and `suite` fixtures are the orders contract tests' own, imported; pytest
# passes them by name, which ruff reads as redefinitions.
# ruff: noqa: F811

from __future__ import annotations

import io
from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest
from litestar.testing import TestClient
from pypdf import PdfReader

from tests.contract.test_orders_contract import (  # noqa: F401 (fixtures)
    RAMESH_TOKEN,
    SUNITA_TOKEN,
    bearer,
    conforms,
    contract,
    order_body,
    quote,
    suite,
)
from upstream_mocks.contract import Contract
from upstream_mocks.money import in_words

BENGALURU = {
    "name": "Ramesh Kumar",
    "mobileNumber": "9876543210",
    "address1": "Shop 4, HSR Layout",
    "pincode": "560102",
}
LUDHIANA = {**BENGALURU, "address1": "Shop 9, Ghumar Mandi", "pincode": "141001"}  # Punjab: by courier
KUMAR_GSTIN = {"gstin": "27AAPFU0939F1ZV", "legalName": "Kumar Electricals"}


# A product the catalogue seeds with exactly 3 units on hand, so an order of 3 sells it out.
LOW_STOCK_ID = 38


def place(
    contract: Contract, suite: TestClient[Any], key: str, token: str = RAMESH_TOKEN, **body: Any
) -> dict[str, Any]:
    total = quote(contract, suite, token, **body)["charges"]["total"]
    answer = conforms(
        contract,
        suite.post(
            "orders/electrician/order/place", json=order_body(quotedTotal=total, **body), headers=bearer(token, key)
        ),
    )
    assert answer.status_code == 200, answer.text
    order: dict[str, Any] = answer.json()["data"]
    return order


def advance(suite: TestClient[Any], number: str, step: str = "next") -> dict[str, Any]:
    answer = suite.post(f"orders/{number}/advance", json={"step": step})
    assert answer.status_code == 200, answer.text
    order: dict[str, Any] = answer.json()["data"]
    return order


def path(number: str, tail: str = "") -> str:
    return f"orders/electrician/order/{number}{tail}"


def mails(suite: TestClient[Any], number: str) -> list[dict[str, Any]]:
    world = suite.app.state.world
    if world.background:
        suite.blocking_portal.call(world.drain)  # the mails go out after the answer
    return [m for m in suite.get("mail/outbox").json() if m.get("orderNumber") == number]


def test_an_order_moves_step_by_step_and_its_timeline_and_mails_say_so(
    contract: Contract, suite: TestClient[Any]
) -> None:
    order = place(contract, suite, "key-track-01")
    number = order["orderNumber"]
    assert [e["status"] for e in order["timeline"]] == ["placed"] and order["invoice"] is None
    for expected in ("packed", "shipped", "outForDelivery", "delivered"):
        assert advance(suite, number)["status"] == expected
    read = conforms(contract, suite.get(path(number), params={"userId": 2001}, headers=bearer(RAMESH_TOKEN))).json()
    delivered = read["data"]
    assert [e["status"] for e in delivered["timeline"]] == [
        "placed",
        "packed",
        "shipped",
        "outForDelivery",
        "delivered",
    ]
    assert delivered["payment"]["state"] == "paid"  # cash collected at the door
    assert delivered["invoice"]["number"].startswith("VKI/")
    closed = suite.post(f"orders/{number}/advance", json={})
    assert closed.status_code == 409 and closed.json()["data"]["reason"] == "order_closed"

    sent = mails(suite, number)
    assert [m["status"] for m in sent] == ["placed", "packed", "shipped", "outForDelivery", "delivered"]
    assert {m["to"] for m in sent} == {"ramesh.kumar@shop.example"}
    assert sent[-1]["attachment"] == f"invoice-{number}.pdf" and sent[0]["attachment"] is None


def test_left_alone_an_order_moves_by_the_clock(contract: Contract, suite: TestClient[Any]) -> None:
    order = place(contract, suite, "key-track-02")
    record = suite.app.state.world.states["orders"].orders[order["orderNumber"]]
    # As if placed 45 minutes ago for delivery within the hour: packed at 10, shipped at 20, out at 40 min.
    record.created_at -= timedelta(minutes=45)
    record.delivery.latest_by = record.created_at + timedelta(hours=1)
    record.timeline[0].at = record.updated_at = record.created_at
    moved = conforms(
        contract, suite.get(path(order["orderNumber"]), params={"userId": 2001}, headers=bearer(RAMESH_TOKEN))
    )
    data = moved.json()["data"]
    assert data["status"] == "outForDelivery"
    times = [e["at"] for e in data["timeline"]]
    assert times == sorted(times) and len(times) == 4


def test_three_failed_deliveries_return_the_goods_and_cancel_what_was_owed(
    contract: Contract, suite: TestClient[Any]
) -> None:
    number = place(contract, suite, "key-track-03", user_id=7100, token=SUNITA_TOKEN, method="credit")["orderNumber"]
    for _ in range(3):
        advance(suite, number)  # packed, shipped, out for delivery
    for attempt in (1, 2):
        back = advance(suite, number, "deliveryFailed")
        assert (back["status"], back["deliveryAttempts"]) == ("shipped", attempt)
        advance(suite, number)
    returned = advance(suite, number, "deliveryFailed")
    assert returned["status"] == "returned" and returned["deliveryAttempts"] == 3
    assert returned["timeline"][-1]["note"] == "Delivery attempt 3 of 3 failed; the order went back to the seller"
    assert returned["payment"]["state"] == "creditReversed" and returned["refund"]["kind"] == "creditReversed"
    owed = suite.get(
        "lending/webRepayment/creditLimit",
        params={"mobileNumber": "9123456780"},
        headers={"x-partner-key": "mock-partner-key"},
    ).json()["data"]
    assert (owed["outstanding"], owed["available"]) == ("0.00", "500000.00")


def test_cancelling_a_paid_online_order_while_packed_refunds_it_in_two_to_four_business_days(
    contract: Contract, suite: TestClient[Any]
) -> None:
    order = place(contract, suite, "key-track-04", method="online")
    number = order["orderNumber"]
    waiting = suite.post(f"orders/{number}/advance", json={})
    assert waiting.status_code == 409 and waiting.json()["data"]["reason"] == "awaiting_payment"
    session = order["payment"]["paymentSessionId"]
    assert suite.post(f"payments/checkout/{session}/pay", json={"outcome": "success"}).status_code == 200
    assert advance(suite, number)["status"] == "packed"

    cancelled = conforms(
        contract, suite.post(path(number, "/cancel"), params={"userId": 2001}, headers=bearer(RAMESH_TOKEN))
    )
    data = cancelled.json()["data"]
    assert data["status"] == "cancelled" and data["payment"]["state"] == "refundInitiated"
    refund = data["refund"]
    assert (refund["kind"], refund["amount"], refund["timeline"]) == (
        "toSource",
        order["charges"]["total"],
        "2 to 4 business days",
    )
    assert refund["expectedBy"] is not None and "card or UPI" in refund["message"]
    again = conforms(
        contract, suite.post(path(number, "/cancel"), params={"userId": 2001}, headers=bearer(RAMESH_TOKEN))
    )
    assert again.status_code == 409 and again.json()["data"]["reason"] == "already_cancelled"
    assert mails(suite, number)[-1]["status"] == "cancelled"


def test_a_cancelled_credit_order_cancels_its_amount_owed_and_puts_the_stock_back(
    contract: Contract, suite: TestClient[Any]
) -> None:
    partner = {"x-partner-key": "mock-partner-key"}
    stocked = {"lines": [{"productId": LOW_STOCK_ID, "quantity": 3}]}
    number = place(contract, suite, "key-track-05", user_id=7100, token=SUNITA_TOKEN, method="credit", **stocked)[
        "orderNumber"
    ]
    sold_out = suite.post("orders/electrician/order/quote", json=order_body(**stocked), headers=bearer(RAMESH_TOKEN))
    assert sold_out.status_code == 409 and sold_out.json()["data"]["reason"] == "out_of_stock"
    owed = suite.get("lending/webRepayment/creditLimit", params={"mobileNumber": "9123456780"}, headers=partner)
    assert owed.json()["data"]["outstanding"] != "0.00"

    cancelled = conforms(
        contract, suite.post(path(number, "/cancel"), params={"userId": 7100}, headers=bearer(SUNITA_TOKEN))
    )
    assert cancelled.json()["data"]["refund"]["kind"] == "creditReversed"
    after = suite.get("lending/webRepayment/creditLimit", params={"mobileNumber": "9123456780"}, headers=partner)
    assert after.json()["data"]["outstanding"] == "0.00"
    assert (
        suite.post(
            "orders/electrician/order/quote", json=order_body(**stocked), headers=bearer(RAMESH_TOKEN)
        ).status_code
        == 200
    )


def test_no_cancelling_once_out_for_delivery_or_delivered(contract: Contract, suite: TestClient[Any]) -> None:
    number = place(contract, suite, "key-track-06")["orderNumber"]
    for _ in range(3):
        advance(suite, number)
    refused = conforms(
        contract, suite.post(path(number, "/cancel"), params={"userId": 2001}, headers=bearer(RAMESH_TOKEN))
    )
    assert refused.status_code == 409 and refused.json()["data"]["reason"] == "not_cancellable"


def _invoice_text(suite: TestClient[Any], number: str, document: str = "/invoice") -> str:
    answer = suite.get(path(number, document), params={"userId": 2001}, headers=bearer(RAMESH_TOKEN))
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/pdf"
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(answer.content)).pages)


def test_cancelling_after_shipping_issues_a_credit_note_against_the_invoice(
    contract: Contract, suite: TestClient[Any]
) -> None:
    order = place(contract, suite, "key-track-09", address=BENGALURU)
    number = order["orderNumber"]
    advance(suite, number)
    invoice = advance(suite, number)["invoice"]
    cancelled = conforms(
        contract, suite.post(path(number, "/cancel"), params={"userId": 2001}, headers=bearer(RAMESH_TOKEN))
    ).json()["data"]
    note = cancelled["creditNote"]
    assert note["number"].startswith("VKC/") and note["reason"] == "Order cancelled"
    assert cancelled["invoice"] == invoice  # an issued invoice stays

    text = _invoice_text(suite, number, "/credit-note")
    assert "Credit Note" in text and f"Credit note number: {note['number']}" in text
    assert f"Against tax invoice: {invoice['number']}" in text and "Reason: Order cancelled" in text
    assert "CGST" in text and "SGST" in text and "IGST" not in text  # the invoice's own split
    total = Decimal(order["charges"]["total"])
    assert f"Credit note total ₹{total:,.2f}" in text
    sent = mails(suite, number)[-1]
    assert (sent["status"], sent["attachment"]) == ("cancelled", f"credit-note-{number}.pdf")


def test_no_credit_note_for_an_order_cancelled_before_it_shipped(contract: Contract, suite: TestClient[Any]) -> None:
    number = place(contract, suite, "key-track-10")["orderNumber"]
    advance(suite, number)
    cancelled = conforms(
        contract, suite.post(path(number, "/cancel"), params={"userId": 2001}, headers=bearer(RAMESH_TOKEN))
    ).json()["data"]
    assert cancelled["invoice"] is None and cancelled["creditNote"] is None
    answer = conforms(
        contract, suite.get(path(number, "/credit-note"), params={"userId": 2001}, headers=bearer(RAMESH_TOKEN))
    )
    assert answer.status_code == 409 and answer.json()["data"]["reason"] == "no_credit_note"


def test_the_invoice_is_issued_at_shipping_from_the_dark_store_that_ships(
    contract: Contract, suite: TestClient[Any]
) -> None:
    order = place(contract, suite, "key-track-07", business=KUMAR_GSTIN)  # Gurugram, from its Haryana store
    number = order["orderNumber"]
    early = conforms(
        contract, suite.get(path(number, "/invoice"), params={"userId": 2001}, headers=bearer(RAMESH_TOKEN))
    )
    assert early.status_code == 409 and early.json()["data"]["reason"] == "invoice_not_ready"
    advance(suite, number)
    shipped = advance(suite, number)
    text = _invoice_text(suite, number)
    assert shipped["invoice"]["number"] in text
    assert "GSTIN: 27AAPFU0939F1ZV" in text and "GSTIN: 06AAJCV4821K1Z2    State: Haryana" in text
    assert "Place of supply: Haryana" in text and "CGST" in text and "SGST" in text and "IGST" not in text
    total = Decimal(order["charges"]["total"])
    assert f"Invoice total ₹{total:,.2f}" in text
    assert f"Amount in words: {in_words(total)}" in text  # the wording itself: tests/unit/test_invoice_figures.py


def test_a_courier_delivery_across_states_is_igst_from_the_warehouse(
    contract: Contract, suite: TestClient[Any]
) -> None:
    order = place(contract, suite, "key-track-09", address=LUDHIANA)
    assert order["seller"]["gstin"] == "29AAJCV4821K1ZU"
    advance(suite, order["orderNumber"])
    advance(suite, order["orderNumber"])
    text = _invoice_text(suite, order["orderNumber"])
    assert "Place of supply: Punjab" in text and "IGST" in text and "CGST" not in text


def test_the_invoice_splits_cgst_and_sgst_within_the_sellers_state(contract: Contract, suite: TestClient[Any]) -> None:
    order = place(contract, suite, "key-track-08", address=BENGALURU)
    advance(suite, order["orderNumber"])
    advance(suite, order["orderNumber"])
    text = _invoice_text(suite, order["orderNumber"])
    assert "Place of supply: Karnataka" in text and "CGST" in text and "SGST" in text and "IGST" not in text
    gst = Decimal(order["charges"]["gstTotal"])
    assert "HSN/SAC" in text and "3917" in text and "8539" in text and "9985" in text
    assert gst > 0


def test_the_list_is_newest_first_and_paged_and_only_the_shoppers_own(
    contract: Contract, suite: TestClient[Any]
) -> None:
    numbers = [place(contract, suite, f"key-list-{i:04d}")["orderNumber"] for i in range(3)]
    page1 = conforms(
        contract,
        suite.get("orders/electrician/orders", params={"userId": 2001, "pageSize": 2}, headers=bearer(RAMESH_TOKEN)),
    ).json()["data"]
    assert [o["orderNumber"] for o in page1["orders"]] == numbers[::-1][:2]
    assert (page1["totalOrders"], page1["totalPages"]) == (3, 2)
    first = page1["orders"][0]
    assert (first["status"], first["paymentState"], first["itemCount"]) == ("placed", "onDelivery", 3)
    page2 = suite.get(
        "orders/electrician/orders", params={"userId": 2001, "pageSize": 2, "page": 2}, headers=bearer(RAMESH_TOKEN)
    )
    assert [o["orderNumber"] for o in page2.json()["data"]["orders"]] == numbers[:1]
    theirs = conforms(
        contract, suite.get("orders/electrician/orders", params={"userId": 7100}, headers=bearer(SUNITA_TOKEN))
    )
    assert theirs.json()["data"]["orders"] == []
    as_them = suite.get("orders/electrician/orders", params={"userId": 2001}, headers=bearer(SUNITA_TOKEN))
    assert conforms(contract, as_them).status_code == 403


@pytest.mark.parametrize(
    ("method", "tail"),
    [("get", ""), ("post", "/cancel"), ("get", "/invoice"), ("get", "/credit-note"), ("post", "/reorder")],
)
def test_another_shoppers_order_does_not_exist_for_you(
    contract: Contract, suite: TestClient[Any], method: str, tail: str
) -> None:
    number = place(contract, suite, "key-other-01")["orderNumber"]
    advance(suite, number)
    advance(suite, number)
    answer = suite.request(method.upper(), path(number, tail), params={"userId": 7100}, headers=bearer(SUNITA_TOKEN))
    assert conforms(contract, answer).status_code == 404
    assert "Ramesh" not in answer.text and number not in answer.text


def test_buy_again_says_what_is_sold_out_since(contract: Contract, suite: TestClient[Any]) -> None:
    number = place(
        contract,
        suite,
        "key-again-01",
        lines=[{"productId": LOW_STOCK_ID, "quantity": 3}, {"productId": 2, "quantity": 4}],
    )["orderNumber"]
    again = conforms(
        contract, suite.post(path(number, "/reorder"), params={"userId": 2001}, headers=bearer(RAMESH_TOKEN))
    )
    lines = {line["productId"]: (line["quantity"], line["available"]) for line in again.json()["data"]["lines"]}
    assert lines == {LOW_STOCK_ID: (3, 0), 2: (4, 4)}


def test_invoice_numbers_run_without_gaps(contract: Contract, suite: TestClient[Any]) -> None:
    # GST wants one unbroken series a year: an order cancelled before it ships takes no number,
    # and one cancelled after keeps its own (answered by a credit note, in a series of its own).
    def ship(key: str) -> dict[str, Any]:
        number = place(contract, suite, key)["orderNumber"]
        advance(suite, number)
        return advance(suite, number)

    first = ship("key-series-01")
    never_shipped = place(contract, suite, "key-series-02")["orderNumber"]
    cancel = suite.post(path(never_shipped, "/cancel"), params={"userId": 2001}, headers=bearer(RAMESH_TOKEN))
    assert conforms(contract, cancel).json()["data"]["invoice"] is None
    second = ship("key-series-03")
    cancel = suite.post(path(second["orderNumber"], "/cancel"), params={"userId": 2001}, headers=bearer(RAMESH_TOKEN))
    assert conforms(contract, cancel).json()["data"]["creditNote"]["number"].startswith("VKC/")
    third = ship("key-series-04")
    numbers = [order["invoice"]["number"] for order in (first, second, third)]
    series = {number.rsplit("/", 1)[0] for number in numbers}
    assert len(series) == 1 and series.pop().startswith("VKI/")
    serials = [int(number.rsplit("/", 1)[1]) for number in numbers]
    assert serials == [serials[0], serials[0] + 1, serials[0] + 2]
