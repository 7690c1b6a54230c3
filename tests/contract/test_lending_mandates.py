"""`partnerMandates` (contracts/lending.openapi.yaml): the platform tells the lender of a loan's
AutoPay mandate once it is ACTIVE, sent by the gateway's own client (LenderMandateDebits) to the
in-process lending mock, every call and answer held to the document. The lender believes none of
it (the subscription read at the provider with its own account: this loan's, ACTIVE) and keeps it;
its reminders a week before a due date then say AutoPay will debit the instalment, from the account
the provider names, with no link; a UPI instalment above the e-mandate limit gets the usual
reminder with its link.
"""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager
from datetime import date, datetime, time, timedelta
from typing import Any

import pytest

from gateway.plumbing.errors import UpstreamError
from gateway.upstreams.http import UpstreamHttp
from gateway.upstreams.lenders.native.operations import LenderMandateDebits
from india.time_zone import IST
from tests.autopay_limit import with_large_instalments
from tests.contract.conftest import RecordingMock, assert_conforms, contract_for
from tests.contract.test_lending_mandate_authentication import LOAN, MOCKS, RAMESH, Lender
from upstream_mocks.lending.reminders import remember_language
from upstream_mocks.settings import DEFAULT_PARTNER_KEY
from upstream_mocks.sms import DLT_TEMPLATES
from upstream_mocks.texts import style


@pytest.fixture
async def lender(
    recording_mock: Callable[..., AbstractAsyncContextManager[RecordingMock]],
) -> AsyncIterator[Lender]:
    async with recording_mock("lending", check_contracts=True) as mock:
        yield Lender(mock, LenderMandateDebits(UpstreamHttp("lending", mock.client), DEFAULT_PARTNER_KEY))


async def refused(lender: Lender, subscription_id: str, loan: str = LOAN) -> int | None:
    with pytest.raises(UpstreamError) as refusal:
        await lender.client.tell_mandate(loan, subscription_id)
    return refusal.value.status


def calls(lender: Lender) -> list[Any]:
    return [e for e in lender.mock.recorded.exchanges if e[0].url.path.endswith("/partnerMandates")]


async def week_before(lender: Lender, due: date) -> None:
    """The mocks' one clock moved to 09:00 India time a week before `due` (reminders go at its steps)."""
    at = datetime.combine(due - timedelta(days=7), time(9), IST)
    moved = await lender.mock.client.post(f"{MOCKS}/clock", json={"at": at.isoformat()})
    assert moved.status_code == 200, moved.text


async def reminded(lender: Lender, due: date) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """The one reminder of the instalment due on `due`: the lender's record, its SMS and its mail."""
    reference = f"{LOAN}/{due.isoformat()}"
    [reminder] = [r for r in (await lender.mock.client.get("reminders")).json() if r["dueDate"] == due.isoformat()]
    [sms] = await lender.sms(reference)
    [mail] = await lender.mails(reference)
    return reminder, sms, mail


async def test_the_lender_keeps_a_loans_active_mandate_and_refuses_what_the_provider_does_not_bear_out(
    lender: Lender,
) -> None:
    waiting = await lender.mandate(approve=False)
    assert await refused(lender, waiting) == 409  # not ACTIVE: awaiting the borrower's approval
    other = await lender.mandate(loan="LN-1004")
    assert await refused(lender, other) == 409  # not made for the loan named
    assert await refused(lender, f"ap{secrets.token_hex(10)}") == 404  # no such mandate
    upi = await lender.mandate()
    assert await refused(lender, upi, loan="LN-1004") == 409  # the borrower's other loan: not its mandate
    await lender.client.tell_mandate(LOAN, upi)
    await lender.client.tell_mandate(LOAN, upi)  # told again: nothing changes
    await lender.client.tell_mandate("LN-1004", other)  # its reminders are the lender's too
    assert lender.world.states["autopay_mandates"].by_loan == {LOAN: upi, "LN-1004": other}
    assert_conforms(contract_for("lending"), calls(lender))


async def test_a_week_before_the_reminder_names_the_enach_account_and_a_upi_debit_above_the_limit_keeps_its_link(
    lender: Lender,
) -> None:
    lender.world.states["loans"] = with_large_instalments(lender.world.states["loans"])  # ₹20,000 and more
    enach = await lender.mandate(enach=True)
    await lender.client.tell_mandate(LOAN, enach)
    second, third, fourth = (i.due_on for i in lender.loan().instalments[1:4])

    await week_before(lender, second)  # NACH debits are not under the e-mandate limit: AutoPay takes it
    reminder, sms, mail = await reminded(lender, second)
    assert (reminder["daysFromDue"], reminder["linkUrl"], reminder["autopay"]) == (-7, None, True)
    assert sms["dltTemplateId"] == DLT_TEMPLATES[("reminder_autopay_account", "en")]
    for text in (sms["message"], mail["message"]):
        assert "ending 7890 at HDFC" in text and style.day("en", second) in text and "http" not in text
    assert "001234567890" not in sms["message"] + mail["message"]  # never the whole number
    assert mail["kind"] == "autopayReminder"

    remember_language(lender.world, 1001, "hi")  # the borrower uses the lender in Hindi
    await week_before(lender, third)
    reminder, sms, mail = await reminded(lender, third)
    assert sms["dltTemplateId"] == DLT_TEMPLATES[("reminder_autopay_account", "hi")]
    assert "7890" in sms["message"] and "HDFC" in sms["message"] and "ऑटोपे" in mail["subject"]
    assert reminder["linkUrl"] is None

    # A UPI mandate replaces it: an instalment above ₹15,000 needs the borrower's own authentication,
    # so the reminder is the usual one, with the instalment's payment link.
    upi = await lender.mandate()
    await lender.client.tell_mandate(LOAN, upi)
    await week_before(lender, fourth)
    reminder, sms, _ = await reminded(lender, fourth)
    assert reminder["autopay"] is False and reminder["linkUrl"] is not None
    assert sms["dltTemplateId"] == DLT_TEMPLATES[("reminder_before_link", "hi")]
    assert_conforms(contract_for("lending"), calls(lender))


async def test_the_qa_control_sends_a_week_befores_reminder_as_the_lender_would_with_autopay_s_words(
    lender: Lender,
) -> None:
    upi = await lender.mandate()
    await lender.client.tell_mandate(LOAN, upi)
    second = lender.loan().instalments[1].due_on
    await week_before(lender, second)
    sent = (await lender.mock.client.post("reminders/now", json={"mobileNumber": RAMESH})).json()
    [now] = [r for r in sent if r["dueDate"] == second.isoformat()]
    assert (now["daysFromDue"], now["linkUrl"], now["autopay"]) == (-7, None, True)
    assert now["dltTemplateId"] == DLT_TEMPLATES[("reminder_autopay_upi", "en")]
