"""UPI AutoPay mandates at the payments mock, as Cashfree's subscriptions API (2025-01-01) has them,
driven through our own provider client: a plan, a mandate approved (or refused) in the payer's
UPI app, a charge scheduled at least 24 hours ahead (sooner is refused: the pre-debit notice must
reach the payer first) and debited once when the mocks' one clock passes its date, a debit the
bank declines (retried hourly, then FAILED with its reason), a mandate paused or cancelled taking
no further debit, one past its expiry EXPIRED, and another merchant account seeing none of it. An
eNACH mandate is authorised at the payer's bank on the account its AUTH names (checked: IFSC,
account number, type, authentication mode), awaits the bank's registration, and a debit the
bank returns fails at once (NACH has no hourly retries).
Every call, answer and webhook is held to our contract and Cashfree's document; every webhook is
signed with the account's secret.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

import httpx
import msgspec
import pytest
from litestar import Litestar, Request, Response, post
from openapi_schema_validator import OAS31Validator

from payments_client import (
    Account,
    EnachMethod,
    HttpxSender,
    MandateCustomer,
    MandatePaymentEvent,
    ProviderClient,
    ProviderMandate,
    ProviderRefused,
    mandate_event,
)
from payments_client.webhooks import WebhookRefused, verify
from tests.conftest import CLIENT_SECRET
from upstream_mocks.clock import mocks_now
from upstream_mocks.examples import contract_path, load_document
from upstream_mocks.payments.orders import state
from upstream_mocks.settings import MerchantAccount, MockSettings
from upstream_mocks.suite import create_suite
from upstream_mocks.world import MockWorld

LENDER_ORIGIN = "https://lender.example"
LENDER = MerchantAccount(
    client_id="lender-client",
    client_secret="lender-s3cret",
    subscription_webhook_urls=(f"{LENDER_ORIGIN}/webhooks/mandates",),
)
RAMESH = MandateCustomer(
    customer_email="ramesh.kumar@shop.example", customer_phone="9876543210", customer_name="Ramesh Kumar"
)
INSTALMENT = Decimal("12450.50")


@dataclass
class Heard:
    """What the lender's receiver took: each verified event, and anything it refused."""

    events: list[Any] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)

    def of(self, kind: str, payment_id: str | None = None) -> list[Any]:
        return [
            e
            for e in self.events
            if e.type == kind
            and (payment_id is None or (isinstance(e, MandatePaymentEvent) and e.data.payment_id == payment_id))
        ]


def _receiver(heard: Heard) -> Litestar:
    contract = load_document(contract_path("payments"))
    schemas = {
        name: OAS31Validator({"$ref": f"#/components/schemas/{name}", "components": contract["components"]})
        for name in ("SubscriptionStatusWebhook", "SubscriptionPaymentWebhook")
    }

    @post("/webhooks/mandates", status_code=200)
    async def receive(request: Request[Any, Any, Any]) -> Response[Any]:
        raw = await request.body()
        try:
            verify(LENDER.client_secret, dict(request.headers), raw)
        except WebhookRefused as refused:
            heard.refused.append(refused.reason)
            return Response({"message": refused.reason}, status_code=401)
        event = mandate_event(raw)
        kind = (
            "SubscriptionStatusWebhook" if event.type == "SUBSCRIPTION_STATUS_CHANGED" else "SubscriptionPaymentWebhook"
        )
        errors = [e.message for e in schemas[kind].iter_errors(msgspec.json.decode(raw))]
        heard.refused.extend(errors)
        heard.events.append(event)
        return Response({"ok": True})

    return Litestar(route_handlers=[receive])


@dataclass
class Provider:
    lender: ProviderClient
    store: ProviderClient
    http: httpx.AsyncClient
    world: MockWorld
    heard: Heard

    async def move_clock(self, **by: int) -> None:
        moved = await self.http.post("http://mocks.internal/_mocks/clock", json=by)
        assert moved.status_code == 200, moved.text
        await self.world.drain()

    async def mandate_word(self, mandate: ProviderMandate, outcome: str) -> httpx.Response:
        return await self.http.post(f"subscriptions/{mandate.cf_subscription_id}/mandate", json={"outcome": outcome})

    def now(self) -> datetime:
        return mocks_now(self.world)


