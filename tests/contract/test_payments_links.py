"""Payment links in the payments mock (Cashfree's `/pg/links` at 2025-01-01), held to Cashfree's
document: created once under an idempotency key, paid through `link_url` without any login,
ACTIVE -> PAID (or PARTIALLY_PAID on the way), EXPIRED at `link_expiry_time`, CANCELLED only
from ACTIVE; a paid, expired or cancelled link, or one with a payment pending at the bank, takes
no further payment; the merchant hears each by PAYMENT_LINK_EVENT."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest

from tests.conftest import CLIENT_SECRET
from upstream_mocks.clock import mocks_now, move
from upstream_mocks.payments.events import link_event
from upstream_mocks.payments.links import get_link
from upstream_mocks.payments.orders import state
from upstream_mocks.payments.provider_document import API_VERSION
from upstream_mocks.world import MockWorld

HEADERS = {"x-client-id": "mock-client", "x-client-secret": CLIENT_SECRET, "x-api-version": API_VERSION}
NOTIFY = "http://127.0.0.1:9/webhooks/links"  # nobody listens: the read-out says what was sent


def _body(link_id: str, **extra: Any) -> dict[str, Any]:
    return {
        "link_id": link_id,
        "link_amount": json.loads("4166.08"),
        "link_currency": "INR",
        "link_purpose": "Instalment of LN-1001 due 12 Dec 2026",
        "customer_details": {"customer_phone": "9876543210", "customer_name": "Ramesh Kumar"},
        "link_meta": {"notify_url": NOTIFY},
        "link_notes": {"loan": "LN-1001", "due": "2026-12-12"},
        **extra,
    }


async def _create(client: httpx.AsyncClient, link_id: str, key: str | None = None, **extra: Any) -> httpx.Response:
    headers = {**HEADERS, "x-idempotency-key": key or f"key-{link_id}"}
    return await client.post("pg/links", json=_body(link_id, **extra), headers=headers)


def _code(link: dict[str, Any]) -> str:
    return urlsplit(link["link_url"]).path.rsplit("/", 1)[1]


async def _pay(client: httpx.AsyncClient, link: dict[str, Any], outcome: str, **extra: Any) -> httpx.Response:
    return await client.post(f"links/{_code(link)}/pay", json={"outcome": outcome, **extra})


async def _link(client: httpx.AsyncClient, link_id: str) -> dict[str, Any]:
    answer = await client.get(f"pg/links/{link_id}", headers=HEADERS)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


async def _link_events(world: MockWorld) -> list[str]:
    await world.drain()  # the webhooks are sent in the background
    return [w.order_id for w in state(world).webhooks if w.type == "PAYMENT_LINK_EVENT"]


async def test_a_link_is_made_once_and_paid_once_without_a_login(provider: tuple[httpx.AsyncClient, MockWorld]) -> None:
    client, world = provider
    made = await _create(client, "LN-1001-20261212")
    assert made.status_code == 200, made.text
    link = made.json()
    assert (link["link_status"], link["link_amount"], link["link_amount_paid"]) == ("ACTIVE", 4166.08, 0)
    assert link["link_currency"] == "INR" and link["link_partial_payments"] is False
    assert link["link_qrcode"].startswith("data:image/png;base64,")
    assert link["link_notes"] == {"loan": "LN-1001", "due": "2026-12-12"}
    # 30 days by default
    assert link["link_expiry_time"] > link["link_created_at"]

    again = await _create(client, "LN-1001-20261212")
    assert again.headers.get("x-idempotency-replayed") == "true" and again.json() == link
    other_body = await _create(client, "LN-1001-20261212", link_purpose="another")
    assert (other_body.status_code, other_body.json()["code"]) == (422, "idempotency_error")
    other_key = await _create(client, "LN-1001-20261212", key="another-key")
    assert (other_key.status_code, other_key.json()["code"]) == (409, "link_already_exists")

    page = await client.get(f"links/{_code(link)}")
    assert page.status_code == 200 and "Pay ₹4,166.08" in page.text

    paid = await _pay(client, link, "success")
    assert paid.status_code == 200 and paid.json()["payment_status"] == "SUCCESS"
    now = await _link(client, "LN-1001-20261212")
    assert (now["link_status"], now["link_amount_paid"]) == ("PAID", 4166.08)
    orders = (await client.get("pg/links/LN-1001-20261212/orders", headers=HEADERS)).json()
    assert [(o["link_id"], o["order_status"], o["order_amount"]) for o in orders] == [
        ("LN-1001-20261212", "PAID", 4166.08)
    ]
    assert orders[0]["order_id"].startswith(f"CFPay_{_code(link)}_")

    second = await _pay(client, link, "success")
    assert (second.status_code, second.json()["code"]) == (409, "link_not_active")
    assert "already been paid" in (await client.get(f"links/{_code(link)}")).text
    cancelled = await client.post("pg/links/LN-1001-20261212/cancel", headers={**HEADERS, "x-idempotency-key": "c1"})
    assert (cancelled.status_code, cancelled.json()["code"]) == (400, "link_not_active")
    assert await _link_events(world) == [orders[0]["order_id"]]
    assert state(world).conformance == []


async def test_a_failed_try_leaves_the_link_payable_and_a_pending_one_takes_no_second_payment(
    provider: tuple[httpx.AsyncClient, MockWorld],
) -> None:
    client, world = provider
    link = (await _create(client, "LN-1004-20261205")).json()
    assert (await _pay(client, link, "failure")).json()["payment_status"] == "FAILED"
    assert (await _link(client, "LN-1004-20261205"))["link_status"] == "ACTIVE"
    waiting = (await _pay(client, link, "pending")).json()
    refused = await _pay(client, link, "success")
    assert (refused.status_code, refused.json()["code"]) == (409, "link_payment_pending")
    answered = await client.post(f"payments/{waiting['cf_payment_id']}/bank", json={"payment_status": "SUCCESS"})
    assert answered.status_code == 200
    assert (await _link(client, "LN-1004-20261205"))["link_status"] == "PAID"
    everything = (await client.get("pg/links/LN-1004-20261205/orders?status=ALL", headers=HEADERS)).json()
    assert [o["order_status"] for o in everything] == ["ACTIVE", "PAID"]
    paid_only = (await client.get("pg/links/LN-1004-20261205/orders", headers=HEADERS)).json()
    assert [o["order_status"] for o in paid_only] == ["PAID"]
    bad = await client.get("pg/links/LN-1004-20261205/orders?status=SOME", headers=HEADERS)
    assert bad.status_code == 400
    assert state(world).conformance == []


async def test_an_expired_or_cancelled_link_says_so_and_takes_nothing(
    provider: tuple[httpx.AsyncClient, MockWorld],
) -> None:
    client, world = provider
    expiry = (mocks_now(world) + timedelta(days=2)).isoformat(timespec="seconds")
    short = (await _create(client, "LN-1001-short", link_expiry_time=expiry)).json()
    assert short["link_expiry_time"] == expiry
    await move(world, timedelta(days=2, seconds=1))
    assert (await _link(client, "LN-1001-short"))["link_status"] == "EXPIRED"
    assert "has expired" in (await client.get(f"links/{_code(short)}")).text
    assert (await _pay(client, short, "success")).status_code == 409
    told = await client.post("pg/links/LN-1001-short/cancel", headers={**HEADERS, "x-idempotency-key": "c2"})
    assert told.status_code == 400

    active = (await _create(client, "LN-1001-cancel")).json()
    cancelled = await client.post("pg/links/LN-1001-cancel/cancel", headers={**HEADERS, "x-idempotency-key": "c3"})
    assert cancelled.status_code == 200 and cancelled.json()["link_status"] == "CANCELLED"
    assert "was cancelled" in (await client.get(f"links/{_code(active)}")).text
    assert (await _pay(client, active, "success")).status_code == 409
    assert sorted(await _link_events(world)) == ["LN-1001-cancel", "LN-1001-short"]
    missing = await client.get("pg/links/nobody", headers=HEADERS)
    assert (missing.status_code, missing.json()["code"]) == (404, "link_not_found")
    assert state(world).conformance == []


async def test_a_link_taking_parts_is_partially_paid_then_paid(provider: tuple[httpx.AsyncClient, MockWorld]) -> None:
    client, world = provider
    made = await _create(
        client, "LN-parts", link_partial_payments=True, link_minimum_partial_amount=json.loads("1000.00")
    )
    link = made.json()
    assert (await _pay(client, link, "success", amount="999.99")).status_code == 400
    assert (await _pay(client, link, "success", amount="1000.00")).status_code == 200
    now = await _link(client, "LN-parts")
    assert (now["link_status"], now["link_amount_paid"]) == ("PARTIALLY_PAID", 1000.0)
    assert (await _pay(client, link, "success", amount="3166.09")).status_code == 400  # more than is left
    assert (await _pay(client, link, "success")).status_code == 200  # the rest
    assert (await _link(client, "LN-parts"))["link_status"] == "PAID"
    event = link_event(get_link(world, "mock-client", "LN-parts"), "2026-12-02T10:00:00+05:30")  # type: ignore[arg-type]
    assert (event.data.link_amount, event.data.link_amount_paid, event.data.link_status) == (
        "4166.08",
        "4166.08",
        "PAID",
    )


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"link_amount": json.loads("0.5")}, "link_amount"),
        ({"link_amount": json.loads("10.005")}, "link_amount"),
        ({"link_currency": "USD"}, "link_currency"),
        ({"customer_details": {"customer_phone": "98765"}}, "customer_details.customer_phone"),
        ({"link_expiry_time": "2020-01-01T00:00:00+05:30"}, "link_expiry_time"),
        ({"link_minimum_partial_amount": 10}, "link_minimum_partial_amount"),
    ],
)
async def test_a_bad_link_is_refused_in_cashfrees_words(
    provider: tuple[httpx.AsyncClient, MockWorld], change: dict[str, Any], field: str
) -> None:
    client, _ = provider
    answer = await client.post("pg/links", json={**_body("LN-bad"), **change}, headers=HEADERS)
    assert answer.status_code == 400, answer.text
    assert field in answer.json()["message"]


async def test_links_need_the_merchants_credentials(provider: tuple[httpx.AsyncClient, MockWorld]) -> None:
    client, _ = provider
    answer = await client.post("pg/links", json=_body("LN-x"), headers={"x-api-version": API_VERSION})
    assert answer.status_code == 401
