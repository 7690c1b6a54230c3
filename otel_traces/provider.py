"""Whether this process makes spans, which traces it records, and where they go."""

from __future__ import annotations

from collections.abc import Mapping

from opentelemetry import trace
from opentelemetry.sdk.resources import SERVICE_NAME, Resource
from opentelemetry.sdk.trace import SpanProcessor, TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor
from opentelemetry.sdk.trace.sampling import ParentBased, Sampler, TraceIdRatioBased

ENDPOINT = "OTEL_EXPORTER_OTLP_ENDPOINT"
DISABLED = "OTEL_SDK_DISABLED"
RATIO = "OTEL_TRACES_SAMPLER_ARG"  # OpenTelemetry's own name for a ratio sampler's argument


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


def traced_by(environ: Mapping[str, str]) -> bool:
    """`traced`, from the environment (the mocks, which have no Settings of the gateway's)."""
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
