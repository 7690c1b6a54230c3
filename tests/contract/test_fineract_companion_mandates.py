"""The Fineract lender's companion takes a loan's AutoPay partner calls (`partnerMandates`,
`partnerMandateDebits`, contracts/lending.openapi.yaml) as our own lender does, sent by the
gateway's own client (LenderMandateDebits) with the companion's key, every call and answer held to
the document. It believes none of it: the mandate and each debit are read at the provider with
the Fineract lender's own account; a debit taken is booked in Fineract once, as a repayment with
externalId `pg-<provider payment id>`, however often it is told.
"""

from __future__ import annotations

import base64
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager
from datetime import timedelta
from decimal import Decimal

import pytest

from gateway.plumbing.errors import UpstreamError
from gateway.upstreams.http import UpstreamHttp
from gateway.upstreams.lenders.native.operations import LenderMandateDebits
from payments_client import MandateCustomer, ProviderRefused
from tests.contract.conftest import RecordingMock, assert_conforms, contract_for
from upstream_mocks.clock import mocks_now
from upstream_mocks.fineract.seed import FineractState
from upstream_mocks.payments.subscription_refunds import refunds_state
from upstream_mocks.provider import provider

RAMESH = "9876543210"  # Fineract client 502
LOAN = "FIN-000007102"  # his loan at the Fineract lender, nothing paid yet
MOCKS = "http://mocks.internal/_mocks"
COMPANION_KEY = "mock-companion-key"


@pytest.fixture
async def companion(
    recording_mock: Callable[..., AbstractAsyncContextManager[RecordingMock]],
) -> AsyncIterator[RecordingMock]:
    async with recording_mock("companion_fineract", check_contracts=True) as mock:
        yield mock


def teller(mock: RecordingMock, key: str = COMPANION_KEY) -> LenderMandateDebits:
    return LenderMandateDebits(UpstreamHttp("fineract_companion", mock.client), key)


async def mandate(mock: RecordingMock, loan: str = LOAN, *, approve: bool = True) -> tuple[str, str]:
    """A UPI mandate on the Fineract lender's own account, as the platform makes one: its
    subscription id and the provider's."""
    subscription_id = f"ap{secrets.token_hex(10)}"
    customer = MandateCustomer(customer_email="ramesh@example.in", customer_phone=RAMESH, customer_name="Ramesh Kumar")
    async with provider(mock.world, mock.world.settings.fineract_account) as pg:
        await pg.create_plan(plan_id=subscription_id, name=f"AutoPay {loan}", max_amount=Decimal("3000.00"))
        made = await pg.create_mandate(
            subscription_id=subscription_id,
            plan_id=subscription_id,
            customer=customer,
            method="upi",
            expires_at=mocks_now(mock.world) + timedelta(days=400),
            tags={"loan_number": loan},
        )
        await pg.authorise(made, payment_id=f"{subscription_id}a000001")
    if approve:
        answer = await mock.client.post(
            f"{MOCKS}/payments/subscriptions/{made.cf_subscription_id}/mandate", json={"outcome": "approved"}
        )
        assert answer.status_code == 200, answer.text
    return subscription_id, made.cf_subscription_id


def repayments(mock: RecordingMock) -> list[tuple[Decimal, str, str]]:
    """The loan's repayments in Fineract booked from AutoPay debits."""
    books: FineractState = mock.world.states["fineract"]
    return [
        (t.amount, t.external_id or "", t.receipt_number or "")
        for t in books.loans[7102].transactions
        if t.kind == "repayment" and (t.receipt_number or "").startswith("MANDATE_")
    ]


async def instalment_debit(mock: RecordingMock, subscription_id: str) -> str:
    """The mandate's first instalment (₹2,090) raised at the provider for a day after tomorrow: its
    payment id."""
    payment_id = f"{subscription_id}i1"
    async with provider(mock.world, mock.world.settings.fineract_account) as pg:
        await pg.charge(
            subscription_id,
            payment_id=payment_id,
            amount=Decimal("2090.00"),
            scheduled_at=mocks_now(mock.world) + timedelta(hours=25),
        )
    return payment_id


async def status_of(call: Awaitable[object]) -> int | None:
    """The status the companion refused the call with."""
    with pytest.raises(UpstreamError) as refused:
        await call
    return refused.value.status


