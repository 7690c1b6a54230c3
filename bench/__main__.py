"""`make bench`: the gateway's figures, measured side by side in one run.

Starts everything it measures on 127.0.0.1 (the mock suite on its own port, the gateway in
front of it with and without its catalogue cache, a bare Litestar endpoint answering the same
bytes, the embedded default), drives each with wrk in its own process, times the session store
alone, then prints a table and writes bench/results.json.

    .venv/bin/python -m bench [--seconds 5] [--out bench/results.json] [--driver wrk|python]

Without wrk (or with `--driver python`), `bench.loadgen` drives the servers instead: the same
figures, from a load generator that itself costs more CPU, so on 2 cores the fastest servers
read somewhat slower under it; the server CPU per request is unaffected.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import shutil
import sys
import tempfile
import uuid
from collections.abc import Callable
from pathlib import Path

import httpx
import msgspec

from bench import money_paths, session_lookup, tracing_cost
from bench.loadgen import run_load
from bench.processes import ROOT, Running, serve, upstream_env
from bench.wrk import WrkResult, run_wrk

WORKERS = os.cpu_count() or 1  # a gateway worker per core, as deployed
MOCK_LIST = "/_mocks/catalogue/electrician/getProductCatalogListMobile?productType=quickCommerce&pageSize=12&page=1"
GATEWAY_LIST = "/api/store/products?page=1"
CART = "/api/store/cart"
GZIP = {"Accept-Encoding": "gzip, deflate, br"}  # as a browser asks for the app's files
STORE_USER = "9876543210"


class Goal(msgspec.Struct, kw_only=True):
    name: str
    value: float
    unit: str
    goal: str
    met: bool
    # The figure when issue 49 was filed (defaults, one 2-core machine), None where it gave none.
    filed: float | None = None


class Results(msgspec.Struct, kw_only=True):
    date: str
    machine: dict[str, str | int | float]
    command: str
    seconds_per_run: int
    runs: dict[str, WrkResult]
    session_lookup: list[session_lookup.LookupResult]
    goals: list[Goal]
    money: money_paths.MoneyPaths | None = None
    tracing: tracing_cost.TracingCost | None = None


def machine() -> dict[str, str | int | float]:
    model = ""
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.is_file():
        model = next((ln.split(":", 1)[1].strip() for ln in cpuinfo.read_text().splitlines() if "model name" in ln), "")
    load1, load5, load15 = os.getloadavg()
    return {
        "cpus": os.cpu_count() or 0,
        "cpu_model": model,
        "python": platform.python_version(),
        "load_average_at_start": f"{load1:.2f} {load5:.2f} {load15:.2f}",
        "server": "granian",
    }


def store_login(base: str) -> str:
    """Log the seeded store user in through the gateway; return the session cookie's value."""
    with httpx.Client(base_url=base, timeout=10) as client:
        client.get("/api/session")
        xsrf = {"X-XSRF-TOKEN": client.cookies["XSRF-TOKEN"]}
        client.post("/api/store/otp", json={"mobileNumber": STORE_USER}, headers=xsrf).raise_for_status()
        # Sending the code started a session: its answer carried a token bound to it.
        xsrf = {"X-XSRF-TOKEN": client.cookies["XSRF-TOKEN"]}
        otp = client.get(f"/_mocks/lending/outbox/{STORE_USER}").json()["otp"]
        verified = client.post("/api/store/otp/verify", json={"mobileNumber": STORE_USER, "otp": otp}, headers=xsrf)
        verified.raise_for_status()
        cart = client.get(CART)
        cart.raise_for_status()
        return str(client.cookies["session"])


Driver = Callable[..., WrkResult]
DRIVERS: dict[str, Driver] = {"wrk": run_wrk, "python": run_load}
drive: Driver = run_wrk


def entry_script() -> str:
    """The app's entry script as the build names it (the file every first visit downloads)."""
    manifest = msgspec.json.decode(
        (ROOT / "frontend" / "dist" / ".vite" / "manifest.json").read_bytes(), type=dict[str, dict[str, object]]
    )
    return "/" + next(str(chunk["file"]) for chunk in manifest.values() if chunk.get("isEntry"))


