"""/api/site/*: the newsletter, contact and data-deletion forms through the in-process mail mock."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import GatewayClient

CONTACT = {"name": "Asha Traders", "email": "asha@shop.example", "phone": "9876543210", "message": "Call me back"}
DELETION = {"name": "Asha Traders", "email": "asha@shop.example", "phone": "9876543210"}


def mail_calls(client: GatewayClient) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = client.get("/_mocks/journal", params={"mock": "mail"}).json()
    return [e for e in entries if e["path"].startswith("website/")]


def fail(client: GatewayClient, path: str, status: int) -> None:
    answer = client.post("/_mocks/scenarios", json={"mock": "mail", "path": path, "status": status})
    assert answer.status_code == 201


def test_newsletter_sends_the_mail_then_records_the_subscription(client: GatewayClient) -> None:
    answer = client.post("/api/site/newsletter", json={"email": "asha@shop.example"}, headers=client.xsrf())
    assert answer.status_code == 200
    assert answer.json() == {"message": "Thank you for subscribing!"}
    calls = mail_calls(client)
    assert [c["path"].strip("/") for c in calls] == ["website/sendSubscribeMail", "website/InsertSubscribeData"]
    for call in calls:
        assert call["body"]["email"] == "asha@shop.example"
        assert call["body"]["supportRequest"] == "subscribed"
        assert call["body"]["message"] == "subscribed user"
        assert "subscription confirmed" in call["body"]["subject"].lower()
    stored = client.get("/_mocks/mail/subscriptions").json()
    assert [s["data"]["email"] for s in stored] == ["asha@shop.example"]


def test_contact_sends_the_mail_then_records_the_support_request(client: GatewayClient) -> None:
    answer = client.post("/api/site/contact", json=CONTACT, headers=client.xsrf())
    assert answer.status_code == 200
    assert answer.json() == {"message": "Mail sent successfully!"}
    calls = mail_calls(client)
    assert [c["path"].strip("/") for c in calls] == ["website/SendMail", "website/InsertSupportData"]
    expected = {
        "name": "Asha Traders",
        "email": "asha@shop.example",
        "contact": "9876543210",
        "message": "Call me back",
        "subject": "Thank you for contacting at VoltKhata Platform",
        "supportRequest": "supportData",
    }
    assert [c["body"] for c in calls] == [expected, expected]


def test_contact_takes_a_landline_with_its_std_code(client: GatewayClient) -> None:
    answer = client.post("/api/site/contact", json={**CONTACT, "phone": "01123456789"}, headers=client.xsrf())
    assert answer.status_code == 200
    assert [c["body"]["contact"] for c in mail_calls(client)] == ["01123456789", "01123456789"]


def test_contact_subject_uses_the_configured_product_name(make_client: Any, make_settings: Any) -> None:
    client = make_client(make_settings(product_name="Bijli Mart"))
    assert client.post("/api/site/contact", json=CONTACT, headers=client.xsrf()).status_code == 200
    assert mail_calls(client)[0]["body"]["subject"] == "Thank you for contacting at Bijli Mart Platform"


def test_delete_data_is_a_delete_user_request(client: GatewayClient) -> None:
    answer = client.post("/api/site/delete-data", json=DELETION, headers=client.xsrf())
    assert answer.status_code == 200
    calls = mail_calls(client)
    assert [c["path"].strip("/") for c in calls] == ["website/SendMail", "website/InsertSupportData"]
    for call in calls:
        assert call["body"]["supportRequest"] == "DeleteUser"
        assert call["body"]["message"] == "Delete Data Policy"
        assert call["body"]["contact"] == "9876543210"
    stored = client.get("/_mocks/mail/support").json()
    assert stored[0]["data"]["supportRequest"] == "DeleteUser"


@pytest.mark.parametrize(
    ("path", "body", "field", "message"),
    [
        ("/api/site/newsletter", {"email": "not-an-address"}, "email", "Please enter a valid email address."),
        ("/api/site/newsletter", {}, "email", "Please enter a valid email address."),
        ("/api/site/contact", {**CONTACT, "email": "asha@"}, "email", "Please enter a valid email address."),
        (
            "/api/site/contact",
            {**CONTACT, "phone": "98765"},
            "phone",
            "Please enter a valid phone number: a 10-digit mobile, or a landline with its STD code.",
        ),
        ("/api/site/contact", {**CONTACT, "name": "   "}, "name", "Please enter your name (up to 100 characters)."),
        (
            "/api/site/contact",
            {k: v for k, v in CONTACT.items() if k != "message"},
            "message",
            "Please enter a message",
        ),
        (
            "/api/site/delete-data",
            {**DELETION, "phone": "phone"},
            "phone",
            "Please enter a valid 10-digit mobile number.",
        ),
        ("/api/site/delete-data", {**DELETION, "email": ""}, "email", "Please enter a valid email address."),
    ],
)
def test_bad_input_is_a_400_naming_the_field_and_reaches_no_upstream(
    client: GatewayClient, path: str, body: dict[str, Any], field: str, message: str
) -> None:
    answer = client.post(path, json=body, headers=client.xsrf())
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert error["field"] == field
    assert error["message"].startswith(message)
    assert mail_calls(client) == []


def test_forms_need_the_xsrf_header(client: GatewayClient) -> None:
    answer = client.post("/api/site/newsletter", json={"email": "asha@shop.example"})
    assert answer.status_code == 403
    assert mail_calls(client) == []


def test_failed_mail_is_a_clear_503_and_nothing_is_recorded(client: GatewayClient) -> None:
    fail(client, "website/sendSubscribeMail", 500)
    answer = client.post("/api/site/newsletter", json={"email": "asha@shop.example"}, headers=client.xsrf())
    assert answer.status_code == 503
    assert answer.json()["error"]["code"] == "upstream_unavailable"
    assert answer.json()["error"]["message"]
    assert [c["path"].strip("/") for c in mail_calls(client)] == ["website/sendSubscribeMail"]
    assert client.get("/_mocks/mail/subscriptions").json() == []


def test_refused_record_is_a_502(client: GatewayClient) -> None:
    fail(client, "website/InsertSupportData", 400)
    answer = client.post("/api/site/contact", json=CONTACT, headers=client.xsrf())
    assert answer.status_code == 502
    assert answer.json()["error"]["code"] == "mail_rejected"
    assert [c["path"].strip("/") for c in mail_calls(client)] == ["website/SendMail", "website/InsertSupportData"]


def test_the_mails_the_forms_start_are_in_the_visitor_s_language(client: GatewayClient) -> None:
    client.cookies.set("lang", "hi")
    assert client.post("/api/site/contact", json=CONTACT, headers=client.xsrf()).status_code == 200
    assert (
        client.post("/api/site/newsletter", json={"email": "asha@shop.example"}, headers=client.xsrf()).status_code
        == 200
    )
    outbox = client.get("/_mocks/mail/outbox").json()
    assert [(m["kind"], m["subject"]) for m in outbox] == [
        ("supportData", "VoltKhata प्लैटफ़ॉर्म से संपर्क करने के लिए धन्यवाद"),
        ("subscribe", "आपकी सदस्यता की पुष्टि हो गई है"),
    ]