@pytest.fixture
async def provider() -> AsyncIterator[Provider]:
    world = MockWorld(
        MockSettings(
            payments_client_secret=CLIENT_SECRET,
            payments_accounts=(LENDER,),
            check_provider_document=True,
            webhook_retry_seconds=(),
        )
    )
    heard = Heard()
    world.merchants[LENDER_ORIGIN] = _receiver(heard)
    suite = create_suite(world, check_contracts=True, traced=False)
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=suite), base_url="http://mocks.internal/_mocks/payments/"
    ) as http:
        send = HttpxSender(http)
        yield Provider(
            lender=ProviderClient(send, Account(client_id=LENDER.client_id, client_secret=LENDER.client_secret)),
            store=ProviderClient(send, Account(client_id="mock-client", client_secret=CLIENT_SECRET)),
            http=http,
            world=world,
            heard=heard,
        )
        await world.drain()
        assert state(world).conformance == []
        assert heard.refused == []


async def _approved_mandate(p: Provider, subscription_id: str = "LN-1001-mandate-1") -> ProviderMandate:
    plan = await p.lender.create_plan(
        plan_id="LN-1001-autopay", name="Instalments of loan LN-1001", max_amount=Decimal("15000")
    )
    assert (plan.plan_type, plan.plan_max_amount, plan.plan_status) == ("ON_DEMAND", Decimal("15000.00"), "ACTIVE")
    mandate = await p.lender.create_mandate(
        subscription_id=subscription_id,
        plan_id=plan.plan_id,
        customer=RAMESH,
        expires_at=p.now() + timedelta(days=365),
        tags={"loan": "LN-1001"},
    )
    assert mandate.subscription_status == "INITIALIZED"
    auth = await p.lender.authorise(mandate, payment_id=f"{subscription_id}-auth")
    assert (auth.payment_type, auth.payment_status, auth.payment_amount) == ("AUTH", "PENDING", Decimal("1.00"))
    intent = auth.payload["default"]
    assert intent.startswith("upi://mandate?") and "am=15000.00" in intent and "amrule=MAX" in intent
    assert (await p.mandate_word(mandate, "approved")).status_code == 200
    await p.world.drain()
    active = await p.lender.mandate(subscription_id)
    assert active.subscription_status == "ACTIVE"
    assert active.authorisation_details.authorization_status == "ACTIVE"
    assert active.authorisation_details.authorization_reference  # the UMN
    return active


