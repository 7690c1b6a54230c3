"""The gateway's part of one trace per request: tracing on or off by its settings, and a client
span for each upstream call with the trace's `traceparent` on it. What the gateway shares with
the mocks (the tracer provider, its sampler, the server span of each request) is `otel_traces/`,
which says when spans are made at all."""

from __future__ import annotations

from typing import TYPE_CHECKING

import httpx
from opentelemetry import trace
from opentelemetry.instrumentation.httpx import HTTPXClientInstrumentor, RequestInfo

from otel_traces.provider import traced
from otel_traces.server_spans import masked_urls

if TYPE_CHECKING:
    from gateway.settings import Settings


def tracing_on(settings: Settings) -> bool:
    """`traced`, for the gateway's settings."""
    return traced(disabled=settings.otel_sdk_disabled, endpoint=settings.otel_exporter_otlp_endpoint)


def instrument_upstream(name: str, client: httpx.AsyncClient) -> None:
    """A client span for every call `client` makes to upstream `name`, and the trace's
    `traceparent` on the call; the span is named after the upstream, whatever its host."""

    async def name_span(span: trace.Span, request: RequestInfo) -> None:
        if span.is_recording():
            span.update_name(f"{name} {request.method.decode()}")
            span.set_attribute("peer.service", name)
            masked_urls(span)

    HTTPXClientInstrumentor.instrument_client(client, request_hook=name_span)
