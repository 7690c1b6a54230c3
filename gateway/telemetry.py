"""One trace per request, with OpenTelemetry: a server span for each request the gateway (or the
mocks) serves, a client span for each upstream call, and W3C `traceparent` between them.

The process's tracer provider is set up once (`tracer_provider`); its spans go out over OTLP/HTTP
when OTEL_EXPORTER_OTLP_ENDPOINT is set. Otherwise nothing would read them, so none is recorded:
each span is a context only (its trace and span ids, carried to the upstreams in `traceparent`,
unsampled), which is all the trace id in logs and errors needs. OTEL_SDK_DISABLED=true turns it all off:
no middleware, no instrumented clients, and the trace id is the one of a `traceparent` the
request arrived with, or its request id, as before tracing (gateway/tracing.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import httpx
from litestar.enums import ScopeType
from litestar.plugins.opentelemetry import OpenTelemetryConfig, OpenTelemetryPlugin
from opentelemetry import trace
from opentelemetry.context import Context
from opentelemetry.instrumentation.httpx import HTTPXClientInstrumentor, RequestInfo
from opentelemetry.sdk.resources import SERVICE_NAME, Resource
from opentelemetry.sdk.trace import SpanProcessor, TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor
from opentelemetry.sdk.trace.sampling import ALWAYS_OFF, DEFAULT_ON, Sampler, SamplingResult
from opentelemetry.util.types import Attributes

from gateway.logging import mask_mobile

ENDPOINT = "OTEL_EXPORTER_OTLP_ENDPOINT"
DISABLED = "OTEL_SDK_DISABLED"
# Span attributes that hold a URL or its query, where a mobile number could be (as in log lines).
_URL_ATTRIBUTES = ("http.url", "url.full", "http.target", "url.query")


def enabled(environ: Mapping[str, str]) -> bool:
    """Tracing is on unless OTEL_SDK_DISABLED=true (OpenTelemetry's own switch)."""
    return environ.get(DISABLED, "").strip().lower() != "true"


class _RecordWhenExporting(Sampler):
    """Spans recorded (and sampled, as the parent says) only once something exports them: with no
    exporter a recorded span is work thrown away, on every request."""

    def __init__(self) -> None:
        self.exporting = False

    def should_sample(
        self,
        parent_context: Context | None,
        trace_id: int,
        name: str,
        kind: trace.SpanKind | None = None,
        attributes: Attributes = None,
        links: Sequence[trace.Link] | None = None,
        trace_state: trace.TraceState | None = None,
    ) -> SamplingResult:
        sampler = DEFAULT_ON if self.exporting else ALWAYS_OFF
        return sampler.should_sample(parent_context, trace_id, name, kind, attributes, links, trace_state)

    def get_description(self) -> str:
        return "RecordWhenExporting"


_SAMPLER = _RecordWhenExporting()


def export_to(provider: TracerProvider, processor: SpanProcessor) -> None:
    """Hand the provider's spans to `processor` (an exporter's, or a test's), and record them from now on."""
    provider.add_span_processor(processor)
    _SAMPLER.exporting = True


def tracer_provider(service_name: str, endpoint: str) -> TracerProvider:
    """The process's tracer provider: the one already set (the first app built in the process,
    or a test's), else a new one for `service_name`, exporting over OTLP when `endpoint` (the
    value of OTEL_EXPORTER_OTLP_ENDPOINT) is set."""
    current = trace.get_tracer_provider()
    if isinstance(current, TracerProvider):
        return current
    provider = TracerProvider(resource=Resource.create({SERVICE_NAME: service_name}), sampler=_SAMPLER)
    if endpoint:
        # Imported only when used: the exporter brings protobuf and an HTTP client of its own.
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

        export_to(provider, BatchSpanProcessor(OTLPSpanExporter()))  # reads ENDPOINT itself
    trace.set_tracer_provider(provider)
    return provider


def _masked_urls(span: trace.Span) -> None:
    """A URL's mobile numbers masked, as the log lines mask them: spans leave the process too."""
    attributes = getattr(span, "attributes", None) or {}  # the SDK's recording span has them
    for key in _URL_ATTRIBUTES:
        value = attributes.get(key)
        if isinstance(value, str):
            masked = mask_mobile(value)
            if masked != value:
                span.set_attribute(key, masked)


def by_method(scope: Any) -> tuple[str, dict[str, Any]]:
    """A server span's first name, its method: the route's template is known only after routing
    (the gateway's request log middleware names the span then); the raw path would make a span
    name per id."""
    return str(scope.get("method", "")), {}


def by_path(scope: Any) -> tuple[str, dict[str, Any]]:
    """A server span named by method and path, for the mocks, whose spans nobody counts by name."""
    return f"{scope.get('method', '')} {scope.get('path', '')}", {}


def _server_request_hook(span: trace.Span, scope: dict[str, Any]) -> None:
    if span.is_recording():
        _masked_urls(span)


def server_plugin(
    tracer_name: str, span_details: Callable[[Any], tuple[str, dict[str, Any]]] = by_method
) -> OpenTelemetryPlugin:
    """Litestar's OpenTelemetry plugin: it wraps the whole app (routing and error answers
    included), reads an incoming `traceparent` and makes the request's server span current."""
    return OpenTelemetryPlugin(
        OpenTelemetryConfig(
            tracer=trace.get_tracer(tracer_name),
            scope_span_details_extractor=span_details,
            server_request_hook_handler=_server_request_hook,
            # A span per ASGI message would triple the spans and their cost, and tell nothing.
            exclude_spans=["receive", "send"],
            scopes={ScopeType.HTTP},
        )
    )


def instrument_upstream(name: str, client: httpx.AsyncClient) -> None:
    """A client span for every call `client` makes to upstream `name`, and the trace's
    `traceparent` on the call; the span is named after the upstream, whatever its host."""

    async def name_span(span: trace.Span, request: RequestInfo) -> None:
        if span.is_recording():
            span.update_name(f"{name} {request.method.decode()}")
            span.set_attribute("peer.service", name)
            _masked_urls(span)

    HTTPXClientInstrumentor.instrument_client(client, request_hook=name_span)
