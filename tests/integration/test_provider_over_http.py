"""The payment provider is called over HTTP, wherever PAYMENTS_URL points: with the payments mock
on its own port, a repayment's checkout opened by the lending mock, and a store order's checkout,
read, refund and termination by the orders mock, are made there (and nowhere else), each write
under an idempotency key of its own; and the gateway's report and look-up calls arrive there."""

from __future__ import annotations

from datetime import date
from typing import Any

import httpx
from litestar.testing import TestClient

from gateway.upstreams.http import UpstreamHttp
from gateway.upstreams.payments import PaymentsClient
from tests.conftest import CLIENT_SECRET, LENDER_ACCOUNT
from tests.integration.lender_login import lender_bearer
from tests.integration.test_checkout_api import ADDRESS
from upstream_mocks.settings import MockSettings
from upstream_mocks.suite import create_suite
from upstream_mocks.world import MockWorld

RAMESH = "9876543210"
SHOPPER_TOKEN = "cat-test-ramesh"  # store user 2001
PROVIDER_HEADERS = {"x-client-id": "mock-client", "x-client-secret": CLIENT_SECRET, "x-api-version": "2025-01-01"}


def _place_online(mocks: TestClient[Any], key: str) -> dict[str, Any]:
    shopper = {"authorization": f"Bearer {SHOPPER_TOKEN}"}
    body: dict[str, Any] = {
        "userId": 2001,
        "lines": [{"productId": 1, "quantity": 1}],
        "address": ADDRESS,
        "paymentMethod": "online",
    }
    quoted = mocks.post("orders/electrician/order/quote", json=body, headers=shopper)
    body["quotedTotal"] = quoted.json()["data"]["charges"]["total"]
    placed = mocks.post("orders/electrician/order/place", json=body, headers={**shopper, "idempotency-key": key})
    assert placed.status_code == 200, placed.text
    order: dict[str, Any] = placed.json()["data"]
    return order


def _cancel(mocks: TestClient[Any], number: str) -> dict[str, Any]:
    cancelled = mocks.post(
        f"orders/electrician/order/{number}/cancel",
        params={"userId": 2001},
        json={},
        headers={"authorization": f"Bearer {SHOPPER_TOKEN}"},
    )
    assert cancelled.status_code == 200, cancelled.text
    order: dict[str, Any] = cancelled.json()["data"]
    return order


