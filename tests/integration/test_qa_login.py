"""The QA login in front of /_mocks (gateway/security/qa_login.py), as a shared test deployment
runs it: a tester's HTTP Basic login opens the controls; without it they answer 401, however the
path is spelt; what a shopper's browser opens itself (the provider's checkout page, the product
images) stays open. In-process mocks and mocks on their own port (MOCKS_URL) alike."""

from __future__ import annotations

import base64
from collections.abc import Callable

import httpx
import pytest

from gateway.desk.staff import hash_secret
from gateway.settings import UPSTREAMS, Settings
from tests.conftest import GatewayClient

TESTER, SECRET = "priya.qa", "priya-qa-secret-1"
LOGIN = {"Authorization": "Basic " + base64.b64encode(f"{TESTER}:{SECRET}".encode()).decode()}
RAMESH = "9876543210"
OTHER, OTHER_SECRET = "ravi.qa", "ravi-qa-secret-1"
OTHER_LOGIN = {"Authorization": "Basic " + base64.b64encode(f"{OTHER}:{OTHER_SECRET}".encode()).decode()}


@pytest.fixture(params=["in-process", "own port"])
def guarded(
    request: pytest.FixtureRequest,
    make_client: Callable[[Settings], GatewayClient],
    make_settings: Callable[..., Settings],
    monkeypatch: pytest.MonkeyPatch,
) -> GatewayClient:
    qa_staff = f"{TESTER}:{hash_secret(SECRET)},{OTHER}:{hash_secret(OTHER_SECRET)}"
    if request.param == "in-process":
        return make_client(make_settings(environment="test", qa_staff=qa_staff))
    mocks_url: str = request.getfixturevalue("mocks_url")
    httpx.post(f"{mocks_url}/_mocks/reset").raise_for_status()
    monkeypatch.setenv("MOCKS_URL", mocks_url)
    upstreams = {f"{n}_url": f"{mocks_url}/_mocks/{n}/" for n in UPSTREAMS}
    return make_client(make_settings(environment="test", qa_staff=qa_staff, **upstreams))


def test_the_controls_answer_only_to_a_testers_login(guarded: GatewayClient) -> None:
    guarded.post("/api/portal/otp", json={"mobileNumber": RAMESH}, headers=guarded.xsrf())
    refused = guarded.get(f"/_mocks/lending/outbox/{RAMESH}")
    assert refused.status_code == 401
    assert refused.headers["www-authenticate"].startswith('Basic realm="QA"')
    assert refused.json()["error"]["code"] == "qa_login_required"
    assert "otp" not in refused.text
    wrong = "Basic " + base64.b64encode(f"{TESTER}:not-the-secret".encode()).decode()
    for headers in ({"Authorization": wrong}, {"Authorization": f"Bearer {SECRET}"}, {"Authorization": "Basic !!"}):
        assert guarded.get(f"/_mocks/lending/outbox/{RAMESH}", headers=headers).status_code == 401
    for method, path in (
        ("POST", "/_mocks/reset"),
        ("GET", "/_mocks/journal"),
        ("POST", "/_mocks/scenarios"),
        # The payer's UPI app stand-in approves a payment named by its guessable number: a tester's.
        ("GET", "/_mocks/payments/upi/app?pa=cf.mockmerchant%40axisbank&am=1.00&tr=3100001"),
        ("POST", "/_mocks/payments/upi/app/answer"),
    ):
        assert guarded.request(method, path, json={}).status_code == 401, path

    opened = guarded.get(f"/_mocks/lending/outbox/{RAMESH}", headers=LOGIN)
    assert opened.status_code == 200 and opened.json()["otp"]
    assert guarded.get("/_mocks/journal", headers=LOGIN).status_code == 200


def test_a_shoppers_checkout_page_and_images_stay_open_and_nothing_else_by_their_path(guarded: GatewayClient) -> None:
    image = guarded.get("/_mocks/catalogue/media/products/1.svg")
    assert image.status_code == 200 and image.headers["content-type"].startswith("image/svg+xml")
    # An unknown checkout session: the provider's own page says so, no login asked.
    page = guarded.get("/_mocks/payments/checkout/session_unknown")
    assert page.status_code == 404 and "text/html" in page.headers["content-type"]
    # A path that starts like an open one but leads elsewhere is a control like any other.
    for path in (
        f"/_mocks/payments/checkout/../../lending/outbox/{RAMESH}",
        f"/_mocks/payments/checkout/session_x/../../../lending/outbox/{RAMESH}",
        f"/_mocks/catalogue/media/products/../../../lending/outbox/{RAMESH}",
        f"/_mocks/catalogue/media/products/%2e%2e/%2e%2e/%2e%2e/lending/outbox/{RAMESH}",
    ):
        raw = httpx.Request("GET", f"http://127.0.0.1:8000{path}")
        raw.url = httpx.URL(raw.url, raw_path=path.encode())  # as sent, not resolved by the client
        assert guarded.send(raw).status_code in (401, 404), path


def test_without_qa_staff_the_controls_are_open_as_on_one_developers_machine(client: GatewayClient) -> None:
    assert client.get("/_mocks/journal").status_code == 200


def test_a_hold_is_the_logged_in_testers_and_another_testers_clock_move_is_refused_naming_them(
    guarded: GatewayClient,
) -> None:
    """The gateway names the caller from the QA login (X-QA-Tester, whatever the browser sent), so
    a second tester can neither move the held world's clock nor pass as the holder."""
    taken = guarded.post("/_mocks/hold", headers={**LOGIN, "X-QA-Tester": "someone.else"}, json={"minutes": 30})
    assert taken.status_code == 200, taken.text
    try:
        assert taken.json()["holder"] == TESTER
        seen = guarded.get("/_mocks/hold", headers=OTHER_LOGIN).json()
        assert (seen["holder"], seen["you"], seen["yours"]) == (TESTER, OTHER, False)
        for headers in (OTHER_LOGIN, {**OTHER_LOGIN, "X-QA-Tester": TESTER}):
            refused = guarded.post("/_mocks/clock", headers=headers, json={"days": 1})
            assert refused.status_code == 409
            assert refused.json()["holder"] == TESTER and refused.json()["message"].startswith(f"{TESTER} holds")
        assert guarded.get("/_mocks/journal", headers=OTHER_LOGIN).status_code == 200  # reads stay open
        moved = guarded.post("/_mocks/clock", headers=LOGIN, json={"days": 1})
        assert moved.status_code == 200 and moved.json()["offsetSeconds"] >= 86400
    finally:
        assert guarded.delete("/_mocks/hold", headers=LOGIN).json()["held"] is False
        guarded.delete("/_mocks/clock", headers=LOGIN).raise_for_status()
    assert guarded.post("/_mocks/clock", headers=OTHER_LOGIN, json={"days": 1}).status_code == 200
    guarded.delete("/_mocks/clock", headers=OTHER_LOGIN).raise_for_status()
