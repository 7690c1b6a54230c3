"""The mock suite and the recorder as granian serves them (`python -m upstream_mocks`): granian
builds each app in its worker from a factory here, reading what the command line put in the
environment; the gateway's own server, so the repository runs one."""

from __future__ import annotations

import os
from pathlib import Path

import httpx
from litestar import Litestar

from otel_traces.provider import ENDPOINT, ratio_from, traced_by, tracer_provider
from upstream_mocks.examples import contract_path
from upstream_mocks.recorder import create_recorder
from upstream_mocks.settings import MockSettings
from upstream_mocks.suite import ASGIApp, create_suite
from upstream_mocks.world import MockWorld

SEED = "MOCKS_SEED"  # a recording directory whose exchanges the mocks replay first
RECORD_SERVICE, RECORD_TARGET, RECORD_OUT = "MOCKS_RECORD_SERVICE", "MOCKS_RECORD_TARGET", "MOCKS_RECORD_OUT"


def suite() -> Litestar:
    if traced_by(os.environ):  # the mocks' spans, exported and sampled as the gateway's are (otel_traces/)
        service = os.environ.get("OTEL_SERVICE_NAME") or "upstream-mocks"
        tracer_provider(service, os.environ.get(ENDPOINT, ""), ratio_from(os.environ))
    seed = os.environ.get(SEED)
    # Every mock built at start-up: a mistake in one stops the process, and no first call waits.
    return create_suite(MockWorld(MockSettings.from_env()), seed=Path(seed) if seed else None, build_now=True)


def recorder() -> ASGIApp:
    service = os.environ[RECORD_SERVICE]
    target = httpx.AsyncClient(base_url=os.environ[RECORD_TARGET].rstrip("/") + "/", timeout=30.0)
    return create_recorder(service, target, Path(os.environ[RECORD_OUT]), contract_path(service))


def serve(
    factory: str,
    host: str,
    port: int,
    *,
    tls_cert: str | None = None,
    tls_key: str | None = None,
    client_ca: str | None = None,
) -> None:
    """Serve `factory` ("upstream_mocks.served:suite") until interrupted; with `client_ca`, only
    to clients whose certificate that CA issued (mutual TLS)."""
    from granian import Granian
    from granian.constants import HTTPModes, Interfaces
    from granian.log import LogLevels

    Granian(
        factory,
        factory=True,
        address=host,
        port=port,
        interface=Interfaces.ASGI,
        http=HTTPModes.http1,
        websockets=False,
        log_level=LogLevels.warning,
        ssl_cert=Path(tls_cert) if tls_cert else None,
        ssl_key=Path(tls_key) if tls_key else None,
        ssl_ca=Path(client_ca) if client_ca else None,
        ssl_client_verify=client_ca is not None,
    ).serve()
