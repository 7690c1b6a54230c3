"""`partnerMandateDebits` with `notRaised` (contracts/lending.openapi.yaml): the platform tells the
lender of a UPI AutoPay debit it did not raise because it is above RBI's ₹15,000 e-mandate limit.
Sent by the gateway's own client (LenderMandateDebits) to the in-process lending mock, every call
and answer held to the document. The lender believes none of it: the mandate is read at the
provider with the lender's own account (ACTIVE, by UPI, this loan's), the instalment in its own
schedule (owed, not past due, above the limit); then the borrower gets one SMS (its own DLT
template) and one mail, in their language, with the amount, the due date and the instalment's
payment link, however often the lender is told.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest

from gateway.plumbing.errors import UpstreamError
from gateway.upstreams.http import UpstreamHttp
from gateway.upstreams.lenders.native.operations import LenderMandateDebits
from payments_client import EnachMethod, MandateCustomer
from tests.autopay_limit import with_large_instalments
from tests.contract.conftest import RecordingMock, assert_conforms, contract_for
from upstream_mocks.clock import mocks_now
from upstream_mocks.lending.loans import Loan
from upstream_mocks.lending.reminders import remember_language
from upstream_mocks.money import indian_grouping
from upstream_mocks.provider import provider
from upstream_mocks.settings import DEFAULT_PARTNER_KEY
from upstream_mocks.sms import DLT_TEMPLATES
from upstream_mocks.texts import style

RAMESH = "9876543210"
LOAN = "LN-1001"  # the loan the lender collects online
MOCKS = "http://mocks.internal/_mocks"
LINK = re.compile(r"https?://\S+/l/[0-9A-Za-z]{10}\b")  # the instalment's link on the platform's domain


@dataclass
class Lender:
    mock: RecordingMock
    client: LenderMandateDebits

    @property
    def world(self) -> Any:
        return self.mock.world

    def loan(self) -> Loan:
        loan: Loan = next(one for one in self.world.states["loans"][1001] if one.loan_number == LOAN)
        return loan

    async def mandate(self, loan: str = LOAN, *, enach: bool = False, approve: bool = True) -> str:
        """A mandate on the lender's own account at the provider, as the platform makes one."""
        subscription_id = f"ap{secrets.token_hex(10)}"
        bank = EnachMethod(
            auth_mode="net_banking",
            account_holder_name="Ramesh Kumar",
            account_number="001234567890",
            account_ifsc="HDFC0001234",
            account_type="SAVINGS",
        )
        customer = MandateCustomer(
            customer_email="ramesh@example.in",
            customer_phone=RAMESH,
            customer_name="Ramesh Kumar",
            customer_bank_account_holder_name=bank.account_holder_name if enach else None,
            customer_bank_account_number=bank.account_number if enach else None,
            customer_bank_ifsc=bank.account_ifsc if enach else None,
            customer_bank_account_type=bank.account_type if enach else None,
        )
        async with provider(self.world, self.world.settings.lending_account) as pg:
            await pg.create_plan(plan_id=subscription_id, name=f"AutoPay {loan}", max_amount=Decimal("30000.00"))
            made = await pg.create_mandate(
                subscription_id=subscription_id,
                plan_id=subscription_id,
                customer=customer,
                method="enach" if enach else "upi",
                expires_at=mocks_now(self.world) + timedelta(days=400),
                tags={"loan_number": loan},
            )
            await pg.authorise(made, payment_id=f"{subscription_id}a000001", enach=bank if enach else None)
        outcomes = (["authorised"] if enach else []) + (["approved"] if approve else [])
        for outcome in outcomes:
            answer = await self.mock.client.post(
                f"{MOCKS}/payments/subscriptions/{made.cf_subscription_id}/mandate", json={"outcome": outcome}
            )
            assert answer.status_code == 200, answer.text
        return subscription_id

    async def ask(self, subscription_id: str, instalment: int, loan: str = LOAN) -> str:
        return await self.client.ask_to_authenticate(
            loan, subscription_id, f"{subscription_id}i{instalment}", instalment
        )

    async def refused(self, subscription_id: str, instalment: int, loan: str = LOAN) -> int | None:
        with pytest.raises(UpstreamError) as refused:
            await self.ask(subscription_id, instalment, loan)
        return refused.value.status

    async def sms(self, payment_id: str) -> list[dict[str, Any]]:
        sent: list[dict[str, Any]] = (await self.mock.client.get(f"{MOCKS}/mail/sms", params={"mobile": RAMESH})).json()
        return [s for s in sent if s["reference"] == payment_id]

    async def mails(self, payment_id: str) -> list[dict[str, Any]]:
        mails: list[dict[str, Any]] = (await self.mock.client.get(f"{MOCKS}/mail/outbox")).json()
        return [m for m in mails if m["reference"] == payment_id]

    def calls(self) -> list[Any]:
        """The partner calls exchanged with the lender (the provider's and QA's are other documents)."""
        return [e for e in self.mock.recorded.exchanges if e[0].url.path.endswith("/partnerMandateDebits")]


