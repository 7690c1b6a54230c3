"""Sending the provider's signed webhooks, retrying with back-off: a payment's to its order's
notify_url, a refund's to the refund webhook URLs of the account the order belongs to
(MockSettings.merchant_accounts).

Every one is signed with the client secret of the merchant account the order (or link) belongs
to, as Cashfree signs them (the payouts mock signs its transfers' with the payouts account's);
its receiver verifies with the same account's secret, whatever the event.

Each attempt is signed afresh (a new timestamp), as Cashfree does. A 2xx answer ends the
delivery; anything else, or no answer, is retried after each wait in
`MockSettings.webhook_retry_seconds`, then given up. QA shapes delivery with a scenario on
mock "payments", path "webhook": `delayMs` holds it back, `webhook: "drop"` never sends it,
`webhook: "duplicate"` sends it twice at once.
"""

from __future__ import annotations

import asyncio

import httpx
import msgspec

from upstream_mocks.loopback import loopback_client
from upstream_mocks.payments.events import link_event, payment_event, refund_event
from upstream_mocks.payments.links import Link, link_account, link_of_order, untold
from upstream_mocks.payments.orders import (
    Order,
    Payment,
    Refund,
    RefundStatus,
    WebhookDelivery,
    account_of,
    provider_now,
    set_refund_status,
    state,
)
from upstream_mocks.payments.provider_document import WebhookKind, webhook_finding
from upstream_mocks.payments.webhooks import signed_headers
from upstream_mocks.world import MockWorld, Scenario

WEBHOOK_PATH = "webhook"  # the scenario path that addresses outgoing webhooks

_ENCODER = msgspec.json.Encoder(decimal_format="number")


def webhook_scenario(world: MockWorld) -> Scenario | None:
    for scenario in world.scenarios:
        if scenario.mock != "payments" or scenario.path.strip("/") != WEBHOOK_PATH:
            continue
        if not scenario.applies(world.chance):  # a share of the webhooks, as its probability says
            continue
        if scenario.times is not None:
            if scenario.times <= 0:
                continue
            scenario.times -= 1
        return scenario
    return None


def _encoded(world: MockWorld, kind: WebhookKind, event_type: str, event: object) -> bytes:
    """The body to send; held to Cashfree's schema for the webhook when the check is on."""
    raw = _ENCODER.encode(event)
    if world.settings.check_provider_document:
        finding = webhook_finding(kind, event_type, msgspec.json.decode(raw))
        if finding is not None:
            state(world).conformance.append(finding)
    return raw


async def send_signed(
    world: MockWorld, client: httpx.AsyncClient, raw: bytes, record: WebhookDelivery, secret: str
) -> None:
    """Deliver `raw` to the record's URL, signed with `secret`: the client secret of the account
    the webhook is about (the merchant account's for payments, the payouts account's for transfers)."""
    settings = world.settings
    for wait in (0.0, *settings.webhook_retry_seconds):
        if wait:
            await asyncio.sleep(wait)
        record.attempts += 1
        try:
            answer = await client.post(record.notify_url, content=raw, headers=signed_headers(secret, raw))
        except httpx.HTTPError:
            record.last_status = None
            continue
        record.last_status = answer.status_code
        if answer.is_success:
            record.outcome = "delivered"
            return
    record.outcome = "gave_up"


async def deliver_webhook(world: MockWorld, order: Order, payment: Payment) -> None:
    """Tell the merchant how `payment` went, if the order named a notify_url; a payment on a
    payment link is told by PAYMENT_LINK_EVENT to the link's (deliver_link_event)."""
    link = link_of_order(world, order)
    if link is not None:
        if payment.payment_status == "SUCCESS":
            await deliver_link_event(world, link, order, payment)
        return
    url = order.order_meta.notify_url
    if not url:
        return
    event = payment_event(order, payment)
    raw = _encoded(world, "PaymentWebhook", event.type, event)
    scenario = webhook_scenario(world)
    copies = 2 if scenario is not None and scenario.webhook == "duplicate" else 1
    records = [
        WebhookDelivery(order_id=order.order_id, cf_payment_id=payment.cf_payment_id, type=event.type, notify_url=url)
        for _ in range(copies)
    ]
    state(world).webhooks.extend(records)
    if scenario is not None and scenario.delay_ms:
        await asyncio.sleep(scenario.delay_ms / 1000)
    if scenario is not None and scenario.webhook == "drop":
        for record in records:
            record.outcome = "dropped"
        return
    async with loopback_client(world) as client:
        secret = account_of(world, order).client_secret
        await asyncio.gather(*(send_signed(world, client, raw, record, secret) for record in records))


async def deliver_refund_webhook(
    world: MockWorld, order: Order, refund: Refund, status: RefundStatus = "SUCCESS"
) -> None:
    """The bank's word on a refund (by default: paid out), then the merchant is told
    (REFUND_STATUS_WEBHOOK), signed and retried like a payment's; a `webhook: "drop"` scenario
    sends nothing."""
    set_refund_status(world, refund, status)
    await announce_refund(world, order, refund)


async def announce_refund(world: MockWorld, order: Order, refund: Refund) -> None:
    """Tell the merchant where `refund` stands now (REFUND_STATUS_WEBHOOK), changing nothing: to
    each of the order's account's refund webhook URLs, as Cashfree does (not to the order's
    notify_url), signed like every webhook with that account's client secret."""
    account = account_of(world, order)
    event = refund_event(refund, refund.processed_at or refund.created_at)
    raw = _encoded(world, "RefundWebhook", event.type, event)
    records = [
        WebhookDelivery(order_id=order.order_id, cf_payment_id=refund.cf_refund_id, type=event.type, notify_url=url)
        for url in account.refund_webhook_urls
    ]
    state(world).webhooks.extend(records)
    scenario = webhook_scenario(world)
    if scenario is not None and scenario.delay_ms:
        await asyncio.sleep(scenario.delay_ms / 1000)
    if scenario is not None and scenario.webhook == "drop":
        for record in records:
            record.outcome = "dropped"
        return
    async with loopback_client(world) as client:
        secret = account.client_secret
        await asyncio.gather(*(send_signed(world, client, raw, record, secret) for record in records))


async def deliver_link_event(
    world: MockWorld, link: Link, order: Order | None = None, payment: Payment | None = None
) -> None:
    """PAYMENT_LINK_EVENT to the link's notify_url: a successful payment on it (each once), or
    its expiry or cancellation (once); signed, shaped and retried like a payment's webhook.
    Cashfree's document carries no schema for this event: it is held to its webhook page."""
    url = link.link_meta.notify_url
    if not url or not untold(world, link, payment):
        return
    stamp = (payment.payment_completion_time if payment is not None else None) or _now_stamp(world)
    event = link_event(link, stamp, order, payment)
    raw = _ENCODER.encode(event)
    record = WebhookDelivery(
        order_id=order.order_id if order is not None else link.link_id,
        cf_payment_id=payment.cf_payment_id if payment is not None else "",
        type=event.type,
        notify_url=url,
    )
    state(world).webhooks.append(record)
    scenario = webhook_scenario(world)
    if scenario is not None and scenario.delay_ms:
        await asyncio.sleep(scenario.delay_ms / 1000)
    if scenario is not None and scenario.webhook == "drop":
        record.outcome = "dropped"
        return
    async with loopback_client(world) as client:
        await send_signed(world, client, raw, record, link_account(world, link).client_secret)


def _now_stamp(world: MockWorld) -> str:
    return provider_now(world).isoformat(timespec="seconds")
