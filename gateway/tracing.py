"""The request's trace id: in every log line, every error answer and every upstream call.

With tracing on (gateway/telemetry.py) it is the trace id of the request's OpenTelemetry server
span: a `traceparent`'s the request arrived with, or a new one, which is then the request's id
too unless it came with an `X-Request-Id`. With tracing off it is a valid `traceparent`'s trace
id, or else the request's own id (given or made). The request log middleware sets it; error
bodies read it (`ErrorEnvelope.trace_id`), and each upstream call carries it on as
`X-Request-Id` and in a `traceparent` (the httpx instrumentation's, with the client span's id;
with tracing off, one of our own), so a "where is my money" question can be followed from the
click to the provider.
"""

from __future__ import annotations

import os
import re
from contextvars import ContextVar, Token

from opentelemetry import trace

_TRACE_ID: ContextVar[str | None] = ContextVar("trace_id", default=None)
_TRACEPARENT = re.compile(r"^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$")
_W3C_TRACE_ID = re.compile(r"^[0-9a-f]{32}$")
_INVALID_TRACE_ID = "0" * 32


def trace_id_of(traceparent: str, request_id: str) -> str:
    """The trace id of a valid `traceparent`, else the request id."""
    match = _TRACEPARENT.match(traceparent.strip().lower())
    if match and match.group(1) != _INVALID_TRACE_ID and not traceparent.startswith("ff"):
        return match.group(1)
    return request_id


def start(trace_id: str) -> Token[str | None]:
    return _TRACE_ID.set(trace_id)


def end(token: Token[str | None]) -> None:
    _TRACE_ID.reset(token)


def span_trace_id() -> str | None:
    """The trace id of the current OpenTelemetry span, None when there is none (tracing off)."""
    context = trace.get_current_span().get_span_context()
    return trace.format_trace_id(context.trace_id) if context.is_valid else None


def current_trace_id() -> str | None:
    """The request's trace id; before the request log middleware (an unknown path's 404), the
    server span's."""
    trace_id = _TRACE_ID.get()
    return trace_id if trace_id is not None else span_trace_id()


def upstream_headers() -> dict[str, str]:
    """What an upstream call carries on: the trace id, and a `traceparent` when it is a W3C one."""
    trace_id = _TRACE_ID.get()
    if trace_id is None:
        return {}
    headers = {"X-Request-Id": trace_id}
    # With tracing on, the httpx instrumentation sends the trace's own (its client span's id).
    if _W3C_TRACE_ID.match(trace_id) and not trace.get_current_span().get_span_context().is_valid:
        headers["traceparent"] = f"00-{trace_id}-{os.urandom(8).hex()}-01"
    return headers
