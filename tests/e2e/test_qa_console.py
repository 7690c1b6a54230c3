"""The QA console (/qa, issue 59): a tester reads a login's code on it, sets "lender down" and sees
the portal's 503 in the journal under its trace id, clears it, moves the one clock 40 days and
sees the loans' dues and a reminder follow, and resets the world; sees a repayment's charge in
Money with every invariant holding; logs in as the overdue borrower from People; the console
itself is accessible; another tester's hold on the shared world shows, with the controls it
turns off. (In production /qa and /_mocks answer 404: tests/integration/test_gateway_shell.py.)"""

from __future__ import annotations

import re

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import BrowserContext, Locator, Page, expect

from tests.e2e.conftest import PageGuard, Server, axe_violations
from tests.e2e.portal_steps import RAMESH, open_payment, pay_in_checkout, start_login, start_partial_payment
from tests.e2e.store_steps import api_login, place_by_api

# Moving the clock 40 days walks it in 15-minute steps, each doing what falls due.
CLOCK_WALK_MS = 120_000


def section(page: Page, name: str) -> Locator:
    return page.get_by_role("region", name=name)


def dues_row(page: Page, loan_number: str) -> Locator:
    return section(page, "The one clock").get_by_role("row").filter(has=page.get_by_role("rowheader", name=loan_number))


def test_a_tester_drives_the_mocks_from_the_console(
    page: Page, context: BrowserContext, server: Server, page_guard: PageGuard, axe: Axe
) -> None:
    page_guard.allow_failed_status.add(503)  # the portal's answer while the lender is down
    page_guard.allow_console.append("status of 503")
    portal = context.new_page()
    page_guard.attach(portal)

    page.goto("/qa")
    expect(page.get_by_role("heading", name="QA console", level=1)).to_be_visible()
    clock = section(page, "The one clock")
    expect(clock.get_by_role("status")).to_contain_text("Real time.")
    days_past_due = int(dues_row(page, "LN-1001").get_by_role("cell").nth(3).inner_text())
    expect(dues_row(page, "LN-1004")).to_contain_text("Current")

    # A login sends a code: the tester reads it on the console and the borrower logs in with it.
    start_login(portal, RAMESH)
    outboxes = section(page, "Outboxes")
    waiting = outboxes.get_by_role("list", name="Login codes waiting").get_by_role("listitem").filter(has_text=RAMESH)
    expect(waiting).to_contain_text(re.compile(r"Code \d{6}"))
    code = re.search(r"Code (\d{6})", waiting.inner_text())
    assert code is not None
    narrowed = outboxes.get_by_label("Only this mobile number or e-mail address")
    narrowed.fill("9123456780")  # another number's: Ramesh's code is not among them
    expect(waiting).to_have_count(0)
    narrowed.fill("")
    portal.locator("main").get_by_label("One-time code").fill(code.group(1))
    portal.locator("main").get_by_role("button", name="Verify", exact=True).click()
    expect(portal).to_have_url(re.compile(r"/payment$"))
    expect(waiting).to_have_count(0)  # a used code leaves the outbox

    # Lender down: the portal's next read of the lender answers 503, and the journal shows the
    # lender's answers to that request under the trace id the portal was given.
    faults = section(page, "Faults")
    faults.get_by_role("button", name="Set: Lender down").click()
    expect(faults.get_by_role("button", name="Clear: Lender down")).to_have_attribute("aria-pressed", "true")
    expect(faults.get_by_role("status")).to_contain_text("lending /*")
    with portal.expect_response(lambda r: "/api/" in r.url and r.status == 503) as failed:
        portal.reload()
    trace_id = failed.value.json()["traceId"]
    assert trace_id == failed.value.headers["x-request-id"]
    journal = section(page, "Journal: what each mock received")
    journal.get_by_label("Trace id").fill(trace_id)
    rows = journal.get_by_role("row").filter(has_text=trace_id)
    expect(rows.first).to_contain_text("lending")
    expect(rows.first.get_by_role("cell").nth(3)).to_have_text("503")
    rows.first.get_by_role("button", name=trace_id).click()  # every call of that request, kept filtered
    expect(journal.get_by_label("Trace id")).to_have_value(trace_id)
    faults.get_by_role("button", name="Clear: Lender down").click()
    expect(faults.get_by_role("status")).to_contain_text("None: every mock answers as itself.")
    portal.reload()
    expect(portal.locator("main")).to_contain_text("12,450.00")

    # The one clock 40 days on: LN-1004 falls due and is overdue, LN-1001 is 40 days later, and
    # the lender's reminders went out on the way.
    clock.get_by_label("Days").fill("40")
    clock.get_by_role("button", name="Move the clock").click()
    expect(clock.get_by_role("status")).to_contain_text("960 hours from real time.", timeout=CLOCK_WALK_MS)
    expect(dues_row(page, "LN-1004")).to_contain_text("Overdue")
    expect(dues_row(page, "LN-1001").get_by_role("cell").nth(3)).to_have_text(str(days_past_due + 40))
    reminders = outboxes.get_by_role("list", name="Due reminders the lender sent")
    expect(reminders.get_by_role("listitem").filter(has_text="LN-1004").first).to_be_visible()
    assert axe_violations(axe, page) == ""

    # Reset the world, asked first: the clock real again, reminders and journal gone.
    portal.close()
    page.get_by_role("button", name="Reset the world").click()
    page.get_by_role("dialog", name="Reset the world?").get_by_role("button", name="Yes, reset everything").click()
    expect(section(page, "The world").get_by_role("status").filter(has_text="The world is reset.")).to_be_visible()
    expect(clock.get_by_role("status")).to_contain_text("Real time.")
    expect(dues_row(page, "LN-1004")).to_contain_text("Current")
    expect(reminders).to_have_count(0)
    journal.get_by_role("button", name="Every trace").click()
    expect(journal.get_by_role("status")).to_contain_text("0 of 0 calls shown")


