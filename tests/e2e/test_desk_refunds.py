"""Refunds on the desk end to end (issue 55): an agent asks for two partial refunds of an order
paid online, each confirmed with the amount and the customer; a supervisor approves the small one
(given back at once) and the first approval of the one above the limit; a second supervisor
approves that, and it is given back too; the shopper's order page shows each refund."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import SECOND_SUPERVISOR, Server
from tests.e2e.store_steps import api_login, place_by_api
from tests.e2e.test_desk import RAMESH, desk_login, find, pay_at_provider


def ask_refund(staff: Page, amount: str, reason: str, note: str) -> None:
    form = staff.get_by_role("form", name="Ask for a refund")
    form.get_by_label("Amount to refund (₹)").fill(amount)
    form.get_by_label("Reason code").select_option(label=reason)
    form.get_by_label("Note for the refund").fill(note)
    form.get_by_role("button", name="Ask for a refund").click()
    confirm = staff.get_by_role("dialog", name="Ask for this refund?")
    expect(confirm).to_contain_text(f"₹{amount}.00")
    expect(confirm).to_contain_text(f"Ramesh Kumar ({RAMESH})")
    confirm.get_by_role("button", name="Ask for the refund").click()


def approve(staff: Page, amount: str) -> None:
    asked = staff.get_by_role("list", name="Refunds asked for").get_by_role("listitem").filter(has_text=f"₹{amount}")
    asked.get_by_role("button", name="Approve").click()
    confirm = staff.get_by_role("dialog", name="Approve this refund?")
    expect(confirm).to_contain_text(f"Refund ₹{amount} to Ramesh Kumar ({RAMESH})")
    confirm.get_by_role("button", name="Approve").click()


def test_an_agent_asks_and_one_then_two_supervisors_approve_partial_refunds(
    page: Page, browser: Browser, server: Server
) -> None:
    server.reset()
    api_login(page, server, RAMESH)
    number = place_by_api(page, {1: 1}, "online")
    order = page.request.get(f"/api/orders/{number}").json()
    pay_at_provider(server, order["payment"]["paymentSessionId"])

    staff = browser.new_page(base_url=server.url)
    desk_login(staff, "asha.agent", "agent-demo-secret")
    find(staff, number)
    ask_refund(staff, "40", "Goodwill", "Late delivery")
    expect(staff.get_by_role("status").filter(has_text="Refund of")).to_contain_text(
        "Refund of ₹40.00 asked for; it waits for 1 more approval."
    )
    ask_refund(staff, "105", "Damaged goods", "Two pipes cracked")
    expect(staff.get_by_role("status").filter(has_text="₹105.00")).to_contain_text("waits for 2 more approval")
    refunds = staff.get_by_role("list", name="Refunds asked for")
    # The customer's refunds from other tests are listed too (the desk's outlive the mocks' reset).
    mine = refunds.get_by_role("listitem").filter(has_text=number)
    expect(mine.filter(has_text="₹40.00")).to_have_count(1)
    expect(mine.filter(has_text="₹105.00")).to_have_count(1)
    expect(refunds.get_by_role("button", name="Approve")).to_have_count(0)  # agents do not approve
    staff.get_by_role("button", name="Log out").click()
    # The logout must reach the desk before the next login opens the page, or the page stays logged in.
    expect(staff.get_by_role("button", name="Log in")).to_be_visible()

    desk_login(staff, "vikram.supervisor", "supervisor-demo-secret")
    find(staff, number)
    approve(staff, "40.00")
    small = refunds.get_by_role("listitem").filter(has_text="₹40.00")
    expect(small).to_contain_text("Given back")
    approve(staff, "105.00")
    big = refunds.get_by_role("listitem").filter(has_text="₹105.00")
    expect(big).to_contain_text("approvals 1 of 2 (vikram.supervisor)")
    expect(big).to_contain_text("Waiting for approval")
    expect(big.get_by_role("button", name="Approve")).to_have_count(0)  # not twice by the same supervisor
    staff.get_by_role("button", name="Log out").click()
    expect(staff.get_by_role("button", name="Log in")).to_be_visible()

    desk_login(staff, *SECOND_SUPERVISOR)
    find(staff, number)
    approve(staff, "105.00")
    expect(big).to_contain_text("Given back")
    expect(big).to_contain_text("approvals 2 of 2 (vikram.supervisor, meera.supervisor)")
    audit = staff.get_by_role("list", name="Audit trail for this customer")
    sent = audit.get_by_role("listitem").filter(has_text="Refund sent to the provider").filter(has_text=number)
    expect(sent).to_have_count(2)
    staff.close()

    # The shopper's own order page shows each refund, where it stands.
    page.goto(f"/orders/{number}")
    given = page.get_by_role("list", name="Refunds from our support team").get_by_role("listitem")
    expect(given).to_have_count(2)
    expect(given.nth(0)).to_contain_text("₹40.00")
    expect(given.nth(1)).to_contain_text("₹105.00")
    expect(given.filter(has_text="Given back to your card or UPI")).to_have_count(2)


def test_the_banks_word_on_each_refund_reaches_the_desk_and_the_shoppers_order_page(
    page: Page, browser: Browser, server: Server
) -> None:
    server.reset()
    api_login(page, server, RAMESH)
    # The second order since the reset: the desk's refunds outlive a reset of the mocks, which
    # numbers orders afresh, and the test above has its refunds on the first.
    place_by_api(page, {2: 1}, "cod")
    number = place_by_api(page, {1: 1}, "online")
    order = page.request.get(f"/api/orders/{number}").json()
    pay_at_provider(server, order["payment"]["paymentSessionId"])
    # The bank holds the next two refunds (for ten minutes, longer than this test), until its word below.
    server.scenario(mock="payments", path="refund", refund="onHold", delayMs=600_000, times=2)

    staff = browser.new_page(base_url=server.url)
    desk_login(staff, "asha.agent", "agent-demo-secret")
    find(staff, number)
    ask_refund(staff, "30", "Goodwill", "Late delivery")
    ask_refund(staff, "20", "A fee charged wrongly", "Delivery fee charged twice")
    refunds = staff.get_by_role("list", name="Refunds asked for")
    for amount in ("30.00", "20.00"):  # the customer's earlier refunds are listed too
        expect(refunds.get_by_role("listitem").filter(has_text=f"₹{amount}")).to_contain_text("Waiting for approval")
    staff.get_by_role("button", name="Log out").click()
    expect(staff.get_by_role("button", name="Log in")).to_be_visible()
    desk_login(staff, "vikram.supervisor", "supervisor-demo-secret")
    find(staff, number)
    for amount in ("30.00", "20.00"):
        approve(staff, amount)
        expect(refunds.get_by_role("listitem").filter(has_text=f"₹{amount}")).to_contain_text("On hold at the provider")

    support = page.get_by_role("list", name="Refunds from our support team").get_by_role("listitem")
    page.goto(f"/orders/{number}")
    expect(support.filter(has_text="On its way to your card or UPI")).to_have_count(2)

    # The bank pays one out and gives the other up: the shopper hears it first, nobody at the desk looking.
    held = {r["amount"]: r["providerRefundId"] for r in staff.request.get(f"/api/desk/refunds?order={number}").json()}
    for amount, word in (("30.00", "SUCCESS"), ("20.00", "CANCELLED")):
        told = server.http.post(f"/_mocks/payments/refunds/{held[amount]}/bank", json={"refund_status": word})
        told.raise_for_status()
    page.reload()
    expect(support.filter(has_text="₹30.00")).to_contain_text("Given back to your card or UPI")
    expect(support.filter(has_text="₹20.00")).to_contain_text("Cancelled by the bank; please call us")
    staff.reload()  # the desk's next look at the customer lists the refunds again
    find(staff, number)
    expect(refunds.get_by_role("listitem").filter(has_text="₹30.00")).to_contain_text("Given back")
    expect(refunds.get_by_role("listitem").filter(has_text="₹20.00")).to_contain_text("Cancelled by the provider")
    staff.close()


def test_a_refund_the_bank_gave_up_is_asked_again_or_paid_another_way_from_the_desk(
    page: Page, browser: Browser, server: Server
) -> None:
    """Two refunds the bank gives up need a person on the desk: the agent asks the provider for one
    again with its button (given back), and records the other as paid by bank transfer with its
    reference; the desk and the shopper's order page then say the same of each."""
    server.reset()
    api_login(page, server, RAMESH)
    # The third order since the reset: the tests above have their refunds on the first two (the
    # desk's refunds outlive a reset of the mocks, which numbers orders afresh).
    place_by_api(page, {2: 1}, "cod")
    place_by_api(page, {2: 1}, "cod")
    number = place_by_api(page, {1: 1}, "online")
    order = page.request.get(f"/api/orders/{number}").json()
    pay_at_provider(server, order["payment"]["paymentSessionId"])
    server.scenario(mock="payments", path="refund", refund="onHold", delayMs=600_000, times=2)

    staff = browser.new_page(base_url=server.url)
    desk_login(staff, "asha.agent", "agent-demo-secret")
    find(staff, number)
    ask_refund(staff, "25", "Goodwill", "Late delivery")
    ask_refund(staff, "15", "A fee charged wrongly", "Delivery fee charged twice")
    refunds = staff.get_by_role("list", name="Refunds asked for")
    mine = refunds.get_by_role("listitem").filter(has_text=number)
    expect(mine.filter(has_text="₹15.00")).to_contain_text("Waiting for approval")
    staff.get_by_role("button", name="Log out").click()
    expect(staff.get_by_role("button", name="Log in")).to_be_visible()
    desk_login(staff, "vikram.supervisor", "supervisor-demo-secret")
    find(staff, number)
    for amount in ("25.00", "15.00"):
        approve(staff, amount)
        expect(mine.filter(has_text=f"₹{amount}")).to_contain_text("On hold at the provider")
    held = {r["amount"]: r["providerRefundId"] for r in staff.request.get(f"/api/desk/refunds?order={number}").json()}
    for amount in ("25.00", "15.00"):
        told = server.http.post(f"/_mocks/payments/refunds/{held[amount]}/bank", json={"refund_status": "CANCELLED"})
        told.raise_for_status()
    staff.get_by_role("button", name="Log out").click()
    expect(staff.get_by_role("button", name="Log in")).to_be_visible()

    desk_login(staff, "asha.agent", "agent-demo-secret")
    find(staff, number)
    retried, recorded = mine.filter(has_text="₹25.00"), mine.filter(has_text="₹15.00")
    expect(retried).to_contain_text("Needs a person")
    expect(recorded).to_contain_text("Needs a person")

    retried.get_by_role("button", name="Ask the provider again").click()
    confirm = staff.get_by_role("dialog", name="Ask the provider again?")
    expect(confirm).to_contain_text(f"Refund ₹25.00 to Ramesh Kumar ({RAMESH}) again")
    confirm.get_by_role("button", name="Ask again").click()
    expect(retried).to_contain_text("Given back")
    expect(retried).not_to_contain_text("Needs a person")
    expect(retried.get_by_role("button", name="Ask the provider again")).to_have_count(0)

    form = recorded.get_by_role("form", name="Record as paid another way")
    form.get_by_label("Reference of the payment").fill("UTR 4021 7788 1234")
    form.get_by_role("button", name="Record as paid").click()
    confirm = staff.get_by_role("dialog", name="Record this refund as paid another way?")
    expect(confirm).to_contain_text("₹15.00 paid to Ramesh Kumar")
    confirm.get_by_role("button", name="Record as paid").click()
    expect(recorded).to_contain_text("Paid another way, reference UTR 4021 7788 1234")
    expect(recorded).not_to_contain_text("Needs a person")
    audit = staff.get_by_role("list", name="Audit trail for this customer").get_by_role("listitem")
    expect(
        audit.filter(has_text="Asked the provider again for a refund the bank gave up").filter(has_text=number)
    ).to_have_count(1)
    expect(audit.filter(has_text="Recorded a refund as paid another way").filter(has_text=number)).to_have_count(1)
    staff.close()

    page.goto(f"/orders/{number}")
    support = page.get_by_role("list", name="Refunds from our support team").get_by_role("listitem")
    expect(support.filter(has_text="₹25.00")).to_contain_text("Given back to your card or UPI")
    expect(support.filter(has_text="₹15.00")).to_contain_text("Paid to you another way (reference UTR 4021 7788 1234)")
