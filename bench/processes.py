"""Starting and stopping the servers a benchmark measures, on 127.0.0.1 only."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx

from gateway.upstreams.http import UPSTREAM_NAMES

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_healthy(url: str, process: subprocess.Popen[bytes], seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"{url}: the server exited early (code {process.returncode})")
        try:
            if httpx.get(url, timeout=1).status_code < 500:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    raise SystemExit(f"{url} did not start within {seconds:.0f} s")


@dataclass(frozen=True)
class Running:
    url: str
    pid: int

    def cpu_seconds(self) -> float:
        """CPU time used so far by the server and its worker processes (granian forks one)."""
        pids = [self.pid, *_children(self.pid)]
        ticks = 0
        for pid in pids:
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            ticks += int(fields[11]) + int(fields[12])  # utime, stime
        return ticks / os.sysconf("SC_CLK_TCK")


def _children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        found += [int(c) for c in task.read_text().split()]
    return found + [g for c in found for g in _children(c)]


@contextmanager
def serve(module: str, health_path: str, env: Mapping[str, str]) -> Iterator[Running]:
    """Run `python -m module` with `env` on a free port (PORT / MOCKS_PORT) until the block ends.

    Logging stays at its production default (INFO, one JSON line a request, to /dev/null), so
    its cost is in the figures."""
    port = free_port()
    full_env = {**os.environ, "LOG_LEVEL": "INFO", "LOG_JSON": "true", **env}
    full_env["PORT"] = full_env["MOCKS_PORT"] = str(port)
    errors = tempfile.TemporaryFile()  # noqa: SIM115 (closed in the finally below, after the server stops)
    process = subprocess.Popen(
        [sys.executable, "-m", module], cwd=ROOT, env=full_env, stdout=subprocess.DEVNULL, stderr=errors
    )
    base = f"http://127.0.0.1:{port}"
    try:
        try:
            wait_healthy(base + health_path, process)
        except SystemExit:
            errors.seek(0)
            sys.stderr.write(errors.read().decode(errors="replace")[-3000:])
            raise
        yield Running(base, process.pid)
    finally:
        errors.close()
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)


def upstream_env(mocks_url: str) -> dict[str, str]:
    """Point every upstream of the gateway at a mock suite running on its own port."""
    return {
        "MOCKS_URL": mocks_url,
        **{f"{name.upper()}_URL": f"{mocks_url}/_mocks/{name}/" for name in UPSTREAM_NAMES},
    }