def test_a_tester_moves_an_order_on_from_the_console_by_keyboard(
    page: Page, server: Server, page_guard: PageGuard
) -> None:
    page_guard.allow_console.append("status of 409")  # the mock's refusal, shown on the console
    api_login(page, server, RAMESH)
    number = place_by_api(page, {1: 1})
    page.goto("/qa")
    world = section(page, "The world")
    world.get_by_label("Order number").fill(number)
    world.get_by_role("combobox", name=re.compile(r"^Move")).select_option(
        label="One step on (packed, shipped, delivered)"
    )
    world.get_by_label("Order number").focus()
    page.keyboard.press("Enter")  # the form's own submit, as a keyboard user sends it
    expect(world.get_by_role("status").filter(has_text="Order")).to_have_text(re.compile(r"^Order \w+$"))
    world.get_by_role("combobox", name=re.compile(r"^Move")).select_option(label="Expire it unpaid")
    world.get_by_role("button", name="Move the order").click()
    refused = f"Order {number} is not waiting for an online payment."
    expect(world.get_by_role("status").filter(has_text=refused)).to_be_visible()


def test_the_console_is_in_english_whatever_the_pages_language(
    page: Page, context: BrowserContext, server: Server
) -> None:
    context.add_cookies([{"name": "lang", "value": "hi", "url": server.url}])
    page.goto("/qa")
    expect(page.locator("html")).to_have_attribute("lang", re.compile(r"^hi"))
    expect(page.get_by_role("heading", name="QA console", level=1)).to_be_visible()
    expect(section(page, "Faults").get_by_role("button", name="Set: Lender down")).to_be_visible()


