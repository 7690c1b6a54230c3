"""Serving the built React app: files from dist/, index.html for every other non-API path."""

from __future__ import annotations

from pathlib import Path

from litestar import Response, get
from litestar.exceptions import NotFoundException
from litestar.handlers import HTTPRouteHandler
from litestar.params import FromPath
from litestar.response import File

_NO_APP = (
    "<!doctype html><title>App not built</title><h1>The app is not built</h1>"
    "<p>Run <code>make run</code> (or <code>npm run build</code>) to build frontend/dist.</p>"
)


def build_spa_handler(static_dir: str, reserved: tuple[str, ...] = ("/api",)) -> HTTPRouteHandler:
    """Serve dist/ and the app shell everywhere but under `reserved` (404 there, as JSON)."""
    root = Path(static_dir).resolve()
    prefixes = tuple(p.strip("/") for p in reserved)
    index = root / "index.html"

    @get(["/", "/{path:path}"], include_in_schema=False, name="spa", sync_to_thread=False)
    def spa(path: FromPath[str] = "") -> Response[bytes] | File:
        path = path.lstrip("/")
        if path in prefixes or path.startswith(tuple(f"{p}/" for p in prefixes)):
            raise NotFoundException()
        if path:
            candidate = (root / path).resolve()
            if candidate.is_relative_to(root) and candidate.is_file():
                # Vite fingerprints everything under assets/, so it can be cached for good.
                immutable = path.startswith("assets/")
                return File(
                    candidate,
                    filename=candidate.name,  # without it Litestar sends application/octet-stream
                    content_disposition_type="inline",
                    headers={
                        "Cache-Control": "public, max-age=31536000, immutable" if immutable else "public, max-age=3600"
                    },
                )
            if candidate.suffix and candidate.suffix not in (".html",) and "." in path.rsplit("/", 1)[-1]:
                # A missing file (image, script) is a 404, not the app shell.
                raise NotFoundException()
        if not index.is_file():
            return Response(_NO_APP.encode(), media_type="text/html", status_code=503)
        return File(
            index,
            filename=index.name,
            content_disposition_type="inline",
            headers={"Cache-Control": "no-cache"},
        )

    return spa
