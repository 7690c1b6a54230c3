"""The trace id without spans, and the sampler with them (gateway/plumbing/tracing.py, otel_traces/provider.py):
what an upstream call carries on, and which traces an exporter gets."""

from __future__ import annotations

import re
from typing import Any

import msgspec
import pytest
from opentelemetry import trace
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import NonRecordingSpan, SpanContext, TraceFlags

from gateway.plumbing import tracing
from gateway.plumbing.logging import configure_logging, request_log_middleware
from gateway.settings import Settings
from otel_traces.provider import ratio_from, sampler

TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736"


async def _upstream_headers_of(headers: list[tuple[bytes, bytes]]) -> dict[str, str]:
    """What an upstream call made while serving a request with `headers` would carry on."""
    seen: dict[str, str] = {}

    async def app(scope: Any, receive: Any, send: Any) -> None:
        seen.update(tracing.upstream_headers())
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"{}"})

    async def send(message: Any) -> None:
        pass

    async def receive() -> Any:
        return {"type": "http.request", "body": b""}

    configure_logging("WARNING", json=True)
    scope = {"type": "http", "method": "GET", "path": "/api/store/products", "headers": headers}
    await request_log_middleware(app)(scope, receive, send)
    return seen


@pytest.mark.parametrize(("flags", "sent"), [("01", "01"), ("00", "00"), ("03", "01")])
async def test_an_upstream_call_joins_the_callers_trace_with_its_sampled_flag(flags: str, sent: str) -> None:
    headers = await _upstream_headers_of([(b"traceparent", f"00-{TRACE_ID}-00f067aa0ba902b7-{flags}".encode())])
    assert headers["X-Request-Id"] == TRACE_ID
    assert re.fullmatch(rf"00-{TRACE_ID}-[0-9a-f]{{16}}-{sent}", headers["traceparent"]), headers
    assert headers["traceparent"].split("-")[2] != "00f067aa0ba902b7"  # a span id of its own


async def test_without_a_traceparent_the_trace_is_made_here_and_unsampled() -> None:
    headers = await _upstream_headers_of([(b"x-request-id", b"caller-id-1")])
    trace_id = headers["X-Request-Id"]
    assert re.fullmatch(r"[0-9a-f]{32}", trace_id) and trace_id != "0" * 32
    assert re.fullmatch(rf"00-{trace_id}-[0-9a-f]{{16}}-00", headers["traceparent"]), headers
    invalid = await _upstream_headers_of([(b"traceparent", f"00-{'0' * 32}-00f067aa0ba902b7-01".encode())])
    assert invalid["X-Request-Id"] != "0" * 32


def _recorded(ratio: float, parent: SpanContext | None) -> int:
    exporter = InMemorySpanExporter()
    provider = TracerProvider(sampler=sampler(ratio))
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    context = trace.set_span_in_context(NonRecordingSpan(parent)) if parent is not None else None
    for _ in range(50):
        provider.get_tracer("test").start_span("request", context=context).end()
    return len(exporter.get_finished_spans())


def test_the_sampler_records_a_share_of_new_traces_and_follows_the_callers_flag() -> None:
    assert _recorded(1.0, None) == 50
    assert _recorded(0.0, None) == 0
    assert 0 < _recorded(0.5, None) < 50
    sampled = SpanContext(int(TRACE_ID, 16), 1, is_remote=True, trace_flags=TraceFlags(TraceFlags.SAMPLED))
    unsampled = SpanContext(int(TRACE_ID, 16), 1, is_remote=True, trace_flags=TraceFlags(TraceFlags.DEFAULT))
    assert _recorded(0.0, sampled) == 50
    assert _recorded(1.0, unsampled) == 0


def test_the_ratio_is_a_share_from_0_to_1() -> None:
    assert Settings.from_env({}).otel_traces_sampler_arg == 1.0
    assert Settings.from_env({"OTEL_TRACES_SAMPLER_ARG": "0.25"}).otel_traces_sampler_arg == 0.25
    with pytest.raises(msgspec.ValidationError, match="otel_traces_sampler_arg"):
        Settings.from_env({"OTEL_TRACES_SAMPLER_ARG": "1.5"})
    assert ratio_from({}) == 1.0 and ratio_from({"OTEL_TRACES_SAMPLER_ARG": "0.1"}) == 0.1
    with pytest.raises(ValueError, match="OTEL_TRACES_SAMPLER_ARG"):
        ratio_from({"OTEL_TRACES_SAMPLER_ARG": "all"})
