"""Security headers on every answer, and no caching of anything personal."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from gateway.settings import Settings
from tests.conftest import GatewayClient


def directives(policy: str) -> dict[str, list[str]]:
    parts = [p.strip().split() for p in policy.split(";") if p.strip()]
    return {p[0]: p[1:] for p in parts}


@pytest.mark.parametrize("path", ["/", "/paynow", "/api/session", "/api/config", "/api/nothing", "/img/missing.png"])
def test_every_answer_carries_the_security_headers(client: GatewayClient, path: str) -> None:
    answer = client.get(path)
    policy = directives(answer.headers["content-security-policy"])
    assert policy["script-src"] == ["'self'"]  # no inline script, no other origin
    assert policy["frame-ancestors"] == ["'self'"]
    assert policy["object-src"] == ["'none'"]
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.headers["referrer-policy"] == "strict-origin-when-cross-origin"
    assert "camera=()" in answer.headers["permissions-policy"]
    assert "strict-transport-security" not in answer.headers  # plain HTTP: HSTS would be ignored


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/api/session"),
        ("GET", "/api/portal/repayment"),
        ("GET", "/api/store/cart"),
        ("GET", "/api/addresses"),
        ("POST", "/api/checkout/quote"),
    ],
)
def test_personal_api_answers_are_never_stored(client: GatewayClient, method: str, path: str) -> None:
    # The reads kept for offline reading are `private, no-cache` instead (test_offline_reading.py).
    answer = client.request(method, path, json={"paymentType": "COD"}, headers=client.xsrf())
    assert answer.headers["cache-control"] == "no-store"


def test_hsts_is_sent_over_https(
    make_client: Callable[[Settings], GatewayClient], make_settings: Callable[..., Settings]
) -> None:
    client = make_client(make_settings(public_url="https://app.example"))
    assert client.get("/api/config").headers["strict-transport-security"].startswith("max-age=")


def test_the_payment_providers_origins_are_allowed_only_with_its_sdk(
    make_client: Callable[[Settings], GatewayClient], make_settings: Callable[..., Settings]
) -> None:
    mock = directives(make_client(make_settings()).get("/").headers["content-security-policy"])
    assert not any("cashfree" in source for values in mock.values() for source in values)

    live = make_client(make_settings(checkout_adapter="cashfree", checkout_mode="production"))
    policy = directives(live.get("/").headers["content-security-policy"])
    assert "https://sdk.cashfree.com" in policy["script-src"]
    assert "https://api.cashfree.com" in policy["frame-src"]
    assert "https://sandbox.cashfree.com" not in policy["frame-src"]
    assert "'unsafe-inline'" not in policy["script-src"]
