"""What a phone may keep for reading offline: the gateway's answers say it, and the service worker
keeps nothing sent `no-store` (tests/e2e/test_offline.py checks the worker's side). The store's
reads and the shopper's orders are `private, no-cache`; a refusal, an error or any change stays
`no-store`; the service worker and the manifest are asked for again on every visit."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from gateway.settings import Settings
from tests.conftest import GatewayClient
from tests.integration.test_orders_api import placed_order
from tests.integration.test_store_api import log_in

KEPT = "private, no-cache"


def test_the_store_s_reads_and_the_shopper_s_orders_may_be_kept_offline(client: GatewayClient) -> None:
    # A pin code's promise is asked by its pin code, so the copy kept is that pin code's.
    for path in (
        "/api/store/products",
        "/api/store/products/1",
        "/api/store/categories",
        "/api/checkout/pincodes/122103",
    ):
        answer = client.get(path)
        assert answer.status_code == 200, path
        assert answer.headers["cache-control"] == KEPT, path
    log_in(client)
    number = placed_order(client, "offline-key-0001", {1: 1})["orderNumber"]
    for path in ("/api/store/cart", "/api/store/brands", "/api/orders", f"/api/orders/{number}"):
        answer = client.get(path)
        assert answer.status_code == 200, path
        assert answer.headers["cache-control"] == KEPT, path


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/api/store/cart"),  # 401: no shopper logged in
        ("GET", "/api/orders"),  # 401
        ("GET", "/api/store/products?page=0"),  # 400: a refusal of a read that is kept when it succeeds
        ("GET", "/api/store/products/999999"),  # 404
        ("GET", "/api/checkout/pincodes/999999"),  # 404: a pin code India Post does not know
        ("HEAD", "/api/store/products"),
        ("POST", "/api/checkout/orders"),
        ("PUT", "/api/store/cart/items/1"),
    ],
)
def test_a_refusal_an_error_or_a_change_is_never_kept(client: GatewayClient, method: str, path: str) -> None:
    answer = client.request(method, path, json={"quantity": 1}, headers=client.xsrf())
    assert answer.status_code != 200 or method == "HEAD", answer.text
    assert answer.headers["cache-control"] == "no-store"


def test_the_service_worker_and_manifest_are_asked_for_again_on_every_visit(
    make_client: Callable[[Settings], GatewayClient], make_settings: Callable[..., Settings], tmp_path: Path
) -> None:
    (tmp_path / "assets").mkdir()
    (tmp_path / "index.html").write_text("<!doctype html><div id=root></div>")
    (tmp_path / "sw.js").write_text("self.addEventListener('fetch', () => {})")
    (tmp_path / "workbox-abc123.js").write_text("define([], () => {})")
    (tmp_path / "manifest.webmanifest").write_text('{"name": "VoltKhata"}')
    (tmp_path / "assets" / "index-abc123.js").write_text("console.log('app')")
    client = make_client(make_settings(static_dir=str(tmp_path)))

    for path in ("/sw.js", "/workbox-abc123.js", "/manifest.webmanifest"):
        answer = client.get(path)
        assert answer.status_code == 200, path
        assert answer.headers["cache-control"] == "no-cache", path
    assert client.get("/sw.js").headers["content-type"].startswith("text/javascript")
    assert client.get("/manifest.webmanifest").headers["content-type"] == "application/manifest+json"
    # A fingerprinted file never changes: kept for good, as before.
    assert client.get("/assets/index-abc123.js").headers["cache-control"] == "public, max-age=31536000, immutable"


def test_the_manifest_names_the_product_as_the_deployment_names_it(
    make_client: Callable[[Settings], GatewayClient], make_settings: Callable[..., Settings], tmp_path: Path
) -> None:
    (tmp_path / "index.html").write_text("<!doctype html><div id=root></div>")
    built = {"name": "VoltKhata", "short_name": "VoltKhata", "start_url": "/product-home", "display": "standalone"}
    (tmp_path / "manifest.webmanifest").write_text(json.dumps(built))
    client = make_client(make_settings(static_dir=str(tmp_path), product_name="Bijli Bazaar"))

    answer = client.get("/manifest.webmanifest")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "application/manifest+json"
    assert answer.headers["cache-control"] == "no-cache"
    assert answer.json() == {**built, "name": "Bijli Bazaar", "short_name": "Bijli Bazaar"}
    # A new build's manifest is read again, and still named as the deployment says.
    (tmp_path / "manifest.webmanifest").write_text(json.dumps({**built, "display": "minimal-ui"}))
    os.utime(tmp_path / "manifest.webmanifest", (1, 1))
    assert client.get("/manifest.webmanifest").json()["display"] == "minimal-ui"
    assert client.get("/manifest.webmanifest").json()["name"] == "Bijli Bazaar"
