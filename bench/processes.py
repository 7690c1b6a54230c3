"""Starting and stopping the servers a benchmark measures, on 127.0.0.1 only."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
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


@contextmanager
def serve(module: str, health_path: str, env: Mapping[str, str]) -> Iterator[str]:
    """Run `python -m module` with `env` on a free port (PORT / MOCKS_PORT); yield its base URL."""
    port = free_port()
    full_env = {**os.environ, "LOG_LEVEL": "WARNING", "LOG_JSON": "true", **env}
    full_env["PORT"] = full_env["MOCKS_PORT"] = str(port)
    process = subprocess.Popen(
        [sys.executable, "-m", module], cwd=ROOT, env=full_env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(base + health_path, process)
        yield base
    finally:
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