def measure(
    server: Running,
    path: str,
    connections: int,
    seconds: int,
    headers: dict[str, str] | None = None,
    *,
    timeouts_stop: bool = True,
) -> WrkResult:
    """One URL driven for `seconds` after a second's warm-up; the run stops at any error answer,
    and at a request the driver gave up on (5 s) unless `timeouts_stop` is False: the embedded
    default checks every call against the contracts, about 10-15 ms of CPU each, so on a busy
    machine some of 64 waiting connections pass 5 s; their count is kept and printed."""
    url = server.url + path
    drive(url, connections=connections, seconds=1, headers=headers)  # warm-up, not kept
    cpu_before = server.cpu_seconds()
    result = drive(url, connections=connections, seconds=seconds, headers=headers)
    cpu_ms = (server.cpu_seconds() - cpu_before) * 1000 / max(1, result.requests)
    result = msgspec.structs.replace(result, server_cpu_ms_per_request=round(cpu_ms, 3))
    print(
        f"  {path:<60.60} c={connections:<3} {result.requests_per_s:>8.0f} req/s  p50 {result.p50_ms:7.2f} ms"
        f"  p99 {result.p99_ms:7.2f} ms  cpu {cpu_ms:6.3f} ms/req  errors {result.errors + result.non_2xx}",
        flush=True,
    )
    if result.non_2xx or (result.errors and timeouts_stop):
        raise SystemExit(f"{url} answered errors under load: {result}")
    return result


# Issue 49's figures, taken side by side on one 2-core machine before it was worked on (the
# defaults: tracing on without a collector, httpx over pyreqwest's streaming transport).
FILED = {"added_p50": 2.8, "uncached": 0.29, "cached": 0.24, "cpu": 0.76}


def goals(runs: dict[str, WrkResult]) -> list[Goal]:
    """The gateway's goals, each a comparison of two servers measured in this run: the mock (the
    upstream alone) and the gateway in front of it, the cached gateway and the bare app."""

    def ratio(a: str, b: str) -> float:
        return round(runs[a].requests_per_s / runs[b].requests_per_s, 3)

    added_p50 = round(runs["gateway_c1"].p50_ms - runs["mock_c1"].p50_ms, 3)
    added_p99 = round(runs["gateway_c1"].p99_ms - runs["mock_c1"].p99_ms, 3)
    uncached = ratio("gateway_workers_c64", "mock_c64")
    cached = ratio("gateway_cached_c64", "bare_c64")
    cpu = runs["gateway_c1"].server_cpu_ms_per_request or 0.0
    return [
        Goal(
            name=f"uncached list via gateway ({WORKERS} workers) / mock alone, 64 connections",
            value=uncached,
            unit="ratio of req/s",
            goal=">= 0.5",
            met=uncached >= 0.5,
            filed=FILED["uncached"],
        ),
        Goal(
            name="added latency p50, uncached, 1 connection",
            value=added_p50,
            unit="ms",
            goal="<= 0.5",
            met=added_p50 <= 0.5,
            filed=FILED["added_p50"],
        ),
        Goal(
            name="warm-cache list via gateway / bare Litestar, same bytes, 64 connections",
            value=cached,
            unit="ratio of req/s",
            goal=">= 0.7",
            met=cached >= 0.7,
            filed=FILED["cached"],
        ),
        Goal(name="added latency p99, 1 connection", value=added_p99, unit="ms", goal="<= 1.5", met=added_p99 <= 1.5),
        Goal(
            name="gateway CPU per uncached call, 1 connection (all its threads, from /proc)",
            value=cpu,
            unit="ms",
            goal="<= 0.5",
            met=cpu <= 0.5,
            filed=FILED["cpu"],
        ),
    ]


def print_goals(results: Results) -> None:
    load = (
        f"{results.machine.get('load_average_at_start', '?')}, at end {results.machine.get('load_average_at_end', '?')}"
    )
    print(
        f"\n| goal (each a ratio of two servers in this run; load average at start {load}) | target | when filed "
        "(issue 49) | today | met |\n|---|---|---:|---:|---|"
    )
    for g in results.goals:
        filed = "-" if g.filed is None else f"{g.filed}"
        print(f"| {g.name} ({g.unit}) | {g.goal} | {filed} | {g.value} | {'yes' if g.met else 'NO'} |")


