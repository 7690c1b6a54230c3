"""Request counts and latency per route template, over stand-in apps each into a registry of its own."""

from __future__ import annotations

from typing import Any

import pytest
from prometheus_client import CollectorRegistry

from gateway.serving.request_metrics import request_metrics_factory

PREFIX = "unit_request_metrics"
ROUTE = "/api/store/products/{product_id:int}"


def answering(status: int) -> Any:
    async def app(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": status, "headers": []})
        await send({"type": "http.response.body", "body": b"{}"})

    return app


async def failing(scope: Any, receive: Any, send: Any) -> None:
    raise RuntimeError("the handler broke")


def http(path: str, template: str | None = None) -> dict[str, Any]:
    scope: dict[str, Any] = {"type": "http", "method": "GET", "path": path, "headers": []}
    if template:
        scope["path_template"] = template
    return scope


async def call(app: Any, scope: dict[str, Any]) -> None:
    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b""}

    async def send(message: dict[str, Any]) -> None:
        pass

    await app(scope, receive, send)


def value(registry: CollectorRegistry, name: str, status: int | None = None, path: str = ROUTE) -> float:
    labels = {"method": "GET", "path": path, "app_name": "gateway"}
    if status is not None:
        labels["status_code"] = str(status)
    return registry.get_sample_value(f"{PREFIX}_{name}", labels) or 0.0


@pytest.mark.asyncio
async def test_requests_are_counted_and_timed_per_route_template_and_status() -> None:
    registry = CollectorRegistry()
    metrics = request_metrics_factory("gateway", PREFIX, (0.1, 1.0), registry)
    ok, missing = metrics(answering(200)), metrics(answering(404))
    for product_id in (1, 2):
        await call(ok, http(f"/api/store/products/{product_id}", ROUTE))
    await call(missing, http("/api/store/products/3", ROUTE))
    assert value(registry, "requests_total", 200) == 2
    assert value(registry, "requests_total", 404) == 1
    assert value(registry, "request_duration_seconds_count", 200) == 2
    assert value(registry, "requests_in_progress", 200) == 0
    # Ids stay out of the labels.
    assert value(registry, "requests_total", 200, path="/api/store/products/1") == 0


@pytest.mark.asyncio
async def test_5xx_answers_are_errors_too_and_a_scrape_does_not_count_itself() -> None:
    registry = CollectorRegistry()
    metrics = request_metrics_factory("gateway", PREFIX, (0.1, 1.0), registry)
    await call(metrics(answering(503)), http("/api/store/products/9", ROUTE))
    assert value(registry, "requests_error_total", 503) == 1
    await call(metrics(answering(200)), http("/metrics", "/metrics"))
    assert value(registry, "requests_total", 200, path="/metrics") == 0


@pytest.mark.asyncio
async def test_a_request_that_raises_is_no_longer_in_progress() -> None:
    registry = CollectorRegistry()
    metrics = request_metrics_factory("gateway", PREFIX, (0.1, 1.0), registry)
    with pytest.raises(RuntimeError):
        await call(metrics(failing), http("/api/store/products/5", ROUTE))
    assert value(registry, "requests_in_progress", 200) == 0
