"""Request counts and latency per route template, for /metrics.

The series are those Litestar's Prometheus middleware wrote before (names, help texts, labels
`method`, `path` (the route template, so ids never become series), `status_code`, `app_name`),
in the registry the app owns (no process-wide state): `gateway_requests_total`, `gateway_request_duration_seconds`,
`gateway_requests_in_progress` and, on a 5xx, `gateway_requests_error_total`. Written here
because that middleware built a request object, four label lookups and a wrapped `send` per
request, a large share of a replayed catalogue answer's cost; here the label children are
looked up once per route and status. Raw ASGI, like the gateway's other middleware.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

from gateway.plumbing.asgi import ASGIApp, Message, Receive, Scope, Send

LABELS = ("method", "path", "status_code", "app_name")
MAX_CHILDREN = 4096  # (method, route, status) triples kept looked up; past it they are looked up per request
EXCLUDED = frozenset({"/metrics"})  # a scrape does not count itself


class RequestSeries:
    """The four series, in one registry (the app's own, so two apps in a process never share them)."""

    def __init__(self, prefix: str, buckets: Sequence[float], registry: CollectorRegistry) -> None:
        self.total = Counter(f"{prefix}_requests_total", "Total requests", labelnames=LABELS, registry=registry)
        self.seconds = Histogram(
            f"{prefix}_request_duration_seconds",
            "Request duration, in seconds",
            labelnames=LABELS,
            buckets=buckets,
            registry=registry,
        )
        self.in_progress = Gauge(
            f"{prefix}_requests_in_progress",
            "Total requests currently in progress",
            labelnames=LABELS,
            multiprocess_mode="livesum",
            registry=registry,
        )
        self._errors: Counter | None = None  # created at the first 5xx, as before
        self._prefix = prefix
        self._registry = registry

    @property
    def errors(self) -> Counter:
        if self._errors is None:
            name = f"{self._prefix}_requests_error_total"
            self._errors = Counter(name, "Total errors in requests", labelnames=LABELS, registry=self._registry)
        return self._errors


def request_metrics_factory(
    app_name: str, prefix: str, buckets: Sequence[float], registry: CollectorRegistry
) -> Callable[[ASGIApp], ASGIApp]:
    """ASGI middleware factory: count and time every HTTP request of the routes it wraps, into `registry`."""
    series = RequestSeries(prefix, buckets, registry)
    in_progress: dict[tuple[str, str], Any] = {}
    finished: dict[tuple[str, str, int], tuple[Any, Any]] = {}

    def middleware_factory(app: ASGIApp) -> ASGIApp:
        async def middleware(scope: Scope, receive: Receive, send: Send) -> None:
            if scope["type"] != "http" or scope["path"] in EXCLUDED:
                await app(scope, receive, send)
                return
            method: str = scope["method"]
            route: str = scope.get("path_template") or scope["path"]
            running = in_progress.get((method, route))
            if running is None:
                # The in-progress series is labelled 200 whatever the answer (as before).
                running = series.in_progress.labels(method, route, 200, app_name)
                if len(in_progress) < MAX_CHILDREN:
                    in_progress[(method, route)] = running
            status = 200
            started = time.perf_counter()
            duration = 0.0

            async def send_timed(message: Message) -> None:
                nonlocal status, duration
                kind = message["type"]
                if kind == "http.response.start":
                    status = message["status"]
                elif kind == "http.response.body":
                    duration = time.perf_counter() - started
                await send(message)

            running.inc()
            try:
                await app(scope, receive, send_timed)
            finally:
                running.dec()
                children = finished.get((method, route, status))
                if children is None:
                    children = (
                        series.total.labels(method, route, status, app_name),
                        series.seconds.labels(method, route, status, app_name),
                    )
                    if len(finished) < MAX_CHILDREN:
                        finished[(method, route, status)] = children
                if status >= 500:
                    series.errors.labels(method, route, status, app_name).inc()
                children[0].inc()
                children[1].observe(duration)

        return middleware

    return middleware_factory