def test_every_write_of_the_lending_and_orders_mocks_arrives_at_the_provider_payments_url_names(
    mocks_url: str,
) -> None:
    provider = httpx.Client(base_url=f"{mocks_url}/_mocks/", timeout=30)
    provider.post("reset").raise_for_status()
    settings = MockSettings.from_env(
        {
            "PAYMENTS_URL": f"{mocks_url}/_mocks/payments/",
            "MOCKS_PAYMENTS_CLIENT_SECRET": CLIENT_SECRET,
            "MOCKS_LENDING_PAYMENTS_CLIENT_SECRET": LENDER_ACCOUNT["x-client-secret"],
        }
    )
    world = MockWorld(settings)
    suite = create_suite(world, check_contracts=True, traced=False)
    world.states["catalogue"].tokens[SHOPPER_TOKEN] = 2001
    with TestClient(suite, base_url="http://mocks.local/_mocks/") as mocks:
        # A borrower's repayment: the lender opens its checkout there.
        bearer = lender_bearer(mocks, RAMESH)
        created = mocks.post(
            "lending/webRepayment/cashFreeRequest", json={"order_amount": 321.5, "userId": 1001}, headers=bearer
        )
        assert created.status_code == 200, created.text
        session = created.json()["data"]
        # A store order paid there, then cancelled: its payment is refunded there.
        paid = _place_online(mocks, "over-http-paid-1")
        provider_order = paid["payment"]["providerOrderId"]
        pay = provider.post(f"payments/checkout/{paid['payment']['paymentSessionId']}/pay", json={"outcome": "success"})
        assert pay.status_code == 200, pay.text
        checked = mocks.post(
            f"orders/electrician/order/{paid['orderNumber']}/payment/recheck",
            params={"userId": 2001},
            headers={"authorization": f"Bearer {SHOPPER_TOKEN}"},
        )
        assert checked.json()["data"]["payment"]["state"] == "paid"  # read there, over HTTP
        assert _cancel(mocks, paid["orderNumber"])["payment"]["state"] == "refundInitiated"
        # A store order left unpaid, then cancelled: its checkout is terminated there.
        unpaid = _place_online(mocks, "over-http-unpaid-1")
        assert _cancel(mocks, unpaid["orderNumber"])["payment"]["state"] == "cancelled"
        # Nothing reached the suite's own payments mock: every order is the other provider's.
        assert [e.path for e in world.journal if e.mock == "payments"] == []
        assert world.states["payments"].orders == {}

    journal = provider.get("journal", params={"mock": "payments"}).json()
    writes = [(e["method"], e["path"], e["status"]) for e in journal if e["method"] in ("POST", "PATCH")]
    assert writes == [
        ("POST", "pg/orders", 200),
        ("POST", "pg/orders", 200),
        ("POST", f"checkout/{paid['payment']['paymentSessionId']}/pay", 200),  # the payer, at the checkout
        ("POST", f"pg/orders/{provider_order}/refunds", 200),
        ("POST", "pg/orders", 200),
        ("PATCH", f"pg/orders/{unpaid['payment']['providerOrderId']}", 200),
    ]
    # Every write to the provider's API carries a key of its own, each different.
    keys = [e["idempotencyKey"] for e in journal if e["method"] in ("POST", "PATCH") and e["path"].startswith("pg/")]
    assert all(keys) and len(set(keys)) == len(keys) == 5
    created_there = [e["body"] for e in journal if e["path"] == "pg/orders" and e["method"] == "POST"]
    assert [b["order_id"] for b in created_there] == [
        session["order_id"],
        provider_order,
        unpaid["payment"]["providerOrderId"],
    ]
    assert created_there[0]["order_amount"] == 321.5
    assert created_there[1]["order_amount"] == float(paid["payment"]["amount"])
    # Every call there was answered, with the account's credentials and the API version.
    assert all(e["status"] == 200 for e in journal if e["path"].startswith("pg/")), journal
    # The repayment's order is the lender's own account's: the store's does not know it.
    there = provider.get(f"payments/pg/orders/{session['order_id']}", headers=LENDER_ACCOUNT)
    assert provider.get(f"payments/pg/orders/{session['order_id']}", headers=PROVIDER_HEADERS).status_code == 404
    assert there.status_code == 200 and there.json()["payment_session_id"] == session["payment_session_id"]
    refunds = provider.get(f"payments/pg/orders/{provider_order}/refunds", headers=PROVIDER_HEADERS).json()
    assert [(r["refund_id"], str(r["refund_amount"])) for r in refunds] == [
        (f"{provider_order}-refund", str(paid["payment"]["amount"]))
    ]
    ended = provider.get(f"payments/pg/orders/{unpaid['payment']['providerOrderId']}", headers=PROVIDER_HEADERS)
    assert ended.json()["order_status"] == "TERMINATED"


async def test_the_gateways_report_and_look_up_calls_arrive_at_the_provider_payments_url_names(mocks_url: str) -> None:
    async with httpx.AsyncClient(base_url=mocks_url, timeout=30) as mocks:
        (await mocks.post("/_mocks/reset")).raise_for_status()
        today = date.fromisoformat((await mocks.get("/_mocks/clock")).json()["today"])
        async with httpx.AsyncClient(base_url=f"{mocks_url}/_mocks/payments/", timeout=30) as http:
            payments = PaymentsClient(UpstreamHttp("payments", http), "mock-client", CLIENT_SECRET)
            report = await payments.settlement_report(today)
            assert report.events == [] and report.settled_amount == 0
            assert await payments.search("633012345678", today) == []
            assert await payments.order_payments("NO_SUCH_ORDER") == []
        journal = (await mocks.get("/_mocks/journal", params={"mock": "payments"})).json()
    assert [(e["method"], e["path"], e["status"]) for e in journal] == [
        ("POST", "pg/recon", 200),
        ("POST", "pg/recon", 200),
        ("GET", "pg/orders/NO_SUCH_ORDER/payments", 404),
    ]