async def test_an_approved_mandates_charge_is_debited_once_when_the_clock_passes_its_date(provider: Provider) -> None:
    p = provider
    mandate = await _approved_mandate(p)
    assert [e.data.subscription_details.subscription_status for e in p.heard.of("SUBSCRIPTION_STATUS_CHANGED")] == [
        "ACTIVE"
    ]
    assert [e.data.payment_status for e in p.heard.of("SUBSCRIPTION_AUTH_STATUS")] == ["SUCCESS"]

    with pytest.raises(ProviderRefused) as too_soon:
        await p.lender.charge(
            mandate.subscription_id,
            payment_id="LN-1001-early",
            amount=INSTALMENT,
            scheduled_at=p.now() + timedelta(hours=23, minutes=59),
        )
    assert (too_soon.value.status, too_soon.value.code) == (400, "payment_schedule_date_invalid")
    with pytest.raises(ProviderRefused) as too_much:
        await p.lender.charge(
            mandate.subscription_id,
            payment_id="LN-1001-big",
            amount=Decimal("15000.01"),
            scheduled_at=p.now() + timedelta(days=2),
        )
    assert too_much.value.code == "payment_amount_invalid"

    due = p.now() + timedelta(hours=24, minutes=10)
    raised = await p.lender.charge(
        mandate.subscription_id, payment_id="LN-1001-2026-12-15", amount=INSTALMENT, scheduled_at=due
    )
    again = await p.lender.charge(
        mandate.subscription_id, payment_id="LN-1001-2026-12-15", amount=INSTALMENT, scheduled_at=due
    )
    assert (raised.payment_status, raised.payment_amount, again.cf_payment_id) == (
        "INITIALIZED",
        INSTALMENT,
        raised.cf_payment_id,
    )
    await p.world.drain()
    assert len(p.heard.of("SUBSCRIPTION_PAYMENT_NOTIFICATION_INITIATED", "LN-1001-2026-12-15")) == 1

    await p.move_clock(hours=24)  # the day before: not yet
    assert (
        await p.lender.mandate_payment(mandate.subscription_id, "LN-1001-2026-12-15")
    ).payment_status == "INITIALIZED"
    await p.move_clock(minutes=15)
    paid = await p.lender.mandate_payment(mandate.subscription_id, "LN-1001-2026-12-15")
    assert (paid.payment_status, paid.payment_amount, paid.retry_attempts) == ("SUCCESS", INSTALMENT, 0)
    await p.move_clock(days=2)
    [success] = p.heard.of("SUBSCRIPTION_PAYMENT_SUCCESS")
    assert (success.data.payment_id, success.data.payment_amount) == ("LN-1001-2026-12-15", INSTALMENT)
    charges = [x for x in await p.lender.mandate_payments(mandate.subscription_id) if x.payment_type == "CHARGE"]
    assert [(c.payment_id, c.payment_status) for c in charges] == [("LN-1001-2026-12-15", "SUCCESS")]


async def test_a_declined_debit_is_retried_hourly_then_failed_with_its_reason_and_retried_on_notice(
    provider: Provider,
) -> None:
    p = provider
    mandate = await _approved_mandate(p)
    fail = await p.http.post(
        f"subscriptions/{mandate.cf_subscription_id}/debits/fail",
        json={"failure_reason": "Insufficient funds in the account"},
    )
    assert fail.status_code == 200, fail.text
    due = p.now() + timedelta(hours=25)
    await p.lender.charge(mandate.subscription_id, payment_id="LN-1001-2026-12-15", amount=INSTALMENT, scheduled_at=due)
    await p.move_clock(hours=25, minutes=15)
    waiting = await p.lender.mandate_payment(mandate.subscription_id, "LN-1001-2026-12-15")
    assert (waiting.payment_status, waiting.retry_attempts) == ("PENDING", 1)
    await p.move_clock(hours=3)
    failed = await p.lender.mandate_payment(mandate.subscription_id, "LN-1001-2026-12-15")
    assert (failed.payment_status, failed.retry_attempts) == ("FAILED", 3)
    assert failed.failure_details.failure_reason == "Insufficient funds in the account"
    [told] = p.heard.of("SUBSCRIPTION_PAYMENT_FAILED")
    assert told.data.failure_details.failure_reason == "Insufficient funds in the account"

    with pytest.raises(ProviderRefused) as soon:
        await p.lender.manage_charge(
            mandate.subscription_id, "LN-1001-2026-12-15", "RETRY", key="retry-1", retry_at=p.now() + timedelta(hours=2)
        )
    assert soon.value.code == "next_scheduled_time_invalid"
    retried = await p.lender.manage_charge(
        mandate.subscription_id, "LN-1001-2026-12-15", "RETRY", key="retry-2", retry_at=p.now() + timedelta(hours=26)
    )
    assert retried.payment_status == "INITIALIZED"
    await p.move_clock(hours=26, minutes=15)
    assert (await p.lender.mandate_payment(mandate.subscription_id, "LN-1001-2026-12-15")).payment_status == "SUCCESS"
    assert len(p.heard.of("SUBSCRIPTION_PAYMENT_SUCCESS")) == 1


