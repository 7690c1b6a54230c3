"""The gateway serves the build's pre-rendered pages (dist/.prerendered) with the settings filled in,
and the app shell everywhere else."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from gateway.settings import Settings
from tests.conftest import GatewayClient

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "frontend" / "dist"

# path -> text of the page's heading, in the real build's HTML
HEADINGS = {
    "/": "Buy electrical stock on credit",
    "/buy-products-on-credit": "Buy products on credit",
    "/dpd": "Collections with",
    "/AboutUs": "About Bijli Bazaar",
    "/blog": "Blog",
    "/FAQ's": "Frequently Asked Questions",
    "/privacy-policy": "Privacy and Lending Policy",
    "/paynow": "Pay Now",
    "/products": "Products",
    "/product-home": "Store",
}

SHELL = (
    "<!doctype html><html><head><title>Buy electrical goods on credit</title></head>"
    '<body><div id="root"></div></body></html>'
)
PAGE = (
    "<!doctype html><html><head><title>Lenders | %%productName%%</title></head><body>"
    '<div id="root"><h1>Collections with %%productName%%</h1><a href="%%signIn.lender%%">Lender Portal</a></div>'
    "</body></html>"
)


def _inline_config(html: str) -> dict[str, object]:
    found = re.search(r'<script id="app-config" type="application/json">(.*?)</script>', html, re.S)
    assert found, html
    config: dict[str, object] = json.loads(found.group(1))
    return config


def _heading(html: str) -> str:
    found = re.search(r"<h1[^>]*>(.*?)</h1>", html, re.S)
    assert found, html
    return re.sub(r"<[^>]+>", "", found.group(1))


@pytest.fixture
def real_build(
    make_client: Callable[[Settings], GatewayClient], make_settings: Callable[..., Settings]
) -> GatewayClient:
    if not (DIST / ".prerendered" / "routes.json").is_file():
        pytest.fail(f"{DIST} has no pre-rendered pages: run `npm run build` (make test does).")
    return make_client(make_settings(static_dir=str(DIST), product_name="Bijli Bazaar"))


@pytest.mark.parametrize(("path", "heading"), HEADINGS.items(), ids=list(HEADINGS))
def test_a_prerendered_route_answers_its_page_with_the_product_name(
    real_build: GatewayClient, path: str, heading: str
) -> None:
    answer = real_build.get(path)
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    assert answer.headers["cache-control"] == "no-cache"
    assert heading in _heading(answer.text)
    assert "Bijli Bazaar" in answer.text
    assert "%%" not in answer.text
    assert re.search(r"<title>[^<]*Bijli Bazaar[^<]*</title>", answer.text)
    assert _inline_config(answer.text) == real_build.get("/api/config").json()
    # No inline script but the configuration (data): the Content-Security-Policy would block one.
    scripts = re.findall(r"<script\b[^>]*>", answer.text)
    assert all(' src="' in s or 'type="application/json"' in s for s in scripts), scripts


@pytest.mark.parametrize("path", ["/product-details/12", "/shopping-cart", "/payment", "/no/such", "/login"])
def test_other_routes_get_the_empty_app_shell(real_build: GatewayClient, path: str) -> None:
    answer = real_build.get(path)
    assert answer.status_code == 200
    assert '<div id="root"></div>' in answer.text
    assert "<title>Bijli Bazaar | Buy electrical goods on credit</title>" in answer.text


@pytest.mark.parametrize("path", ["/.prerendered/routes.json", "/.prerendered/0.html", "/.vite/manifest.json"])
def test_the_build_internals_are_not_served(real_build: GatewayClient, path: str) -> None:
    assert real_build.get(path).status_code == 404


def test_settings_are_filled_in_escaped(
    make_client: Callable[[Settings], GatewayClient], make_settings: Callable[..., Settings], tmp_path: Path
) -> None:
    (tmp_path / "index.html").write_text(SHELL)
    (tmp_path / ".prerendered").mkdir()
    (tmp_path / ".prerendered" / "routes.json").write_text(json.dumps({"/dpd": "0.html"}))
    (tmp_path / ".prerendered" / "0.html").write_text(PAGE)
    name = "Volt</h1><script>alert(1)</script>"
    client = make_client(
        make_settings(static_dir=str(tmp_path), product_name=name, lender_portal_url='https://lend.example/?a=1&b="2"')
    )
    page = client.get("/dpd").text
    assert "<script>alert(1)" not in page
    assert "<h1>Collections with Volt&lt;/h1&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h1>" in page
    assert '<a href="https://lend.example/?a=1&amp;b=&quot;2&quot;">' in page
    assert "<title>Lenders | Volt&lt;/h1&gt;" in page
    assert _inline_config(page)["productName"] == name
    # The trailing slash is the same page; an unlisted path the shell.
    assert "Collections with" in client.get("/dpd/").text
    assert '<div id="root"></div>' in client.get("/blog").text


def test_a_build_without_prerendered_pages_serves_the_shell_everywhere(
    make_client: Callable[[Settings], GatewayClient], make_settings: Callable[..., Settings], tmp_path: Path
) -> None:
    (tmp_path / "index.html").write_text(SHELL)
    client = make_client(make_settings(static_dir=str(tmp_path)))
    assert '<div id="root"></div>' in client.get("/dpd").text


def _tag(html: str, pattern: str) -> str:
    found = re.search(pattern, html)
    assert found, pattern
    return found.group(0)


def test_form_controls_are_served_disabled_until_their_part_hydrates(real_build: GatewayClient) -> None:
    home = real_build.get("/").text
    # The footer's newsletter field (a lazily loaded part) and the header's buttons alike.
    newsletter = _tag(home, r'<input[^>]*id="newsletter-email"[^>]*>')
    assert 'disabled=""' in newsletter
    assert 'data-until-hydrated=""' in newsletter
    menu = _tag(home, r'<button[^>]*aria-controls="main-menu"[^>]*>')
    assert 'disabled=""' in menu
    assert 'data-until-hydrated=""' in menu
    # Every control the HTML disabled is marked, so each part of the app knows which to enable.
    for control in re.findall(r"<(?:input|button|select|textarea)\b[^>]*>", home):
        assert ("disabled" in control) and ("data-until-hydrated" in control), control


@pytest.mark.parametrize(
    ("path", "reads_query"),
    [("/", False), ("/dpd", False), ("/paynow", False), ("/products", True), ("/product-home", True)],
)
def test_pages_whose_render_reads_the_query_say_so(real_build: GatewayClient, path: str, reads_query: bool) -> None:
    # The app hydrates a page with any query unless its HTML says the query changes what it shows.
    root = _tag(real_build.get(path + "?utm_source=news").text, r'<div id="root"[^>]*>')
    assert ("data-reads-query" in root) is reads_query
