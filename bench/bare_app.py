"""The framework's own ceiling: a bare Litestar endpoint answering fixed bytes.

BENCH_BODY_FILE names the file whose bytes GET /bare answers (the gateway's product list,
captured by the benchmark), so both sides send the same body.
"""

from __future__ import annotations

import os
from pathlib import Path

from litestar import Litestar, Response, get


def create_app() -> Litestar:
    body = Path(os.environ["BENCH_BODY_FILE"]).read_bytes()

    @get("/bare", sync_to_thread=False)
    def bare() -> Response[bytes]:
        return Response(body, media_type="application/json")

    return Litestar([bare], openapi_config=None, logging_config=None)


if __name__ == "__main__":
    from granian import Granian
    from granian.constants import HTTPModes, Interfaces, Loops

    # The same server and options as the gateway's own `python -m gateway`.
    Granian(
        "bench.bare_app:create_app",
        factory=True,
        address="127.0.0.1",
        port=int(os.environ["PORT"]),
        interface=Interfaces.ASGI,
        loop=Loops.uvloop,
        http=HTTPModes.http1,
        websockets=False,
        log_access=False,
    ).serve()