async def test_a_refused_mandate_takes_no_charge_and_may_be_asked_again(provider: Provider) -> None:
    p = provider
    await p.lender.create_plan(
        plan_id="LN-1002-autopay", name="Instalments of loan LN-1002", max_amount=Decimal("9000")
    )
    mandate = await p.lender.create_mandate(
        subscription_id="LN-1002-mandate-1",
        plan_id="LN-1002-autopay",
        customer=RAMESH,
        expires_at=p.now() + timedelta(days=90),
    )
    await p.lender.authorise(mandate, payment_id="LN-1002-auth-1", channel="qrcode")
    assert (await p.mandate_word(mandate, "rejected")).status_code == 200
    await p.world.drain()
    [auth] = p.heard.of("SUBSCRIPTION_AUTH_STATUS")
    assert auth.data.payment_status == "FAILED"
    assert (await p.lender.mandate("LN-1002-mandate-1")).subscription_status == "INITIALIZED"
    with pytest.raises(ProviderRefused) as inactive:
        await p.lender.charge(
            "LN-1002-mandate-1", payment_id="LN-1002-1", amount=Decimal("500"), scheduled_at=p.now() + timedelta(days=2)
        )
    assert inactive.value.code == "subscription_not_active"
    second = await p.lender.authorise(mandate, payment_id="LN-1002-auth-2")
    assert second.payment_status == "PENDING"


async def test_pausing_or_cancelling_a_mandate_stops_its_charges(provider: Provider) -> None:
    p = provider
    mandate = await _approved_mandate(p)
    sid = mandate.subscription_id
    await p.lender.charge(sid, payment_id="LN-1001-jan", amount=INSTALMENT, scheduled_at=p.now() + timedelta(days=2))
    paused = await p.lender.manage_mandate(sid, "PAUSE", key="pause-1")
    assert paused.subscription_status == "ON_HOLD"
    await p.move_clock(days=3)
    assert (await p.lender.mandate_payment(sid, "LN-1001-jan")).payment_status == "CANCELLED"
    assert len(p.heard.of("SUBSCRIPTION_PAYMENT_CANCELLED", "LN-1001-jan")) == 1
    with pytest.raises(ProviderRefused) as on_hold:
        await p.lender.charge(
            sid, payment_id="LN-1001-feb-0", amount=INSTALMENT, scheduled_at=p.now() + timedelta(days=2)
        )
    assert on_hold.value.code == "subscription_not_active"

    resumed = await p.lender.manage_mandate(
        sid, "ACTIVATE", key="activate-1", next_scheduled_at=p.now() + timedelta(days=2)
    )
    assert resumed.subscription_status == "ACTIVE"
    await p.lender.charge(sid, payment_id="LN-1001-feb", amount=INSTALMENT, scheduled_at=p.now() + timedelta(days=2))
    assert (await p.mandate_word(mandate, "paused")).json()["subscription_status"] == "CUSTOMER_PAUSED"
    assert (await p.mandate_word(mandate, "resumed")).json()["subscription_status"] == "ACTIVE"
    await p.lender.charge(sid, payment_id="LN-1001-mar", amount=INSTALMENT, scheduled_at=p.now() + timedelta(days=2))
    assert (await p.mandate_word(mandate, "cancelled")).json()["subscription_status"] == "CUSTOMER_CANCELLED"
    await p.move_clock(days=3)
    statuses = {
        c.payment_id: c.payment_status for c in await p.lender.mandate_payments(sid) if c.payment_type == "CHARGE"
    }
    assert statuses == {"LN-1001-jan": "CANCELLED", "LN-1001-feb": "CANCELLED", "LN-1001-mar": "CANCELLED"}
    assert p.heard.of("SUBSCRIPTION_PAYMENT_SUCCESS") == []
    changes = [e.data.subscription_details.subscription_status for e in p.heard.of("SUBSCRIPTION_STATUS_CHANGED")]
    assert changes == ["ACTIVE", "ON_HOLD", "ACTIVE", "CUSTOMER_PAUSED", "ACTIVE", "CUSTOMER_CANCELLED"]
    with pytest.raises(ProviderRefused) as ended:
        await p.lender.manage_mandate(sid, "CANCEL", key="cancel-1")
    assert ended.value.code == "action_invalid"


