"""Driving a URL with wrk (a separate load-generator process) and reading its figures as JSON."""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from pathlib import Path

import msgspec

# wrk calls done() once at the end; latency percentiles are in microseconds.
_REPORT = r"""
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '\n{"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"mean_us":%.1f,"max_us":%d,' ..
    '"connect_errors":%d,"read_errors":%d,"write_errors":%d,"timeouts":%d,"non_2xx":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    latency.mean, latency.max, e.connect, e.read, e.write, e.timeout, e.status))
end
"""


class WrkResult(msgspec.Struct, kw_only=True):
    url: str
    connections: int
    seconds: int
    requests: int
    requests_per_s: float
    p50_ms: float
    p99_ms: float
    mean_ms: float
    errors: int
    non_2xx: int
    command: str
    server_cpu_ms_per_request: float | None = None  # CPU the measured server spent per answer


def wrk_path() -> str:
    path = shutil.which("wrk")
    if path is None:
        raise SystemExit("wrk is not installed: `make bench` installs it (apt-get install wrk)")
    return path


def run_wrk(url: str, *, connections: int, seconds: int, headers: dict[str, str] | None = None) -> WrkResult:
    """One wrk run of `seconds` at `connections` keep-alive connections, one thread."""
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "report.lua"
        script.write_text(_REPORT)
        args = [wrk_path(), "-t1", f"-c{connections}", f"-d{seconds}s", "--timeout", "5s", "-s", str(script)]
        for name, value in (headers or {}).items():
            args += ["-H", f"{name}: {value}"]
        args.append(url)
        out = subprocess.run(args, capture_output=True, text=True, check=True, timeout=seconds + 30).stdout
    report = json.loads(out.strip().splitlines()[-1])
    errors = sum(report[k] for k in ("connect_errors", "read_errors", "write_errors", "timeouts"))
    shown = [a if not a.endswith("report.lua") else "report.lua" for a in args]
    if headers:  # a session cookie is not a figure worth keeping
        shown = [("'" + a.split(":")[0] + ": ...'") if a.lower().startswith("cookie") else a for a in shown]
    return WrkResult(
        url=url,
        connections=connections,
        seconds=seconds,
        requests=report["requests"],
        requests_per_s=round(report["requests"] / (report["duration_us"] / 1e6), 1),
        p50_ms=report["p50_us"] / 1000,
        p99_ms=report["p99_us"] / 1000,
        mean_ms=round(report["mean_us"] / 1000, 3),
        errors=errors,
        non_2xx=report["non_2xx"],
        command=" ".join(shown),
    )
