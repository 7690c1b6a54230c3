"""The request's trace id: in every log line, every error answer and every upstream call.

It is the trace id of a W3C `traceparent` the request arrived with, or else the request's own
id (`X-Request-Id`, given or made). The request log middleware sets it; error bodies read it
(`ErrorBody.trace_id`), and each upstream call carries it on as `X-Request-Id` and, when it is a
W3C trace id, in a `traceparent` of its own, so a "where is my money" question can be followed
from the click to the provider.
"""

from __future__ import annotations

import os
import re
from contextvars import ContextVar, Token

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


def current_trace_id() -> str | None:
    return _TRACE_ID.get()


def upstream_headers() -> dict[str, str]:
    """What an upstream call carries on: the trace id, and a `traceparent` when it is a W3C one."""
    trace_id = _TRACE_ID.get()
    if trace_id is None:
        return {}
    headers = {"X-Request-Id": trace_id}
    if _W3C_TRACE_ID.match(trace_id):
        headers["traceparent"] = f"00-{trace_id}-{os.urandom(8).hex()}-01"
    return headers
