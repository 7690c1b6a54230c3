"""/metrics in Prometheus' text format.

Request counts and latency per route template (ids in paths do not explode the series) come
from `gateway/serving/request_metrics.py`. All series live in a registry per app (no process-wide
state, so two apps in one process, as in tests, never mix their counts). The gateway's own:
upstream latency and errors per upstream, each breaker's state, and session-store errors, all
fed from public hooks (each upstream client's `observe`, the breaker factory's listeners, a counting wrapper
round the session store), so no route or client code changes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import timedelta
from typing import Any

from litestar import Response, get
from litestar.config.app import AppConfig
from litestar.handlers import HTTPRouteHandler
from litestar.plugins import InitPluginProtocol
from litestar.stores.base import Store
from litestar.types import Guard
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST
from prometheus_client.multiprocess import MultiProcessCollector
from redis.exceptions import RedisError

from gateway.plumbing.asgi import ASGIApp
from gateway.serving.request_metrics import request_metrics_factory
from gateway.sessions import SessionManager
from gateway.upstreams.http import UpstreamHttp

# Breaker states as a number a dashboard can plot and alert on.
BREAKER_STATES = {"closed": 0, "half-opened": 1, "opened": 2}
# Upstream calls are sub-millisecond on loopback and seconds when a service struggles.
_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10)


class GatewayMetrics:
    """The gateway's own series, in a registry of their own (one per app)."""

    def __init__(self, multiprocess_dir: str | None = None) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        # With several workers (gateway/serving/workers.py) every series is also written to files there,
        # and a scrape adds up all the workers' files rather than reading this one's registry.
        self.multiprocess_dir = multiprocess_dir
        self.upstream_seconds = Histogram(
            "gateway_upstream_request_duration_seconds",
            "Time to an upstream's answer, per upstream and status class",
            ["upstream", "status"],
            buckets=_BUCKETS,
            registry=self.registry,
        )
        self.upstream_errors = Counter(
            "gateway_upstream_errors",
            "Failed upstream calls (transport error, time-out or 5xx), per upstream",
            ["upstream"],
            registry=self.registry,
        )
        self.breaker_state = Gauge(
            "gateway_upstream_breaker_state",
            "Circuit breaker per upstream: 0 closed, 1 half-open, 2 open",
            ["upstream"],
            multiprocess_mode="livemax",  # with several workers: the worst of the running ones
            registry=self.registry,
        )
        self.reconciliation_attention = Gauge(
            "gateway_reconciliation_runs_needing_attention",
            "Stored reconciliation runs with an open finding too old or too large (the daily job's last look)",
            multiprocess_mode="livemax",
            registry=self.registry,
        )
        self.refunds_needing_person = Gauge(
            "gateway_refunds_needing_person",
            "Refunds the bank gave up, handed to the desk for a person to give back (the daily job's last look)",
            multiprocess_mode="livemax",
            registry=self.registry,
        )
        self.disputes_near_deadline = Gauge(
            "gateway_disputes_near_deadline",
            "Open disputes and chargebacks within 2 days of (or past) their response deadline (the daily job's look)",
            multiprocess_mode="livemax",
            registry=self.registry,
        )
        self.payouts_failed_waiting = Gauge(
            "gateway_payouts_failed_waiting",
            "Returns' payouts to a UPI ID or bank account that failed and wait on a person (the daily job's look)",
            multiprocess_mode="livemax",
            registry=self.registry,
        )
        self.job_runs = Counter(
            "gateway_job_runs",
            "Runs of the gateway's scheduled jobs this replica took and finished, per job",
            ["job"],
            registry=self.registry,
        )
        self.job_last_run = Gauge(
            "gateway_job_last_run_timestamp_seconds",
            "When a run of each scheduled job last finished (Unix time): alerted on when too old",
            ["job"],
            multiprocess_mode="max",  # the newest of every worker's and replica's runs
            registry=self.registry,
        )
        self.session_store_errors = Counter(
            "gateway_session_store_errors",
            "Session store operations that failed (Redis unreachable or timing out)",
            ["operation"],
            registry=self.registry,
        )

    def job_finished(self, job: str) -> None:
        self.job_runs.labels(job).inc()
        self.job_last_run.labels(job).set_to_current_time()  # real time: what Prometheus' time() compares with

    def watch(self, upstreams: Mapping[str, UpstreamHttp], sessions: SessionManager) -> None:
        factories: dict[int, Any] = {}
        for name, upstream in upstreams.items():
            self.breaker_state.labels(name).set(0)
            self.upstream_errors.labels(name)
            upstream.observe = self._observer(name)
            factories[id(upstream.breakers)] = upstream.breakers
        for factory in factories.values():
            factory.add_listener(self._on_breaker_event)
        sessions.store = CountingStore(sessions.store, self.session_store_errors)

    def _observer(self, upstream: str) -> Callable[[int, float], None]:
        seconds = self.upstream_seconds
        by_class: dict[int, Any] = {}  # a child per status class, looked up once

        def observe(status: int, elapsed: float) -> None:
            child = by_class.get(status // 100)
            if child is None:
                child = by_class[status // 100] = seconds.labels(upstream, f"{status // 100}xx")
            child.observe(elapsed)

        return observe

    def _on_breaker_event(self, name: str, event_name: str, event: Any) -> None:
        # Circuits are per endpoint ("mail POST website/sendSubscribeMail"); metrics per upstream,
        # the state gauge showing the endpoint that changed last.
        upstream = name.split(" ", 1)[0]
        if event_name == "state_changed":
            self.breaker_state.labels(upstream).set(BREAKER_STATES.get(str(event.state), 2))
        elif event_name == "failed":
            self.upstream_errors.labels(upstream).inc()

    def exposition(self) -> bytes:
        if self.multiprocess_dir is None:
            return generate_latest(self.registry)
        every_worker = CollectorRegistry()
        MultiProcessCollector(every_worker, path=self.multiprocess_dir)  # type: ignore[no-untyped-call]
        return generate_latest(every_worker)


class CountingStore(Store):
    """The session store, counting each failed operation before it is raised as before."""

    def __init__(self, inner: Store, errors: Counter) -> None:
        self.inner = inner
        self._errors = errors

    async def set(self, key: str, value: str | bytes, expires_in: int | timedelta | None = None) -> None:
        try:
            await self.inner.set(key, value, expires_in)
        except RedisError:
            self._errors.labels("set").inc()
            raise

    async def get(self, key: str, renew_for: int | timedelta | None = None) -> bytes | None:
        try:
            return await self.inner.get(key, renew_for)
        except RedisError:
            self._errors.labels("get").inc()
            raise

    async def delete(self, key: str) -> None:
        try:
            await self.inner.delete(key)
        except RedisError:
            self._errors.labels("delete").inc()
            raise

    async def delete_all(self) -> None:
        await self.inner.delete_all()

    async def exists(self, key: str) -> bool:
        return await self.inner.exists(key)

    async def expires_in(self, key: str) -> int | None:
        return await self.inner.expires_in(key)


class MetricsPlugin(InitPluginProtocol):
    """Adds GET /metrics to the app; `request_middleware` counts requests where the app lists it."""

    def __init__(
        self,
        upstreams: Mapping[str, UpstreamHttp],
        sessions: SessionManager,
        multiprocess_dir: str | None = None,
        guards: Sequence[Guard] = (),
    ) -> None:
        self.guards = list(guards)  # who may scrape (gateway/security/operations_access.py)
        self.metrics = GatewayMetrics(multiprocess_dir)
        self.metrics.watch(upstreams, sessions)
        self.request_middleware: Callable[[ASGIApp], ASGIApp] = request_metrics_factory(
            app_name="gateway", prefix="gateway", buckets=_BUCKETS, registry=self.metrics.registry
        )

    def on_app_init(self, app_config: AppConfig) -> AppConfig:
        app_config.route_handlers.append(self._handler())
        return app_config

    def _handler(self) -> HTTPRouteHandler:
        metrics = self.metrics

        @get("/metrics", include_in_schema=False, sync_to_thread=False, name="metrics", guards=self.guards)
        def scrape() -> Response[bytes]:
            return Response(metrics.exposition(), media_type=CONTENT_TYPE_LATEST)

        return scrape
