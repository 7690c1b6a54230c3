"""What tracing costs the gateway: the same uncached product list (one upstream call a request)
through three gateways in front of one mock suite, driven in turns so a busy moment of the
machine falls on each: `off` (OTEL_SDK_DISABLED=true), `default` (without a collector: no
span is made, the trace id still goes to the mocks in `traceparent`) and `exporting` (every trace
recorded, OTEL_TRACES_SAMPLER_ARG=1.0, and sent over OTLP/HTTP to a collector stand-in in this
process that answers 200).

    .venv/bin/python -m bench.tracing_cost [--seconds 3] [--rounds 2] [--driver wrk|python]

Also the last part of `make bench`. The figure that matters is the server's CPU per request
(read from /proc, whatever the driver costs); the latencies move with it.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import msgspec

from bench.loadgen import run_load
from bench.processes import Running, serve, upstream_env
from bench.wrk import WrkResult, run_wrk

GATEWAY_LIST = "/api/store/products?page=1"
CONNECTIONS = (1, 64)


class TracingCase(msgspec.Struct, kw_only=True):
    tracing: str  # "off", "default" (no collector: no spans) or "exporting" (every trace)
    connections: int
    requests_per_s: float
    p50_ms: float
    p99_ms: float
    server_cpu_ms_per_request: float


class TracingCost(msgspec.Struct, kw_only=True):
    command: str
    seconds_per_run: int
    rounds: int
    cases: list[TracingCase]


Driver = Callable[..., WrkResult]


def _run(drive: Driver, server: Running, connections: int, seconds: int) -> tuple[WrkResult, float]:
    url = server.url + GATEWAY_LIST
    drive(url, connections=connections, seconds=1)  # warm-up, not kept
    before = server.cpu_seconds()
    result = drive(url, connections=connections, seconds=seconds)
    if result.errors or result.non_2xx:
        raise SystemExit(f"{url} answered errors under load: {result}")
    return result, (server.cpu_seconds() - before) * 1000 / max(1, result.requests)


class _Collector(BaseHTTPRequestHandler):
    """Takes every OTLP/HTTP export and answers 200, as a collector that keeps up does."""

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.send_response(200)
        self.send_header("Content-Type", "application/x-protobuf")
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *_: object) -> None:
        pass


@contextmanager
def _collector() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Collector)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def run(drive: Driver, seconds: int = 3, rounds: int = 2) -> TracingCost:
    """Each gateway measured `rounds` times at each concurrency, in turns; the medians."""
    cases: list[TracingCase] = []
    with serve("upstream_mocks", "/_mocks/journal", {"OTEL_SDK_DISABLED": "true"}) as mocks, _collector() as sink:
        common = {**upstream_env(mocks.url), "CATALOGUE_CACHE_SECONDS": "0", "OTEL_EXPORTER_OTLP_ENDPOINT": ""}
        with (
            serve("gateway", "/healthz", {**common, "OTEL_SDK_DISABLED": "true"}) as off,
            serve("gateway", "/healthz", {**common, "OTEL_SDK_DISABLED": "false"}) as default,
            serve(
                "gateway",
                "/healthz",
                {**common, "OTEL_EXPORTER_OTLP_ENDPOINT": sink, "OTEL_TRACES_SAMPLER_ARG": "1.0"},
            ) as exporting,
        ):
            for connections in CONNECTIONS:
                taken: dict[str, list[tuple[WrkResult, float]]] = {"off": [], "default": [], "exporting": []}
                for _ in range(rounds):
                    for label, server in (("off", off), ("default", default), ("exporting", exporting)):
                        taken[label].append(_run(drive, server, connections, seconds))
                for label, runs in taken.items():
                    case = TracingCase(
                        tracing=label,
                        connections=connections,
                        requests_per_s=round(statistics.median(r.requests_per_s for r, _ in runs), 1),
                        p50_ms=round(statistics.median(r.p50_ms for r, _ in runs), 2),
                        p99_ms=round(statistics.median(r.p99_ms for r, _ in runs), 2),
                        server_cpu_ms_per_request=round(statistics.median(cpu for _, cpu in runs), 3),
                    )
                    cases.append(case)
                    print(
                        f"  tracing {label:<9} c={connections:<3} {case.requests_per_s:>8.0f} req/s"
                        f"  p50 {case.p50_ms:7.2f} ms  p99 {case.p99_ms:7.2f} ms"
                        f"  cpu {case.server_cpu_ms_per_request:6.3f} ms/req",
                        flush=True,
                    )
    driver = "wrk" if drive is run_wrk else "python"
    command = f"python -m bench.tracing_cost --seconds {seconds} --rounds {rounds} --driver {driver}"
    return TracingCost(command=command, seconds_per_run=seconds, rounds=rounds, cases=cases)


def print_table(result: TracingCost) -> None:
    print(f"\n| 6. tracing ({result.command}) | req/s | p50 ms | p99 ms | server CPU ms/req |")
    print("|---|---:|---:|---:|---:|")
    for c in result.cases:
        print(
            f"| product list, no cache, {c.connections} conn(s), tracing {c.tracing} | {c.requests_per_s:.0f}"
            f" | {c.p50_ms:.2f} | {c.p99_ms:.2f} | {c.server_cpu_ms_per_request} |"
        )
    for connections in CONNECTIONS:
        at = {c.tracing: c for c in result.cases if c.connections == connections}
        off = at["off"].server_cpu_ms_per_request
        for label in ("default", "exporting"):
            added = at[label].server_cpu_ms_per_request - off
            share = added / off * 100 if off else 0.0
            print(
                f"tracing {label} at {connections} conn(s):"
                f" {added * 1000:+.0f} us of server CPU a request ({share:+.0f} %)"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=3, help="seconds per measured run (max 20)")
    parser.add_argument("--rounds", type=int, default=2, help="runs of each gateway at each concurrency")
    parser.add_argument("--driver", choices=("wrk", "python"), help="load generator (default: wrk when installed)")
    args = parser.parse_args()
    driver = args.driver or ("wrk" if shutil.which("wrk") else "python")
    result = run(run_wrk if driver == "wrk" else run_load, max(1, min(args.seconds, 20)), max(1, args.rounds))
    print_table(result)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
