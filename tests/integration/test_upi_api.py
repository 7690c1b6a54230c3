"""UPI through the gateway (docs/decisions/upi-payments.md): a store order and a portal payment
paid by UPI intent link or QR, in our own words; the page follows the payment (pending, paid,
cancelled, expired) and is never offered a second charge while one waits."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from tests.conftest import GatewayClient
from tests.integration.test_orders_api import detail
from tests.integration.test_pending_followed_to_its_end import _clock_on, _store_order
from tests.integration.test_portal_api import log_in, pay
from tests.integration.test_portal_repayments_api import confirm
from tests.upi_links import link_fields, qr_text


def _upi(client: GatewayClient, path: str, channel: str, key: str) -> Any:
    return client.post(path, json={"channel": channel}, headers={**client.xsrf(), "Idempotency-Key": key})


def _app_answers(client: GatewayClient, link: str, outcome: str) -> None:
    """The payer in the UPI app the link opened (the mock's stand-in), paying or leaving."""
    page = client.get("/_mocks/payments/upi/app?" + urlsplit(link).query)
    assert page.status_code == 200, page.text
    answered = client.post("/_mocks/payments/upi/app/answer", json={"tr": link_fields(link)["tr"], "outcome": outcome})
    assert answered.status_code == 200, answered.text


def test_a_store_order_paid_by_a_upi_app_is_paid_once(client: GatewayClient) -> None:
    order = _store_order(client, "upi-intent")
    number, total, reference = order["orderNumber"], order["payment"]["amount"], order["payment"]["providerOrderId"]
    path = f"/api/orders/{number}/upi"
    assert client.get(path).json() == {"state": "none", "expiresInSeconds": 0}

    started = _upi(client, path, "intent", "upi-click-1")
    assert started.status_code == 200, started.text
    upi = started.json()
    assert (upi["channel"], upi["state"], upi["amount"], upi["reference"]) == ("intent", "pending", total, reference)
    assert upi["expiresInSeconds"] == 300 and upi.get("qrImage") is None
    apps = {a["app"]: a["link"] for a in upi["apps"]}
    assert set(apps) == {"any", "gpay", "phonepe", "paytm"}
    assert apps["any"].startswith("upi://pay?") and apps["gpay"].startswith("tez://upi/pay?")
    fields = link_fields(apps["any"])
    assert (fields["am"], fields["tn"], fields["cu"]) == (total, reference, "INR")
    assert "paymentSessionId" not in started.text and "session_" not in started.text

    # While the payer is in their app: pending, and no second charge by any way.
    assert client.get(path).json()["state"] == "pending"
    again = _upi(client, path, "qr", "upi-click-2")
    assert again.status_code == 409 and again.json()["error"]["code"] == "payment_pending"
    assert client.post(f"/api/orders/{number}/payment", headers=client.xsrf()).status_code == 409
    # The same click retried (its answer lost) answers the same payment again.
    retried = _upi(client, path, "intent", "upi-click-1")
    assert retried.status_code == 200 and link_fields(retried.json()["apps"][0]["link"])["tr"] == fields["tr"]

    _app_answers(client, apps["any"], "paid")
    assert client.get(path).json() == {"state": "paid", "expiresInSeconds": 0}
    paid = detail(client, number)["payment"]
    assert paid["state"] == "paid" and paid["providerPaymentId"] == fields["tr"]
    done = _upi(client, path, "intent", "upi-click-3")
    assert done.status_code == 409 and done.json()["error"]["code"] == "nothing_to_pay"


def test_a_store_order_left_in_the_app_can_be_paid_again(client: GatewayClient) -> None:
    order = _store_order(client, "upi-dropped")
    path = f"/api/orders/{order['orderNumber']}/upi"
    link = _upi(client, path, "intent", "upi-drop-1").json()["apps"][0]["link"]
    _app_answers(client, link, "dropped")
    assert client.get(path).json()["state"] == "cancelled"
    assert _upi(client, path, "qr", "upi-drop-2").status_code == 200


def test_a_due_paid_by_qr_on_the_portal_is_booked_once(client: GatewayClient) -> None:
    log_in(client)
    payment: dict[str, Any] = pay(client, {"mode": "partialPayment", "amount": "200.50"}).json()
    path = f"/api/portal/payments/{payment['orderId']}/upi"
    started = _upi(client, path, "qr", "portal-upi-1")
    assert started.status_code == 200, started.text
    upi = started.json()
    assert (upi["channel"], upi["amount"], upi["reference"], upi["expiresInSeconds"]) == (
        "qr",
        "200.50",
        payment["orderId"],
        300,
    )
    link = qr_text(upi["qrImage"])
    fields = link_fields(link)
    assert link.startswith("upi://pay?")
    # The payee is the lender's own merchant account's VPA: a repayment is paid into the lender's.
    assert (fields["pa"], fields["pn"], fields["am"], fields["tn"]) == (
        "cf.mocklenderclient@axisbank",
        "Mock Merchant",
        "200.50",
        payment["orderId"],
    )
    assert _upi(client, path, "qr", "portal-upi-2").json()["error"]["code"] == "payment_pending"
    # A QR not scanned in five minutes expires; the payer may then make a new one.
    _clock_on(client, minutes=5)
    assert client.get(path).json() == {"state": "expired", "expiresInSeconds": 0}
    again = _upi(client, path, "qr", "portal-upi-3").json()
    link = qr_text(again["qrImage"])
    _app_answers(client, link, "paid")
    assert client.get(path).json()["state"] == "paid"
    assert confirm(client, payment)["status"] == "completed"
    # Someone else's payment, or one never started, is not found.
    missing = _upi(client, "/api/portal/payments/REPAY_0_0/upi", "qr", "portal-upi-4")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "payment_not_found"
