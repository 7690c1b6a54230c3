"""`python -m gateway`: serve the gateway (and, by default, the in-process mocks) with granian.

Granian was chosen over uvicorn by measurement (docs/decisions/server-and-workers.md) and is
configured through its public settings only. WORKERS runs that many processes on the port
(`workers.py` says what more than one needs); each builds its app from the environment. Slow
clients: granian closes a connection whose request headers take longer than
REQUEST_HEADER_TIMEOUT; what it has no setting for (a 408 answer, a connection that never sends
anything, idle kept-alive connections) is the reverse proxy's (deploy/local/haproxy.cfg).
SIGTERM leaves the load balancer's rotation before stopping (SHUTDOWN_DRAIN_SECONDS, draining.py).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading

import structlog

from gateway.serving import draining
from gateway.serving.workers import WorkersRefused, prepare_workers
from gateway.settings import Settings

APP_FACTORY = "gateway.serving.served:served_app"  # each worker builds its app from the environment
log = structlog.get_logger("gateway.serving")


def main() -> None:
    settings = Settings.from_env()
    try:
        clean_up = prepare_workers(settings, os.environ)
    except WorkersRefused as exc:
        sys.exit(f"gateway: {exc}")
    try:
        if settings.shutdown_drain_seconds:
            forget_mark = draining.prepare(os.environ)
            try:
                code = serve_draining(settings)
            finally:
                forget_mark()
            sys.exit(code)
        serve(settings)
    finally:
        clean_up()


def serve_draining(settings: Settings) -> int:
    """Granian in a child process, this one standing in front of it for signals: on SIGTERM the
    replica is marked draining (/readyz answers 503 while requests are still served), and only
    SHUTDOWN_DRAIN_SECONDS later is granian told to stop as it always does: no new connections,
    the requests it holds finished. A second SIGTERM, or SIGINT, is passed on at once. Granian
    handles its own signals; standing in front of it needs nothing of its insides."""
    from gateway.plumbing.logging import configure_logging

    configure_logging(settings.log_level, settings.log_json)
    child = multiprocessing.get_context("fork").Process(target=serve, args=(settings,), name="granian")
    child.start()
    stopping = threading.Event()

    def pass_on(sig: int) -> None:
        if child.pid is not None and child.is_alive():
            os.kill(child.pid, sig)

    def on_signal(sig: int, _frame: object) -> None:
        if sig == signal.SIGTERM and not stopping.is_set() and draining.begin():
            stopping.set()
            log.info("draining", seconds=settings.shutdown_drain_seconds)
            timer = threading.Timer(settings.shutdown_drain_seconds, pass_on, args=(signal.SIGTERM,))
            timer.daemon = True
            timer.start()
            return
        pass_on(sig)

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    child.join()
    return child.exitcode or 0


def serve(settings: Settings) -> None:
    from granian import Granian
    from granian.constants import HTTPModes, Interfaces, Loops
    from granian.http import HTTP1Settings
    from granian.log import LogLevels

    from gateway.plumbing.logging import configure_logging

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
