"""PUT /api/session/language and the language the server's texts are in for a request."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from litestar import Request

from gateway.language.resolution import language_of as language_of_request
from gateway.sessions import Session, SessionManager
from gateway.settings import Settings
from tests.conftest import GatewayClient

STORE_USER = "9123456780"


def choose(client: GatewayClient, language: object) -> tuple[int, dict[str, object], str]:
    answer = client.put("/api/session/language", json={"language": language}, headers=client.xsrf())
    return answer.status_code, answer.json(), answer.headers.get("set-cookie", "")


def language_of(client: GatewayClient, headers: dict[str, str] | None = None) -> str:
    """The language the gateway resolves for the client's next request (session, cookie, header)."""
    sessions: SessionManager = client.app.dependencies["sessions"].dependency()
    session_id = client.cookies.get(sessions.cookie_name)
    record = client.blocking_portal.call(sessions.load, session_id) if session_id else None
    request = client.build_request("GET", "/api/session", headers=headers or {})
    scope = {"type": "http", "method": "GET", "path": "/api/session", "headers": request.headers.raw}
    session = Session(sessions, cast(Any, scope), session_id, record)
    return language_of_request(Request(cast(Any, scope)), session)


def log_in_to_the_store(client: GatewayClient) -> None:
    sent = client.post("/api/store/otp", json={"mobileNumber": STORE_USER}, headers=client.xsrf())
    assert sent.status_code == 200, sent.text
    otp = client.otp_for(STORE_USER)
    answer = client.post("/api/store/otp/verify", json={"mobileNumber": STORE_USER, "otp": otp}, headers=client.xsrf())
    assert answer.status_code == 200, answer.text


def test_without_a_session_the_choice_is_a_cookie_the_app_can_read(client: GatewayClient) -> None:
    status, body, cookie = choose(client, "hi")
    assert (status, body) == (200, {"language": "hi"})
    flags = [part.strip().lower() for part in cookie.split(";")]
    assert flags[0] == "lang=hi"
    assert {"path=/", "max-age=31536000", "samesite=lax"} <= set(flags)
    assert "httponly" not in flags
    assert "session" not in client.cookies  # no session is made for it
    assert language_of(client) == "hi"


def test_the_order_session_cookie_header_then_english(client: GatewayClient) -> None:
    assert language_of(client) == "en"
    assert language_of(client, {"Accept-Language": "hi-IN,hi;q=0.9,en;q=0.8"}) == "hi"
    client.cookies.set("lang", "en")
    assert language_of(client, {"Accept-Language": "hi-IN,hi;q=0.9"}) == "en"  # the app's choice wins
    client.cookies.set("lang", "xx")
    assert language_of(client, {"Accept-Language": "hi"}) == "hi"  # a cookie we do not write in is ignored


def test_a_login_takes_the_cookie_s_language_and_keeps_it_in_the_session(client: GatewayClient) -> None:
    client.cookies.set("lang", "hi")
    log_in_to_the_store(client)
    client.cookies.delete("lang")
    assert language_of(client, {"Accept-Language": "en"}) == "hi"  # the session's, not the header's
    status, body, _ = choose(client, "en")
    assert (status, body) == (200, {"language": "en"})
    client.cookies.delete("lang")
    assert language_of(client, {"Accept-Language": "hi"}) == "en"  # the session now says en


def test_a_choice_before_login_reaches_the_session_through_the_cookie(client: GatewayClient) -> None:
    assert choose(client, "hi")[0] == 200
    log_in_to_the_store(client)
    client.cookies.delete("lang")
    assert language_of(client) == "hi"


def test_anything_but_en_or_hi_is_refused_in_our_words(client: GatewayClient) -> None:
    for bad in ("fr", "HI", "", "hi-IN", 7, None):
        status, body, cookie = choose(client, bad)
        assert status in (400, 422), (bad, status)
        error = body["error"]
        assert isinstance(error, dict)
        assert error["field"] == "language"
        assert error["message"] == "Please choose English (en) or Hindi (hi).", (bad, error)
        assert "lang=" not in cookie
    missing = client.put("/api/session/language", json={}, headers=client.xsrf())
    assert missing.status_code == 400
    assert missing.json()["error"]["message"] == "Please choose English (en) or Hindi (hi)."


def test_the_switch_needs_the_xsrf_header_like_every_change(client: GatewayClient) -> None:
    answer = client.put("/api/session/language", json={"language": "hi"})
    assert answer.status_code == 403
    assert answer.json()["error"]["code"] == "csrf_failed"


def test_over_https_the_cookie_is_secure(
    make_client: Callable[[Settings], GatewayClient], make_settings: Callable[..., Settings]
) -> None:
    client = make_client(make_settings(public_url="https://app.example"))
    client.base_url = "https://app.example"
    _, _, cookie = choose(client, "hi")
    assert "secure" in [part.strip().lower() for part in cookie.split(";")]
