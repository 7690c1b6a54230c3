"""How much latency does the gateway add to an upstream call?

Starts the mock suite on its own port and the gateway pointed at it over HTTP (as in
production), then times the same upstream call made directly and through the gateway.

    .venv/bin/python bench/gateway_overhead.py [--requests N] [--warmup N]
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent

# (label, direct upstream path under the mocks' base, gateway path)
PAIRS = [
    (
        "product list (catalogue)",
        "/_mocks/catalogue/electrician/getProductCatalogListMobile?productType=quickCommerce&pageSize=12&page=1",
        "/api/store/products?page=1",
    ),
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_healthy(url: str, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"{url} exited early")
        try:
            httpx.get(url, timeout=1)
            return
        except httpx.TransportError:
            time.sleep(0.1)
    raise SystemExit(f"{url} did not start")


def timings(client: httpx.Client, url: str, count: int, warmup: int) -> list[float]:
    for _ in range(warmup):
        client.get(url)
    out = []
    for _ in range(count):
        started = time.perf_counter()
        answer = client.get(url)
        out.append((time.perf_counter() - started) * 1000)
        if answer.status_code != 200:
            raise SystemExit(f"{url} answered {answer.status_code}: {answer.text[:200]}")
    return out


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--warmup", type=int, default=100)
    args = parser.parse_args()

    mocks_port, gateway_port = free_port(), free_port()
    mocks_url = f"http://127.0.0.1:{mocks_port}"
    env = {
        **os.environ,
        "MOCKS_PORT": str(mocks_port),
        "PORT": str(gateway_port),
        "LOG_LEVEL": "WARNING",
        "LOG_JSON": "true",
        "MOCKS_URL": mocks_url,
        **{f"{n.upper()}_URL": f"{mocks_url}/_mocks/{n}/" for n in ("lending", "catalogue", "mail", "orders")},
    }
    procs = [
        subprocess.Popen([sys.executable, "-m", "upstream_mocks"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL),
        subprocess.Popen([sys.executable, "-m", "gateway"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL),
    ]
    try:
        wait_healthy(f"{mocks_url}/_mocks/journal", procs[0])
        gateway = f"http://127.0.0.1:{gateway_port}"
        wait_healthy(f"{gateway}/healthz", procs[1])
        print(f"{args.requests} sequential requests each, after {args.warmup} warm-up, keep-alive, 127.0.0.1")
        header = ["direct p50", "gateway p50", "added p50", "added p95", "added p99"]
        print(f"{'call':32} " + " ".join(f"{h:>11}" for h in header))
        with httpx.Client() as client:
            for label, direct_path, gateway_path in PAIRS:
                direct = timings(client, mocks_url + direct_path, args.requests, args.warmup)
                through = timings(client, gateway + gateway_path, args.requests, args.warmup)
                # The gateway's added latency at each quantile: its distribution minus the direct one.
                row = [statistics.median(direct), statistics.median(through)]
                row += [pct(through, q) - pct(direct, q) for q in (0.5, 0.95, 0.99)]
                print(f"{label:32} " + " ".join(f"{v:9.3f}ms" for v in row))
        print("repeat: .venv/bin/python bench/gateway_overhead.py --requests", args.requests)
    finally:
        for proc in procs:
            proc.terminate()
            proc.wait(timeout=10)


if __name__ == "__main__":
    main()
