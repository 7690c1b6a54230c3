"""A read-out asked to wait for a change (`If-None-Match` with `Prefer: wait`, upstream_mocks/waiting.py)
answers as soon as the world changes, and only then: tests and QA scripts wait on it rather than
asking again and again."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest

from tests.conftest import CLIENT_SECRET
from upstream_mocks.settings import MockSettings
from upstream_mocks.suite import create_suite
from upstream_mocks.world import MockWorld

STORE = {"x-client-id": "mock-client", "x-client-secret": CLIENT_SECRET, "x-api-version": "2025-01-01"}


@pytest.fixture
async def mocks() -> AsyncIterator[httpx.AsyncClient]:
    suite = create_suite(MockWorld(MockSettings.from_env()))
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=suite), base_url="http://mocks") as client:
        yield client


async def paid(mocks: httpx.AsyncClient, order_id: str) -> None:
    created = await mocks.post(
        "/_mocks/payments/pg/orders",
        headers={**STORE, "x-idempotency-key": f"wait-{order_id}"},
        json={
            "order_id": order_id,
            "order_amount": 499,
            "order_currency": "INR",
            "customer_details": {"customer_id": "payer-1", "customer_phone": "9876543210"},
        },
    )
    assert created.status_code == 200, created.text
    session = created.json()["payment_session_id"]
    answer = await mocks.post(f"/_mocks/payments/checkout/{session}/pay", json={"outcome": "success"})
    assert answer.status_code == 200, answer.text


def charged(ledger: dict[str, Any]) -> set[str]:
    return {c["providerOrderId"] for c in ledger["charges"]}


async def test_a_waiting_ledger_read_answers_with_the_change_the_moment_it_is_made(mocks: httpx.AsyncClient) -> None:
    first = await mocks.get("/_mocks/ledger")
    tag = first.headers["ETag"]
    assert "WAIT-1" not in charged(first.json())
    # Asked unchanged, it is a plain conditional GET: 304 at once, the same tag.
    same = await mocks.get("/_mocks/ledger", headers={"If-None-Match": tag})
    assert (same.status_code, same.headers["ETag"], same.content) == (304, tag, b"")

    waiting = asyncio.create_task(mocks.get("/_mocks/ledger", headers={"If-None-Match": tag, "Prefer": "wait=25"}))
    await paid(mocks, "WAIT-1")
    changed = await asyncio.wait_for(waiting, 25)

    assert changed.status_code == 200
    assert changed.headers["ETag"] != tag
    assert "WAIT-1" in charged(changed.json())


async def test_a_waiting_read_of_an_unchanged_ledger_ends_not_modified(mocks: httpx.AsyncClient) -> None:
    tag = (await mocks.get("/_mocks/ledger")).headers["ETag"]
    # Reading the world changes nothing: another read-out does not end the wait.
    waiting = asyncio.create_task(mocks.get("/_mocks/ledger", headers={"If-None-Match": tag, "Prefer": "wait=1"}))
    assert (await mocks.get("/_mocks/ledger")).headers["ETag"] == tag
    answer = await waiting
    assert (answer.status_code, answer.headers["ETag"]) == (304, tag)
