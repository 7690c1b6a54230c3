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
    import uvicorn

    # The same server options as the gateway's own `python -m gateway`.
    uvicorn.run(
        create_app(),
        host="127.0.0.1",
        port=int(os.environ["PORT"]),
        log_config=None,
        access_log=False,
        server_header=False,
    )
