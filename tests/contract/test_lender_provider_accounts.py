"""Each lender collects on its own merchant account at the provider, never the store's (RBI's
Digital Lending Directions: no lender's money passes through ours). The native lender's
repayment order is made on the lender's account: its keys see it, the store's are told 404
order_not_found; its payment webhook is signed with the lender's secret, and the lender's
receiver refuses one signed with the store's. Outside development a lender's account with an
empty, published or the store's secret refuses to start, in the mocks and in the gateway."""

from __future__ import annotations

from decimal import Decimal

import msgspec
import pytest

from gateway.settings import Settings, UnsafeSettings
from tests.contract.repayment_world import FAST, repayments
from upstream_mocks.payments.events import payment_event
from upstream_mocks.payments.orders import get_order, payments_for
from upstream_mocks.payments.provider_document import API_VERSION
from upstream_mocks.payments.webhooks import signed_headers
from upstream_mocks.settings import MockSettings, SettingsRefused

RECEIVER = "lending/webhooks/payments"


def keys(client_id: str, client_secret: str) -> dict[str, str]:
    return {"x-client-id": client_id, "x-client-secret": client_secret, "x-api-version": API_VERSION}


async def test_a_repayment_order_is_the_lenders_own_accounts_and_unknown_to_the_stores() -> None:
    async with repayments() as mock:
        await mock.log_in()
        started = await mock.start("700.00")
        await mock.pay(started)
        await mock.world.drain()
        settings = mock.world.settings
        lender = keys(settings.lending_payments_client_id, settings.lending_payments_client_secret)
        store = keys(settings.payments_client_id, settings.payments_client_secret)
        seen = await mock.client.get(f"payments/pg/orders/{started.order_id}", headers=lender)
        assert (seen.status_code, seen.json()["order_status"]) == (200, "PAID")
        unknown = await mock.client.get(f"payments/pg/orders/{started.order_id}", headers=store)
        assert (unknown.status_code, unknown.json()["code"]) == (404, "order_not_found")
        paid = await mock.client.get(f"payments/pg/orders/{started.order_id}/payments", headers=store)
        assert paid.status_code == 404
        # The provider's webhook reached the lender, signed with its own account's secret: booked once.
        assert await mock.owed() == Decimal("11750.00")
        assert await mock.confirm(started) != ""  # the borrower's confirm after it books nothing more
        assert await mock.owed() == Decimal("11750.00")


async def test_the_lenders_receiver_refuses_a_webhook_signed_with_the_stores_secret() -> None:
    async with repayments() as mock:
        await mock.log_in()
        await mock.scenario(mock="payments", path="webhook", webhook="drop", times=1)
        started = await mock.start("700.00")
        await mock.pay(started)
        await mock.world.drain()
        order = get_order(mock.world, mock.world.settings.lending_payments_client_id, started.order_id)
        assert order is not None
        [payment] = payments_for(mock.world, order)
        raw = msgspec.json.Encoder(decimal_format="number").encode(payment_event(order, payment))
        settings = mock.world.settings
        store_signed = await mock.client.post(
            RECEIVER, content=raw, headers=signed_headers(settings.payments_client_secret, raw)
        )
        assert (store_signed.status_code, store_signed.json()["message"]) == (401, "Webhook refused: bad signature")
        assert await mock.owed() == Decimal("12450.00")
        own = await mock.client.post(
            RECEIVER, content=raw, headers=signed_headers(settings.lending_payments_client_secret, raw)
        )
        assert (own.status_code, own.json()["message"]) == (200, "Payment settled")
        assert await mock.owed() == Decimal("11750.00")


def test_the_payments_mock_keeps_the_store_and_each_lenders_account_by_default() -> None:
    ids = [a.client_id for a in MockSettings().merchant_accounts]
    assert ids == ["mock-client", "mock-lender-client", "mock-fineract-client"]
    # A lender given the store's id (development only) collects on the store's, as before.
    shared = MockSettings(lending_payments_client_id="mock-client")
    assert [a.client_id for a in shared.merchant_accounts] == ["mock-client", "mock-fineract-client"]
    assert FAST.lending_account.refund_webhook_urls == ("http://mocks.internal/_mocks/lending/webhooks/payments",)


OURS = {"MOCKS_PAYMENTS_CLIENT_SECRET": "s3cret-of-ours", "MOCKS_PAYOUTS_CLIENT_SECRET": "payouts-of-ours"}
LENDERS = {
    "MOCKS_LENDING_PAYMENTS_CLIENT_SECRET": "lender-of-ours",
    "MOCKS_FINERACT_PAYMENTS_CLIENT_SECRET": "fineract-of-ours",
}


@pytest.mark.parametrize("environment", ["test", "production"])
@pytest.mark.parametrize(
    "wrong",
    [
        {"MOCKS_LENDING_PAYMENTS_CLIENT_SECRET": ""},
        {"MOCKS_LENDING_PAYMENTS_CLIENT_SECRET": "mock-lender-secret"},
        {"MOCKS_FINERACT_PAYMENTS_CLIENT_SECRET": "mock-fineract-secret"},
        {"MOCKS_FINERACT_PAYMENTS_CLIENT_SECRET": "s3cret-of-ours"},  # the store's
        {"MOCKS_LENDING_PAYMENTS_CLIENT_ID": "mock-client"},  # the store's account itself
    ],
)
def test_the_mocks_outside_development_refuse_a_lenders_published_or_shared_account(
    environment: str, wrong: dict[str, str]
) -> None:
    env = {"MOCKS_ENVIRONMENT": environment, "MOCKS_PARTNER_KEY": "partner-of-ours", **OURS, **LENDERS}
    with pytest.raises(SettingsRefused, match="to the lender's own account"):
        MockSettings.from_env({**env, **wrong})
    assert MockSettings.from_env(env).lending_payments_client_secret == "lender-of-ours"


@pytest.mark.parametrize("environment", ["test", "production"])
@pytest.mark.parametrize(
    ("lenders", "wrong", "named"),
    [
        ("native", {"lending_payments_client_secret": ""}, "LENDING_PAYMENTS_CLIENT_SECRET"),
        ("native", {"lending_payments_client_secret": "mock-lender-secret"}, "LENDING_PAYMENTS_CLIENT_SECRET"),
        ("native", {"lending_payments_client_secret": "store-issued"}, "LENDING_PAYMENTS_CLIENT_SECRET"),
        ("native", {"lending_payments_client_id": "store-id"}, "LENDING_PAYMENTS_CLIENT_ID"),
        ("native,fineract", {"fineract_payments_client_secret": "mock-fineract-secret"}, "FINERACT_PAYMENTS"),
    ],
)
def test_the_gateway_outside_development_refuses_a_lenders_published_or_shared_account(
    environment: str, lenders: str, wrong: dict[str, str], named: str
) -> None:
    issued = Settings(
        environment=environment,  # type: ignore[arg-type]  # one of the Literal's, from the parameter
        lenders=lenders,
        lending_partner_key="issued",
        operations_key="issued",
        fineract_password="issued",
        fineract_companion_key="issued",
        payments_client_id="store-id",
        payments_client_secret="store-issued",
        lending_payments_client_secret="lender-issued",
        fineract_payments_client_secret="fineract-issued",
        payouts_client_secret="payouts-issued",
    )
    issued.refuse_unsafe()
    with pytest.raises(UnsafeSettings, match=named):
        msgspec.structs.replace(issued, **wrong).refuse_unsafe()
    # Development keeps the mocks' published ones (make run).
    Settings().refuse_unsafe()
