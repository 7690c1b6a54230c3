"""The catalogue mock's pictures are drawn once for every process of a run: a file drawn by one is
read by the next from the system's temporary directory, under a digest of all its bytes depend
on, and only from a folder nobody else can write to."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from upstream_mocks.catalogue import pictures
from upstream_mocks.catalogue.seed import seed


@pytest.fixture
def kept_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setattr(tempfile, "gettempdir", lambda: str(tmp_path))
    pictures._raster.cache_clear()
    yield tmp_path
    pictures._raster.cache_clear()


def _drawing_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(svg: str, width: int, ext: str) -> bytes:
        raise AssertionError("drawn again")

    monkeypatch.setattr(pictures, "_draw", refuse)


def test_a_picture_drawn_by_one_process_is_read_by_the_next(kept_in: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    product = seed().products[0]
    drawn = pictures.raster(product, 320, "avif")
    [folder] = kept_in.iterdir()
    assert oct(folder.stat().st_mode & 0o777) == oct(0o700)
    assert [f.read_bytes() for f in folder.iterdir()] == [drawn]

    pictures._raster.cache_clear()  # as a new process starts
    _drawing_refused(monkeypatch)
    assert pictures.raster(product, 320, "avif") == drawn
    with pytest.raises(AssertionError, match="drawn again"):  # another width is another file
        pictures.raster(product, 160, "avif")


def test_a_folder_others_can_write_to_is_never_read(kept_in: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    product = seed().products[1]
    drawn = pictures.raster(product, 160, "webp")
    [folder] = kept_in.iterdir()
    [file] = folder.iterdir()
    file.write_bytes(b"planted")
    os.chmod(folder, 0o777)
    pictures._raster.cache_clear()
    assert pictures.raster(product, 160, "webp") == drawn  # drawn again, not the planted bytes
