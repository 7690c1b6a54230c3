"""axe-core (shipped locally with axe-playwright-python) finds no serious or critical violation
on the page-not-found screen and with the menus and form messages open, on a desktop and on a
phone (every route of the site is checked with its heading, in test_site_pages)."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.e2e.conftest import axe_violations

ROUTES = ["/no-such-page"]


@pytest.mark.parametrize("fixture", ["page", "phone_page"])
@pytest.mark.parametrize("path", ROUTES)
def test_no_serious_accessibility_violations(request: pytest.FixtureRequest, axe: Axe, fixture: str, path: str) -> None:
    page: Page = request.getfixturevalue(fixture)
    page.goto(path)
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    page.wait_for_load_state("networkidle")
    report = axe_violations(axe, page)
    assert not report, report


def _serious(axe: Axe, page: Page) -> str:
    return axe_violations(axe, page)


def test_open_menus_are_accessible(page: Page, phone_page: Page, axe: Axe) -> None:
    page.goto("/")
    page.get_by_role("button", name="Sign In").click()
    expect(page.get_by_role("link", name="Lender Portal")).to_be_visible()
    assert _serious(axe, page) == ""
    phone_page.goto("/")
    phone_page.get_by_role("button", name="Open menu").click()
    expect(phone_page.get_by_role("navigation", name="Main")).to_be_visible()
    assert _serious(axe, phone_page) == ""


def test_form_messages_are_accessible(page: Page, axe: Axe) -> None:
    page.goto("/delete-data-policy")
    page.get_by_label("Name", exact=True).fill("Asha Traders")
    page.get_by_label("Email", exact=True).fill("asha@shop.example")
    page.get_by_label("Mobile number", exact=True).fill("9876543210")
    page.get_by_role("button", name="Submit request").click()
    expect(page.get_by_text("Mail sent successfully!")).to_be_visible()
    assert _serious(axe, page) == ""
