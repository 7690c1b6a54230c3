"""A new build reaches a returning visitor on their next visit: the service worker that kept the
old build's pages for reading offline never answers a page from them while the network answers,
and a changed worker takes over at once, with no tab to close. The installed app is named as the
deployment names the product (PRODUCT_NAME), not as the build did.

The gateway here serves its own copy of the build, which the test then changes as a deploy would:
every page names a new build (<meta name="build-id">) and the service worker's script differs."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import DESKTOP, ROOT, STATIC_DIR, PageGuard, Server, run_gateway
from tests.e2e.test_offline import KEPT

PRODUCT_NAME = "Bijli Bazaar"
NEW_BUILD = "0a1b2c3d4e5f"


@pytest.fixture(scope="module")
def deployed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Path]]:
    dist = tmp_path_factory.mktemp("deploy") / "dist"
    shutil.copytree(STATIC_DIR, dist)
    overrides = {"STATIC_DIR": str(dist), "PRODUCT_NAME": PRODUCT_NAME}
    for server in run_gateway(overrides, ROOT / ".e2e-new-build.log"):
        yield server, dist


def build_id(page_html: str) -> str:
    found = re.search(r'<meta name="build-id" content="([^"]+)"', page_html)
    assert found, "the page names no build"
    return found.group(1)


def deploy_new_build(dist: Path, old: str) -> None:
    """The same app as a new build: every page names the new build, and the worker's script has
    changed (a new build's worker lists other files), as `npm run build` and a deploy would leave it."""
    pages = [dist / "index.html", *(dist / ".prerendered").glob("*.html")]
    for page in pages:
        page.write_text(page.read_text().replace(f'content="{old}"', f'content="{NEW_BUILD}"'))
    worker = dist / "sw.js"
    worker.write_text(worker.read_text() + f'\nself.buildId = "{NEW_BUILD}";\n')


def test_a_returning_visitor_gets_the_new_build_on_their_next_visit(
    browser: Browser, deployed: tuple[Server, Path]
) -> None:
    server, dist = deployed
    context = browser.new_context(base_url=server.url, locale="en-IN", **DESKTOP)
    context.set_default_timeout(10_000)
    guard = PageGuard(origin=server.url)
    page = context.new_page()
    guard.attach(page)
    try:
        # The first visit: the worker arrives, takes the page over and keeps it.
        page.goto("/products")
        expect(page.get_by_test_id("product-card").first).to_be_visible()
        assert page.evaluate(KEPT) == "kept"
        old = page.locator('meta[name="build-id"]').get_attribute("content")
        assert old and old != NEW_BUILD

        # Installable, under the deployment's name.
        cdp = context.new_cdp_session(page)
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == []
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == []
        assert json.loads(manifest["data"])["name"] == PRODUCT_NAME
        cdp.detach()

        deploy_new_build(dist, old)

        # The next visit: the new build's page, from the network, and the new worker in charge,
        # with the old tab still open (no "close every tab to update").
        with context.expect_event("serviceworker") as arrived:
            page.goto("/products")
        expect(page.locator('meta[name="build-id"]')).to_have_attribute("content", NEW_BUILD)
        expect(page.get_by_test_id("product-card").first).to_be_visible()
        assert arrived.value.evaluate("self.buildId") == NEW_BUILD
        controller = """async () => {
            const until = Date.now() + 10000;
            while (Date.now() < until) {
                const registration = await navigator.serviceWorker.getRegistration();
                if (registration?.active?.state === 'activated' && !registration.installing && !registration.waiting
                    && navigator.serviceWorker.controller) return 'new';
                await new Promise((next) => setTimeout(next, 50));
            }
            return 'old';
        }"""
        assert page.evaluate(controller) == "new"
        # And the page the visitor reads next is the new build's too (not the kept copy of the old).
        page.goto("/product-home")
        expect(page.locator('meta[name="build-id"]')).to_have_attribute("content", NEW_BUILD)
        guard.check()
    finally:
        context.close()
