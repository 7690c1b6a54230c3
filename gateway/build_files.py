"""Files of the frontend's build the gateway reads (the app shell, the pre-rendered pages and
their templates): each parsed once, and again whenever a new build changes it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Generic, TypeVar

T = TypeVar("T")


class BuildFile(Generic[T]):
    """`parse` of the file's bytes, or None while there is no such file."""

    def __init__(self, path: Path, parse: Callable[[bytes], T]) -> None:
        self.path = path
        self.parse = parse
        self._parsed: tuple[float, T] | None = None

    def read(self) -> T | None:
        try:
            mtime = self.path.stat().st_mtime
        except FileNotFoundError:
            return None
        if self._parsed is None or self._parsed[0] != mtime:
            self._parsed = (mtime, self.parse(self.path.read_bytes()))
        return self._parsed[1]
