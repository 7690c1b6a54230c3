"""One trace per request, with OpenTelemetry, as the gateway and the mocks both make it: whether
spans are made at all and which traces are recorded (`provider`), and the server span of each
request served (`server_spans`). Kept apart from both so that the mocks, stand-ins for the
services, depend on nothing of the gateway's (tests/unit/test_import_boundaries.py); the
gateway's own part (its settings, its upstream clients' spans) is gateway/plumbing/telemetry.py.

Tracing is on only with an exporter: OTEL_EXPORTER_OTLP_ENDPOINT set (spans go out over OTLP/HTTP)
or a span processor handed to `export_to` in the process (a test's in-memory exporter). Without
one nothing would read a span, so none is made at all: no middleware, no instrumented clients;
the request's trace id (a `traceparent`'s or a new one) is then carried by the request log
middleware and `gateway/plumbing/tracing.py` into log lines, error answers and upstream calls, at the
cost of a context variable. OTEL_SDK_DISABLED=true turns tracing off even with an exporter.

With an exporter, which traces are recorded follows the caller's `traceparent` when there is one
(its sampled flag) and otherwise a share of new traces, OTEL_TRACES_SAMPLER_ARG (1.0: every one):
OpenTelemetry's ParentBased(TraceIdRatioBased(ratio)), so a trace is whole or absent across
the gateway and the mocks.
"""
