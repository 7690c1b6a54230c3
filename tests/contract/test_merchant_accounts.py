"""The payments mock keeps several merchant accounts (the store's and each lender's own, whose
repayments go straight into it): every call is answered for the account its client id and
secret name; an account sees only its own orders, payments, refunds, links and report rows
(another's order is "order not found", as an unknown one); an order's webhooks are signed with
its own account's secret and its refunds told to its own account's refund URLs."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from litestar import Litestar, Request, Response, post
from litestar.params import FromPath

from tests.conftest import CLIENT_SECRET
from upstream_mocks.payments.provider_document import API_VERSION
from upstream_mocks.payments.webhooks import verified_event
from upstream_mocks.settings import MerchantAccount, MockSettings, SettingsRefused
from upstream_mocks.suite import create_suite
from upstream_mocks.world import MockWorld

LENDER_ORIGIN = "https://lender.example"
LENDER = MerchantAccount(
    client_id="lender-client",
    client_secret="lender-s3cret",
    refund_webhook_urls=(f"{LENDER_ORIGIN}/webhooks/refunds",),
)
STORE_HEADERS = {"x-client-id": "mock-client", "x-client-secret": CLIENT_SECRET, "x-api-version": API_VERSION}
LENDER_HEADERS = {
    "x-client-id": LENDER.client_id,
    "x-client-secret": LENDER.client_secret,
    "x-api-version": API_VERSION,
}
SPAN = {
    "filters": {"start_date": "2020-01-01T00:00:00Z", "end_date": "2030-01-01T00:00:00Z"},
    "pagination": {"limit": 50},
}


def order_body(order_id: str, notify_url: str | None = None) -> dict[str, Any]:
    return {
        "order_id": order_id,
        "order_amount": 4166.08,
        "order_currency": "INR",
        "customer_details": {"customer_id": "borrower-1001", "customer_phone": "9876543210"},
        "order_meta": {"notify_url": notify_url} if notify_url else {},
    }


def lender_receiver(secret: str, heard: list[tuple[int, str]]) -> Litestar:
    """The lender's webhook receiver: it verifies with its own account's secret, as ours do."""

    @post("/webhooks/{kind:str}", status_code=200)
    async def receive(request: Request[Any, Any, Any], kind: FromPath[str]) -> Response[Any]:
        event = await verified_event(request, secret)
        if isinstance(event, Response):
            heard.append((event.status_code or 0, kind))
            return event
        heard.append((200, event.type))
        return Response({"ok": True})

    return Litestar(route_handlers=[receive])


async def paid_to_the_lenders_receiver(
    client: httpx.AsyncClient, world: MockWorld, order_id: str, headers: dict[str, str]
) -> list[tuple[int, str]]:
    """An order made with `headers`' account, its notify_url the lender's receiver, paid: what the
    receiver answered to each webhook so far (a list that goes on filling)."""
    heard: list[tuple[int, str]] = []
    world.merchants[LENDER_ORIGIN] = lender_receiver(LENDER.client_secret, heard)
    made = await client.post(
        "pg/orders", json=order_body(order_id, f"{LENDER_ORIGIN}/webhooks/payments"), headers=headers
    )
    await client.post(f"checkout/{made.json()['payment_session_id']}/pay", json={"outcome": "success"})
    await world.drain()
    return heard


@pytest.fixture
async def two_accounts() -> AsyncIterator[tuple[httpx.AsyncClient, MockWorld]]:
    world = MockWorld(
        MockSettings(payments_client_secret=CLIENT_SECRET, payments_accounts=(LENDER,), webhook_retry_seconds=())
    )
    suite = create_suite(world, check_contracts=True, traced=False)
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=suite), base_url="http://mocks.internal/_mocks/payments/"
    ) as client:
        yield client, world


async def test_an_order_is_seen_only_by_the_account_that_created_it(
    two_accounts: tuple[httpx.AsyncClient, MockWorld],
) -> None:
    client, _ = two_accounts
    made = await client.post("pg/orders", json=order_body("REPAY_LN1001_1"), headers=LENDER_HEADERS)
    assert made.status_code == 200, made.text
    paid = await client.post(f"checkout/{made.json()['payment_session_id']}/pay", json={"outcome": "success"})
    assert paid.json()["payment_status"] == "SUCCESS"

    assert (await client.get("pg/orders/REPAY_LN1001_1", headers=LENDER_HEADERS)).json()["order_status"] == "PAID"
    for path in ("", "/payments", "/refunds", "/disputes"):
        seen = await client.get(f"pg/orders/REPAY_LN1001_1{path}", headers=STORE_HEADERS)
        assert (seen.status_code, seen.json()["code"]) == (404, "order_not_found"), path
    refund = await client.post(
        "pg/orders/REPAY_LN1001_1/refunds",
        json={"refund_amount": 1, "refund_id": "r-1"},
        headers={**STORE_HEADERS, "x-idempotency-key": "r-1"},
    )
    ended = await client.patch(
        "pg/orders/REPAY_LN1001_1",
        json={"order_status": "TERMINATED"},
        headers={**STORE_HEADERS, "x-idempotency-key": "t"},
    )
    assert (refund.status_code, ended.status_code) == (404, 404)

    # The store's own order is the store's alone in turn.
    await client.post("pg/orders", json=order_body("VK10000001-1"), headers=STORE_HEADERS)
    assert (await client.get("pg/orders/VK10000001-1", headers=LENDER_HEADERS)).status_code == 404
    assert (await client.get("pg/orders/VK10000001-1", headers=STORE_HEADERS)).status_code == 200


async def test_each_account_reports_only_its_own_events(two_accounts: tuple[httpx.AsyncClient, MockWorld]) -> None:
    client, _ = two_accounts
    for order_id, headers in (("REPAY_LN1001_2", LENDER_HEADERS), ("VK10000002-1", STORE_HEADERS)):
        made = await client.post("pg/orders", json=order_body(order_id), headers=headers)
        await client.post(f"checkout/{made.json()['payment_session_id']}/pay", json={"outcome": "success"})
    lenders = await client.post("pg/recon", json=SPAN, headers=LENDER_HEADERS)
    stores = await client.post("pg/recon", json=SPAN, headers=STORE_HEADERS)
    assert [r["order_id"] for r in lenders.json()["data"]] == ["REPAY_LN1001_2"]
    assert [r["order_id"] for r in stores.json()["data"]] == ["VK10000002-1"]


async def test_a_lenders_link_is_the_lenders_and_so_are_its_orders(
    two_accounts: tuple[httpx.AsyncClient, MockWorld],
) -> None:
    client, _ = two_accounts
    body = {
        "link_id": "LN-1001-due-1",
        "link_amount": 4166.08,
        "link_currency": "INR",
        "link_purpose": "Instalment of LN-1001",
        "customer_details": {"customer_phone": "9876543210"},
    }
    made = await client.post("pg/links", json=body, headers={**LENDER_HEADERS, "x-idempotency-key": "l-1"})
    assert made.status_code == 200, made.text
    assert (await client.get("pg/links/LN-1001-due-1", headers=STORE_HEADERS)).status_code == 404
    code = made.json()["link_url"].rsplit("/", 1)[1]
    await client.post(f"links/{code}/pay", json={"outcome": "success"})
    orders = await client.get("pg/links/LN-1001-due-1/orders", headers=LENDER_HEADERS)
    [order] = orders.json()
    assert (await client.get(f"pg/orders/{order['order_id']}", headers=LENDER_HEADERS)).status_code == 200
    assert (await client.get(f"pg/orders/{order['order_id']}", headers=STORE_HEADERS)).status_code == 404


async def test_a_lenders_webhooks_are_signed_with_its_secret_and_its_refunds_told_to_its_url(
    two_accounts: tuple[httpx.AsyncClient, MockWorld],
) -> None:
    client, world = two_accounts
    heard = await paid_to_the_lenders_receiver(client, world, "REPAY_LN1001_3", LENDER_HEADERS)
    refund = await client.post(
        "pg/orders/REPAY_LN1001_3/refunds",
        json={"refund_amount": 100, "refund_id": "REPAY_LN1001_3-r1"},
        headers={**LENDER_HEADERS, "x-idempotency-key": "r-3"},
    )
    assert refund.status_code == 200, refund.text
    await world.drain()
    assert heard == [(200, "PAYMENT_SUCCESS_WEBHOOK"), (200, "REFUND_STATUS_WEBHOOK")]
    sent = (await client.get("webhooks")).json()
    assert [w["notify_url"] for w in sent if w["type"] == "REFUND_STATUS_WEBHOOK"] == list(LENDER.refund_webhook_urls)


async def test_a_webhook_signed_with_the_stores_secret_is_refused_at_the_lenders_receiver(
    two_accounts: tuple[httpx.AsyncClient, MockWorld],
) -> None:
    client, world = two_accounts
    # A store's order whose notify_url names the lender's receiver: signed with the store's secret.
    heard = await paid_to_the_lenders_receiver(client, world, "VK10000003-1", STORE_HEADERS)
    assert heard == [(401, "payments")]


async def test_a_call_with_another_accounts_secret_is_refused(
    two_accounts: tuple[httpx.AsyncClient, MockWorld],
) -> None:
    client, _ = two_accounts
    mixed = {**LENDER_HEADERS, "x-client-secret": CLIENT_SECRET}
    answer = await client.post("pg/orders", json=order_body("REPAY_LN1001_4"), headers=mixed)
    assert (answer.status_code, answer.json()["type"]) == (401, "authentication_error")


def test_accounts_are_read_from_the_environment_and_held_to_the_secret_rule() -> None:
    accounts = '[{"client_id": "lender-client", "client_secret": "lender-s3cret", "refund_webhook_urls": ["https://l.example/r"]}]'
    ours = {
        "MOCKS_PAYMENTS_CLIENT_SECRET": "s3cret-of-ours",
        "MOCKS_PAYOUTS_CLIENT_SECRET": "payouts-of-ours",
        "MOCKS_LENDING_PAYMENTS_CLIENT_SECRET": "lender-of-ours",
        "MOCKS_FINERACT_PAYMENTS_CLIENT_SECRET": "fineract-of-ours",
    }
    settings = MockSettings.from_env({**ours, "MOCKS_PAYMENTS_ACCOUNTS": accounts}, environment="test")
    built_in = ["mock-client", "mock-lender-client", "mock-fineract-client"]
    assert [a.client_id for a in settings.merchant_accounts] == [*built_in, "lender-client"]
    assert settings.merchant_accounts[3].refund_webhook_urls == ("https://l.example/r",)
    # With none set, the store's and each lender's own (docs/decisions/lender-provider-accounts.md).
    assert [a.client_id for a in MockSettings.from_env({}).merchant_accounts] == built_in
    refused = {
        "published": '[{"client_id": "lender-client", "client_secret": "mock-secret"}]',
        "shared": '[{"client_id": "lender-client", "client_secret": "s3cret-of-ours"}]',
        "empty": '[{"client_id": "lender-client", "client_secret": ""}]',
        "twice": '[{"client_id": "mock-client", "client_secret": "other"}]',
        "not json": "lender-client:secret",
    }
    for value in refused.values():
        with pytest.raises(SettingsRefused, match="MOCKS_PAYMENTS_ACCOUNTS"):
            MockSettings.from_env({**ours, "MOCKS_PAYMENTS_ACCOUNTS": value}, environment="test")


async def test_two_accounts_each_have_their_own_order_of_the_same_id(
    two_accounts: tuple[httpx.AsyncClient, MockWorld],
) -> None:
    """Order ids are the merchant's own, as at Cashfree: the store and the lender may each have an
    order "X", with its own amount, payments, refunds, links and idempotency keys."""
    client, _ = two_accounts
    lenders = await client.post("pg/orders", json=order_body("X-1001"), headers=LENDER_HEADERS)
    stores = await client.post("pg/orders", json={**order_body("X-1001"), "order_amount": 250.5}, headers=STORE_HEADERS)
    assert (lenders.status_code, stores.status_code) == (200, 200), stores.text
    assert lenders.json()["cf_order_id"] != stores.json()["cf_order_id"]
    again = await client.post("pg/orders", json=order_body("X-1001"), headers=STORE_HEADERS)
    assert (again.status_code, again.json()["code"]) == (409, "order_already_exists")

    # Only the store's is paid: the lender's stays ACTIVE with no payment.
    await client.post(f"checkout/{stores.json()['payment_session_id']}/pay", json={"outcome": "success"})
    store_order = (await client.get("pg/orders/X-1001", headers=STORE_HEADERS)).json()
    lender_order = (await client.get("pg/orders/X-1001", headers=LENDER_HEADERS)).json()
    assert (store_order["order_status"], store_order["order_amount"]) == ("PAID", 250.5)
    assert (lender_order["order_status"], lender_order["order_amount"]) == ("ACTIVE", 4166.08)
    assert (await client.get("pg/orders/X-1001/payments", headers=LENDER_HEADERS)).json() == []
    [paid] = (await client.get("pg/orders/X-1001/payments", headers=STORE_HEADERS)).json()
    assert paid["payment_status"] == "SUCCESS"

    # The same refund id and idempotency key are each account's own: the store's refund is made,
    # the lender's unpaid order refuses one, and neither answer is the other's replayed.
    refund = {"refund_amount": 50, "refund_id": "X-1001-r1"}
    store_refund = await client.post(
        "pg/orders/X-1001/refunds", json=refund, headers={**STORE_HEADERS, "x-idempotency-key": "k-1"}
    )
    lender_refund = await client.post(
        "pg/orders/X-1001/refunds", json=refund, headers={**LENDER_HEADERS, "x-idempotency-key": "k-1"}
    )
    assert store_refund.status_code == 200, store_refund.text
    assert (lender_refund.status_code, lender_refund.json()["code"]) == (409, "order_not_paid")
    assert "x-idempotency-replayed" not in lender_refund.headers
    assert (await client.get("pg/orders/X-1001/refunds", headers=LENDER_HEADERS)).json() == []
    assert len((await client.get("pg/orders/X-1001/refunds", headers=STORE_HEADERS)).json()) == 1

    # Terminating the lender's "X" leaves the store's paid one as it was.
    ended = await client.patch(
        "pg/orders/X-1001", json={"order_status": "TERMINATED"}, headers={**LENDER_HEADERS, "x-idempotency-key": "t"}
    )
    assert ended.json()["order_status"] == "TERMINATED"
    assert (await client.get("pg/orders/X-1001", headers=STORE_HEADERS)).json()["order_status"] == "PAID"

    # Each report lists its own "X" only: the store's payment and refund, none of the lender's.
    lender_report = (await client.post("pg/recon", json=SPAN, headers=LENDER_HEADERS)).json()["data"]
    store_report = (await client.post("pg/recon", json=SPAN, headers=STORE_HEADERS)).json()["data"]
    assert lender_report == []
    assert sorted(r["event_type"] for r in store_report) == ["PAYMENT", "REFUND"]

    # An order only one account has stays not found for the other, as before.
    await client.post("pg/orders", json=order_body("ONLY-LENDERS"), headers=LENDER_HEADERS)
    unseen = await client.get("pg/orders/ONLY-LENDERS", headers=STORE_HEADERS)
    assert (unseen.status_code, unseen.json()["code"]) == (404, "order_not_found")


async def test_two_accounts_each_have_their_own_link_of_the_same_id(
    two_accounts: tuple[httpx.AsyncClient, MockWorld],
) -> None:
    client, _ = two_accounts
    body = {
        "link_id": "DUE-1",
        "link_amount": 100,
        "link_currency": "INR",
        "link_purpose": "Instalment",
        "customer_details": {"customer_phone": "9876543210"},
    }
    lenders = await client.post("pg/links", json=body, headers={**LENDER_HEADERS, "x-idempotency-key": "l"})
    stores = await client.post(
        "pg/links", json={**body, "link_amount": 200}, headers={**STORE_HEADERS, "x-idempotency-key": "l"}
    )
    assert (lenders.status_code, stores.status_code) == (200, 200), stores.text
    await client.post(f"links/{lenders.json()['link_url'].rsplit('/', 1)[1]}/pay", json={"outcome": "success"})
    lender_link = (await client.get("pg/links/DUE-1", headers=LENDER_HEADERS)).json()
    store_link = (await client.get("pg/links/DUE-1", headers=STORE_HEADERS)).json()
    assert (lender_link["link_status"], lender_link["link_amount_paid"]) == ("PAID", 100)
    assert (store_link["link_status"], store_link["link_amount_paid"]) == ("ACTIVE", 0)
    assert (await client.get("pg/links/DUE-1/orders?status=ALL", headers=STORE_HEADERS)).json() == []
