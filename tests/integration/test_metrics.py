"""/metrics: what an operator's Prometheus scrapes from the gateway."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from prometheus_client.parser import text_string_to_metric_families

from gateway.settings import Settings
from tests.conftest import GatewayClient

# The test client is no loopback address: it scrapes as a Prometheus elsewhere does, with the token.
TOKEN = "the-scrapers-token"


@pytest.fixture
def settings(make_settings: Callable[..., Settings]) -> Settings:
    return make_settings(metrics_token=TOKEN)


def _samples(client: GatewayClient) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    answer = client.get("/metrics", headers={"Authorization": f"Bearer {TOKEN}"})
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/plain")
    out = {}
    for family in text_string_to_metric_families(answer.text):
        for s in family.samples:
            out[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return out


def _value(samples: dict[tuple[str, tuple[tuple[str, str], ...]], float], name: str, **labels: str) -> float:
    return sum(v for (n, ls), v in samples.items() if n == name and labels.items() <= dict(ls).items())


def test_requests_are_counted_per_route_template_with_latency(client: GatewayClient) -> None:
    before = _samples(client)
    for product_id in (1, 2):
        client.get(f"/api/store/products/{product_id}")
    client.get("/api/store/products?page=1")
    after = _samples(client)
    route = {"path": "/api/store/products/{product_id}", "method": "GET"}
    assert _value(after, "gateway_requests_total", **route) - _value(before, "gateway_requests_total", **route) == 2
    assert _value(after, "gateway_request_duration_seconds_count", path="/api/store/products") >= 1
    # Ids stay out of the labels: no series per product.
    assert not any("/api/store/products/1" in dict(ls).get("path", "") for _, ls in after)


def test_upstream_latency_and_breaker_state_per_upstream(client: GatewayClient) -> None:
    client.get("/api/store/products?page=1")
    samples = _samples(client)
    assert _value(samples, "gateway_upstream_request_duration_seconds_count", upstream="catalogue", status="2xx") >= 1
    for upstream in ("lending", "catalogue", "mail", "payments"):
        assert _value(samples, "gateway_upstream_breaker_state", upstream=upstream) == 0


def test_upstream_failures_are_counted_for_that_upstream(client: GatewayClient) -> None:
    client.post(
        "/_mocks/scenarios",
        json={"mock": "mail", "path": "website/sendSubscribeMail", "status": 500, "times": 1},
    )
    before = _value(_samples(client), "gateway_upstream_errors_total", upstream="mail")
    answer = client.post("/api/site/newsletter", json={"email": "asha@shop.example"}, headers=client.xsrf())
    assert answer.status_code == 503, answer.text
    samples = _samples(client)
    assert _value(samples, "gateway_upstream_errors_total", upstream="mail") == before + 1
    assert _value(samples, "gateway_upstream_errors_total", upstream="catalogue") == 0


def test_session_store_errors_are_counted(
    make_client: Callable[[Settings], GatewayClient], make_settings: Callable[..., Settings]
) -> None:
    # Nothing listens on port 1: every Redis call is refused at once.
    client = make_client(make_settings(redis_url="redis://127.0.0.1:1/0", metrics_token=TOKEN))
    client.cookies.set("session", "some-session-id")
    assert client.get("/api/session").status_code == 503
    assert _value(_samples(client), "gateway_session_store_errors_total", operation="get") >= 1


def test_replayed_anonymous_reads_are_counted_like_any_other(client: GatewayClient) -> None:
    from tests.integration.test_store_api import catalogue_calls

    client.delete("/_mocks/journal")
    before = _samples(client)
    for _ in range(3):
        assert client.get("/api/store/products?page=3").status_code == 200
    after = _samples(client)
    route = {"path": "/api/store/products", "method": "GET", "status_code": "200"}
    assert _value(after, "gateway_requests_total", **route) - _value(before, "gateway_requests_total", **route) == 3
    # Two of the three were replayed without a catalogue call.
    assert len(catalogue_calls(client, "electrician/getProductCatalogListMobile")) == 1


def test_refused_unsafe_requests_are_counted_too(client: GatewayClient) -> None:
    route = {"path": "/api/site/newsletter", "method": "POST", "status_code": "403"}
    before = _value(_samples(client), "gateway_requests_total", **route)
    answer = client.post("/api/site/newsletter", json={"email": "asha@shop.example"})  # no XSRF token
    assert answer.status_code == 403, answer.text
    assert _value(_samples(client), "gateway_requests_total", **route) == before + 1
