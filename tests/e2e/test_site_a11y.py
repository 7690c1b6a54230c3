"""axe-core (shipped locally with axe-playwright-python) finds no serious or critical violation
on any route of the site, on a desktop and on a phone."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.e2e.test_site_pages import APP, PUBLIC

ROUTES = [*PUBLIC, *APP, "/no-such-page"]


@pytest.fixture(scope="module")
def axe() -> Axe:
    return Axe()


@pytest.mark.parametrize("fixture", ["page", "phone_page"])
@pytest.mark.parametrize("path", ROUTES)
def test_no_serious_accessibility_violations(request: pytest.FixtureRequest, axe: Axe, fixture: str, path: str) -> None:
    page: Page = request.getfixturevalue(fixture)
    page.goto(path)
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    page.wait_for_load_state("networkidle")
    results = axe.run(page)
    serious = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    report = "\n".join(
        f"{v['id']} ({v['impact']}): {v['help']} -> {[n['target'] for n in v['nodes']][:5]}" for v in serious
    )
    assert not serious, report
