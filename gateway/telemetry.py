"""One trace per request, with OpenTelemetry, when something reads the traces: a server span for
each request the gateway (or the mocks) serves, a client span for each upstream call, and W3C
`traceparent` between them.

Tracing is on only with an exporter: OTEL_EXPORTER_OTLP_ENDPOINT set (spans go out over OTLP/HTTP)
or a span processor handed to `export_to` in the process (a test's in-memory exporter). Without
one nothing would read a span, so none is made at all: no middleware, no instrumented clients;
the request's trace id (a `traceparent`'s or a new one) is then carried by the request log
middleware and `gateway/tracing.py` into log lines, error answers and upstream calls, at the
cost of a context variable. OTEL_SDK_DISABLED=true turns tracing off even with an exporter.

With an exporter, which traces are recorded follows the caller's `traceparent` when there is one
(its sampled flag) and otherwise a share of new traces, OTEL_TRACES_SAMPLER_ARG (1.0: every one):
OpenTelemetry's ParentBased(TraceIdRatioBased(ratio)), so a trace is whole or absent across
the gateway and the mocks.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import httpx
from litestar.enums import ScopeType
from litestar.plugins.opentelemetry import OpenTelemetryConfig, OpenTelemetryPlugin
from opentelemetry import trace
from opentelemetry.instrumentation.httpx import HTTPXClientInstrumentor, RequestInfo
from opentelemetry.sdk.resources import SERVICE_NAME, Resource
from opentelemetry.sdk.trace import SpanProcessor, TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor
from opentelemetry.sdk.trace.sampling import ParentBased, Sampler, TraceIdRatioBased

from gateway.logging import mask_mobile

if TYPE_CHECKING:
    from gateway.settings import Settings

ENDPOINT = "OTEL_EXPORTER_OTLP_ENDPOINT"
DISABLED = "OTEL_SDK_DISABLED"
RATIO = "OTEL_TRACES_SAMPLER_ARG"  # OpenTelemetry's own name for a ratio sampler's argument
# Span attributes that hold a URL or its query, where a mobile number could be (as in log lines).
_URL_ATTRIBUTES = ("http.url", "url.full", "http.target", "url.query")


class Exporting:
    """Whether a span processor was handed to this process's provider (`export_to`): apps built
    while `on` are traced."""

    def __init__(self) -> None:
        self.on = False


IN_PROCESS = Exporting()


def traced(*, disabled: bool, endpoint: str) -> bool:
    """Spans are made only when something exports them: an OTLP endpoint, or a processor handed
    to `export_to` in this process; and never with OTEL_SDK_DISABLED=true."""
    return not disabled and (bool(endpoint.strip()) or IN_PROCESS.on)


def tracing_on(settings: Settings) -> bool:
    """`traced`, for the gateway's settings."""
    return traced(disabled=settings.otel_sdk_disabled, endpoint=settings.otel_exporter_otlp_endpoint)


def traced_by(environ: Mapping[str, str]) -> bool:
    """`traced`, from the environment (the mocks, which have no Settings of ours)."""
    disabled = environ.get(DISABLED, "").strip().lower() == "true"
    return traced(disabled=disabled, endpoint=environ.get(ENDPOINT, ""))


def ratio_from(environ: Mapping[str, str]) -> float:
    """OTEL_TRACES_SAMPLER_ARG as a share of new traces recorded, 1.0 when unset; a value
    outside 0..1 is refused, naming the setting."""
    raw = environ.get(RATIO, "").strip()
    try:
        ratio = float(raw) if raw else 1.0
    except ValueError:
        raise ValueError(f"{RATIO} must be a number from 0 to 1, not {raw!r}") from None
    if not 0.0 <= ratio <= 1.0:
        raise ValueError(f"{RATIO} must be a number from 0 to 1, not {raw!r}")
    return ratio


def sampler(ratio: float) -> Sampler:
    """A caller's `traceparent` decides for its trace (sampled or not); of the traces that start
    here, `ratio` are recorded."""
    return ParentBased(TraceIdRatioBased(ratio))


def export_to(provider: TracerProvider, processor: SpanProcessor) -> None:
    """Hand the provider's spans to `processor` (an exporter's, or a test's): apps built in this
    process from now on are traced."""
    provider.add_span_processor(processor)
    IN_PROCESS.on = True


def tracer_provider(service_name: str, endpoint: str, ratio: float = 1.0) -> TracerProvider:
    """The process's tracer provider: the one already set (the first app built in the process,
    or a test's), else a new one for `service_name` recording `ratio` of new traces (and what the
    caller's `traceparent` says for the others), exporting over OTLP when `endpoint` (the value
    of OTEL_EXPORTER_OTLP_ENDPOINT) is set."""
    current = trace.get_tracer_provider()
    if isinstance(current, TracerProvider):
        return current
    provider = TracerProvider(resource=Resource.create({SERVICE_NAME: service_name}), sampler=sampler(ratio))
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
