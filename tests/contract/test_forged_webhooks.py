"""A webhook is trusted only after checking: its signature, and then the provider's own word on
the payment. A `PAYMENT_SUCCESS` signed with the documented default secret for a payment the
provider never took settles nothing, at the lender's receiver or the orders service's."""

from __future__ import annotations

from decimal import Decimal

import httpx
import msgspec
import pytest

from tests.contract.repayment_world import repayments
from tests.contract.test_orders_contract import RAMESH_TOKEN, bearer, order_body
from upstream_mocks.payments.events import payment_event
from upstream_mocks.payments.orders import Payment, get_order
from upstream_mocks.payments.webhooks import signed_headers
from upstream_mocks.settings import MockSettings, SettingsRefused
from upstream_mocks.suite import create_suite
from upstream_mocks.world import MockWorld

DEFAULT_SECRET = MockSettings().payments_client_secret  # published in the README
LENDER_DEFAULT_SECRET = MockSettings().lending_payments_client_secret  # the lender's own account's, as published
OUR_ACCOUNTS = {
    "MOCKS_PAYMENTS_CLIENT_SECRET": "s3cret-of-ours",
    "MOCKS_PAYOUTS_CLIENT_SECRET": "payouts-of-ours",
    "MOCKS_LENDING_PAYMENTS_CLIENT_SECRET": "lender-of-ours",
    "MOCKS_FINERACT_PAYMENTS_CLIENT_SECRET": "fineract-of-ours",
}


def forged_success(
    order_id: str, amount: Decimal, world: MockWorld, secret: str = LENDER_DEFAULT_SECRET, account: str = ""
) -> tuple[bytes, dict[str, str]]:
    """What a forger who read the README sends: a well-formed success for an open order (of the
    merchant account `account`, the lender's when none is named)."""
    order = get_order(world, account or world.settings.lending_payments_client_id, order_id)
    assert order is not None and order.order_status == "ACTIVE"
    forged = Payment(
        cf_payment_id="999999999",
        order_id=order_id,
        entity="payment",
        payment_amount=amount,
        payment_currency="INR",
        payment_group="upi",
        payment_status="SUCCESS",
        payment_message="Transaction successful",
        payment_time=order.created_at,
    )
    raw = msgspec.json.Encoder(decimal_format="number").encode(payment_event(order, forged))
    return raw, signed_headers(secret, raw)


async def test_a_forged_success_signed_with_the_default_secret_settles_no_repayment() -> None:
    async with repayments(MockSettings()) as mock:
        await mock.log_in()
        owed = await mock.owed()
        started = await mock.start("1000.00")
        raw, headers = forged_success(started.order_id, Decimal("1000.00"), mock.world)
        answer = await mock.client.post("lending/webhooks/payments", content=raw, headers=headers)
        # Acknowledged (the provider would only retry), but nothing is settled and no receipt made.
        assert answer.status_code == 200
        assert answer.json()["message"] == "Payment not taken by the provider"
        assert await mock.owed() == owed
        assert [(e["status"], e["providerReference"]) for e in await mock.history()] == [("pending", None)]
        assert mock.world.states["lending"].settled_payment_ids == set()


async def test_the_real_payment_still_settles_after_a_forgery_was_refused() -> None:
    async with repayments(MockSettings(webhook_retry_seconds=(0.01,))) as mock:
        await mock.log_in()
        started = await mock.start("1000.00")
        raw, headers = forged_success(started.order_id, Decimal("1000.00"), mock.world)
        await mock.client.post("lending/webhooks/payments", content=raw, headers=headers)
        await mock.pay(started)
        await mock.world.drain()
        assert await mock.owed() == Decimal("11450.00")
        [entry] = await mock.history()
        assert entry["status"] == "paid" and entry["providerReference"] != "999999999"


@pytest.mark.parametrize("environment", ["test", "production"])
@pytest.mark.parametrize("secret", [None, "", DEFAULT_SECRET])
def test_outside_development_the_mocks_refuse_a_default_or_empty_client_secret(
    environment: str, secret: str | None
) -> None:
    env = {"MOCKS_ENVIRONMENT": environment}
    if secret is not None:
        env["MOCKS_PAYMENTS_CLIENT_SECRET"] = secret
    with pytest.raises(SettingsRefused, match="set MOCKS_PAYMENTS_CLIENT_SECRET"):
        MockSettings.from_env(env)


@pytest.mark.parametrize("environment", ["test", "production"])
@pytest.mark.parametrize("secret", [None, "", MockSettings().payouts_client_secret])
def test_outside_development_the_mocks_refuse_the_payouts_accounts_default_or_empty_secret(
    environment: str, secret: str | None
) -> None:
    env = {"MOCKS_ENVIRONMENT": environment, "MOCKS_PAYMENTS_CLIENT_SECRET": "s3cret-of-ours"}
    if secret is not None:
        env["MOCKS_PAYOUTS_CLIENT_SECRET"] = secret
    with pytest.raises(SettingsRefused, match="set MOCKS_PAYOUTS_CLIENT_SECRET"):
        MockSettings.from_env(env)


def test_the_mocks_start_with_their_own_secret_or_in_development() -> None:
    assert MockSettings.from_env({}).payments_client_secret == DEFAULT_SECRET
    ours = {**OUR_ACCOUNTS, "MOCKS_PARTNER_KEY": "k-of-ours"}
    chosen = MockSettings.from_env({"MOCKS_ENVIRONMENT": "production", **ours})
    assert chosen.payments_client_secret == "s3cret-of-ours" and chosen.partner_key == "k-of-ours"


@pytest.mark.parametrize("key", [None, "", "mock-partner-key"])
def test_in_production_the_mocks_refuse_a_default_or_empty_partner_key(key: str | None) -> None:
    env = {"MOCKS_ENVIRONMENT": "production", **OUR_ACCOUNTS}
    if key is not None:
        env["MOCKS_PARTNER_KEY"] = key
    with pytest.raises(SettingsRefused, match="set MOCKS_PARTNER_KEY"):
        MockSettings.from_env(env)


async def test_a_forged_success_signed_with_the_default_secret_settles_no_store_order() -> None:
    suite = create_suite(MockWorld(MockSettings()), check_contracts=True)
    world = suite.state.world
    world.states["catalogue"].tokens[RAMESH_TOKEN] = 2001
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=suite), base_url="http://mocks.internal/_mocks/"
    ) as mock:
        priced = (
            await mock.post(
                "orders/electrician/order/quote", json=order_body(method="online"), headers=bearer(RAMESH_TOKEN)
            )
        ).json()
        total = priced["data"]["charges"]["total"]
        body = order_body(method="online", quotedTotal=total)
        placed = await mock.post("orders/electrician/order/place", json=body, headers=bearer(RAMESH_TOKEN, "forge-01"))
        order = placed.json()["data"]
        raw, headers = forged_success(
            f"{order['orderNumber']}-1", Decimal(str(total)), world, DEFAULT_SECRET, world.settings.payments_client_id
        )
        assert (await mock.post("orders/webhooks/payments", content=raw, headers=headers)).status_code == 200
        read = await mock.get(
            f"orders/electrician/order/{order['orderNumber']}", params={"userId": 2001}, headers=bearer(RAMESH_TOKEN)
        )
        assert read.json()["data"]["payment"]["state"] == "pending"