def test_qas_expire_now_and_a_returns_payout_go_to_the_provider_payments_url_names_over_http(mocks_url: str) -> None:
    """QA's 'expire now' on an unpaid order and the returns desk's 'refunded' step (the bank pays
    the return's refund out) are the payments mock's controls, asked there, not in this process."""
    provider = httpx.Client(base_url=f"{mocks_url}/_mocks/", timeout=30)
    provider.post("reset").raise_for_status()
    settings = MockSettings.from_env(
        {
            "PAYMENTS_URL": f"{mocks_url}/_mocks/payments/",
            "MOCKS_PAYMENTS_CLIENT_SECRET": CLIENT_SECRET,
            "MOCKS_LENDING_PAYMENTS_CLIENT_SECRET": LENDER_ACCOUNT["x-client-secret"],
        }
    )
    world = MockWorld(settings)
    suite = create_suite(world, check_contracts=True, traced=False)
    world.states["catalogue"].tokens[SHOPPER_TOKEN] = 2001
    shopper = {"authorization": f"Bearer {SHOPPER_TOKEN}"}
    with TestClient(suite, base_url="http://mocks.local/_mocks/") as mocks:
        unpaid = _place_online(mocks, "over-http-expire-1")
        expired = mocks.post(f"orders/{unpaid['orderNumber']}/expire")
        assert expired.status_code == 200, expired.text
        ended = provider.get(f"payments/pg/orders/{unpaid['payment']['providerOrderId']}", headers=PROVIDER_HEADERS)
        assert ended.json()["order_status"] == "EXPIRED"  # there, not here

        paid = _place_online(mocks, "over-http-return-1")
        number, provider_order = paid["orderNumber"], paid["payment"]["providerOrderId"]
        pay = provider.post(f"payments/checkout/{paid['payment']['paymentSessionId']}/pay", json={"outcome": "success"})
        assert pay.status_code == 200, pay.text
        for _ in range(4):  # paid (read there), then on to delivered
            assert mocks.post(f"orders/{number}/advance", json={}).status_code == 200
        delivered = mocks.get(f"orders/electrician/order/{number}", params={"userId": 2001}, headers=shopper)
        asked = mocks.post(
            f"orders/electrician/order/{number}/returns",
            params={"userId": 2001},
            json={
                "lines": [{"productId": 1, "quantity": 1}],
                "reason": "noLongerNeeded",
                "pickup": delivered.json()["data"]["returnOptions"]["pickupSlots"][0],
            },
            headers={**shopper, "idempotency-key": "over-http-return-ask"},
        )
        assert asked.status_code == 200, asked.text
        # The bank there holds the return's refund (longer than this test) until QA's 'refunded'.
        hold = {"mock": "payments", "path": "refund", "refund": "onHold", "delayMs": 600_000, "times": 1}
        assert provider.post("scenarios", json=hold).status_code == 201
        for _ in range(4):  # approved, picked up, received (refund asked there), refunded (paid out there)
            moved = mocks.post(f"orders/{number}/returns/advance")
            assert moved.status_code == 200, moved.text
        ret = mocks.get(f"orders/electrician/order/{number}", params={"userId": 2001}, headers=shopper)
        assert ret.json()["data"]["returns"][0]["status"] == "refunded"
        assert world.states["payments"].orders == {}  # nothing reached the suite's own payments mock

    refunds = provider.get(f"payments/pg/orders/{provider_order}/refunds", headers=PROVIDER_HEADERS).json()
    assert [r["refund_status"] for r in refunds] == ["SUCCESS"]
    journal = provider.get("journal", params={"mock": "payments"}).json()
    controls = [
        (e["method"], e["path"], e["status"]) for e in journal if not e["path"].startswith(("pg/", "checkout/"))
    ]
    assert controls == [
        ("POST", f"orders/{unpaid['payment']['providerOrderId']}/expire", 200),
        ("POST", f"refunds/{refunds[0]['cf_refund_id']}/bank", 200),
    ]
