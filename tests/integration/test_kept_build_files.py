"""The build's files as a browser and a cache receive them (gateway/spa/kept_files.py): the same
bytes, gzipped once where that helps, revalidated with a 304, a new build served at once."""

from __future__ import annotations

import gzip
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from gateway.settings import Settings
from gateway.spa.kept_files import KeptFiles
from tests.conftest import GatewayClient

SCRIPT = "assets/index-abc123.js"
SCRIPT_TEXT = "export const words = " + repr(["wire", "switch", "fan", "LED light"] * 200) + ";\n"
IDENTITY = {"Accept-Encoding": "identity"}
GZIP = {"Accept-Encoding": "gzip, deflate, br"}


@pytest.fixture
def built_app(tmp_path: Path) -> Path:
    dist = tmp_path / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / "img").mkdir()
    (dist / ".vite").mkdir()
    (dist / "index.html").write_text("<!doctype html><div id=root></div>")
    (dist / SCRIPT).write_text(SCRIPT_TEXT)
    (dist / "img" / "dot.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")  # under 512 bytes
    (dist / "img" / "icon.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 8)
    (dist / ".vite" / "manifest.json").write_text("{}")
    (tmp_path / "secret.txt").write_text("not the build's")
    (dist / "assets" / "outside.js").symlink_to(tmp_path / "secret.txt")
    return dist


@pytest.fixture
def shell(
    make_client: Callable[[Settings], GatewayClient], make_settings: Callable[..., Settings], built_app: Path
) -> GatewayClient:
    return make_client(make_settings(static_dir=str(built_app)))


def raw(client: GatewayClient, path: str, headers: dict[str, str]) -> tuple[int, dict[str, str], bytes]:
    """The answer as sent: httpx would undo the gzip in `.content`."""
    with client.stream("GET", path, headers=headers) as answer:
        return answer.status_code, dict(answer.headers), b"".join(answer.iter_raw())


def test_a_script_asked_with_gzip_comes_gzipped_and_whole(shell: GatewayClient) -> None:
    status, headers, body = raw(shell, "/" + SCRIPT, GZIP)
    assert status == 200
    assert headers["content-encoding"] == "gzip"
    assert gzip.decompress(body) == SCRIPT_TEXT.encode()
    assert int(headers["content-length"]) == len(body) < len(SCRIPT_TEXT)
    assert headers["vary"] == "Accept-Encoding"
    assert headers["content-type"] == "text/javascript; charset=utf-8"
    assert headers["cache-control"] == "public, max-age=31536000, immutable"
    assert headers["x-content-type-options"] == "nosniff"  # the app's security headers, as on every answer
    assert headers["x-request-id"]


@pytest.mark.parametrize("accept", ["identity", "gzip;q=0", "br", "gzip;q=0, *"])
def test_a_client_that_refuses_gzip_gets_the_plain_bytes(shell: GatewayClient, accept: str) -> None:
    status, headers, body = raw(shell, "/" + SCRIPT, {"Accept-Encoding": accept})
    assert status == 200
    assert "content-encoding" not in headers
    assert body == SCRIPT_TEXT.encode()
    assert int(headers["content-length"]) == len(body)


def test_small_files_and_pictures_are_not_gzipped(shell: GatewayClient) -> None:
    for path, content_type in (("/img/dot.svg", "image/svg+xml"), ("/img/icon.png", "image/png")):
        status, headers, body = raw(shell, path, GZIP)
        assert status == 200
        assert "content-encoding" not in headers
        assert int(headers["content-length"]) == len(body)
        assert headers["content-type"] == content_type
        assert headers["cache-control"] == "public, max-age=3600"
        assert "last-modified" in headers


def test_a_cache_holding_the_file_is_answered_304_and_each_coding_has_its_own_tag(shell: GatewayClient) -> None:
    _, zipped, _ = raw(shell, "/" + SCRIPT, GZIP)
    _, plain, _ = raw(shell, "/" + SCRIPT, IDENTITY)
    assert zipped["etag"] != plain["etag"]
    status, headers, body = raw(shell, "/" + SCRIPT, {**GZIP, "If-None-Match": f'"other", {zipped["etag"]}'})
    assert (status, body) == (304, b"")
    assert headers["etag"] == zipped["etag"]
    assert headers["cache-control"] == "public, max-age=31536000, immutable"
    # The plain copy's tag does not stand for the gzipped one: the whole file again.
    status, headers, body = raw(shell, "/" + SCRIPT, {**GZIP, "If-None-Match": plain["etag"]})
    assert status == 200
    assert gzip.decompress(body) == SCRIPT_TEXT.encode()


def test_head_gives_the_length_get_would_send_and_no_body(shell: GatewayClient) -> None:
    for headers in (GZIP, IDENTITY):
        _, got, body = raw(shell, "/" + SCRIPT, headers)
        head = shell.request("HEAD", "/" + SCRIPT, headers=headers)
        assert head.status_code == 200
        assert head.content == b""
        assert head.headers["content-length"] == got["content-length"] == str(len(body))
        assert head.headers["etag"] == got["etag"]


def test_a_new_build_is_served_at_once_and_a_removed_file_is_gone(shell: GatewayClient, built_app: Path) -> None:
    assert shell.get("/" + SCRIPT, headers=GZIP).text == SCRIPT_TEXT
    script = built_app / SCRIPT
    script.write_text("export const words = [];\n")
    stamp = script.stat()
    os.utime(script, ns=(stamp.st_atime_ns, stamp.st_mtime_ns + 1_000_000_000))  # a later build
    assert shell.get("/" + SCRIPT, headers=GZIP).text == "export const words = [];\n"
    script.unlink()
    assert shell.get("/" + SCRIPT).status_code == 404


def test_nothing_outside_the_build_or_hidden_in_it_is_served(shell: GatewayClient) -> None:
    assert shell.get("/assets/outside.js").status_code == 404  # a link out of dist/
    assert shell.get("/.vite/manifest.json").status_code == 404
    assert "not the build's" not in shell.get("/assets/..%2F..%2Fsecret.txt").text
    assert shell.get("/assets").status_code == 200  # a folder's name is a page address: the app


def test_each_file_is_kept_once_however_its_path_is_spelled(shell: GatewayClient, built_app: Path) -> None:
    # Each spelling kept anew would hold the file's bytes again: a path of many slashes is
    # answered by the handler, from the disk, as before.
    for spelling in ("/assets//index-abc123.js", "/assets///index-abc123.js"):
        assert shell.get(spelling, headers=GZIP).text == SCRIPT_TEXT
    files = KeptFiles(built_app, lambda _: "no-cache", lambda _: False)
    assert files.get("/" + SCRIPT) is files.get("/" + SCRIPT) is not None
    assert files.get("/assets//index-abc123.js") is None
