"""The XSRF token is bound to the session it was issued for (OWASP's signed double-submit)."""

from __future__ import annotations

from collections.abc import Callable

from gateway.app import create_app
from gateway.settings import Settings
from tests.conftest import GatewayClient

MOBILE = "9876543210"
BASE = "http://127.0.0.1:8000"


def send_code(client: GatewayClient, mobile: str = MOBILE) -> int:
    answer = client.post("/api/store/otp", json={"mobileNumber": mobile}, headers=client.xsrf())
    return answer.status_code


def test_a_token_minted_for_one_visitor_is_refused_on_anothers_session(settings: Settings) -> None:
    app = create_app(settings)  # one gateway, two browsers
    with GatewayClient(app=app, base_url=BASE) as attacker, GatewayClient(app=app, base_url=BASE) as victim:
        assert send_code(victim) == 200  # the victim now has a session
        assert send_code(attacker, "9123456780") == 200
        stolen = attacker.xsrf()["X-XSRF-TOKEN"]
        assert attacker.delete("/api/session/store", headers={"X-XSRF-TOKEN": stolen}).status_code == 204
        # The attacker plants their own valid token as the victim's XSRF cookie and echoes it.
        victim.cookies.set("XSRF-TOKEN", stolen)
        answer = victim.delete("/api/session/store", headers={"X-XSRF-TOKEN": stolen})
        assert answer.status_code == 403
        assert answer.json()["error"]["code"] == "csrf_failed"


def test_a_new_token_comes_with_every_new_session_id(client: GatewayClient) -> None:
    before = client.xsrf()["X-XSRF-TOKEN"]
    answer = client.post("/api/store/otp", json={"mobileNumber": MOBILE}, headers={"X-XSRF-TOKEN": before})
    assert answer.status_code == 200
    after = client.xsrf()["X-XSRF-TOKEN"]
    assert after != before  # the session was created: the token follows it
    # The token minted before the session existed no longer passes for it.
    client.cookies.set("XSRF-TOKEN", before)
    assert client.delete("/api/session/store", headers={"X-XSRF-TOKEN": before}).status_code == 403
    client.cookies.set("XSRF-TOKEN", after)
    assert client.delete("/api/session/store", headers={"X-XSRF-TOKEN": after}).status_code == 204


def test_over_https_the_cookie_is_host_prefixed_and_secure(
    make_client: Callable[[Settings], GatewayClient], make_settings: Callable[..., Settings]
) -> None:
    client = make_client(make_settings(public_url="https://app.example"))
    client.base_url = "https://app.example"  # a browser only returns Secure cookies over HTTPS
    answer = client.get("/api/session")
    cookie = next(c for c in answer.headers.get_list("set-cookie") if c.startswith("__Host-XSRF-TOKEN="))
    flags = [part.strip().lower() for part in cookie.split(";")[1:]]
    assert "secure" in flags and "path=/" in flags
    assert not any(flag.startswith("domain=") for flag in flags)
    assert client.post("/api/store/otp", json={"mobileNumber": MOBILE}, headers=client.xsrf()).status_code == 200


def test_tokens_come_with_pages_and_the_session_call_not_with_every_read(client: GatewayClient) -> None:
    products = client.get("/api/store/products")
    assert products.status_code == 200
    assert "set-cookie" not in products.headers  # an anonymous catalogue read is left alone
    page = client.get("/products")
    assert page.headers["content-type"].startswith("text/html")
    assert any(c.startswith("XSRF-TOKEN=") for c in page.headers.get_list("set-cookie"))
    # A visitor who reads first still gets one before changing anything.
    client.cookies.clear()
    session = client.get("/api/session")
    assert any(c.startswith("XSRF-TOKEN=") for c in session.headers.get_list("set-cookie"))
    assert send_code(client) == 200
