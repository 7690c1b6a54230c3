"""Integration fixtures: the mocks as their own process, and gateway replicas sharing Redis."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import httpx
import msgspec
import pytest
import uvloop

from gateway.settings import Settings
from tests.conftest import GatewayClient
from tests.start_waits import any_answer, wait_until_answering

ROOT = Path(__file__).resolve().parents[2]
LOOPS: Mapping[str, Callable[[], asyncio.AbstractEventLoop]] = {
    "asyncio": asyncio.new_event_loop,
    "uvloop": uvloop.new_event_loop,  # what the gateway is served on
}


def pytest_asyncio_loop_factories(config: pytest.Config, item: pytest.Item) -> Mapping[str, Any]:
    """Tests marked `asyncio(loop_factories=[...])` run once on each loop named there; the others
    on asyncio's own, as without this hook."""
    marker = item.get_closest_marker("asyncio")
    return LOOPS if marker is not None and "loop_factories" in marker.kwargs else {"asyncio": asyncio.new_event_loop}


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
    try:
        wait_until_answering(f"{url}/_mocks/journal", "the mocks", process=process, ready=any_answer)
    except BaseException:
        process.kill()
        raise
    yield url
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture
def both(make_client: Callable[[Settings], GatewayClient], settings: Settings) -> GatewayClient:
    """A gateway over both lenders (LENDERS=native,fineract), the in-process mocks reset."""
    client = make_client(msgspec.structs.replace(settings, lenders="native,fineract"))
    client.post("/_mocks/reset")
    return client


@pytest.fixture
def no_companion(make_client: Callable[[Settings], GatewayClient], settings: Settings) -> GatewayClient:
    """Both lenders, the Fineract one running no companion service (FINERACT_COMPANION=false), the
    in-process mocks reset."""
    client = make_client(msgspec.structs.replace(settings, lenders="native,fineract", fineract_companion=False))
    client.post("/_mocks/reset")
    return client


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
