"""One clock for the whole world (docs/decisions/one-clock.md): moving `/_mocks/clock` 40 days
moves every time rule at once, as the gateway's public API shows them: the loan's days past due,
an unpaid store order's expiry (its provider order EXPIRED, its stock back), the lender's
reminders within 08:00-19:00 India time, a credit line's cooling-off window; moving it back, the
day's cash-on-delivery count is that day's again."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime, time, timedelta
from typing import Any

import httpx
import pytest

from gateway.settings import Settings
from tests.conftest import GatewayClient
from tests.integration.test_checkout_api import fill_cart, place, quote
from tests.integration.test_credit_api import open_line
from tests.integration.test_payments_follow_orders import PROVIDER, online_order, stock
from tests.integration.test_portal_api import log_in as portal_log_in
from tests.mocks_clock import mocks_today
from upstream_mocks.ist import IST

DAYS = 40


@pytest.fixture
def world(make_client: Callable[[Settings], GatewayClient], make_settings: Callable[..., Settings]) -> GatewayClient:
    """The gateway over the in-process mocks, product reads never cached (stock as it is now)."""
    return make_client(make_settings(catalogue_cache_seconds=0))


def move(client: GatewayClient, **by: int) -> dict[str, Any]:
    answer = client.post("/_mocks/clock", json=by)
    assert answer.status_code == 200, answer.text
    told: dict[str, Any] = answer.json()
    return told


def days_past_due(client: GatewayClient) -> int:
    loans = client.get("/api/loans/")
    assert loans.status_code == 200, loans.text
    return int(next(x for x in loans.json() if x["loanNumber"] == "LN-1001")["daysPastDue"])


def cash_used_today(client: GatewayClient) -> str:
    fill_cart(client, {1: 1})
    used: str = quote(client)["cash"]["usedToday"]
    return used


def as_borrower(client: GatewayClient) -> httpx.Cookies:
    """Log the borrower in on the portal; its cookies, to come back to."""
    client.cookies.clear()
    portal_log_in(client)
    return httpx.Cookies(client.cookies)


def test_forty_days_on_the_one_clock_move_every_rule_and_back_again(world: GatewayClient) -> None:
    started = datetime.fromisoformat(world.get("/_mocks/clock").json()["now"])
    borrower = as_borrower(world)
    overdue_before = days_past_due(world)

    # A new shopper: a credit line in its cooling-off window, an unpaid online order holding stock.
    world.cookies.clear()
    _, line = open_line(world)
    assert line["status"] == "coolingOff"
    shopper = httpx.Cookies(world.cookies)
    before = stock(world, 3)
    order = online_order(world, "one-clock-unpaid", {3: 2})
    assert stock(world, 3) == before - 2

    moved = move(world, days=DAYS)
    assert date.fromisoformat(moved["today"]) - started.astimezone(IST).date() == timedelta(days=DAYS)

    # The unpaid order expired with its provider order, and gave its stock back.
    seen = world.get(f"/api/orders/{order['orderNumber']}").json()
    assert seen["status"] == "cancelled" and seen["timeline"][-1]["note"] == "Not paid in time"
    provider = world.get(f"/_mocks/payments/pg/orders/{order['payment']['providerOrderId']}", headers=PROVIDER)
    assert provider.status_code == 200 and provider.json()["order_status"] == "EXPIRED"
    assert stock(world, 3) == before
    # The line's cooling-off window is over: it is active, the window's end in the past.
    [now_line] = [x for x in world.get("/api/credit/lines").json() if x["lineNumber"] == line["lineNumber"]]
    assert now_line["status"] == "active"
    assert date.fromisoformat(now_line["coolingOffEndsOn"]) < mocks_today(world)
    exit_quote = world.get(f"/api/credit/lines/{line['lineNumber']}/quote", params={"purpose": "coolingOffExit"})
    assert exit_quote.status_code == 409
    # A cash order on the new day: the day's count is that order's.
    assert cash_used_today(world) == "0.00"
    total = quote(world)["charges"]["total"]
    assert place(world, "one-clock-cash", total).status_code == 200
    assert cash_used_today(world) == total

    # The borrower's loan is 40 days further past due, and reminders went out in the day's hours.
    world.cookies = borrower
    assert days_past_due(world) == overdue_before + DAYS
    reminders = [
        datetime.fromisoformat(r["sentAt"]).astimezone(IST)
        for r in world.get("/_mocks/lending/reminders").json()
        if datetime.fromisoformat(r["sentAt"]) >= started
    ]
    assert reminders, "40 days of dues send the borrower reminders"
    assert all(time(8) <= at.time() < time(19) for at in reminders), reminders

    # Back 40 days: the cash order placed "later" is not today's; the loan is as it was.
    move(world, days=-DAYS)
    assert days_past_due(world) == overdue_before
    world.cookies = shopper
    assert cash_used_today(world) == "0.00"