async def test_another_account_sees_none_of_a_mandate(provider: Provider) -> None:
    p = provider
    mandate = await _approved_mandate(p)
    for read in (
        p.store.mandate(mandate.subscription_id),
        p.store.mandate_payments(mandate.subscription_id),
        p.store.plan("LN-1001-autopay"),
        p.store.manage_mandate(mandate.subscription_id, "CANCEL", key="store-cancel"),
        p.store.charge(
            mandate.subscription_id, payment_id="x-1", amount=INSTALMENT, scheduled_at=p.now() + timedelta(days=2)
        ),
    ):
        with pytest.raises(ProviderRefused) as hidden:
            await read
        assert hidden.value.status == 404
    assert (await p.lender.mandate(mandate.subscription_id)).subscription_status == "ACTIVE"


async def test_a_mandate_past_its_expiry_is_expired_and_takes_no_charge(provider: Provider) -> None:
    p = provider
    await p.lender.create_plan(
        plan_id="LN-1003-autopay", name="Instalments of loan LN-1003", max_amount=Decimal("5000")
    )
    mandate = await p.lender.create_mandate(
        subscription_id="LN-1003-mandate-1",
        plan_id="LN-1003-autopay",
        customer=RAMESH,
        expires_at=p.now() + timedelta(days=3),
    )
    await p.lender.authorise(mandate, payment_id="LN-1003-auth")
    await p.mandate_word(mandate, "approved")
    with pytest.raises(ProviderRefused) as beyond:
        await p.lender.charge(
            mandate.subscription_id,
            payment_id="LN-1003-1",
            amount=Decimal("500"),
            scheduled_at=p.now() + timedelta(days=4),
        )
    assert beyond.value.code == "payment_schedule_date_invalid"
    await p.move_clock(days=3, minutes=15)
    assert (await p.lender.mandate(mandate.subscription_id)).subscription_status == "EXPIRED"
    changes = [e.data.subscription_details.subscription_status for e in p.heard.of("SUBSCRIPTION_STATUS_CHANGED")]
    assert changes == ["ACTIVE", "EXPIRED"]


RAMESH_BANK = EnachMethod(
    auth_mode="net_banking",
    account_holder_name="Ramesh Kumar",
    account_number="001234567890",
    account_ifsc="HDFC0001234",
    account_type="SAVINGS",
)


async def _enach_mandate(p: Provider, subscription_id: str) -> ProviderMandate:
    plan = await p.lender.create_plan(plan_id=f"{subscription_id}-plan", name="Loan", max_amount=Decimal("25000"))
    return await p.lender.create_mandate(
        subscription_id=subscription_id,
        plan_id=plan.plan_id,
        customer=msgspec.structs.replace(
            RAMESH,
            customer_bank_account_holder_name="Ramesh Kumar",
            customer_bank_account_number=RAMESH_BANK.account_number,
            customer_bank_ifsc=RAMESH_BANK.account_ifsc,
            customer_bank_account_type="SAVINGS",
        ),
        expires_at=p.now() + timedelta(days=365),
        method="enach",
    )


