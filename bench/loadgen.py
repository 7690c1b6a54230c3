"""A small wrk stand-in for machines without wrk: keep-alive GETs on N connections, bounded.

One process, one thread, uvloop when available: each connection sends a request, reads the
answer (Content-Length framed, as every server measured here answers) and sends the next,
until `seconds` are up. It answers the same figures as `bench.wrk.run_wrk` (a `WrkResult`),
so `python -m bench --driver python` and the profiler use it interchangeably. It costs more
CPU per request than wrk, so on 2 cores the fastest servers read slower under it than
under wrk; the server's CPU per request (read from /proc) is unaffected.

    .venv/bin/python -m bench.loadgen URL [-c 64] [-d 3] [-H 'Cookie: session=...']
"""

from __future__ import annotations

import argparse
import asyncio
import time
from urllib.parse import urlsplit

import msgspec

from bench.wrk import WrkResult

MAX_SECONDS = 30


def _request(url: str, headers: dict[str, str] | None) -> tuple[str, int, bytes]:
    parts = urlsplit(url)
    if parts.scheme != "http" or parts.hostname not in ("127.0.0.1", "localhost"):
        raise SystemExit(f"{url}: only http:// on the loopback is driven")
    target = parts.path + (f"?{parts.query}" if parts.query else "")
    lines = [f"GET {target or '/'} HTTP/1.1", f"Host: {parts.netloc}"]
    lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
    return parts.hostname, parts.port or 80, ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


class _Tally:
    def __init__(self) -> None:
        self.latencies_us: list[int] = []
        self.non_2xx = 0
        self.errors = 0


async def _connection(host: str, port: int, request: bytes, until: float, tally: _Tally) -> None:
    try:
        reader, writer = await asyncio.open_connection(host, port)
    except OSError:
        tally.errors += 1
        return
    try:
        while time.perf_counter() < until:
            started = time.perf_counter_ns()
            writer.write(request)
            head = await reader.readuntil(b"\r\n\r\n")
            status = int(head[9:12])
            length = 0
            for line in head.split(b"\r\n")[1:]:
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value)
                    break
            else:
                raise ValueError("an answer without Content-Length")
            await reader.readexactly(length)
            tally.latencies_us.append((time.perf_counter_ns() - started) // 1000)
            if not 200 <= status < 300:
                tally.non_2xx += 1
    except (OSError, asyncio.IncompleteReadError, ValueError):
        tally.errors += 1
    finally:
        writer.close()


def _percentile(sorted_us: list[int], share: float) -> int:
    if not sorted_us:
        return 0
    return sorted_us[min(len(sorted_us) - 1, int(share * len(sorted_us)))]


async def _drive(url: str, connections: int, seconds: float, headers: dict[str, str] | None) -> WrkResult:
    host, port, request = _request(url, headers)
    tally = _Tally()
    started = time.perf_counter()
    until = started + seconds
    await asyncio.gather(*(_connection(host, port, request, until, tally) for _ in range(connections)))
    elapsed = time.perf_counter() - started
    latencies = sorted(tally.latencies_us)
    count = len(latencies)
    shown_headers = " ".join(f"-H '{name}: ...'" for name in headers or {})
    return WrkResult(
        url=url,
        connections=connections,
        seconds=round(seconds),
        requests=count,
        requests_per_s=round(count / elapsed, 1),
        p50_ms=_percentile(latencies, 0.50) / 1000,
        p99_ms=_percentile(latencies, 0.99) / 1000,
        mean_ms=round(sum(latencies) / max(1, count) / 1000, 3),
        errors=tally.errors,
        non_2xx=tally.non_2xx,
        command=f"python -m bench.loadgen -c {connections} -d {seconds:g} {shown_headers} {url}".replace("  ", " "),
    )


def run_load(url: str, *, connections: int, seconds: float, headers: dict[str, str] | None = None) -> WrkResult:
    """Drive `url` for `seconds` (at most 30) on `connections` keep-alive connections."""
    seconds = max(0.5, min(seconds, MAX_SECONDS))
    try:
        import uvloop

        return uvloop.run(_drive(url, connections, seconds, headers))
    except ImportError:
        return asyncio.run(_drive(url, connections, seconds, headers))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("url")
    parser.add_argument("-c", "--connections", type=int, default=64)
    parser.add_argument("-d", "--seconds", type=float, default=3)
    parser.add_argument("-H", "--header", action="append", default=[], help="'Name: value'")
    args = parser.parse_args()
    headers = dict(h.split(":", 1) for h in args.header)
    result = run_load(
        args.url,
        connections=args.connections,
        seconds=args.seconds,
        headers={k.strip(): v.strip() for k, v in headers.items()},
    )
    print(msgspec.json.encode(result).decode())


if __name__ == "__main__":
    main()
