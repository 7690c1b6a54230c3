"""`python -m gateway`: serve the gateway (and, by default, the in-process mocks) with granian.

Granian was chosen over uvicorn by measurement (docs/decisions/server-and-workers.md) and is
configured through its public settings only. WORKERS runs that many processes on the port
(`workers.py` says what more than one needs); each builds its app from the environment. Slow
clients: granian closes a connection whose request headers take longer than
REQUEST_HEADER_TIMEOUT; what it has no setting for (a 408 answer, a connection that never sends
anything, idle kept-alive connections) is the reverse proxy's (deploy/haproxy/haproxy.cfg).
"""

from __future__ import annotations

import os
import sys

from gateway.serving.workers import WorkersRefused, prepare_workers
from gateway.settings import Settings

APP_FACTORY = "gateway.serving.served:served_app"  # each worker builds its app from the environment


def main() -> None:
    settings = Settings.from_env()
    try:
        clean_up = prepare_workers(settings, os.environ)
    except WorkersRefused as exc:
        sys.exit(f"gateway: {exc}")
    try:
        serve(settings)
    finally:
        clean_up()


def serve(settings: Settings) -> None:
    from granian import Granian
    from granian.constants import HTTPModes, Interfaces, Loops
    from granian.http import HTTP1Settings
    from granian.log import LogLevels

    from gateway.logging import configure_logging

    # Granian's own lines (start-up, worker exits) go through the root logger in the gateway's
    # format.
    configure_logging(settings.log_level, settings.log_json)
    through_root = {"propagate": True, "handlers": []}
    Granian(
        APP_FACTORY,
        factory=True,
        address=settings.host,
        port=settings.port,
        interface=Interfaces.ASGI,
        workers=settings.workers,
        loop=Loops.uvloop,
        http=HTTPModes.http1,
        http1_settings=HTTP1Settings(header_read_timeout=round(settings.request_header_timeout * 1000)),
        websockets=False,
        log_access=False,  # the gateway writes its own one-line-per-request log
        log_level=LogLevels(settings.log_level.lower()),
        log_dictconfig={"version": 1, "loggers": {"_granian": through_root, "granian.access": through_root}},
    ).serve()
