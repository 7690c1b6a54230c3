"""Serving the built React app: files from dist/, the app shell for every other non-API path.

The shell carries the client configuration inline (a JSON script element the app reads
before it renders) and the product's name in its title, so a first visit paints without
waiting for a round trip to /api/config. It is built once per build of index.html.
"""

from __future__ import annotations

import re
from html import escape
from pathlib import Path

import msgspec
from litestar import Response, get
from litestar.exceptions import NotFoundException
from litestar.handlers import HTTPRouteHandler
from litestar.params import FromPath
from litestar.response import File

from gateway.client_config import ClientConfig

CONFIG_ELEMENT = "app-config"  # the id the app reads (frontend/src/lib/config.tsx)
_TITLE = "Buy electrical goods on credit"
_NO_APP = (
    "<!doctype html><title>App not built</title><h1>The app is not built</h1>"
    "<p>Run <code>make run</code> (or <code>npm run build</code>) to build frontend/dist.</p>"
)


class AppShell:
    """index.html with the configuration filled in, rebuilt when the file changes."""

    def __init__(self, index: Path, config: ClientConfig) -> None:
        self.index = index
        self.config = config
        self._built: tuple[float, bytes] | None = None

    def render(self) -> bytes | None:
        try:
            mtime = self.index.stat().st_mtime
        except FileNotFoundError:
            return None
        if self._built is None or self._built[0] != mtime:
            self._built = (mtime, self._fill(self.index.read_text()))
        return self._built[1]

    def _fill(self, html: str) -> bytes:
        # "<" escaped, so no value can close the script element early.
        data = msgspec.json.encode(self.config).decode().replace("<", "\\u003c")
        script = f'<script id="{CONFIG_ELEMENT}" type="application/json">{data}</script>'
        title = f"<title>{escape(self.config.product_name)} | {_TITLE}</title>"
        html = re.sub(r"<title>.*?</title>", lambda _: title, html, count=1, flags=re.S)
        return html.replace("</head>", f"    {script}\n  </head>", 1).encode()


def build_spa_handler(
    static_dir: str, config: ClientConfig, reserved: tuple[str, ...] = ("/api",)
) -> HTTPRouteHandler:
    """Serve dist/ and the app shell everywhere but under `reserved` (404 there, as JSON)."""
    root = Path(static_dir).resolve()
    prefixes = tuple(p.strip("/") for p in reserved)
    shell = AppShell(root / "index.html", config)

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
        page = shell.render()
        if page is None:
            return Response(_NO_APP.encode(), media_type="text/html", status_code=503)
        return Response(page, media_type="text/html", headers={"Cache-Control": "no-cache"})

    return spa
