"""The desk's audit trail on screen (issue 55): an agent's action is in the customer's trail as
soon as it is done; a supervisor reads the whole desk's, filters it by staff and action, and
exports it as CSV, the same entries a spreadsheet opens."""

from __future__ import annotations

import csv
import io
import uuid

from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import Server
from tests.e2e.store_steps import api_login, place_by_api
from tests.e2e.test_desk import RAMESH, desk_login, find


def test_an_agents_action_is_in_the_customers_trail_and_the_supervisor_filters_and_exports_the_desks(
    page: Page, browser: Browser, server: Server
) -> None:
    server.reset()
    api_login(page, server, RAMESH)
    number = place_by_api(page, {1: 1})
    reason = f"Customer asked for the invoice again {uuid.uuid4().hex[:6]}"

    staff = browser.new_page(base_url=server.url)
    desk_login(staff, "asha.agent", "agent-demo-secret")
    find(staff, number)
    customers = staff.get_by_role("list", name="Audit trail for this customer")
    expect(customers.get_by_role("listitem").filter(has_text="Looked up a customer").first).to_contain_text(number)
    staff.get_by_label("Reason for an action (kept in the audit log)").fill(reason)
    staff.get_by_role("button", name="Resend invoice mail").click()
    confirm = staff.get_by_role("dialog", name="Send the order's mail again?")
    expect(confirm).to_contain_text(f"Ramesh Kumar ({RAMESH})")
    confirm.get_by_role("button", name="Send it again").click()
    expect(staff.get_by_role("status").filter(has_text="Sent again")).to_be_visible()
    resent = customers.get_by_role("listitem").filter(has_text=reason)
    expect(resent).to_contain_text("Resent an order's mail")
    expect(resent).to_contain_text("asha.agent (agent)")
    expect(resent).to_contain_text("Done")
    # An agent reads a customer's trail, not the whole desk's.
    expect(staff.get_by_role("list", name="Audit trail for the whole desk")).to_have_count(0)
    staff.get_by_role("button", name="Log out").click()
    expect(staff.get_by_role("button", name="Log in")).to_be_visible()

    desk_login(staff, "vikram.supervisor", "supervisor-demo-secret")
    desk = staff.get_by_role("region", name="Audit trail for the whole desk")
    entries = desk.get_by_role("list", name="Audit trail for the whole desk")
    expect(entries.get_by_role("listitem").filter(has_text=reason)).to_contain_text(RAMESH)
    desk.get_by_label("Staff name").fill("asha.agent")
    desk.get_by_label("Action").select_option(label="Resent an order's mail")
    desk.get_by_role("button", name="Show").click()
    expect(entries.get_by_role("listitem").filter(has_text="Looked up a customer")).to_have_count(0)
    expect(entries.get_by_role("listitem").filter(has_text=reason)).to_have_count(1)
    for item in entries.get_by_role("listitem").all():
        expect(item).to_contain_text("asha.agent (agent)")

    with staff.expect_download() as download:
        desk.get_by_role("link", name="Export as CSV").click()
    path = download.value.path()
    rows = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))
    mine = [r for r in rows if r["reason"] == reason]
    assert [(r["staff"], r["action"], r["customer"], r["reference"], r["outcome"]) for r in mine] == [
        ("asha.agent", "resendOrderMail", RAMESH, number, "done")
    ]
    assert {r["staff"] for r in rows} == {"asha.agent"} and {r["action"] for r in rows} == {"resendOrderMail"}
    staff.close()