@pytest.fixture
async def lender(
    recording_mock: Callable[..., AbstractAsyncContextManager[RecordingMock]],
) -> AsyncIterator[Lender]:
    async with recording_mock("lending", check_contracts=True) as mock:
        http = UpstreamHttp("lending", mock.client)
        yield Lender(mock, LenderMandateDebits(http, DEFAULT_PARTNER_KEY))


def _owed(loan: Loan, number: int) -> Decimal:
    instalment = next(i for i in loan.instalments if i.number == number)
    return instalment.principal + instalment.interest


async def test_a_debit_above_the_limit_is_noticed_once_with_its_payment_link(lender: Lender) -> None:
    upi = await lender.mandate()
    # LN-1001's instalments are below ₹15,000 in the lender's books: refused, whatever the caller says.
    assert await lender.refused(upi, 2) == 409
    lender.world.states["loans"] = with_large_instalments(lender.world.states["loans"])
    loan = lender.loan()
    owed, due = _owed(loan, 2), loan.instalments[1].due_on
    assert owed > Decimal("15000.00")

    assert await lender.ask(upi, 2) == "authenticate"
    assert await lender.ask(upi, 2) == "authenticate"  # told again: the same answer, nothing sent
    payment_id = f"{upi}i2"
    [sms] = await lender.sms(payment_id)
    [mail] = await lender.mails(payment_id)
    assert (sms["dltTemplateId"], sms["language"], sms["category"]) == (
        DLT_TEMPLATES[("autopay_authenticate", "en")],
        "en",
        "serviceImplicit",
    )
    amount, day = f"₹{indian_grouping(owed)}", style.day("en", due)
    for text in (sms["message"], mail["message"]):
        assert amount in text and day in text and LOAN in text and "without your approval" in text
    link = LINK.search(sms["message"])
    assert link is not None and link.group(0) in mail["message"]
    assert mail["kind"] == "autopayAuthenticate" and mail["subject"].startswith("Please pay your instalment")
    # The link is the instalment's own, as its reminders carry it: it asks what is owed of it.
    code = link.group(0).rsplit("/", 1)[1]
    resolved = await lender.mock.client.get(
        f"webRepayment/partnerPaymentLinks/{code}", headers={"x-partner-key": DEFAULT_PARTNER_KEY}
    )
    assert resolved.status_code == 200, resolved.text
    assert (resolved.json()["data"]["status"], Decimal(str(resolved.json()["data"]["amountLeft"]))) == ("open", owed)

    # In Hindi for a borrower who uses the lender in Hindi: its own template, the same link's kind.
    remember_language(lender.world, 1001, "hi")
    assert await lender.ask(upi, 3) == "authenticate"
    [hindi] = await lender.sms(f"{upi}i3")
    assert hindi["dltTemplateId"] == DLT_TEMPLATES[("autopay_authenticate", "hi")]
    assert "ऑटोपे" in hindi["message"] and style.day("hi", loan.instalments[2].due_on) in hindi["message"]
    assert LINK.search(hindi["message"]) is not None
    [hindi_mail] = await lender.mails(f"{upi}i3")
    assert "किस्त" in hindi_mail["subject"]
    assert_conforms(contract_for("lending"), lender.calls())


async def test_the_lender_refuses_what_its_mandate_or_schedule_does_not_bear_out(lender: Lender) -> None:
    lender.world.states["loans"] = with_large_instalments(lender.world.states["loans"])
    waiting = await lender.mandate(approve=False)
    assert await lender.refused(waiting, 2) == 409  # not ACTIVE: awaiting the borrower's approval
    enach = await lender.mandate(enach=True)
    assert await lender.refused(enach, 2) == 409  # NACH debits are not under the limit
    other = await lender.mandate(loan="LN-1004")
    assert await lender.refused(other, 2) == 409  # not made for the loan named
    assert await lender.refused(f"ap{secrets.token_hex(10)}", 2) == 404  # no such mandate
    upi = await lender.mandate()
    assert await lender.refused(upi, 1) == 409  # already past its due date: its reminders ask for it
    assert await lender.refused(upi, 11) == 404  # LN-1001 has ten instalments
    # Another loan's debits are not collected online by this lender.
    assert await lender.refused(upi, 2, loan="LN-1004") == 409
    for instalment in (1, 2, 11):
        assert await lender.sms(f"{upi}i{instalment}") == []
    assert_conforms(contract_for("lending"), lender.calls())
