"""A reminder mail carries its instalment's payment link, made once per instalment, in the
borrower's language; paying through it without a login books the repayment once (by the
provider's PAYMENT_LINK_EVENT, or by the lender's follow-up when the event is lost), and the link
then takes no second payment; an expired link says so.

Everything runs on an in-process suite held to contracts/lending, payments and mail.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any
from urllib.parse import urlsplit

import msgspec

from tests.contract.repayment_world import RAMESH, SECRET, Repayments, repayments
from upstream_mocks.lending.reminders import remember_language
from upstream_mocks.money import indian_grouping
from upstream_mocks.payments.delivery import _ENCODER
from upstream_mocks.payments.events import link_event
from upstream_mocks.payments.links import get_link
from upstream_mocks.payments.webhooks import signed_headers

LINK = re.compile(r"https?://\S+/_mocks/payments/links/[A-Za-z0-9_-]+")
PORTAL_LOAN = "LN-1001"  # Ramesh's loan the portal collects for; LN-1004's lender takes no link payments


async def _reminders(mock: Repayments) -> list[dict[str, Any]]:
    await mock.world.drain()
    mails: list[dict[str, Any]] = (await mock.client.get("mail/outbox")).json()
    return [m for m in mails if m["kind"] == "paymentReminder" and m["to"].startswith("ramesh")]


async def _move(mock: Repayments, **by: int) -> None:
    assert (await mock.client.post("clock", json=by)).status_code == 200


def _code(url: str) -> str:
    return urlsplit(url).path.rsplit("/", 1)[1]


async def _pay_link(mock: Repayments, url: str, outcome: str = "success") -> Any:
    return await mock.client.post(f"payments/links/{_code(url)}/pay", json={"outcome": outcome})


async def _first_link(mock: Repayments) -> tuple[str, dict[str, Any]]:
    """Ramesh's first reminder of his portal loan's next instalment, and its link."""
    await _move(mock, days=8)
    mails = [m for m in await _reminders(mock) if m["reference"].startswith(PORTAL_LOAN)]
    assert mails, "a reminder of the portal loan's next instalment went out"
    found = LINK.search(mails[0]["message"])
    assert found is not None, mails[0]["message"]
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

        page = await mock.client.get(f"payments/links/{_code(url)}")
        assert page.status_code == 200 and "Pay ₹" in page.text
        assert (await _pay_link(mock, url)).status_code == 200
        await mock.world.drain()
        link_events = [w for w in await mock.webhooks() if w["type"] == "PAYMENT_LINK_EVENT"]
        assert [(w["outcome"], w["attempts"]) for w in link_events] == [("delivered", 1)]
        paid = [e for e in await mock.history() if e["status"] == "paid"]
        assert len(paid) == 1, paid

        second = await _pay_link(mock, url)
        assert (second.status_code, second.json()["code"]) == (409, "link_not_active")
        assert "already been paid" in (await mock.client.get(f"payments/links/{_code(url)}")).text
        before = len(await _reminders(mock))
        # The lender puts a payment to the oldest overdue first: a later reminder of the instalment
        # asks what is still owed of it through a new link, never the paid one again.
        await _move(mock, days=3)
        later = [m for m in (await _reminders(mock))[before:] if m["reference"] == mail["reference"]]
        assert later and all(url not in m["message"] for m in later)
        assert all(LINK.search(m["message"]) for m in later)
        assert len([e for e in await mock.history() if e["status"] == "paid"]) == 1


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
        [link] = [
            found
            for code in [_code(url)]
            if (found := get_link(mock.world, mock.world.states["payment_links"].codes[code])) is not None
        ]
        raw = _ENCODER.encode(link_event(link, "2026-12-02T10:00:00+05:30"))
        answer = await mock.client.post("lending/webhooks/payments", content=raw, headers=signed_headers(SECRET, raw))
        assert answer.status_code == 200, answer.text
        assert [e for e in await mock.history() if e["status"] == "paid"] == [booked]


async def test_a_hindi_reader_gets_the_link_in_hindi_and_an_expired_link_says_so() -> None:
    async with repayments() as mock:
        remember_language(mock.world, 1001, "hi")
        url, mail = await _first_link(mock)
        assert "बिना लॉग इन किए" in mail["message"] and url in mail["message"]
        await _move(mock, days=20)  # past the instalment's due date and a week more
        page = await mock.client.get(f"payments/links/{_code(url)}")
        assert "has expired" in page.text
        assert (await _pay_link(mock, url)).status_code == 409
        code = msgspec.json.decode((await _pay_link(mock, url)).content)["code"]
        assert code == "link_not_active"


async def test_a_link_asking_more_than_is_owed_is_cancelled_and_the_next_reminder_carries_a_new_one() -> None:
    async with repayments() as mock:
        await mock.log_in()
        sent = (await mock.client.post("lending/reminders/now", json={"mobileNumber": RAMESH})).json()
        [first] = [r["linkUrl"] for r in sent if r["loanNumber"] == PORTAL_LOAN]
        # Again (a repeated reminder): the same link, made once.
        again = (await mock.client.post("lending/reminders/now", json={"mobileNumber": RAMESH})).json()
        assert [r["linkUrl"] for r in again if r["loanNumber"] == PORTAL_LOAN] == [first]

        # Part of it paid on the portal (the penal charge goes first, then the instalment)
        await mock.pay(await mock.start("1000.00"))
        await mock.world.drain()  # its booking, and the link's cancellation it starts
        assert "was cancelled" in (await mock.client.get(f"payments/links/{_code(first)}")).text
        assert (await _pay_link(mock, first)).status_code == 409

        later = (await mock.client.post("lending/reminders/now", json={"mobileNumber": RAMESH})).json()
        [second] = [r for r in later if r["loanNumber"] == PORTAL_LOAN]
        assert second["linkUrl"] != first
        page = (await mock.client.get(f"payments/links/{_code(second['linkUrl'])}")).text
        assert f"Pay {second_amount(second)}" in page


def second_amount(reminder: dict[str, Any]) -> str:
    """The reminder's amount as the provider's page writes it (₹ and Indian grouping)."""
    return "₹" + indian_grouping(Decimal(str(reminder["amount"])))
