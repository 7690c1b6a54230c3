"""Operations endpoints closed: /metrics only to the configured networks, /readyz naming the
dependency that is down and not the exception."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest
from litestar.exceptions import NotFoundException

from gateway.security.client_address import ClientAddresses, parse_networks
from gateway.security.operations_access import metrics_networks, networks_only
from gateway.serving import draining
from gateway.settings import Settings
from tests.conftest import GatewayClient


def test_metrics_from_outside_the_allowed_networks_is_a_plain_404(
    make_client: Callable[[Settings], GatewayClient], make_settings: Callable[..., Settings]
) -> None:
    client = make_client(make_settings(metrics_allowed_networks="10.0.0.0/8"))
    answer = client.get("/metrics")
    assert answer.status_code == 404
    assert (answer.json()["error"]["code"], answer.json()["error"]["message"]) == ("not_found", "Not found.")
    assert "gateway_" not in answer.text
    # A client cannot talk its way in with X-Forwarded-For: no proxy is trusted.
    assert client.get("/metrics", headers={"X-Forwarded-For": "10.1.2.3"}).status_code == 404


def connection(peer: str, forwarded_for: str | None = None, authorization: str | None = None) -> Any:
    headers = SimpleNamespace(
        getall=lambda name, default: [forwarded_for] if forwarded_for else default,
        get=lambda name, default=None: authorization if name == "authorization" else default,
    )
    return SimpleNamespace(client=SimpleNamespace(host=peer), headers=headers)


def test_only_the_configured_networks_may_scrape_behind_a_trusted_load_balancer() -> None:
    addresses = ClientAddresses(parse_networks("192.168.1.10"))
    guard = networks_only(parse_networks("10.0.0.0/8, ::1"), addresses)
    guard(connection("10.2.3.4"), cast(Any, None))
    guard(connection("::1"), cast(Any, None))
    guard(connection("192.168.1.10", "10.9.9.9"), cast(Any, None))  # the balancer says who asked
    for outside in (connection("203.0.113.7"), connection("192.168.1.10", "203.0.113.7"), connection("testclient")):
        with pytest.raises(NotFoundException):
            guard(outside, cast(Any, None))


def test_a_scraper_with_the_token_is_let_in_from_anywhere() -> None:
    guard = networks_only(parse_networks("127.0.0.0/8"), ClientAddresses(()), "the-scrapers-token")
    guard(connection("203.0.113.7", authorization="Bearer the-scrapers-token"), cast(Any, None))
    for wrong in ("Bearer another-token", "the-scrapers-token", "Basic dGhlLXNjcmFwZXJzLXRva2Vu", None):
        with pytest.raises(NotFoundException):
            guard(connection("203.0.113.7", authorization=wrong), cast(Any, None))
    # No token configured: none is accepted, however it is spelt.
    with pytest.raises(NotFoundException):
        networks_only(parse_networks("127.0.0.0/8"), ClientAddresses(()))(
            connection("203.0.113.7", authorization="Bearer "), cast(Any, None)
        )


def test_every_shared_environment_scrapes_from_loopback_only_unless_told_otherwise(
    make_settings: Callable[..., Settings],
) -> None:
    assert metrics_networks(make_settings(environment="development")) is None
    assert metrics_networks(make_settings(environment="test")) == parse_networks("127.0.0.0/8, ::1")
    assert metrics_networks(make_settings(environment="production")) == parse_networks("127.0.0.0/8, ::1")
    told = make_settings(environment="production", metrics_allowed_networks="10.20.0.0/16")
    assert metrics_networks(told) == parse_networks("10.20.0.0/16")


def test_readyz_names_the_dependency_that_is_down_not_the_exception(
    make_client: Callable[[Settings], GatewayClient], make_settings: Callable[..., Settings]
) -> None:
    client = make_client(make_settings(redis_url="redis://127.0.0.1:1/0"))  # nothing listens there
    answer = client.get("/readyz")
    assert answer.status_code == 503
    assert answer.json() == {"status": "unavailable", "sessions": "down"}


def test_readyz_says_draining_once_the_replica_is_stopping(
    client: GatewayClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SIGTERM marks the replica (gateway/serving/draining.py): out of the load balancer's rotation
    while it still serves."""
    monkeypatch.setenv(draining.MARKER, str(tmp_path / "draining"))
    assert client.get("/readyz").status_code == 200
    assert draining.begin() and not draining.begin()
    answer = client.get("/readyz")
    assert (answer.status_code, answer.json()) == (503, {"status": "draining"})
    assert client.get("/healthz").status_code == 200
    assert client.get("/api/session").status_code == 200