async def test_an_enach_mandate_is_authorised_at_the_bank_registered_and_a_returned_debit_fails_at_once(
    provider: Provider,
) -> None:
    p = provider
    mandate = await _enach_mandate(p, "LN-1001-enach-1")
    refused = [
        msgspec.structs.replace(RAMESH_BANK, account_ifsc="HDFC1001234"),  # the fifth character is not 0
        msgspec.structs.replace(RAMESH_BANK, account_number="12345"),
        msgspec.structs.replace(RAMESH_BANK, account_type="NRE"),
        msgspec.structs.replace(RAMESH_BANK, auth_mode="otp"),
        msgspec.structs.replace(RAMESH_BANK, account_number="009999999999"),  # not the subscription's account
    ]
    for n, bank in enumerate(refused):
        with pytest.raises(ProviderRefused) as bad:
            await p.lender.authorise(mandate, payment_id=f"bad-{n}", enach=bank)
        assert bad.value.status == 400
    with pytest.raises(ProviderRefused) as upi:
        await p.lender.authorise(mandate, payment_id="by-upi")
    assert "payment_methods" in str(upi.value)

    auth = await p.lender.authorise(mandate, payment_id="LN-1001-enach-1-auth", enach=RAMESH_BANK)
    assert (auth.payment_type, auth.payment_status, auth.payload) == ("AUTH", "PENDING", {})
    assert auth.data.url is not None and auth.data.url.endswith(f"/subscriptions/{mandate.cf_subscription_id}/bank")
    page = await p.http.get(f"subscriptions/{mandate.cf_subscription_id}/bank")
    assert page.status_code == 200 and "ending 7890 at HDFC, by net banking" in page.text

    assert (await p.mandate_word(mandate, "authorised")).status_code == 200
    assert (await p.lender.mandate(mandate.subscription_id)).subscription_status == "BANK_APPROVAL_PENDING"
    assert (await p.mandate_word(mandate, "approved")).status_code == 200
    await p.world.drain()
    active = await p.lender.mandate(mandate.subscription_id)
    assert (active.subscription_status, active.authorisation_details.payment_method) == ("ACTIVE", "enach")
    assert len(active.authorisation_details.authorization_reference) == 20  # the UMRN
    assert [e.data.subscription_details.subscription_status for e in p.heard.of("SUBSCRIPTION_STATUS_CHANGED")] == [
        "BANK_APPROVAL_PENDING",
        "ACTIVE",
    ]

    # Above UPI's ₹15,000 without fresh authentication: NACH debits have no such limit.
    fail = await p.http.post(
        f"subscriptions/{mandate.cf_subscription_id}/debits/fail", json={"failure_reason": "Account closed"}
    )
    assert fail.status_code == 200, fail.text
    await p.lender.charge(
        mandate.subscription_id,
        payment_id="enach-1",
        amount=Decimal("20000"),
        scheduled_at=p.now() + timedelta(hours=25),
    )
    await p.move_clock(hours=25, minutes=5)
    failed = await p.lender.mandate_payment(mandate.subscription_id, "enach-1")
    assert (failed.payment_status, failed.retry_attempts, failed.failure_details.failure_reason) == (
        "FAILED",
        0,
        "Account closed",
    )
    assert len(p.heard.of("SUBSCRIPTION_PAYMENT_FAILED")) == 1


async def test_an_enach_mandate_the_bank_rejects_may_be_asked_again_and_one_it_cancels_takes_no_charge(
    provider: Provider,
) -> None:
    p = provider
    mandate = await _enach_mandate(p, "LN-1001-enach-2")
    await p.lender.authorise(mandate, payment_id="auth-1", enach=RAMESH_BANK)
    assert (await p.mandate_word(mandate, "authorised")).status_code == 200
    assert (await p.mandate_word(mandate, "rejected")).status_code == 200
    await p.world.drain()
    again = await p.lender.mandate(mandate.subscription_id)
    assert (again.subscription_status, again.authorisation_details.authorization_status) == ("INITIALIZED", "FAILED")
    [auth] = p.heard.of("SUBSCRIPTION_AUTH_STATUS")
    assert auth.data.failure_details.failure_reason == "Mandate rejected by the customer's bank"

    await p.lender.authorise(again, payment_id="auth-2", enach=RAMESH_BANK)
    assert (await p.mandate_word(mandate, "approved")).status_code == 200
    await p.lender.charge(
        mandate.subscription_id, payment_id="enach-2", amount=Decimal("900"), scheduled_at=p.now() + timedelta(hours=25)
    )
    assert (await p.mandate_word(mandate, "cancelled")).status_code == 200
    await p.move_clock(hours=26)
    assert (await p.lender.mandate(mandate.subscription_id)).subscription_status == "CUSTOMER_CANCELLED"
    assert (await p.lender.mandate_payment(mandate.subscription_id, "enach-2")).payment_status == "CANCELLED"
    assert p.heard.of("SUBSCRIPTION_PAYMENT_SUCCESS") == []