def test_a_tester_sees_a_repayments_charge_and_the_money_invariants_hold(
    page: Page, context: BrowserContext, server: Server, page_guard: PageGuard
) -> None:
    server.reset()
    portal = context.new_page()
    page_guard.attach(portal)
    open_payment(portal, server)
    start_partial_payment(portal, "1000")
    pay_in_checkout(portal)
    expect(portal.locator("main").get_by_text("Total overdue")).to_contain_text("₹11,450.00")

    page.goto("/qa")
    money = section(page, "Money")
    charge = money.get_by_role("table", name="Charges the provider took").get_by_role("row").filter(has_text="1000.00")
    expect(charge).to_have_count(1)
    expect(charge.get_by_role("cell").nth(1)).to_have_text("1000.00")  # exact, as the ledger holds it
    expect(charge.get_by_role("cell").nth(2)).to_have_text("0.00")
    repayment = charge.get_by_role("rowheader").inner_text()
    booked = money.get_by_role("table", name="Repayments and their bookings at the lender").get_by_role("row")
    expect(booked.filter(has_text=repayment)).to_contain_text("paid")
    invariants = money.get_by_role("list", name="Invariants now")
    expect(invariants.get_by_role("listitem").first).to_be_visible()
    # The verdict is the item's first word: a rule's own name may say "failed" (a failed debit books nothing).
    verdict = page.locator("strong").filter(has_text=re.compile(r"^Fail$"))
    expect(invariants.get_by_role("listitem").filter(has=verdict)).to_have_count(0)
    expect(money.get_by_role("status")).to_have_text(re.compile(r"^(\d+) of \1 hold\.$"))
    # The provider's settlement report: the charge in transit until tomorrow, its fee and tax beside it.
    settled = money.get_by_role("table", name="Settlements the provider reports").get_by_role("row")
    entry = settled.filter(has_text=repayment)
    expect(entry).to_have_count(1)
    expect(entry.get_by_role("cell").nth(1)).to_have_text("1000.00")
    expect(entry.get_by_role("cell").nth(2)).to_have_text("19.00")
    expect(entry.get_by_role("cell").nth(3)).to_have_text("3.42")
    expect(entry.get_by_role("cell").nth(5)).to_contain_text("In transit until")
    expect(money.get_by_text("No payout yet:", exact=False)).to_be_visible()

    # The receipt mail, as Ramesh reads it, and its PDF opened from the console.
    receipt = section(page, "Outboxes").get_by_role("article").filter(has_text="₹1,000.00").first
    expect(receipt).to_contain_text("ramesh.kumar@shop.example")
    opened = receipt.get_by_role("link", name=re.compile(r"^Open receipt-.+\.pdf \(PDF\)$"))
    href = opened.get_attribute("href")
    assert href is not None and opened.get_attribute("target") == "_blank"
    pdf = page.request.get(href)
    assert pdf.status == 200 and pdf.headers["content-type"] == "application/pdf"
    assert pdf.body().startswith(b"%PDF")


def test_a_tester_logs_in_as_the_overdue_borrower_from_people(
    page: Page, context: BrowserContext, server: Server, page_guard: PageGuard
) -> None:
    server.reset()
    page.goto("/qa")
    people = section(page, "People")
    borrower = people.get_by_role("row").filter(has_text="The overdue borrower")
    expect(borrower.get_by_role("rowheader")).to_have_text("Ramesh Kumar")
    with context.expect_page() as opened:
        borrower.get_by_role("button", name=re.compile(r"^Log in as Ramesh Kumar")).click()
    portal = opened.value
    page_guard.attach(portal)
    # The real login: the number typed on /paynow, the code from the outbox typed on /verify-otp.
    expect(portal).to_have_url(re.compile(r"/payment$"))
    expect(portal.locator("main")).to_contain_text("Ramesh Kumar")
    expect(portal.locator("main").get_by_text("Total overdue")).to_contain_text("₹12,450.00")
    expect(people.get_by_role("status")).to_have_text("Logged in as Ramesh Kumar in the new tab.")
    # The desk's staff: what each is for and how to log in there, on the desk's own login page.
    staff = people.get_by_role("table", name="Staff")
    agent = staff.get_by_role("row").filter(has=page.get_by_role("rowheader", name="asha.agent"))
    expect(agent).to_contain_text("desk agent")
    expect(agent).to_contain_text("cannot cancel or refund")
    expect(agent).to_contain_text("Secret agent-demo-secret")
    expect(agent.get_by_role("link", name="Open the desk's login in a new tab")).to_have_attribute("href", "/desk")
    expect(staff.get_by_role("rowheader", name="vikram.supervisor")).to_be_visible()


