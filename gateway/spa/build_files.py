"""Files of the frontend's build the gateway reads (the app shell, the pre-rendered pages and
their templates): each parsed once, and again whenever a new build changes it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Generic, TypeVar

import structlog

T = TypeVar("T")

log = structlog.get_logger("gateway.build")


class BuildFile(Generic[T]):
    """`parse` of the file's bytes, or None while there is no such file or it does not parse: a
    file of another shape (a build newer or older than this gateway, as while a deploy is half
    done) leaves what it would have filled in out, with a warning, rather than failing the page."""

    def __init__(self, path: Path, parse: Callable[[bytes], T]) -> None:
        self.path = path
        self.parse = parse
        self._parsed: tuple[float, T | None] | None = None

    def read(self) -> T | None:
        try:
            mtime = self.path.stat().st_mtime
        except FileNotFoundError:
            return None
        if self._parsed is None or self._parsed[0] != mtime:
            self._parsed = (mtime, self._parse())
        return self._parsed[1]

    def _parse(self) -> T | None:
        try:
            return self.parse(self.path.read_bytes())
        except ValueError as exc:  # msgspec's DecodeError and a text file's UnicodeDecodeError are ValueErrors
            log.warning("build_file_unreadable", file=str(self.path), error=str(exc))
            return None
