"""python -m gateway: serve the gateway (and, by default, the in-process mocks).

SERVER picks the ASGI server: uvicorn (uvloop + httptools) or granian (Rust HTTP, one worker
process). Both were measured side by side by `make bench` (BENCHMARKS.md).
"""

from __future__ import annotations

from gateway.settings import Settings


def main() -> None:
    settings = Settings.from_env()
    if settings.server == "granian":
        serve_granian(settings)
    else:
        serve_uvicorn(settings)


def serve_uvicorn(settings: Settings) -> None:
    import uvicorn

    from gateway.app import create_app
    from gateway.security.slow_clients import header_deadline_protocol

    uvicorn.run(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        log_config=None,
        access_log=False,  # the gateway writes its own one-line-per-request log
        proxy_headers=False,  # TRUSTED_PROXIES decides whose X-Forwarded-For counts
        server_header=False,
        http=header_deadline_protocol(settings.request_header_timeout),
        timeout_keep_alive=settings.keep_alive_timeout,
    )


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
        "gateway.app:create_app",
        factory=True,
        address=settings.host,
        port=settings.port,
        interface=Interfaces.ASGI,
        loop=Loops.uvloop,
        websockets=False,
        log_access=False,  # the gateway writes its own one-line-per-request log
        log_level=LogLevels(settings.log_level.lower()),
        log_dictconfig={"version": 1, "loggers": {"_granian": through_root, "granian.access": through_root}},
    ).serve()


if __name__ == "__main__":
    main()
