"""Waiting for a process a test started (a gateway, the mocks, Prism) to answer over HTTP.

One wait for every such start: it ends as soon as the address answers as asked, fails the test
when the process exits first or the time runs out, and asks with one client for all its tries (a
new client per try builds its TLS context, about 20 ms of CPU taken from the starting process on
a loaded machine). Generous by default: on a loaded 2-core machine importing and building the
gateway or the mocks alone can take well over 30 s.
"""

from __future__ import annotations

import subprocess
import time
from collections.abc import Callable

import httpx
import pytest

STARTUP_SECONDS = 120.0
RETRY_SECONDS = 0.1  # between tries while nothing listens yet: the start is measured in seconds


def any_answer(_: httpx.Response) -> bool:
    return True


def answers_ok(answer: httpx.Response) -> bool:
    return answer.status_code == 200


def wait_until_answering(
    url: str,
    what: str,
    *,
    process: subprocess.Popen[bytes] | None = None,
    ready: Callable[[httpx.Response], bool] = answers_ok,
    probe: httpx.Client | None = None,
    seconds: float = STARTUP_SECONDS,
    retry_seconds: float = RETRY_SECONDS,
    why: Callable[[], str] = lambda: "",
) -> None:
    """Return once GET `url` answers `ready`; fail the test (saying `what`, and `why()` when given)
    if `process` exits first or `seconds` pass. `probe`: a client of the caller's (its TLS
    settings), else one made for the wait."""
    deadline = time.monotonic() + seconds
    client = probe or httpx.Client(timeout=1)
    try:
        while True:
            if process is not None and process.poll() is not None:
                pytest.fail(f"{what} exited with {process.returncode} before answering{why()}")
            try:
                if ready(client.get(url)):
                    return
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"{what} did not answer within {seconds:g} s{why()}")
            time.sleep(retry_seconds)
    finally:
        if probe is None:
            client.close()
