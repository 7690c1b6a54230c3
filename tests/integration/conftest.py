"""Integration fixtures: the mocks as their own process, and gateway replicas sharing Redis."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest

from gateway.settings import Settings
from tests.conftest import GatewayClient

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def mocks_url() -> Iterator[str]:
    """`python -m upstream_mocks` on a free port, as compose.yaml runs it."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    url = f"http://127.0.0.1:{port}"
    # With a public address the payments mock sends its webhooks over the network, as to a real lender.
    env = {**os.environ, "MOCKS_PORT": str(port), "MOCKS_PUBLIC_URL": url, "MOCKS_WEBHOOK_RETRY_SECONDS": "0.2,0.5"}
    process = subprocess.Popen([sys.executable, "-m", "upstream_mocks"], cwd=ROOT, env=env)
    deadline = time.monotonic() + 120  # a loaded 2-core machine can take well over 20 s to import and start the mocks
    while time.monotonic() < deadline:
        try:
            httpx.get(f"{url}/_mocks/journal", timeout=1)
            break
        except httpx.TransportError:
            time.sleep(0.1)
    else:
        process.kill()
        pytest.fail("the mocks did not start")
    yield url
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture
def replicas(
    make_client: Callable[[Settings], GatewayClient],
    make_settings: Callable[..., Settings],
    mocks_url: str,
    redis_url: str,
    redis_namespace: str,
    monkeypatch: pytest.MonkeyPatch,
) -> tuple[GatewayClient, GatewayClient]:
    """Two gateways over HTTP upstreams and one Redis, with the same SECRET_KEY."""
    httpx.post(f"{mocks_url}/_mocks/reset").raise_for_status()
    monkeypatch.setenv("MOCKS_URL", mocks_url)  # read by gateway.embedded, as `python -m gateway` does
    upstreams = {f"{n}_url": f"{mocks_url}/_mocks/{n}/" for n in ("lending", "catalogue", "mail", "orders")}
    settings = make_settings(
        redis_url=redis_url,
        redis_namespace=redis_namespace,
        secret_key="shared-by-replicas",
        **upstreams,
    )
    return make_client(settings), make_client(settings)
