"""The catalogue's pictures as smaller raster files (upstream_mocks/catalogue/pictures.py) and the
store API's picture sources made of them (docs/decisions/light-pictures.md)."""

from __future__ import annotations

import io

from PIL import Image

from tests.conftest import GatewayClient
from tests.integration.test_store_api import log_in


def test_each_product_offers_avif_and_webp_files_whose_bytes_never_change(client: GatewayClient) -> None:
    product = client.get("/api/store/products/1").json()
    avif, webp = product["pictureSources"]
    assert (avif["type"], webp["type"]) == ("image/avif", "image/webp")
    for source in (avif, webp):
        candidates = [c.rsplit(" ", 1) for c in source["srcset"].split(", ")]
        assert [width for _, width in candidates] == ["160w", "320w", "480w"]
        assert source["lightSrcset"] == " ".join(candidates[0])
        for url, width in candidates:
            answer = client.get(url)
            assert answer.status_code == 200, url
            assert answer.headers["content-type"] == source["type"]
            assert answer.headers["cache-control"] == "public, max-age=31536000, immutable"
            picture = Image.open(io.BytesIO(answer.content))
            assert picture.format == source["type"].split("/")[1].upper()
            assert f"{picture.width}w" == width
            assert picture.height == round(picture.width * 340 / 400)
    # What a phone saving data gets: a few KB.
    smallest = client.get(avif["lightSrcset"].split(" ")[0]).content
    assert len(smallest) < 4_000


def test_a_picture_address_of_another_drawing_or_width_is_not_found(client: GatewayClient) -> None:
    url = client.get("/api/store/products/1").json()["pictureSources"][0]["lightSrcset"].split(" ")[0]
    stem, version, ext = url.rsplit(".", 2)
    assert client.get(f"{stem}.{'0' * len(version)}.{ext}").status_code == 404  # not the drawing of today
    assert client.get(url.replace("-160.", "-170.")).status_code == 404  # not a width made
    assert client.get(url.replace("/1-160.", "/999999-160.")).status_code == 404  # no such product


def test_a_cart_line_offers_its_product_s_smaller_files(client: GatewayClient) -> None:
    log_in(client)
    put = client.put("/api/store/cart/items/3", json={"quantity": 2}, headers=client.xsrf())
    assert put.status_code == 200, put.text
    product = client.get("/api/store/products/3").json()
    # The cart's answer to the change, and the cart read afterwards, offer the list's sources.
    for cart in (put.json(), client.get("/api/store/cart").json()):
        (line,) = cart["items"]
        assert [s["type"] for s in line["pictureSources"]] == ["image/avif", "image/webp"]
        assert line["pictureSources"] == product["pictureSources"]
