"""The request's trace id: in every log line, every error answer and every upstream call.

It is the trace id of a valid W3C `traceparent` the request arrived with, or else a new one; the
request's id is its `X-Request-Id` when it came with one, or else the trace id, so one id finds
everything. With tracing on (an exporter configured, gateway/plumbing/telemetry.py) the request's
OpenTelemetry server span holds it; without, no span is made and this module carries it. The
request log middleware sets it; error bodies read it (`ErrorEnvelope.trace_id`), and each
upstream call carries it on as `X-Request-Id` and in a `traceparent` (the httpx
instrumentation's, with the client span's id; untraced, one of our own with the caller's sampled
flag), so a "where is my money" question can be followed from the click to the provider.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from contextvars import ContextVar, Token

from opentelemetry import trace

# The request's trace id, and the trace flags its upstream calls carry (untraced: the caller's).
_TRACE: ContextVar[tuple[str, str] | None] = ContextVar("trace", default=None)
_TRACEPARENT = re.compile(r"^([0-9a-f]{2})-([0-9a-f]{32})-[0-9a-f]{16}-([0-9a-f]{2})$")
_INVALID_TRACE_ID = "0" * 32
_NOT_SAMPLED = "00"  # a trace begun here without an exporter: nothing recorded it


def parse_traceparent(traceparent: str) -> tuple[str, str] | None:
    """The trace id of a valid W3C `traceparent` and its sampled flag ("01" or "00"), else None."""
    match = _TRACEPARENT.match(traceparent.strip().lower())
    if match is None or match.group(1) == "ff" or match.group(2) == _INVALID_TRACE_ID:
        return None
    return match.group(2), "01" if int(match.group(3), 16) & 1 else "00"


def new_trace_id() -> str:
    """A W3C trace id: 128 random bits, never all zero, as OpenTelemetry's own generator makes them
    (an id, not a secret: the process's generator, with no system call per request)."""
    trace_id = 0
    while not trace_id:
        trace_id = random.getrandbits(128)
    return f"{trace_id:032x}"


def start(trace_id: str, flags: str = _NOT_SAMPLED) -> Token[tuple[str, str] | None]:
    return _TRACE.set((trace_id, flags))


def end(token: Token[tuple[str, str] | None]) -> None:
    _TRACE.reset(token)


def span_trace_id() -> str | None:
    """The trace id of the current OpenTelemetry span, None when there is none (untraced)."""
    context = trace.get_current_span().get_span_context()
    return trace.format_trace_id(context.trace_id) if context.is_valid else None


def current_trace_id() -> str | None:
    """The request's trace id; before the request log middleware (an unknown path's 404), the
    server span's when traced."""
    current = _TRACE.get()
    return current[0] if current is not None else span_trace_id()


def trace_id_for(headers: Mapping[str, str]) -> str:
    """The trace id of a request the request log middleware never saw (routing refused it): the
    current one when traced, else its `traceparent`'s, else a new one."""
    current = current_trace_id()
    if current is not None:
        return current
    incoming = parse_traceparent(headers.get("traceparent", ""))
    return incoming[0] if incoming is not None else new_trace_id()


def upstream_headers() -> dict[str, str]:
    """What an upstream call carries on: the trace id, and a `traceparent` of our own when no
    span makes one (the httpx instrumentation sends its client span's)."""
    current = _TRACE.get()
    if current is None:
        return {}
    trace_id, flags = current
    headers = {"X-Request-Id": trace_id}
    if not trace.get_current_span().get_span_context().is_valid:
        headers["traceparent"] = f"00-{trace_id}-{random.getrandbits(64) or 1:016x}-{flags}"
    return headers
