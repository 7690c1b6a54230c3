"""`python -m gateway` on a free loopback port, for tests that need the real server in front."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from gateway.serving.shutdown import STEP_SECONDS
from tests.conftest import DATABASES
from tests.start_waits import wait_until_answering

ROOT = Path(__file__).resolve().parents[2]
# A gateway's stop is bounded by its four shutdown steps (gateway/serving/shutdown.py): a teardown
# waits that long, and a process still running after it is a gateway that does not stop.
STOP_SECONDS = 4 * STEP_SECONDS + 5


def stop(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM, then the gateway's own bound for its stop; killed and told if it overruns it."""
    process.terminate()
    try:
        process.wait(timeout=STOP_SECONDS)
    except subprocess.TimeoutExpired:
        process.kill()
        raise


@contextmanager
def served_gateway(**env: str) -> Iterator[tuple[str, int]]:
    """Yields (url, port); the gateway runs with its embedded mocks plus `env`."""
    with served_gateway_process(**env) as (url, port, _):
        yield url, port


@contextmanager
def served_gateway_process(**env: str) -> Iterator[tuple[str, int, subprocess.Popen[bytes]]]:
    """As `served_gateway`, with the gateway's process too."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    full_env = {
        **os.environ,
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "LOG_LEVEL": "WARNING",
        "DATABASE_URL": f"sqlite:///{DATABASES}/served-{port}.sqlite3",  # not the checkout's own file
        **env,
    }
    process = subprocess.Popen([sys.executable, "-m", "gateway"], cwd=ROOT, env=full_env, stdout=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_answering(f"{url}/healthz", "the gateway", process=process)
        yield url, port, process
    finally:
        stop(process)


def read_until_closed(sock: socket.socket, limit: float) -> tuple[bytes, float]:
    """What the server sends until it closes the connection, and how long that took."""
    started = time.monotonic()
    sock.settimeout(limit)
    data = b""
    while True:
        chunk = sock.recv(4096)
        if not chunk:
            return data, time.monotonic() - started
        data += chunk
