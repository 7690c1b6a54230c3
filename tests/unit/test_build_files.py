"""A file of the build the gateway reads (gateway/spa/build_files.py): parsed once per version of the
file, and treated as absent when it does not parse."""

from __future__ import annotations

import os
from pathlib import Path

import msgspec

from gateway.spa.build_files import BuildFile


def routes_file(path: Path) -> tuple[BuildFile[dict[str, str]], list[bytes]]:
    """A routes.json as the gateway reads it, and each text it parsed."""
    parsed: list[bytes] = []

    def parse(raw: bytes) -> dict[str, str]:
        parsed.append(raw)
        return msgspec.json.decode(raw, type=dict[str, str])

    return BuildFile(path, parse), parsed


def test_a_file_is_parsed_once_until_it_changes(tmp_path: Path) -> None:
    path = tmp_path / "routes.json"
    path.write_text('{"/": "0.html"}')
    routes, parsed = routes_file(path)
    assert routes.read() == routes.read() == {"/": "0.html"}
    assert len(parsed) == 1
    path.write_text('{"/": "1.html"}')
    os.utime(path, (1, 1))  # a new build: another modification time
    assert routes.read() == {"/": "1.html"}
    assert len(parsed) == 2


def test_a_file_of_another_shape_reads_as_absent_once(tmp_path: Path) -> None:
    path = tmp_path / "routes.json"
    path.write_text('["not", "a", "map"]')
    routes, parsed = routes_file(path)
    assert routes.read() is None
    assert routes.read() is None
    assert len(parsed) == 1  # not parsed (and logged) again on every request
    assert routes_file(tmp_path / "missing.json")[0].read() is None
