"""python -m gateway: serve the gateway (and, by default, the in-process mocks).

SERVER picks the ASGI server: uvicorn (uvloop + httptools) or granian (Rust HTTP). Both were
measured side by side by `make bench` (BENCHMARKS.md). WORKERS runs that many processes on the
port (gateway/workers.py says what more than one needs).
"""

from __future__ import annotations

import os
import sys

from gateway.settings import Settings
from gateway.workers import WorkersRefused, prepare_workers

APP_FACTORY = "gateway.served:served_app"  # each worker builds its app from the environment


def main() -> None:
    settings = Settings.from_env()
    try:
        clean_up = prepare_workers(settings, os.environ)
    except WorkersRefused as exc:
        sys.exit(f"gateway: {exc}")
    try:
        if settings.server == "granian":
            serve_granian(settings)
        else:
            serve_uvicorn(settings)
    finally:
        clean_up()


def serve_uvicorn(settings: Settings) -> None:
    import uvicorn
    from uvicorn.config import STARTUP_FAILURE
    from uvicorn.supervisors import Multiprocess

    from gateway.security.slow_clients import HeaderDeadlineConfig
    from gateway.served import served_app

    several = settings.workers > 1
    config = HeaderDeadlineConfig(
        # One process serves the app built here; several each import and build their own.
        APP_FACTORY if several else served_app(settings),
        factory=several,
        workers=settings.workers,
        host=settings.host,
        port=settings.port,
        log_config=None,
        access_log=False,  # the gateway writes its own one-line-per-request log
        proxy_headers=False,  # TRUSTED_PROXIES decides whose X-Forwarded-For counts
        server_header=False,
        request_header_timeout=settings.request_header_timeout,
        timeout_keep_alive=settings.keep_alive_timeout,
    )
    server = uvicorn.Server(config)
    if several:
        # What uvicorn.run does for several workers, with our config (it builds its own).
        Multiprocess(config, sockets=[config.bind_socket()]).run()
    else:
        server.run()
        if not server.started:
            sys.exit(STARTUP_FAILURE)


def serve_granian(settings: Settings) -> None:
    from granian import Granian
    from granian.constants import Interfaces, Loops
    from granian.log import LogLevels

    from gateway.logging import configure_logging

    # Granian's own lines (start-up, worker exits) go through the root logger in the gateway's
    # format; the worker builds the app itself, from the same environment.
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
        websockets=False,
        log_access=False,  # the gateway writes its own one-line-per-request log
        log_level=LogLevels(settings.log_level.lower()),
        log_dictconfig={"version": 1, "loggers": {"_granian": through_root, "granian.access": through_root}},
    ).serve()


if __name__ == "__main__":
    main()