def print_table(results: Results) -> None:
    rows = [
        ("1. product list, mock directly, 1 conn", "mock_c1"),
        ("1. product list, via gateway (no cache), 1 conn", "gateway_c1"),
        ("1. product list, mock directly, 64 conns", "mock_c64"),
        ("1. product list, via gateway (no cache), 64 conns, 1 worker", "gateway_c64"),
        (f"1. product list, via gateway (no cache), 64 conns, {WORKERS} workers", "gateway_workers_c64"),
        ("2. product list, via gateway (warm cache), 64 conns", "gateway_cached_c64"),
        ("2. same bytes, bare Litestar endpoint, 64 conns", "bare_c64"),
        ("3. logged-in cart read (Redis session), 64 conns", "cart_c64"),
        ("5. the app's entry script, gzip, via gateway, 8 conns", "entry_script_c8"),
        ("embedded default (make run), product list, 64 conns", "embedded_c64"),
        ("embedded, no cache (contract checks each call), 64 conns", "embedded_uncached_c64"),
    ]
    print(f"\n{results.date}  {results.machine}")
    print("\n| measurement | req/s | p50 ms | p99 ms | server CPU ms/req |\n|---|---:|---:|---:|---:|")
    for label, key in rows:
        r = results.runs[key]
        print(f"| {label} | {r.requests_per_s:.0f} | {r.p50_ms:.2f} | {r.p99_ms:.2f} | {r.server_cpu_ms_per_request} |")
    print("\n| 4. session lookup | lookups/s | p50 us | p99 us |\n|---|---:|---:|---:|")
    for s in results.session_lookup:
        print(f"| {s.store} | {s.lookups_per_s:.0f} | {s.p50_us:.1f} | {s.p99_us:.1f} |")
    if results.money is not None:
        money_paths.print_table(results.money)
    if results.tracing is not None:
        tracing_cost.print_table(results.tracing)
    print_goals(results)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=int, default=5, help="seconds per measured wrk run (max 20)")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results.json")
    parser.add_argument("--redis-url", default=os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0"))
    parser.add_argument("--driver", choices=sorted(DRIVERS), help="load generator (default: wrk when installed)")
    args = parser.parse_args()
    global drive
    driver = args.driver or ("wrk" if shutil.which("wrk") else "python")
    drive = DRIVERS[driver]
    seconds = max(1, min(args.seconds, 20))
    started = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")  # real time: the run's stamp
    info = machine()
    info["driver"] = driver
    print(
        f"make bench: {started}, {info['cpus']} CPUs, load average at start {info['load_average_at_start']},"
        f" driven by {driver}"
    )
    runs: dict[str, WrkResult] = {}
    namespace = f"bench-{uuid.uuid4().hex[:8]}"
    with serve("upstream_mocks", "/_mocks/journal", {}) as mocks:
        upstreams = upstream_env(mocks.url)
        uncached_env = {
            **upstreams,
            "CATALOGUE_CACHE_SECONDS": "0",
            "REDIS_URL": args.redis_url,
            "REDIS_NAMESPACE": namespace,
        }
        with (
            serve("gateway", "/healthz", uncached_env) as gateway,
            serve("gateway", "/healthz", upstreams) as cached,
            tempfile.NamedTemporaryFile(suffix=".json") as body_file,
        ):
            body = httpx.get(cached.url + GATEWAY_LIST, timeout=10)
            body.raise_for_status()
            Path(body_file.name).write_bytes(body.content)
            cookie = {"Cookie": f"session={store_login(gateway.url)}"}
            with serve("bench.bare_app", "/bare", {"BENCH_BODY_FILE": body_file.name}) as bare:
                runs["mock_c1"] = measure(mocks, MOCK_LIST, 1, seconds)
                runs["gateway_c1"] = measure(gateway, GATEWAY_LIST, 1, seconds)
                runs["mock_c64"] = measure(mocks, MOCK_LIST, 64, seconds)
                runs["gateway_c64"] = measure(gateway, GATEWAY_LIST, 64, seconds)
                runs["gateway_cached_c64"] = measure(cached, GATEWAY_LIST, 64, seconds)
                runs["bare_c64"] = measure(bare, "/bare", 64, seconds)
                runs["cart_c64"] = measure(gateway, CART, 64, seconds, cookie)
                runs["entry_script_c8"] = measure(cached, entry_script(), 8, seconds, GZIP)
            # The deployed shape on this machine: a worker per core (gateway/serving/workers.py).
            with serve("gateway", "/healthz", {**uncached_env, "WORKERS": str(WORKERS)}) as workers:
                runs["gateway_workers_c64"] = measure(workers, GATEWAY_LIST, 64, seconds)
    with serve("gateway", "/healthz", {}) as embedded:
        runs["embedded_c64"] = measure(embedded, GATEWAY_LIST, 64, seconds)
    with serve("gateway", "/healthz", {"CATALOGUE_CACHE_SECONDS": "0"}) as embedded:
        runs["embedded_uncached_c64"] = measure(embedded, GATEWAY_LIST, 64, seconds, timeouts_stop=False)
    lookups = session_lookup.run(args.redis_url)
    session_lookup.forget_namespace(args.redis_url, namespace)  # the bench gateway's sessions and limits
    money = money_paths.run(args.redis_url)  # placing and paying with upstreams at 80-150 ms, 5% failing
    traced = tracing_cost.run(drive, min(seconds, 3))  # tracing on vs off, the same list
    load1, load5, load15 = os.getloadavg()
    info["load_average_at_end"] = f"{load1:.2f} {load5:.2f} {load15:.2f}"
    results = Results(
        date=started,
        machine=info,
        command=f"make bench  (= {Path(sys.executable).name} -m bench --seconds {seconds} --driver {driver})",
        seconds_per_run=seconds,
        runs=runs,
        session_lookup=lookups,
        goals=goals(runs),
        money=money,
        tracing=traced,
    )
    args.out.write_bytes(msgspec.json.format(msgspec.json.encode(results)) + b"\n")
    print_table(results)
    print(f"\nwrote {args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out}")


if __name__ == "__main__":
    main()
