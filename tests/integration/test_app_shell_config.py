"""The app shell carries the client configuration, so a first visit needs no /api/config call."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path

from gateway.settings import Settings
from tests.conftest import GatewayClient

INDEX = """<!doctype html>
<html lang="en-IN">
  <head>
    <title>Buy electrical goods on credit</title>
  </head>
  <body><div id="root"></div></body>
</html>
"""


def _inline_config(html: str) -> dict[str, object]:
    found = re.search(r'<script id="app-config" type="application/json">(.*?)</script>', html, re.S)
    assert found, html
    config: dict[str, object] = json.loads(found.group(1))
    return config


def _client(
    make_client: Callable[[Settings], GatewayClient], make_settings: Callable[..., Settings], tmp_path: Path, **kw: str
) -> GatewayClient:
    (tmp_path / "index.html").write_text(INDEX)
    return make_client(make_settings(static_dir=str(tmp_path), **kw))


def test_the_shell_holds_the_same_config_as_the_api_and_the_products_title(
    make_client: Callable[[Settings], GatewayClient], make_settings: Callable[..., Settings], tmp_path: Path
) -> None:
    client = _client(make_client, make_settings, tmp_path, product_name="Bijli Bazaar")
    page = client.get("/paynow")
    assert page.status_code == 200
    assert _inline_config(page.text) == client.get("/api/config").json()
    assert "<title>Bijli Bazaar | Buy electrical goods on credit</title>" in page.text
    assert '<div id="root"></div>' in page.text


def test_a_name_with_markup_cannot_break_out_of_the_page(
    make_client: Callable[[Settings], GatewayClient], make_settings: Callable[..., Settings], tmp_path: Path
) -> None:
    name = "Volt</script><script>alert(1)</script>"
    page = _client(make_client, make_settings, tmp_path, product_name=name).get("/").text
    assert "<script>alert(1)" not in page
    assert _inline_config(page)["productName"] == name
    assert "<title>Volt&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; |" in page


def test_a_new_build_is_served_without_a_restart(
    make_client: Callable[[Settings], GatewayClient], make_settings: Callable[..., Settings], tmp_path: Path
) -> None:
    client = _client(make_client, make_settings, tmp_path)
    assert "v2" not in client.get("/").text
    index = tmp_path / "index.html"
    index.write_text(INDEX.replace("<body>", "<body data-build=v2>"))
    stat = index.stat()
    os.utime(index, (stat.st_atime, stat.st_mtime + 5))  # a rebuild a moment later
    assert "data-build=v2" in client.get("/").text
