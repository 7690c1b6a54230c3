"""UPI on an order's session (Cashfree's "Order Pay", `POST /pg/orders/sessions`) in the payments
mock, held to Cashfree's document: intent links and a QR of the same `upi://pay` link, the
payment PENDING until the payer approves it in the UPI app (SUCCESS), leaves it (USER_DROPPED)
or the request lapses (FAILED), and collect refused."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any
from urllib.parse import urlsplit

import httpx

from tests.conftest import CLIENT_SECRET
from tests.upi_links import link_fields, qr_text
from upstream_mocks.clock import move
from upstream_mocks.payments.orders import state
from upstream_mocks.payments.provider_document import API_VERSION
from upstream_mocks.world import MockWorld

HEADERS = {"x-client-id": "mock-client", "x-client-secret": CLIENT_SECRET, "x-api-version": API_VERSION}


async def _order(client: httpx.AsyncClient, order_id: str) -> dict[str, Any]:
    body = {
        "order_id": order_id,
        "order_amount": json.loads("1250.50"),
        "order_currency": "INR",
        "customer_details": {"customer_id": "1001", "customer_phone": "9876543210"},
        "order_meta": {"notify_url": "http://127.0.0.1:9/webhooks/payments"},
    }
    answer = await client.post("pg/orders", json=body, headers=HEADERS)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


async def _pay(client: httpx.AsyncClient, order: dict[str, Any], channel: str) -> httpx.Response:
    body = {"payment_session_id": order["payment_session_id"], "payment_method": {"upi": {"channel": channel}}}
    return await client.post("pg/orders/sessions", json=body, headers={"x-api-version": API_VERSION})


async def _status(client: httpx.AsyncClient, order_id: str) -> tuple[str, list[str]]:
    order = (await client.get(f"pg/orders/{order_id}", headers=HEADERS)).json()
    payments = (await client.get(f"pg/orders/{order_id}/payments", headers=HEADERS)).json()
    return order["order_status"], [p["payment_status"] for p in payments]


async def test_an_intent_link_opens_the_upi_app_and_paying_there_pays_the_order(
    provider: tuple[httpx.AsyncClient, MockWorld],
) -> None:
    client, world = provider
    order = await _order(client, "SHOP_UPI_1")
    answer = await _pay(client, order, "link")
    assert answer.status_code == 200, answer.text
    entity = answer.json()
    assert (entity["payment_method"], entity["channel"], entity["action"]) == ("upi", "link", "custom")
    payload = entity["data"]["payload"]
    assert set(payload) == {"default", "gpay", "phonepe", "paytm"}
    link = payload["default"]
    assert link.startswith("upi://pay?") and payload["gpay"].startswith("tez://upi/pay?")
    fields = link_fields(link)
    assert fields["pa"] == "cf.mockmerchant@axisbank" and fields["pn"] == "Mock Merchant"
    assert (fields["am"], fields["cu"], fields["tn"]) == ("1250.50", "INR", "SHOP_UPI_1")
    assert fields["tr"] == entity["cf_payment_id"]
    assert await _status(client, "SHOP_UPI_1") == ("ACTIVE", ["PENDING"])

    page = await client.get("upi/app?" + urlsplit(link).query)
    assert page.status_code == 200 and "₹1,250.50" in page.text and "Mock Merchant" in page.text
    assert "SHOP_UPI_1" in page.text and ">Cancel<" in page.text
    paid = await client.post("upi/app/answer", json={"tr": fields["tr"], "outcome": "paid"})
    assert paid.status_code == 200 and paid.json()["payment_status"] == "SUCCESS"
    assert await _status(client, "SHOP_UPI_1") == ("PAID", ["SUCCESS"])
    # Paid once: the same request cannot be answered again, nor the paid order asked to pay.
    assert (await client.post("upi/app/answer", json={"tr": fields["tr"], "outcome": "paid"})).status_code == 409
    assert (await _pay(client, order, "link")).status_code == 409
    # A link whose amount was changed is not ours.
    tampered = urlsplit(link).query.replace("am=1250.50", "am=1.00")
    assert (await client.get("upi/app?" + tampered)).status_code == 404
    assert state(world).conformance == []


async def test_a_qr_encodes_the_same_upi_link_and_the_app_left_or_the_request_lapsed_pays_nothing(
    provider: tuple[httpx.AsyncClient, MockWorld],
) -> None:
    client, world = provider
    order = await _order(client, "REPAY_UPI_2")
    entity = (await _pay(client, order, "qrcode")).json()
    assert (entity["channel"], entity["action"]) == ("qrcode", "custom")
    fields = link_fields(qr_text(entity["data"]["payload"]["qrcode"]))
    assert (fields["pa"], fields["am"], fields["tn"], fields["tr"]) == (
        "cf.mockmerchant@axisbank",
        "1250.50",
        "REPAY_UPI_2",
        entity["cf_payment_id"],
    )
    # The payer leaves the app: USER_DROPPED, and the order may be paid again.
    left = await client.post("upi/app/answer", json={"tr": fields["tr"], "outcome": "dropped"})
    assert left.json()["payment_status"] == "USER_DROPPED"
    # QA answers for the payer through its control; the next QR lapses when the provider's clock passes five minutes.
    second = (await _pay(client, order, "qrcode")).json()
    dropped = await client.post(f"payments/{second['cf_payment_id']}/upi", json={"outcome": "dropped"})
    assert dropped.json()["payment_status"] == "USER_DROPPED"
    third = (await _pay(client, order, "qrcode")).json()
    await move(world, timedelta(minutes=4, seconds=59))
    assert await _status(client, "REPAY_UPI_2") == ("ACTIVE", ["USER_DROPPED", "USER_DROPPED", "PENDING"])
    await move(world, timedelta(seconds=1))
    assert await _status(client, "REPAY_UPI_2") == ("ACTIVE", ["USER_DROPPED", "USER_DROPPED", "FAILED"])
    lapsed = (await client.get("pg/orders/REPAY_UPI_2/payments", headers=HEADERS)).json()[-1]
    assert lapsed["payment_message"] == "UPI request expired before the payer approved it"
    late = await client.post("upi/app/answer", json={"tr": third["cf_payment_id"], "outcome": "paid"})
    assert late.status_code == 409
    assert state(world).conformance == []


async def test_collect_and_an_unknown_session_are_refused(provider: tuple[httpx.AsyncClient, MockWorld]) -> None:
    client, world = provider
    order = await _order(client, "SHOP_UPI_3")
    collect = await _pay(client, order, "collect")
    assert collect.status_code == 400 and collect.json()["code"] == "payment_method_unsupported"
    unknown = await _pay(client, {"payment_session_id": "session_nothing"}, "link")
    assert unknown.status_code == 400 and unknown.json()["code"] == "payment_session_id_invalid"
    assert state(world).conformance == []


async def test_each_accounts_upi_intent_and_qr_name_its_own_vpa(provider: tuple[httpx.AsyncClient, MockWorld]) -> None:
    """Cashfree names the order's own merchant's VPA as the payee: a lender's repayment the lender's
    (made from its client id unless its account sets `vpa`), the store's order the store's."""
    client, world = provider
    lender_vpa = world.settings.lending_account.upi_vpa
    assert lender_vpa == "cf.mocklenderclient@axisbank"
    assert world.settings.store_account.upi_vpa == "cf.mockmerchant@axisbank"
    own = world.settings.lending_account
    lender = {**HEADERS, "x-client-id": own.client_id, "x-client-secret": own.client_secret}
    body = {
        "order_id": "REPAY_UPI_1",
        "order_amount": json.loads("700.00"),
        "order_currency": "INR",
        "customer_details": {"customer_id": "borrower-1001", "customer_phone": "9876543210"},
    }
    made = await client.post("pg/orders", json=body, headers=lender)
    assert made.status_code == 200, made.text
    repayment = (await _pay(client, made.json(), "link")).json()["data"]["payload"]
    assert {link_fields(link)["pa"] for link in repayment.values()} == {lender_vpa}
    qr = (await _pay(client, made.json(), "qrcode")).json()["data"]["payload"]["qrcode"]
    assert link_fields(qr_text(qr))["pa"] == lender_vpa
    page = await client.get("upi/app?" + urlsplit(repayment["default"]).query)
    assert page.status_code == 200 and "REPAY_UPI_1" in page.text  # the lender's payee is the request's own
    store = (await _pay(client, await _order(client, "SHOP_UPI_VPA"), "link")).json()["data"]["payload"]
    assert link_fields(store["default"])["pa"] == "cf.mockmerchant@axisbank"
    forged = store["default"].replace("cf.mockmerchant", "cf.mocklenderclient")
    assert "SHOP_UPI_VPA" not in (await client.get("upi/app?" + urlsplit(forged).query)).text