def test_a_hold_on_the_shared_world_is_shown_to_the_others_and_turns_their_controls_off(
    page: Page, server: Server
) -> None:
    """Another tester's hold (taken through the control API, as a script or their console takes
    it) shows on this console with who and until when, the world-changing buttons off with the
    reason; released, they are on again; without a QA login the console asks this tester's name."""
    asha = {"X-QA-Tester": "asha.qa"}
    page.goto("/qa")
    hold = section(page, "Hold on the shared world")
    clock = section(page, "The one clock")
    expect(hold.get_by_role("status")).to_contain_text("Nobody holds the mocks")
    assert page.request.post(f"{server.url}/_mocks/hold", headers=asha, data={"minutes": 30}).ok
    try:
        # The console reads the hold every 5 seconds.
        expect(hold.get_by_role("status")).to_contain_text(
            re.compile(r"Held by asha\.qa since .* until "), timeout=15_000
        )
        expect(clock).to_contain_text("asha.qa holds the shared mocks until")
        expect(clock.get_by_role("button", name="Move the clock")).to_be_disabled()
        expect(section(page, "Faults").get_by_role("button", name="Set: Lender down")).to_be_disabled()
        expect(section(page, "The world").get_by_role("button", name="Reset the world")).to_be_disabled()
        expect(hold.get_by_role("button", name="Take the hold")).to_have_count(0)
        refused = page.request.post(f"{server.url}/_mocks/clock", data={"days": 1})
        assert refused.status == 409 and refused.json()["holder"] == "asha.qa"
    finally:
        page.request.delete(f"{server.url}/_mocks/hold", headers=asha)
    expect(hold.get_by_role("status")).to_contain_text("Nobody holds the mocks", timeout=15_000)
    expect(clock.get_by_role("button", name="Move the clock")).to_be_enabled()

    hold.get_by_label("Your name").fill("ravi.qa")
    hold.get_by_role("button", name="Take the hold").click()
    try:
        expect(hold.get_by_role("status")).to_contain_text("You (ravi.qa) hold the shared mocks")
        expect(clock.get_by_role("button", name="Move the clock")).to_be_enabled()
        hold.get_by_role("button", name="Release the hold").click()
        expect(hold.get_by_role("status")).to_contain_text("Nobody holds the mocks")
    finally:  # the other e2e tests share this world
        page.request.delete(f"{server.url}/_mocks/hold", headers={"X-QA-Tester": "ravi.qa"})


def test_a_tester_approves_a_mandate_and_makes_the_bank_decline_its_debits_from_the_console(
    page: Page, context: BrowserContext, server: Server
) -> None:
    """A borrower sets up UPI AutoPay on LN-1001; the tester sees it waiting, approves it in the
    payer's stead, sees the lender keep it (its reminders will say AutoPay takes the instalment),
    and makes the bank decline its next debits; the borrower's page follows."""
    portal = context.new_page()
    open_payment(portal, server, RAMESH)
    portal.goto("/loans/LN-1001")
    autopay = portal.locator("main").get_by_role("region", name="AutoPay")
    autopay.get_by_label("E-mail for the notices").fill("ramesh@example.in")
    autopay.get_by_role("button", name="Set up AutoPay").click()
    status = autopay.get_by_role("status", name="AutoPay status")
    expect(status).to_have_text("Waiting for your approval in your UPI app")

    page.goto("/qa")
    mandates = section(page, "Mandates")
    row = mandates.get_by_role("table", name="Mandates").get_by_role("row").filter(has_text="LN-1001")
    expect(row.get_by_role("cell").nth(3)).to_have_text("INITIALIZED")
    expect(row.get_by_role("cell").nth(4)).to_have_text("no")
    mandates.get_by_role("combobox", name=re.compile(r"^Word")).select_option(
        "Approved in the UPI app (eNACH: registered by the bank)"
    )
    mandates.get_by_role("button", name="Tell the provider").click()
    expect(mandates.get_by_role("status").get_by_text("The mandate is now ACTIVE.")).to_be_visible()
    expect(row.get_by_role("cell").nth(3)).to_have_text("ACTIVE")
    expect(row.get_by_role("cell").nth(4)).to_have_text("yes", timeout=30_000)  # told by the gateway's webhook
    expect(status).to_have_text("Active", timeout=30_000)

    mandates.get_by_role("spinbutton", name=re.compile(r"^Attempts declined")).fill("4")
    mandates.get_by_role("button", name="Decline them").click()
    expect(mandates.get_by_role("status").get_by_text("The bank will decline the next 4 attempts.")).to_be_visible()
    expect(row.get_by_role("cell").nth(3)).to_have_text(
        "ACTIVE · bank declines the next 4 attempts (Insufficient funds in the account)"
    )

    # Cancelled, so the gateway's records (which outlive the mocks' reset) leave the loan free.
    autopay.get_by_role("button", name="Cancel AutoPay").click()
    expect(status).to_have_text("Cancelled")
    expect(row.get_by_role("cell").nth(3)).to_have_text("CANCELLED")
