"""The build's files (scripts, styles, pictures, the worker, the offline page) answered from memory.

Served as Litestar's `File`, each answer read its file through anyio's worker threads (a stat, an
open, the reads and the close, each a hand-over to a thread and back), and the compression
middleware gzipped it again at level 9 on every request: a 673-byte SVG cost the gateway 2.1 ms of
CPU an answer and the 270 KB entry script 15.6 ms (docs/decisions/kept-build-files.md). Here each
file is read once, with its gzip made once beside it, and kept while its size and modification
time stay the same (one stat a request: a new build replacing dist/ is served at once). A client
that sends the ETag it holds is answered 304 without a body.

It is the SPA route's own middleware, so it runs inside every app-wide one (the access log, the
metrics, the request guard, CSRF and the session cookie see the request as before) and outside the
compression middleware, which never sees a kept file's answer. Whatever it does not keep (a
missing file, a page, the named manifest, a file over MAX_FILE_BYTES) goes on to the handler.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
import os
import stat
from collections.abc import Callable
from dataclasses import dataclass
from email.utils import formatdate
from pathlib import Path

from gateway.plumbing.asgi import ASGIApp, Receive, Scope, Send

MAX_FILE_BYTES = 4 * 1024 * 1024  # a larger file is streamed by the handler, as before
GZIP_MIN_BYTES = 512  # as the app's CompressionConfig.minimum_size
GZIP_LEVEL = 9  # as Litestar's gzip default: the same bytes the compression middleware sent
_COMPRESSIBLE = ("text/", "application/javascript", "application/json", "application/xml", "image/svg+xml")


@dataclass(frozen=True, slots=True)
class KeptFile:
    stamp: tuple[int, int]  # st_mtime_ns, st_size: the file as it was read
    body: bytes
    gzipped: bytes | None  # None where gzip would not make it smaller, or the type is not text
    headers: tuple[tuple[bytes, bytes], ...]  # what every answer of it carries
    etag: bytes
    gzip_etag: bytes  # a representation of its own (RFC 9110 8.8.3: a strong tag names one)


def media_type(name: str) -> str:
    """The Content-Type Litestar's File sent: Python's table, text in UTF-8."""
    guessed, _ = mimetypes.guess_type(name)
    guessed = guessed or "application/octet-stream"
    return f"{guessed}; charset=utf-8" if guessed.startswith("text/") else guessed


class KeptFiles:
    """The files under `root` as answers, each read once and again when it changes."""

    def __init__(self, root: Path, caching: Callable[[str], str], skipped: Callable[[str], bool]) -> None:
        self.root = root.resolve()
        self.caching = caching  # Cache-Control by path relative to root
        self.skipped = skipped  # paths the handler answers itself
        self._kept: dict[str, KeptFile] = {}

    def get(self, path: str) -> KeptFile | None:
        relative = path.lstrip("/")
        # One key a file: a path with an empty part ("assets//x.js") names a file kept already,
        # and each such spelling kept anew would hold its bytes again; the handler answers it.
        if not relative or "//" in relative or relative.endswith("/") or self.skipped(relative):
            return None
        try:
            found = os.stat(self.root / relative)
        except (OSError, ValueError):  # absent, a name too long, a NUL in the path
            self._kept.pop(relative, None)
            return None
        stamp = (found.st_mtime_ns, found.st_size)
        kept = self._kept.get(relative)
        if kept is not None and kept.stamp == stamp:
            return kept
        self._kept.pop(relative, None)
        if not stat.S_ISREG(found.st_mode) or found.st_size > MAX_FILE_BYTES:
            return None
        kept = self._read(relative, stamp)
        if kept is not None:
            self._kept[relative] = kept
        return kept

    def _read(self, relative: str, stamp: tuple[int, int]) -> KeptFile | None:
        candidate = (self.root / relative).resolve()
        if not candidate.is_relative_to(self.root):  # a link out of the build
            return None
        try:
            body = candidate.read_bytes()
        except OSError:
            return None
        if len(body) != stamp[1]:  # replaced while read: read again on the next request
            return None
        kind = media_type(candidate.name)
        gzipped = None
        if len(body) >= GZIP_MIN_BYTES and kind.startswith(_COMPRESSIBLE):
            gzipped = gzip.compress(body, GZIP_LEVEL, mtime=0)
            if len(gzipped) >= len(body):
                gzipped = None
        digest = hashlib.blake2b(body, digest_size=12).hexdigest()
        headers = [
            (b"content-type", kind.encode()),
            (b"cache-control", self.caching(relative).encode()),
            (b"last-modified", formatdate(stamp[0] / 1e9, usegmt=True).encode()),
        ]
        if gzipped is not None:
            headers.append((b"vary", b"Accept-Encoding"))
        return KeptFile(stamp, body, gzipped, tuple(headers), f'"{digest}"'.encode(), f'"{digest}-gzip"'.encode())


def _header(scope: Scope, name: bytes) -> bytes:
    return b",".join(value for key, value in scope["headers"] if key == name)


def _takes_gzip(scope: Scope) -> bool:
    """Whether Accept-Encoding takes gzip: named, or `*`, with a weight above 0 (RFC 9110 12.5.3)."""
    weights: dict[bytes, bool] = {}
    for part in _header(scope, b"accept-encoding").split(b","):
        coding, _, params = part.partition(b";")
        q = params.strip().lower()
        refused = q.startswith(b"q=") and q[2:].strip().rstrip(b"0").rstrip(b".") in (b"", b"0")
        weights[coding.strip().lower()] = not refused
    return weights.get(b"gzip", weights.get(b"*", False))


def _matches(if_none_match: bytes, etag: bytes) -> bool:
    if if_none_match.strip() == b"*":
        return True
    return any(tag.strip().removeprefix(b"W/") == etag for tag in if_none_match.split(b","))


def kept_files_middleware(files: KeptFiles) -> Callable[[ASGIApp], ASGIApp]:
    """Litestar middleware (raw ASGI) answering GET and HEAD of a kept file."""

    def middleware_factory(app: ASGIApp) -> ASGIApp:
        async def middleware(scope: Scope, receive: Receive, send: Send) -> None:
            kept = files.get(scope["path"]) if scope["type"] == "http" and scope["method"] in ("GET", "HEAD") else None
            if kept is None:
                await app(scope, receive, send)
                return
            zipped = kept.gzipped is not None and _takes_gzip(scope)
            body = kept.gzipped if zipped and kept.gzipped is not None else kept.body
            etag = kept.gzip_etag if zipped else kept.etag
            headers = [*kept.headers, (b"etag", etag)]
            if_none_match = _header(scope, b"if-none-match")
            if if_none_match and _matches(if_none_match, etag):
                await send({"type": "http.response.start", "status": 304, "headers": headers})
                await send({"type": "http.response.body", "body": b""})
                return
            if zipped:
                headers.append((b"content-encoding", b"gzip"))
            headers.append((b"content-length", str(len(body)).encode()))
            await send({"type": "http.response.start", "status": 200, "headers": headers})
            await send({"type": "http.response.body", "body": b"" if scope["method"] == "HEAD" else body})

        return middleware

    return middleware_factory
