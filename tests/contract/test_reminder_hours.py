"""The lender's due reminders leave only between 08:00 and 19:00 India time, across a simulated
week on the lender's clock, on their day, in the borrower's language, each SMS with its DLT fields."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, date, datetime, time, timedelta

import httpx
import pytest

from upstream_mocks.ist import IST
from upstream_mocks.lending.reminders import REMINDER_DAYS, in_hours
from upstream_mocks.suite import create_suite

RAMESH = "9876543210"
RAMESH_USER_ID = 1001  # the README's seeded borrower with an overdue amount
CURRENT_LOAN = "LN-1004"  # Ramesh's loan in good standing: its next instalment falls due 10 days after start


@pytest.fixture
async def mocks() -> AsyncIterator[httpx.AsyncClient]:
    suite = create_suite(check_contracts=True)  # the lender's SMS and mails held to the mail contract
    transport = httpx.ASGITransport(app=suite)
    async with httpx.AsyncClient(transport=transport, base_url="http://mocks.internal/_mocks/") as client:
        yield client


def _ist(sent_at: str) -> datetime:
    return datetime.fromisoformat(sent_at).astimezone(IST)


async def _now(mocks: httpx.AsyncClient) -> datetime:
    return _ist((await mocks.get("clock")).json()["now"])


WEEK_IN_ONE = [{"days": 7}]
WEEK_IN_ODD_STEPS = [{"hours": 5}, {"minutes": 37}, {"days": 2, "hours": 13}] + [{"hours": 11}] * 9
WEEK_IN_ODD_STEPS += [{"hours": 2, "minutes": 23}]


@pytest.mark.parametrize("moves", [WEEK_IN_ONE, WEEK_IN_ODD_STEPS], ids=["one-move", "odd-steps"])
async def test_no_reminder_leaves_outside_8_to_19_india_time_across_a_week(
    mocks: httpx.AsyncClient, moves: list[dict[str, int]]
) -> None:
    await mocks.post("clock", json={"days": 5})  # the current loan's instalment now 5 days away
    before = len((await mocks.get("mail/sms", params={"mobile": RAMESH})).json())
    started = await _now(mocks)
    for move in moves:
        assert (await mocks.post("clock", json=move)).status_code == 200
    ended = await _now(mocks)
    assert ended - started >= timedelta(days=7)

    sms = (await mocks.get("mail/sms", params={"mobile": RAMESH})).json()[before:]
    sent = [_ist(s["sentAt"]) for s in sms]
    assert sent, "a week on the clock sends Ramesh's reminders"
    assert [at for at in sent if not time(8) <= at.time() < time(19)] == []

    # Ramesh's own: other seeded borrowers (one with nothing overdue) have instalments that week too.
    reminders = [
        r
        for r in (await mocks.get("lending/reminders")).json()
        if r["userId"] == RAMESH_USER_ID and started <= _ist(r["sentAt"])
    ]
    assert len(reminders) == len(sms)
    # each on its day: the due date plus its days from due, in India
    assert all(
        _ist(r["sentAt"]).date() == date.fromisoformat(r["dueDate"]) + timedelta(r["daysFromDue"]) for r in reminders
    )
    current = [r for r in reminders if r["loanNumber"] == CURRENT_LOAN]
    due = date.fromisoformat(current[0]["dueDate"])
    days = [r["daysFromDue"] for r in current]
    inside = [d for d in REMINDER_DAYS if started.date() < due + timedelta(d) < ended.date()]
    assert days == sorted(set(days)) and set(inside) <= set(days), (days, inside)
    mails = [m for m in (await mocks.get("mail/outbox")).json() if m["kind"] == "paymentReminder"]
    assert all(time(8) <= _ist_from_epoch(m["at"]).time() < time(19) for m in mails)
    assert {s["dltTemplateId"] for s in sms} == {r["dltTemplateId"] for r in reminders}
    assert all(s["senderId"] == "VKHATA" and s["category"] == "serviceImplicit" for s in sms)
    # An English reminder names the amount with ₹, which GSM-7 cannot carry: it goes as UCS-2.
    assert all("₹" in s["message"] and s["unicode"] is True for s in sms if s["language"] == "en")
    assert any(s["language"] == "en" for s in sms)


def _ist_from_epoch(at: float) -> datetime:
    return datetime.fromtimestamp(at, UTC).astimezone(IST)


async def test_reminders_go_in_the_language_the_borrower_last_used(mocks: httpx.AsyncClient) -> None:
    await mocks.post("lending/sendOtp", json={"mobileNumber": RAMESH}, headers={"Accept-Language": "hi"})
    await mocks.post("clock", json={"days": 12})
    sms = (await mocks.get("mail/sms", params={"mobile": RAMESH})).json()
    assert sms and all(s["language"] == "hi" and s["unicode"] and "किस्त" in s["message"] for s in sms)


@pytest.mark.parametrize(
    ("hour", "minute", "allowed"),
    [(7, 59, False), (8, 0, True), (13, 30, True), (18, 59, True), (19, 0, False), (23, 0, False), (2, 0, False)],
)
def test_the_hours_are_india_time_whatever_the_moment_s_zone(hour: int, minute: int, allowed: bool) -> None:
    india = datetime(2026, 12, 1, hour, minute, tzinfo=IST)
    assert in_hours(india) is allowed
    assert in_hours(india.astimezone(UTC)) is allowed
