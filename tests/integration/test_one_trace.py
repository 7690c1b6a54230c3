"""One trace per request when something exports the spans: a store checkout is one trace, from the
gateway's server span through a client span for each upstream it called to the mocks' spans that
answered them, read back from an in-memory exporter; the mocks, serving on their own, join the
trace of the `traceparent` they are called with. Without an exporter no span is made at all, and
the trace id still reaches the answer and the upstreams."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from litestar.testing import TestClient
from opentelemetry import trace
from opentelemetry.context import Context
from opentelemetry.sdk.trace import ReadableSpan, Span, SpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind

from gateway.settings import Settings
from otel_traces import provider
from otel_traces.provider import export_to, tracer_provider
from tests.conftest import GatewayClient
from tests.integration.test_checkout_api import fill_cart, place, quote
from tests.integration.test_store_api import log_in
from upstream_mocks.settings import MockSettings
from upstream_mocks.suite import create_suite
from upstream_mocks.world import MockWorld

TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736"
PARENT_SPAN_ID = "00f067aa0ba902b7"


class Recording(SpanProcessor):
    """The process's tracer provider keeps its processors for good: this one hands spans to
    the exporter only while a test records, so the rest of the run keeps none in memory."""

    def __init__(self) -> None:
        self.exporter = InMemorySpanExporter()
        self.on = False

    def on_start(self, span: Span, parent_context: Context | None = None) -> None:
        pass

    def on_end(self, span: ReadableSpan) -> None:
        if self.on:
            self.exporter.export([span])

    def shutdown(self) -> None:
        pass

    def force_flush(self, timeout_millis: int = 30000) -> bool:
        return True


_RECORDING: Recording | None = None


@pytest.fixture
def spans() -> Iterator[InMemorySpanExporter]:
    global _RECORDING
    if _RECORDING is None:
        _RECORDING = Recording()
        # The provider every app of the run uses; it records spans from now on (none are otherwise).
        export_to(tracer_provider("gateway", ""), _RECORDING)
    _RECORDING.exporter.clear()
    _RECORDING.on = True
    try:
        yield _RECORDING.exporter
    finally:
        _RECORDING.on = False
        _RECORDING.exporter.clear()


@pytest.fixture
def client(
    spans: InMemorySpanExporter, make_client: Callable[[Settings], GatewayClient], settings: Settings
) -> GatewayClient:
    """The gateway built once an exporter is there: only then does it trace."""
    return make_client(settings)


def _scope(span: ReadableSpan) -> str:
    return span.instrumentation_scope.name if span.instrumentation_scope else ""


def _parent(span: ReadableSpan) -> int | None:
    return span.parent.span_id if span.parent else None


def test_a_store_checkout_is_one_trace_through_every_upstream_it_called(
    client: GatewayClient, spans: InMemorySpanExporter
) -> None:
    log_in(client)
    fill_cart(client, {1: 2, 5: 1})
    total = quote(client)["charges"]["total"]
    spans.clear()  # only the placement from here

    answer = place(client, "trace-checkout-0001", total)
    assert answer.status_code == 200, answer.text

    recorded = spans.get_finished_spans()
    trace_ids = {trace.format_trace_id(s.context.trace_id) for s in recorded if s.context}
    # One trace, and its id is the one the answer names (the request id, as none was sent).
    assert trace_ids == {answer.headers["x-request-id"]}, [s.name for s in recorded]

    [server] = [s for s in recorded if s.kind is SpanKind.SERVER and _scope(s) == "gateway"]
    assert server.name == "POST /api/checkout/orders"
    assert server.parent is None  # the browser sent no traceparent: the gateway starts the trace

    clients = [s for s in recorded if s.kind is SpanKind.CLIENT]
    by_id = {s.context.span_id: s for s in recorded if s.context}

    def under_server(span: ReadableSpan) -> bool:
        parent = _parent(span)
        while parent is not None and parent != server.context.span_id:
            parent = _parent(by_id[parent]) if parent in by_id else None
        return bool(parent == server.context.span_id)

    called = {str(s.attributes["peer.service"]) for s in clients if s.attributes}
    # The placement reads the catalogue's cart and prices and places the order with the orders service.
    assert {"catalogue", "orders"} <= called, called
    assert all(under_server(s) for s in clients)
    for span in clients:
        upstream = str(span.attributes["peer.service"]) if span.attributes else ""
        assert span.name.startswith(f"{upstream} "), span.name
        # The mock that answered, in the same trace, under the gateway's call.
        answered = [s for s in recorded if _scope(s) == "upstream_mocks" and _parent(s) == span.context.span_id]
        assert answered, f"no mock span under {span.name}"
        assert all(s.name.startswith(f"{span.name.split()[1]} /_mocks/{upstream}/") for s in answered), answered


def test_an_incoming_traceparent_is_the_trace_the_gateway_joins(
    client: GatewayClient, spans: InMemorySpanExporter
) -> None:
    answer = client.get("/api/store/cart", headers={"traceparent": f"00-{TRACE_ID}-{PARENT_SPAN_ID}-01"})
    assert answer.status_code == 401
    assert answer.json()["traceId"] == TRACE_ID
    [server] = [s for s in spans.get_finished_spans() if s.kind is SpanKind.SERVER]
    assert server.parent is not None and trace.format_span_id(server.parent.span_id) == PARENT_SPAN_ID
    assert server.name == "GET /api/store/cart"


def test_the_mocks_on_their_own_join_the_trace_they_are_called_with(spans: InMemorySpanExporter) -> None:
    suite = create_suite(MockWorld(MockSettings.from_env({})), traced=True)
    traceparent = f"00-{TRACE_ID}-{PARENT_SPAN_ID}-01"
    with TestClient(app=suite) as mocks:
        answer = mocks.get("/_mocks/catalogue/electrician/getCategories", headers={"traceparent": traceparent})
    assert answer.status_code < 500
    [served] = [s for s in spans.get_finished_spans() if _scope(s) == "upstream_mocks"]
    assert served.kind is SpanKind.SERVER
    assert served.context is not None and trace.format_trace_id(served.context.trace_id) == TRACE_ID
    assert served.parent is not None and trace.format_span_id(served.parent.span_id) == PARENT_SPAN_ID


class Counting(SpanProcessor):
    """Counts the spans started, whatever their sampling."""

    def __init__(self) -> None:
        self.started = 0

    def on_start(self, span: Span, parent_context: Context | None = None) -> None:
        self.started += 1

    def on_end(self, span: ReadableSpan) -> None:
        pass

    def shutdown(self) -> None:
        pass

    def force_flush(self, timeout_millis: int = 30000) -> bool:
        return True


def test_without_an_exporter_no_span_is_made_and_the_trace_id_still_goes_on(
    make_client: Callable[[Settings], GatewayClient], settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    counting = Counting()
    # The process's provider, watched without being handed to `export_to`: nothing exports.
    tracer_provider("gateway", "").add_span_processor(counting)
    monkeypatch.setattr(provider.IN_PROCESS, "on", False)  # another test's exporter, if any, gone
    untraced = make_client(settings)
    log_in(untraced)
    fill_cart(untraced, {1: 1})
    total = quote(untraced)["charges"]["total"]
    untraced.delete("/_mocks/journal")
    untraced.headers["traceparent"] = f"00-{TRACE_ID}-{PARENT_SPAN_ID}-01"
    placed = place(untraced, "untraced-0001", total)
    unknown = untraced.get("/api/nothing")
    assert counting.started == 0
    assert placed.status_code == 200, placed.text
    assert placed.headers["x-request-id"] == TRACE_ID  # no id of its own: the trace's
    assert unknown.json()["traceId"] == TRACE_ID  # routing refused it: still the caller's trace
    # The gateway's calls (the order mail is the orders mock's own call to the mail mock).
    calls = [c for c in untraced.get("/_mocks/journal").json() if c["mock"] != "mail"]
    assert {c["mock"] for c in calls} >= {"catalogue", "orders"}, calls
    assert {c["requestId"] for c in calls} == {TRACE_ID}, calls