async def test_the_companion_keeps_an_active_mandate_and_books_a_debit_taken_once(companion: RecordingMock) -> None:
    client = teller(companion)
    waiting, _ = await mandate(companion, approve=False)
    assert await status_of(client.tell_mandate(LOAN, waiting)) == 409  # not ACTIVE yet
    other, _ = await mandate(companion, "FIN-000007101")
    assert await status_of(client.tell_mandate(LOAN, other)) == 409  # not this loan's
    assert await status_of(client.tell_mandate("FIN-000007106", other)) == 404  # a group's own loan
    assert await status_of(teller(companion, "wrong").tell_mandate(LOAN, other)) == 401
    subscription_id, _ = await mandate(companion)
    await client.tell_mandate(LOAN, subscription_id)
    await client.tell_mandate(LOAN, subscription_id)  # told again: nothing changes
    assert companion.world.states["fineract_autopay_mandates"].by_loan == {LOAN: subscription_id}
    assert companion.world.states["autopay_mandates"].by_loan == {}  # our own lender keeps its own

    # Above the e-mandate limit? Its instalments are not: refused, whatever the caller says.
    asked = client.ask_to_authenticate(LOAN, subscription_id, f"{subscription_id}i1", 1)
    assert await status_of(asked) == 409

    payment_id = await instalment_debit(companion, subscription_id)
    assert await client.tell(LOAN, subscription_id, payment_id) == "noticed"
    assert await client.tell(LOAN, subscription_id, payment_id) == "noticed"  # the notice went once
    sms = (await companion.client.get(f"{MOCKS}/mail/sms", params={"mobile": RAMESH})).json()
    assert len([s for s in sms if s["reference"] == payment_id]) == 1

    moved = await companion.client.post(f"{MOCKS}/clock", json={"days": 2})
    assert moved.status_code == 200, moved.text
    async with provider(companion.world, companion.world.settings.fineract_account) as pg:
        taken = await pg.mandate_payment(subscription_id, payment_id)
    assert taken.payment_status == "SUCCESS"
    assert await client.tell(LOAN, subscription_id, payment_id) == "booked"
    assert await client.tell(LOAN, subscription_id, payment_id) == "booked"  # told again: booked once
    assert repayments(companion) == [(Decimal("2090.00"), f"pg-{taken.cf_payment_id}", f"MANDATE_{payment_id}")]

    calls = [e for e in companion.recorded.exchanges if "/webRepayment/partnerMandate" in e[0].url.path]
    assert_conforms(contract_for("lending"), calls)


async def test_a_debit_the_bank_lets_through_after_the_loan_is_paid_off_is_given_back_once(
    companion: RecordingMock,
) -> None:
    """A debit already with the payer's bank when the borrower paid the loan off by hand: Fineract
    books it all as an overpayment (the loan Overpaid, 700). The companion gives it back as the
    gateway's adapter does a payment it books: refunded at the provider on the Fineract lender's own
    account (`overpaid-<payment id>`), then Fineract's credit balance refund (`cbr-pg-<provider
    payment id>`) closes the loan; a refund the provider could not take is asked again at the
    clock's next step, and a debit told again gives nothing back twice."""
    client = teller(companion)
    subscription_id, _ = await mandate(companion)
    await client.tell_mandate(LOAN, subscription_id)
    payment_id = await instalment_debit(companion, subscription_id)
    assert await client.tell(LOAN, subscription_id, payment_id) == "noticed"
    assert (await companion.client.post(f"{MOCKS}/clock", json={"days": 2})).status_code == 200
    async with provider(companion.world, companion.world.settings.fineract_account) as pg:
        taken = await pg.mandate_payment(subscription_id, payment_id)
    assert taken.payment_status == "SUCCESS"

    loan_url = f"{MOCKS}/fineract/fineract-provider/api/v1/loans/7102"
    basic = base64.b64encode(f"mifos:{companion.world.settings.fineract_password}".encode()).decode()
    staff = {"Authorization": f"Basic {basic}", "Fineract-Platform-TenantId": "default"}
    loan = (await companion.client.get(loan_url, headers=staff)).json()
    owed = loan["summary"]["totalOutstanding"]
    by_hand = {
        "transactionDate": mocks_now(companion.world).strftime("%d %B %Y"),
        "dateFormat": "dd MMMM yyyy",
        "locale": "en",
        "transactionAmount": owed,
        "externalId": "pg-paid-by-hand",
        "receiptNumber": "FINREPAY_7102_1",
        "paymentTypeId": 1,
    }
    paid = await companion.client.post(
        f"{loan_url}/transactions",
        params={"command": "repayment"},
        json=by_hand,
        headers={**staff, "Idempotency-Key": "paid-by-hand"},
    )
    assert paid.status_code == 200, paid.text

    refunds = f"pg/subscriptions/{subscription_id}/refunds"
    down = {"mock": "payments", "path": refunds, "method": "POST", "status": 503}
    assert (await companion.client.post(f"{MOCKS}/scenarios", json=down)).status_code == 201
    assert await client.tell(LOAN, subscription_id, payment_id) == "booked"  # booked, whatever the refund
    loan = (await companion.client.get(loan_url, headers=staff)).json()
    assert (loan["status"]["id"], loan["totalOverpaid"]) == (700, 2090)
    refund_id = f"overpaid-{payment_id}"
    async with provider(companion.world, companion.world.settings.fineract_account) as pg:
        with pytest.raises(ProviderRefused):
            await pg.mandate_refund(subscription_id, refund_id)

    assert (await companion.client.delete(f"{MOCKS}/scenarios")).status_code < 300
    assert (await companion.client.post(f"{MOCKS}/clock", json={"days": 1})).status_code == 200
    assert await client.tell(LOAN, subscription_id, payment_id) == "booked"  # told again: nothing twice
    async with provider(companion.world, companion.world.settings.fineract_account) as pg:
        refund = await pg.mandate_refund(subscription_id, refund_id)
    assert (refund.payment_id, refund.refund_amount) == (payment_id, Decimal("2090.00"))
    loan = (await companion.client.get(loan_url, params={"associations": "transactions"}, headers=staff)).json()
    assert loan["status"]["closed"] is True and "totalOverpaid" not in loan
    given_back = [(t["externalId"], t["amount"]) for t in loan["transactions"] if t["type"].get("creditBalanceRefund")]
    assert given_back == [(f"cbr-pg-{taken.cf_payment_id}", 2090)]
    made = refunds_state(companion.world).refunds.values()
    given = [r for refunds in made for r in refunds if r.payment_id == payment_id]
    assert [(r.refund_id, r.refund_amount) for r in given] == [(refund_id, Decimal("2090.00"))]
