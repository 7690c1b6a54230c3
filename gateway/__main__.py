"""python -m gateway: serve the gateway (and, by default, the in-process mocks) with uvicorn."""

from __future__ import annotations

import uvicorn

from gateway.app import create_app
from gateway.settings import Settings


def main() -> None:
    settings = Settings.from_env()
    uvicorn.run(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        log_config=None,
        access_log=False,  # the gateway writes its own one-line-per-request log
        proxy_headers=True,
        server_header=False,
    )


if __name__ == "__main__":
    main()
