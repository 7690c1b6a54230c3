"""A reminder, by SMS and mail, carries its instalment's payment link as the platform's short
link (`<MOCKS_SHORT_LINK_BASE>/l/<code>`: TRAI's DLT rules let an SMS carry only whitelisted URLs,
never the provider's), one code per instalment, in the borrower's language and by the link's own
DLT template; the platform resolves a code by the lender's partnerPaymentLinks. Paying through it
without a login books the repayment once (by the provider's PAYMENT_LINK_EVENT, or by the lender's
follow-up when the event is lost), in parts if the borrower wishes (the first at least the lender's
minimum part-payment, each part booked once), and the link then takes no second payment; an
expired link says so.

Everything runs on an in-process suite held to contracts/lending, payments and mail.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any
from urllib.parse import urlsplit

import msgspec
import structlog.testing

from tests.contract.repayment_world import FAST, RAMESH, Repayments, decode, repayments
from upstream_mocks.lending.loans import MINIMUM_PAYMENT
from upstream_mocks.lending.reminders import remember_language
from upstream_mocks.money import indian_grouping
from upstream_mocks.payments.delivery import _ENCODER
from upstream_mocks.payments.events import link_event
from upstream_mocks.payments.links import get_link
from upstream_mocks.payments.webhooks import signed_headers
from upstream_mocks.settings import DEFAULT_PARTNER_KEY
from upstream_mocks.sms import DLT_TEMPLATES

OURS = "https://pay.example.in"  # the platform's domain, registered with the SMS templates
LINK = re.compile(r"https?://\S+/l/[0-9A-Za-z]{10}\b")
PROVIDER = "/_mocks/payments/links/"  # the provider's pages: never in a reminder
PORTAL_LOAN = "LN-1001"  # Ramesh's loan the portal collects for; LN-1004's lender takes no link payments
PARTNER = {"x-partner-key": DEFAULT_PARTNER_KEY}


async def _reminders(mock: Repayments) -> list[dict[str, Any]]:
    await mock.world.drain()
    mails: list[dict[str, Any]] = (await mock.client.get("mail/outbox")).json()
    return [m for m in mails if m["kind"] == "paymentReminder" and m["to"].startswith("ramesh")]


async def _texts(mock: Repayments) -> list[dict[str, Any]]:
    """The reminder SMS sent to Ramesh, as the SMS gateway took them."""
    await mock.world.drain()
    sent: list[dict[str, Any]] = (await mock.client.get("mail/sms", params={"mobile": RAMESH})).json()
    return [s for s in sent if (s["reference"] or "").startswith(PORTAL_LOAN)]


async def _move(mock: Repayments, **by: int) -> None:
    assert (await mock.client.post("clock", json=by)).status_code == 200


def _code(url: str) -> str:
    return urlsplit(url).path.rsplit("/", 1)[1]


async def _resolved(mock: Repayments, short: str) -> dict[str, Any]:
    """What the lender says the short link leads to (the platform's partner call)."""
    answer = await mock.client.get(f"lending/webRepayment/partnerPaymentLinks/{_code(short)}", headers=PARTNER)
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = decode(answer)["data"]
    return found


async def _page(mock: Repayments, short: str) -> str:
    """The provider's page the short link leads to."""
    return (await mock.client.get(f"payments/links/{_code((await _resolved(mock, short))['linkUrl'])}")).text


async def _pay_link(mock: Repayments, short: str, outcome: str = "success", amount: str | None = None) -> Any:
    provider_code = _code((await _resolved(mock, short))["linkUrl"])
    body = {"outcome": outcome} | ({"amount": amount} if amount is not None else {})
    return await mock.client.post(f"payments/links/{provider_code}/pay", json=body)


async def _first_link(mock: Repayments) -> tuple[str, dict[str, Any]]:
    """Ramesh's first reminder of his portal loan's next instalment, and its link."""
    await _move(mock, days=8)
    mails = [m for m in await _reminders(mock) if m["reference"].startswith(PORTAL_LOAN)]
    assert mails, "a reminder of the portal loan's next instalment went out"
    found = LINK.search(mails[0]["message"])
    assert found is not None, mails[0]["message"]
    assert PROVIDER not in mails[0]["message"]
    return found.group(0), mails[0]


async def test_each_reminder_of_an_instalment_carries_its_one_link_and_paying_it_books_once() -> None:
    async with repayments() as mock:
        await mock.log_in()
        url, mail = await _first_link(mock)
        assert "Pay ₹" in mail["message"] and "without logging in" in mail["message"]
        assert all(LINK.search(m["message"]) is None for m in await _reminders(mock) if "LN-1004" in m["reference"])
        await _move(mock, days=4)  # the next reminder of the same instalment: the same link
        same_due = [m for m in await _reminders(mock) if m["reference"] == mail["reference"]]
        assert len(same_due) >= 2
        assert {found.group(0) for m in same_due if (found := LINK.search(m["message"]))} == {url}
        first = await _resolved(mock, url)
        assert first["status"] == "open" and PROVIDER in first["linkUrl"]

        assert "Pay ₹" in await _page(mock, url)
        assert (await _pay_link(mock, url)).status_code == 200
        await mock.world.drain()
        link_events = [w for w in await mock.webhooks() if w["type"] == "PAYMENT_LINK_EVENT"]
        assert [(w["outcome"], w["attempts"]) for w in link_events] == [("delivered", 1)]
        paid = [e for e in await mock.history() if e["status"] == "paid"]
        assert len(paid) == 1, paid

        second = await _pay_link(mock, url)
        assert (second.status_code, second.json()["code"]) == (409, "link_not_active")
        assert (await _resolved(mock, url))["status"] == "paid"
        assert "already been paid" in await _page(mock, url)
        before = len(await _reminders(mock))
        # The lender puts a payment to the oldest overdue first: a later reminder of the instalment
        # asks what is still owed of it, by the instalment's same short link, which now leads to a
        # new link at the provider, never the paid one again.
        await _move(mock, days=3)
        later = [m for m in (await _reminders(mock))[before:] if m["reference"] == mail["reference"]]
        assert later and all(url in m["message"] for m in later)
        now = await _resolved(mock, url)
        assert now["status"] == "open" and now["linkUrl"] != first["linkUrl"]
        assert len([e for e in await mock.history() if e["status"] == "paid"]) == 1


async def test_the_reminder_sms_carries_our_short_link_by_its_own_dlt_template_in_each_language() -> None:
    async with repayments(msgspec.structs.replace(FAST, short_link_base=OURS)) as mock:
        await mock.log_in()
        sent = (await mock.client.post("lending/reminders/now", json={"mobileNumber": RAMESH})).json()
        [reminder] = [r for r in sent if r["loanNumber"] == PORTAL_LOAN]
        assert re.fullmatch(rf"{OURS}/l/[0-9A-Za-z]{{10}}", reminder["linkUrl"]), reminder
        # Ramesh's instalment is overdue: the "after" reminder, with the link, by its own template.
        assert reminder["dltTemplateId"] == DLT_TEMPLATES[("reminder_after_link", "en")]
        [sms] = await _texts(mock)
        assert reminder["linkUrl"] in sms["message"] and PROVIDER not in sms["message"]
        assert sms["message"].startswith(f"Your instalment of {reminder_amount(reminder)} on loan {PORTAL_LOAN}")
        assert (sms["dltTemplateId"], sms["senderId"]) == (reminder["dltTemplateId"], "VKHATA")

        remember_language(mock.world, 1001, "hi")
        again = (await mock.client.post("lending/reminders/now", json={"mobileNumber": RAMESH})).json()
        [hindi] = [r for r in again if r["loanNumber"] == PORTAL_LOAN]
        assert hindi["linkUrl"] == reminder["linkUrl"]  # one code per instalment
        assert hindi["dltTemplateId"] == DLT_TEMPLATES[("reminder_after_link", "hi")]
        latest = (await _texts(mock))[-1]
        assert "अभी भुगतान करें" in latest["message"] and reminder["linkUrl"] in latest["message"]
        assert latest["unicode"] is True and PROVIDER not in latest["message"]


async def test_a_link_is_paid_in_parts_the_first_at_least_the_minimum_and_each_part_booked_once() -> None:
    async with repayments() as mock:
        await mock.log_in()
        sent = (await mock.client.post("lending/reminders/now", json={"mobileNumber": RAMESH})).json()
        [reminder] = [r for r in sent if r["loanNumber"] == PORTAL_LOAN]
        short, asked = reminder["linkUrl"], Decimal(str(reminder["amount"]))
        [mail] = [m for m in await _reminders(mock) if m["reference"].startswith(PORTAL_LOAN)]
        assert f"the first at least ₹{indian_grouping(MINIMUM_PAYMENT)}" in mail["message"]
        page = await _page(mock, short)
        assert f"Amount to pay (₹{indian_grouping(MINIMUM_PAYMENT)} to ₹{indian_grouping(asked)})" in page

        below = await _pay_link(mock, short, amount=str(MINIMUM_PAYMENT - Decimal("0.01")))
        assert (below.status_code, below.json()["code"]) == (400, "order_amount_invalid")
        part = Decimal("500.00")
        assert (await _pay_link(mock, short, amount=str(part))).status_code == 200
        await mock.world.drain()
        assert [e["amount"] for e in await mock.history() if e["status"] == "paid"] == [part]
        resolved = await _resolved(mock, short)
        assert (resolved["status"], Decimal(resolved["amountLeft"])) == ("open", asked - part)
        assert "Paid so far" in await _page(mock, short)

        # The follow-up and a later reminder book nothing again; the link stands for what is left.
        assert (await mock.client.post("lending/links/followUp")).json() == {"booked": 0}
        rest = str(asked - part)
        assert (await _pay_link(mock, short, amount=rest)).status_code == 200
        await mock.world.drain()
        assert (await mock.client.post("lending/links/followUp")).json() == {"booked": 0}
        paid = sorted(Decimal(str(e["amount"])) for e in await mock.history() if e["status"] == "paid")
        assert paid == sorted([part, asked - part])
        assert (await _resolved(mock, short))["status"] == "paid"
        assert (await _pay_link(mock, short, amount="1.00")).status_code == 409


async def test_a_link_paid_in_part_then_paid_up_on_the_portal_leads_nobody_to_pay_again() -> None:
    async with repayments() as mock:
        await mock.log_in()
        sent = (await mock.client.post("lending/reminders/now", json={"mobileNumber": RAMESH})).json()
        [short] = [r["linkUrl"] for r in sent if r["loanNumber"] == PORTAL_LOAN]
        assert (await _pay_link(mock, short, amount="500.00")).status_code == 200
        await mock.world.drain()
        # Everything owed paid on the portal: the provider cannot cancel a link paid in part, but
        # the lender sends nobody to it any more.
        await mock.pay(await mock.start(str(await mock.owed())))
        await mock.world.drain()
        assert (await _resolved(mock, short))["status"] == "cancelled"


async def test_the_partner_call_answers_only_its_codes_and_only_with_the_key() -> None:
    async with repayments() as mock:
        await mock.log_in()
        sent = (await mock.client.post("lending/reminders/now", json={"mobileNumber": RAMESH})).json()
        [short] = [r["linkUrl"] for r in sent if r["loanNumber"] == PORTAL_LOAN]
        assert (await _resolved(mock, short))["status"] == "open"
        unknown = await mock.client.get("lending/webRepayment/partnerPaymentLinks/A1b2C3d4E5", headers=PARTNER)
        assert unknown.status_code == 404
        odd = await mock.client.get("lending/webRepayment/partnerPaymentLinks/short", headers=PARTNER)
        assert odd.status_code == 400
        stranger = await mock.client.get(f"lending/webRepayment/partnerPaymentLinks/{_code(short)}")
        assert stranger.status_code == 401


async def test_a_lost_event_is_made_good_by_the_follow_up_and_a_replayed_one_books_nothing() -> None:
    async with repayments() as mock:
        await mock.log_in()
        url, _ = await _first_link(mock)
        await mock.scenario(mock="payments", path="webhook", webhook="drop")
        assert (await _pay_link(mock, url)).status_code == 200
        await mock.world.drain()
        assert [e for e in await mock.history() if e["status"] == "paid"] == []
        await _move(mock, hours=3)  # the lender's follow-up reads its open links
        [booked] = [e for e in await mock.history() if e["status"] == "paid"]

        # The event again, signed and fresh (a replay inside the window): nothing more is booked.
        provider_code = _code((await _resolved(mock, url))["linkUrl"])
        link = get_link(mock.world, *mock.world.states["payment_links"].codes[provider_code])
        assert link is not None
        raw = _ENCODER.encode(link_event(link, "2026-12-02T10:00:00+05:30"))
        answer = await mock.client.post(
            "lending/webhooks/payments", content=raw, headers=signed_headers(FAST.lending_payments_client_secret, raw)
        )
        assert answer.status_code == 200, answer.text
        assert [e for e in await mock.history() if e["status"] == "paid"] == [booked]


async def test_a_hindi_reader_gets_the_link_in_hindi_and_an_expired_link_says_so() -> None:
    async with repayments() as mock:
        remember_language(mock.world, 1001, "hi")
        url, mail = await _first_link(mock)
        assert "बिना लॉग इन किए" in mail["message"] and url in mail["message"]
        await _move(mock, days=20)  # past the instalment's due date and a week more
        assert (await _resolved(mock, url))["status"] == "expired"
        assert "has expired" in await _page(mock, url)
        refused = await _pay_link(mock, url)
        assert (refused.status_code, msgspec.json.decode(refused.content)["code"]) == (409, "link_not_active")


async def test_a_link_asking_more_than_is_owed_is_cancelled_and_the_next_reminder_carries_a_new_one() -> None:
    async with repayments() as mock:
        await mock.log_in()
        sent = (await mock.client.post("lending/reminders/now", json={"mobileNumber": RAMESH})).json()
        [short] = [r["linkUrl"] for r in sent if r["loanNumber"] == PORTAL_LOAN]
        first = (await _resolved(mock, short))["linkUrl"]
        # Again (a repeated reminder): the same link, made once.
        again = (await mock.client.post("lending/reminders/now", json={"mobileNumber": RAMESH})).json()
        assert [r["linkUrl"] for r in again if r["loanNumber"] == PORTAL_LOAN] == [short]
        assert (await _resolved(mock, short))["linkUrl"] == first

        # Part of it paid on the portal (the penal charge goes first, then the instalment)
        await mock.pay(await mock.start("1000.00"))
        await mock.world.drain()  # its booking, and the link's cancellation it starts
        assert (await _resolved(mock, short))["status"] == "cancelled"
        assert "was cancelled" in (await mock.client.get(f"payments/links/{_code(first)}")).text
        assert (await _pay_link(mock, short)).status_code == 409

        # The next reminder: the instalment's same short link, now to a new link for what is owed.
        later = (await mock.client.post("lending/reminders/now", json={"mobileNumber": RAMESH})).json()
        [second] = [r for r in later if r["loanNumber"] == PORTAL_LOAN]
        assert second["linkUrl"] == short
        resolved = await _resolved(mock, short)
        assert resolved["status"] == "open" and resolved["linkUrl"] != first
        assert Decimal(resolved["amountLeft"]) == Decimal(str(second["amount"]))
        assert f"Pay {reminder_amount(second)}" in await _page(mock, short)


def reminder_amount(reminder: dict[str, Any]) -> str:
    """The reminder's amount as the provider's page and the SMS write it (₹ and Indian grouping)."""
    return "₹" + indian_grouping(Decimal(str(reminder["amount"])))


async def test_a_reset_starts_the_lenders_links_over_with_the_providers() -> None:
    """`POST /_mocks/reset` reseeds the provider, which then knows no link: the lender's links go
    with it, so no old code leads anywhere, the follow-up reads no link the provider lacks, and
    the next reminder makes a link the provider has."""
    async with repayments() as mock:
        await mock.log_in()
        sent = (await mock.client.post("lending/reminders/now", json={"mobileNumber": RAMESH})).json()
        [old] = [r["linkUrl"] for r in sent if r["loanNumber"] == PORTAL_LOAN]
        assert (await mock.client.post("reset")).status_code == 200
        gone = await mock.client.get(f"lending/webRepayment/partnerPaymentLinks/{_code(old)}", headers=PARTNER)
        assert gone.status_code == 404, gone.text
        with structlog.testing.capture_logs() as logs:
            await _move(mock, hours=4)  # a step of the lender's clock: its follow-up of open links
            await mock.world.drain()
        assert [e for e in logs if e["event"] == "due_link_unread"] == []

        again = (await mock.client.post("lending/reminders/now", json={"mobileNumber": RAMESH})).json()
        [new] = [r for r in again if r["loanNumber"] == PORTAL_LOAN]
        assert (await _resolved(mock, new["linkUrl"]))["status"] == "open"
        assert f"Pay {reminder_amount(new)}" in await _page(mock, new["linkUrl"])
