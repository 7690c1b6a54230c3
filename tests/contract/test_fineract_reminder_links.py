"""The Fineract lender's reminders carry the instalment's payment link too (issue 56): its
companion sends them (Fineract sends none with a link) by SMS and mail, the link as the
platform's short link, and answers the platform's partnerPaymentLinks for its codes. Paid through
the link without a login, in parts from the lender's minimum, each part is booked in Fineract
once, as a repayment whose externalId is the provider's payment (a repeated event or the
follow-up books nothing again).

An in-process suite held to contracts/lending (the companion speaks it), payments and mail."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any
from urllib.parse import urlsplit

import structlog.testing

from tests.contract.repayment_world import Repayments, decode, repayments
from upstream_mocks.fineract.seed import FineractState
from upstream_mocks.sms import DLT_TEMPLATES

MEENA = "9811122233"  # Fineract client 501: one missed instalment on loan 7101
LOAN = "FIN-000007101"
COMPANION = {"x-partner-key": "mock-companion-key"}
SHORT = re.compile(r"^http://mocks\.internal/l/[0-9A-Za-z]{10}$")


def _code(url: str) -> str:
    return urlsplit(url).path.rsplit("/", 1)[1]


async def _resolved(mock: Repayments, short: str) -> dict[str, Any]:
    answer = await mock.client.get(
        f"companion_fineract/webRepayment/partnerPaymentLinks/{_code(short)}", headers=COMPANION
    )
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = decode(answer)["data"]
    return found


async def _pay(mock: Repayments, short: str, amount: str) -> None:
    provider_code = _code((await _resolved(mock, short))["linkUrl"])
    paid = await mock.client.post(f"payments/links/{provider_code}/pay", json={"outcome": "success", "amount": amount})
    assert paid.status_code == 200, paid.text
    await mock.world.drain()  # the PAYMENT_LINK_EVENT to the companion, and its booking


def _link_repayments(mock: Repayments) -> list[tuple[Decimal, str]]:
    """Loan 7101's repayments booked from a link's payments, as Fineract keeps them."""
    books: FineractState = mock.world.states["fineract"]
    return [
        (t.amount, t.external_id or "")
        for t in books.loans[7101].transactions
        if t.kind == "repayment" and (t.receipt_number or "").startswith("CFPay_")
    ]


async def test_a_fineract_reminder_carries_our_link_and_each_part_paid_is_booked_in_fineract_once() -> None:
    async with repayments() as mock:
        sent = await mock.client.post("companion_fineract/reminders/now", json={"mobileNumber": MEENA})
        assert sent.status_code == 200, sent.text
        [reminder] = [r for r in sent.json() if r["loanNumber"] == LOAN]
        short, asked = reminder["linkUrl"], Decimal(reminder["amount"])
        assert SHORT.match(short), reminder
        await mock.world.drain()
        texts = (await mock.client.get("mail/sms", params={"mobile": MEENA})).json()
        [sms] = [s for s in texts if (s["reference"] or "").startswith(f"{LOAN}/")]
        assert short in sms["message"] and "/_mocks/payments/" not in sms["message"]
        assert sms["dltTemplateId"] == DLT_TEMPLATES[("reminder_after_link", "en")]
        mails = [m for m in (await mock.client.get("mail/outbox")).json() if m["reference"].startswith(f"{LOAN}/")]
        assert len(mails) == 1 and short in mails[0]["message"] and mails[0]["to"] == "meena.gupta@shop.example"

        resolved = await _resolved(mock, short)
        assert (resolved["status"], Decimal(resolved["amountLeft"])) == ("open", asked)
        await _pay(mock, short, "100.00")
        booked = _link_repayments(mock)
        assert [amount for amount, _ in booked] == [Decimal("100.00")]
        assert booked[0][1].startswith("pg-")
        assert Decimal((await _resolved(mock, short))["amountLeft"]) == asked - Decimal("100.00")

        # The follow-up reads the link again: nothing more is booked.
        assert (await mock.client.post("companion_fineract/links/followUp")).json() == {"booked": 0}
        await _pay(mock, short, str(asked - Decimal("100.00")))
        assert sorted(amount for amount, _ in _link_repayments(mock)) == sorted([Decimal("100.00"), asked - 100])
        assert (await mock.client.post("companion_fineract/links/followUp")).json() == {"booked": 0}
        assert len(_link_repayments(mock)) == 2
        assert (await _resolved(mock, short))["status"] == "paid"


async def test_the_companion_answers_only_its_codes_and_only_with_its_key() -> None:
    async with repayments() as mock:
        sent = (await mock.client.post("companion_fineract/reminders/now", json={"mobileNumber": MEENA})).json()
        [short] = [r["linkUrl"] for r in sent if r["loanNumber"] == LOAN]
        base = "companion_fineract/webRepayment/partnerPaymentLinks"
        assert (await mock.client.get(f"{base}/A1b2C3d4E5", headers=COMPANION)).status_code == 404
        assert (await mock.client.get(f"{base}/{_code(short)}")).status_code == 401
        # Our own lender knows nothing of the Fineract lender's codes.
        ours = await mock.client.get(
            f"lending/webRepayment/partnerPaymentLinks/{_code(short)}", headers={"x-partner-key": "mock-partner-key"}
        )
        assert ours.status_code == 404


async def test_a_reset_starts_the_companions_links_and_reminders_over_with_the_provider() -> None:
    """After `POST /_mocks/reset` the provider knows no link: the companion's go with it, and its
    reminders of the day go again, each with a link the provider has."""
    async with repayments() as mock:
        sent = (await mock.client.post("companion_fineract/reminders/now", json={"mobileNumber": MEENA})).json()
        [old] = [r["linkUrl"] for r in sent if r["loanNumber"] == LOAN]
        assert (await mock.client.post("reset")).status_code == 200
        base = "companion_fineract/webRepayment/partnerPaymentLinks"
        assert (await mock.client.get(f"{base}/{_code(old)}", headers=COMPANION)).status_code == 404
        with structlog.testing.capture_logs() as logs:
            assert (await mock.client.post("companion_fineract/links/followUp")).json() == {"booked": 0}
        assert [e for e in logs if e["event"] == "due_link_unread"] == []

        again = (await mock.client.post("companion_fineract/reminders/now", json={"mobileNumber": MEENA})).json()
        [new] = [r for r in again if r["loanNumber"] == LOAN]
        resolved = await _resolved(mock, new["linkUrl"])
        assert resolved["status"] == "open"
        provider_page = await mock.client.get(f"payments/links/{_code(resolved['linkUrl'])}")
        assert provider_page.status_code == 200 and "Pay ₹" in provider_page.text
