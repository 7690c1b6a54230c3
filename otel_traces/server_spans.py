"""The server span of each request served: Litestar's OpenTelemetry plugin, how the span is
named, and the mobile numbers its URL attributes could hold masked."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from litestar.enums import ScopeType
from litestar.plugins.opentelemetry import OpenTelemetryConfig, OpenTelemetryPlugin
from opentelemetry import trace

from india.mobile_numbers import mask_mobile

# Span attributes that hold a URL or its query, where a mobile number could be (as in log lines).
_URL_ATTRIBUTES = ("http.url", "url.full", "http.target", "url.query")


def masked_urls(span: trace.Span) -> None:
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
        masked_urls(span)


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
