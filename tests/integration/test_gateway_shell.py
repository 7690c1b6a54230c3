"""The gateway's shell as a browser meets it: SPA fallback, JSON errors, CSRF, probes."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from gateway.settings import UPSTREAMS, Settings
from tests.conftest import GatewayClient


@pytest.fixture
def built_app(tmp_path: Path) -> Path:
    (tmp_path / "assets").mkdir()
    (tmp_path / "index.html").write_text("<!doctype html><div id=root></div>")
    (tmp_path / "assets" / "index-abc123.js").write_text("console.log('app')")
    (tmp_path / "robots.txt").write_text("User-agent: *")
    return tmp_path


@pytest.fixture
def shell(
    make_client: Callable[[Settings], GatewayClient], make_settings: Callable[..., Settings], built_app: Path
) -> GatewayClient:
    return make_client(make_settings(static_dir=str(built_app)))


@pytest.mark.parametrize("path", ["/", "/paynow", "/product-details/12", "/FAQ's", "/aboutUs_VoltKhata", "/no/such"])
def test_app_routes_get_the_app_shell(shell: GatewayClient, path: str) -> None:
    answer = shell.get(path)
    assert answer.status_code == 200
    assert "<div id=root>" in answer.text
    assert answer.headers["content-type"].startswith("text/html")
    assert answer.headers["cache-control"] == "private, no-cache"


def test_fingerprinted_assets_are_cached_for_good(shell: GatewayClient) -> None:
    answer = shell.get("/assets/index-abc123.js")
    assert answer.status_code == 200
    assert "immutable" in answer.headers["cache-control"]
    assert "javascript" in answer.headers["content-type"]
    assert shell.get("/robots.txt").text == "User-agent: *"


@pytest.mark.parametrize("path", ["/", "/paynow", "/assets/index-abc123.js", "/robots.txt"])
def test_head_answers_what_get_would_without_the_body(shell: GatewayClient, path: str) -> None:
    # Link checkers, uptime probes and caches ask with HEAD; a 405 reads to them as a broken page.
    got = shell.get(path)
    head = shell.request("HEAD", path)
    assert head.status_code == 200
    assert head.headers["content-type"] == got.headers["content-type"]
    assert head.headers["cache-control"] == got.headers["cache-control"]
    assert shell.request("HEAD", "/img/nothing.svg").status_code == 404


def test_a_missing_file_is_a_404_not_the_app(shell: GatewayClient) -> None:
    assert shell.get("/assets/missing-123.js").status_code == 404
    assert shell.get("/img/nothing.svg").status_code == 404


def test_the_shell_cannot_be_escaped(shell: GatewayClient) -> None:
    answer = shell.get("/..%2F..%2Fetc%2Fpasswd")
    assert "root:" not in answer.text


@pytest.mark.parametrize("path", ["/api/nothing", "/api/portal/nothing", "/api"])
def test_unknown_api_paths_answer_json_404(shell: GatewayClient, path: str) -> None:
    answer = shell.get(path)
    assert answer.status_code == 404
    # No route ran, so no request id was given or logged; the trace (gateway/plumbing/telemetry.py)
    # wraps routing too, so the answer still names its trace.
    body = answer.json()
    assert body["error"] == {"code": "not_found", "message": "Not found.", "field": None}
    assert re.fullmatch(r"[0-9a-f]{32}", body["traceId"]), body


def test_unsafe_api_requests_need_the_xsrf_header(shell: GatewayClient) -> None:
    shell.get("/api/session")
    assert "XSRF-TOKEN" in shell.cookies
    refused = shell.delete("/api/session/portal")
    assert refused.status_code == 403
    assert refused.json()["error"]["code"] == "csrf_failed"
    wrong = shell.delete("/api/session/portal", headers={"X-XSRF-TOKEN": "forged"})
    assert wrong.status_code == 403
    accepted = shell.delete("/api/session/portal", headers=shell.xsrf())
    assert accepted.status_code == 204


def test_the_xsrf_cookie_is_readable_by_the_app(shell: GatewayClient) -> None:
    answer = shell.get("/api/session")
    cookie = next(c for c in answer.headers.get_list("set-cookie") if c.startswith("XSRF-TOKEN="))
    assert "httponly" not in cookie.lower()
    assert "samesite=lax" in cookie.lower()


def test_a_new_visitor_has_no_session(shell: GatewayClient) -> None:
    assert shell.get("/api/session").json() == {"portal": None, "store": None}


def test_config_tells_the_app_names_links_and_checkout(
    make_client: Callable[[Settings], GatewayClient], make_settings: Callable[..., Settings]
) -> None:
    client = make_client(make_settings(product_name="Tar Bazaar", lender_portal_url="https://lenders.example/"))
    config = client.get("/api/config").json()
    assert config["productName"] == "Tar Bazaar"
    assert config["productSlug"] == "TarBazaar"
    assert config["signIn"]["lender"] == "https://lenders.example/"
    assert config["checkout"] == {"adapter": "mock", "mode": "production"}


def test_health_and_readiness(shell: GatewayClient) -> None:
    assert shell.get("/healthz").json() == {"status": "ok"}
    assert shell.get("/readyz").json() == {"status": "ok", "sessions": "ok"}


def test_every_answer_carries_a_request_id(shell: GatewayClient) -> None:
    assert len(shell.get("/healthz").headers["x-request-id"]) >= 16
    assert shell.get("/healthz", headers={"X-Request-ID": "abc-123"}).headers["x-request-id"] == "abc-123"


def test_redis_down_fails_session_calls_clearly_but_pages_still_load(
    make_client: Callable[[Settings], GatewayClient], make_settings: Callable[..., Settings], built_app: Path
) -> None:
    # Port 1 on loopback: nothing listens, the connection is refused at once.
    client = make_client(make_settings(static_dir=str(built_app), redis_url="redis://127.0.0.1:1/0"))
    assert client.get("/paynow").status_code == 200
    assert client.get("/readyz").status_code == 503
    client.cookies.set("session", "some-session-id")
    answer = client.get("/api/session")
    assert answer.status_code == 503
    assert answer.json()["error"]["code"] == "session_store_unavailable"
    assert "Sessions are unavailable" in answer.json()["error"]["message"]


def test_mock_controls_are_absent_when_every_upstream_is_real(
    make_client: Callable[[Settings], GatewayClient], make_settings: Callable[..., Settings], built_app: Path
) -> None:
    real = {f"{n}_url": f"http://127.0.0.1:1/{n}/" for n in UPSTREAMS}
    client = make_client(make_settings(static_dir=str(built_app), **real))
    assert client.post("/_mocks/reset").status_code in (404, 405)
    assert client.get("/_mocks/lending/outbox/9876543210").status_code == 404
    assert client.get("/_mocks/clock").status_code == 404
    # The QA console is not there either: the app's shell with a 404 (the app shows its not-found page).
    for path in ("/qa", "/qa/journal"):
        answer = client.get(path)
        assert answer.status_code == 404
        assert "<div id=root>" in answer.text


def test_the_qa_console_is_served_beside_the_mocks(shell: GatewayClient) -> None:
    assert shell.get("/qa").status_code == 200
    assert shell.get("/_mocks/clock").status_code == 200


@pytest.mark.parametrize(
    ("public_url", "name", "secure"),
    [("http://127.0.0.1:8000", "session", False), ("https://app.example", "__Host-session", True)],
)
def test_the_session_cookie_is_opaque_httponly_lax_and_secure_over_https(
    make_client: Callable[[Settings], GatewayClient],
    make_settings: Callable[..., Settings],
    public_url: str,
    name: str,
    secure: bool,
) -> None:
    client = make_client(make_settings(public_url=public_url))
    client.base_url = public_url  # a browser only returns Secure cookies over HTTPS
    answer = client.post("/api/portal/otp", json={"mobileNumber": "9876543210"}, headers=client.xsrf())
    assert answer.status_code == 200
    cookie = next(c for c in answer.headers.get_list("set-cookie") if c.startswith(f"{name}="))
    value = cookie.split(";", 1)[0].split("=", 1)[1]
    assert len(value) >= 40 and "9876543210" not in value  # random, says nothing about its owner
    flags = [part.strip().lower() for part in cookie.split(";")[1:]]
    assert "httponly" in flags
    assert "samesite=lax" in flags
    assert "path=/" in flags
    assert ("secure" in flags) is secure


@pytest.mark.parametrize(
    ("path", "body", "field", "message"),
    [
        ("/api/portal/otp", {}, "mobileNumber", "Please enter a valid 10-digit mobile number."),
        ("/api/store/otp", {"mobileNumber": "123"}, "mobileNumber", "Please enter a valid 10-digit mobile number."),
        ("/api/site/newsletter", {}, "email", "Please enter a valid email address."),
    ],
)
def test_a_missing_or_bad_field_is_named_with_its_message_in_every_group(
    client: GatewayClient, path: str, body: dict[str, str], field: str, message: str
) -> None:
    answer = client.post(path, json=body, headers=client.xsrf())
    assert answer.status_code == 400
    assert answer.json()["error"] == {"code": "invalid_request", "message": message, "field": field}


def test_csrf_holds_when_no_mocks_are_served(
    make_client: Callable[[Settings], GatewayClient], make_settings: Callable[..., Settings], built_app: Path
) -> None:
    real = {f"{n}_url": f"http://127.0.0.1:1/{n}/" for n in UPSTREAMS}
    client = make_client(make_settings(static_dir=str(built_app), **real))
    client.get("/api/session")
    assert client.delete("/api/session/portal").status_code == 403
    assert client.delete("/api/session/portal", headers=client.xsrf()).status_code == 204
