"""Booking what a borrower paid through a reminder's payment link, without any login, once.

The provider's PAYMENT_LINK_EVENT (webhooks/payments) says only that something happened on a
link: the lender then reads the link's paid orders at the provider (`GET /pg/links/{id}/orders`)
and books each one as a repayment of the link's loan and instalment, keyed by the order's id (a
payment log per order, tied to the loan and due) and settled by the provider's payment id, as a
portal repayment is (settlement.py): a repeated, late or forged event books nothing twice.
A lost event is made good by the follow-up, which reads every open link at each step of the
lender's clock (every FOLLOW_EVERY) until it is paid, expired or cancelled.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Literal

import httpx
import structlog

from payments_client import ProviderRefused
from upstream_mocks.clock import mocks_now, on_tick
from upstream_mocks.lending.due_links import CLOSED, DueLink, due_links
from upstream_mocks.lending.seed import PaymentLog
from upstream_mocks.lending.settlement import lending_state, settle_from_provider
from upstream_mocks.provider import provider
from upstream_mocks.world import MockWorld

log = structlog.get_logger("upstream_mocks.lending")

FOLLOW_EVERY = timedelta(hours=3)  # a lost event's payment is booked within this of the clock


async def book_link(world: MockWorld, link: DueLink, by: Literal["webhook", "confirm"]) -> int:
    """Book each paid order of the link not yet booked; how many were booked now."""
    try:
        async with provider(world, world.settings.lending_account) as pg:
            paid = await pg.link_orders(link.link_id)
            status = (await pg.link(link.link_id)).link_status
    except (ProviderRefused, httpx.HTTPError) as exc:
        log.warning("due_link_unread", link_id=link.link_id, error=str(exc))
        return 0
    lending = lending_state(world)
    languages = world.states["reminders"].languages if "reminders" in world.states else {}
    booked = 0
    for order in paid:
        entry = lending.log_for_order(order.order_id)
        if entry is None:
            entry = PaymentLog(
                id=lending.next_payment_log_id,
                user_id=link.user_id,
                order_id=order.order_id,
                amount=order.order_amount,
                created_at=mocks_now(world).isoformat(timespec="seconds"),
                language=languages.get(link.user_id, "en"),
                link_id=link.link_id,
                due_on=link.due_on,
            )
            lending.next_payment_log_id += 1
            lending.payment_logs[entry.id] = entry
        was_paid = entry.status == "paid"
        if await settle_from_provider(world, entry, by=by) == "paid" and not was_paid:
            booked += 1
    # A payment still pending at the payer's bank on a closed link is told by its own event.
    link.closed = status in CLOSED
    return booked


def link_of_event(world: MockWorld, link_id: str) -> DueLink | None:
    return due_links(world).links.get(link_id)


def follow_links(world: MockWorld) -> None:
    """The follow-up: every FOLLOW_EVERY of the lender's clock, every open link is read and booked."""
    last: list[datetime] = []

    async def follow(moment: datetime) -> None:
        if last and abs(moment - last[0]) < FOLLOW_EVERY:
            return
        last[:] = [moment]
        await follow_open_links(world)

    on_tick(world, follow)


async def follow_open_links(world: MockWorld) -> int:
    """Every open link read and its paid orders booked; how many were booked now."""
    booked = 0
    for link in [link for link in due_links(world).links.values() if not link.closed]:
        booked += await book_link(world, link, by="confirm")
    return booked
