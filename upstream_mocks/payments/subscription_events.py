"""Mandates' webhooks, as Cashfree sends them at webhook version 2025-01-01: SUBSCRIPTION_STATUS_CHANGED
(the mandate's new status), SUBSCRIPTION_AUTH_STATUS (the payer's answer to the AUTH),
SUBSCRIPTION_PAYMENT_NOTIFICATION_INITIATED (the pre-debit notice sent for a charge), and
SUBSCRIPTION_PAYMENT_SUCCESS / _FAILED / _CANCELLED (how a charge ended).

They go to the subscription webhook URLs of the account the mandate belongs to
(MerchantAccount.subscription_webhook_urls), signed with its client secret as every payment
webhook is (payments_client.webhooks), each attempt afresh and retried as the others are.
Cashfree's API document has no schema for them; contracts/payments.openapi.yaml describes them
(`webhooks`), and the tests hold what is sent to it.
"""

from __future__ import annotations

import asyncio
from typing import Literal

import msgspec

from upstream_mocks.loopback import loopback_client
from upstream_mocks.payments.delivery import send_signed, webhook_scenario
from upstream_mocks.payments.orders import WebhookDelivery, provider_now, state
from upstream_mocks.payments.subscriptions import (
    AuthorizationDetails,
    Plan,
    Subscription,
    SubscriptionCustomer,
    SubscriptionPayment,
    stamp,
)
from upstream_mocks.world import MockWorld

PaymentEventType = Literal[
    "SUBSCRIPTION_AUTH_STATUS",
    "SUBSCRIPTION_PAYMENT_NOTIFICATION_INITIATED",
    "SUBSCRIPTION_PAYMENT_SUCCESS",
    "SUBSCRIPTION_PAYMENT_FAILED",
    "SUBSCRIPTION_PAYMENT_CANCELLED",
]
_ENDED: dict[str, PaymentEventType] = {
    "SUCCESS": "SUBSCRIPTION_PAYMENT_SUCCESS",
    "FAILED": "SUBSCRIPTION_PAYMENT_FAILED",
    "CANCELLED": "SUBSCRIPTION_PAYMENT_CANCELLED",
}
_ENCODER = msgspec.json.Encoder(decimal_format="number")


class SubscriptionDetails(msgspec.Struct, kw_only=True):
    cf_subscription_id: str
    subscription_id: str
    subscription_status: str
    subscription_expiry_time: str
    subscription_first_charge_time: str


class StatusData(msgspec.Struct, kw_only=True):
    subscription_details: SubscriptionDetails
    customer_details: SubscriptionCustomer
    plan_details: Plan
    authorization_details: AuthorizationDetails


class StatusChanged(msgspec.Struct, kw_only=True):
    type: Literal["SUBSCRIPTION_STATUS_CHANGED"]
    event_time: str
    data: StatusData


class PaymentEvent(msgspec.Struct, kw_only=True):
    type: PaymentEventType
    event_time: str
    data: SubscriptionPayment


def status_changed(world: MockWorld, subscription: Subscription) -> StatusChanged:
    return StatusChanged(
        type="SUBSCRIPTION_STATUS_CHANGED",
        event_time=stamp(provider_now(world)),
        data=StatusData(
            subscription_details=SubscriptionDetails(
                cf_subscription_id=subscription.cf_subscription_id,
                subscription_id=subscription.subscription_id,
                subscription_status=subscription.subscription_status,
                subscription_expiry_time=subscription.subscription_expiry_time,
                subscription_first_charge_time=subscription.subscription_first_charge_time,
            ),
            customer_details=subscription.customer_details,
            plan_details=subscription.plan_details,
            authorization_details=subscription.authorisation_details,
        ),
    )


def payment_event(world: MockWorld, payment: SubscriptionPayment, kind: PaymentEventType | None = None) -> PaymentEvent:
    """The event for a payment: the AUTH's answer, a charge's notice, or how a charge ended."""
    if kind is None:
        kind = "SUBSCRIPTION_AUTH_STATUS" if payment.payment_type == "AUTH" else _ENDED[payment.payment_status]
    # A copy: the event tells the payment as it stood when it was sent.
    return PaymentEvent(type=kind, event_time=stamp(provider_now(world)), data=msgspec.structs.replace(payment))


async def deliver(
    world: MockWorld, account: str, subscription_id: str, about: str, event: StatusChanged | PaymentEvent
) -> None:
    """Send `event` to each of the account's subscription webhook URLs, signed with its secret;
    QA's webhook scenarios (late, dropped, sent twice) reach these as they reach a payment's."""
    merchant = world.settings.merchant_account(account)
    raw = _ENCODER.encode(event)
    scenario = webhook_scenario(world) if merchant.subscription_webhook_urls else None
    copies = 2 if scenario is not None and scenario.webhook == "duplicate" else 1
    records = [
        WebhookDelivery(order_id=subscription_id, cf_payment_id=about, type=event.type, notify_url=url)
        for url in merchant.subscription_webhook_urls
        for _ in range(copies)
    ]
    if not records:
        return
    state(world).webhooks.extend(records)
    if scenario is not None and scenario.delay_ms:
        await asyncio.sleep(scenario.delay_ms / 1000)  # real time: a late delivery, as a payment's
    if scenario is not None and scenario.webhook == "drop":
        for record in records:
            record.outcome = "dropped"
        return
    async with loopback_client(world) as client:
        await asyncio.gather(*(send_signed(world, client, raw, r, merchant.client_secret) for r in records))


def _line(subscription: Subscription) -> str:
    """The key the mandate's webhooks queue under (MockWorld.spawn_in_turn)."""
    return f"subscription-{subscription.cf_subscription_id}"


def tell(world: MockWorld, account: str, subscription: Subscription, *events: StatusChanged | PaymentEvent) -> None:
    """Send the events in the background, after those told before about the same mandate: its
    receiver hears them in the order they happened, whatever each delivery's retries took."""

    async def in_order() -> None:
        for event in events:
            about = event.data.cf_payment_id if isinstance(event, PaymentEvent) else subscription.cf_subscription_id
            await deliver(world, account, subscription.subscription_id, about, event)

    world.spawn_in_turn(_line(subscription), in_order)


async def told(world: MockWorld, subscription: Subscription, within: float) -> list[WebhookDelivery]:
    """Every webhook sent about the mandate, once those queued so far have had their answer
    (delivered, or given up after the retries), or `within` seconds have passed: QA reads what
    its receiver was told without guessing how long the background delivery takes."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + within
    # Again while more was queued meanwhile (a receiver's answer may start another event); the
    # last in line waits for those before it. asyncio.wait, not a timeout around an await: what
    # is still sending when the time is up is not cancelled.
    while (queued := world.last_in_line.get(_line(subscription))) is not None and not queued.done():
        left = deadline - loop.time()
        if left <= 0:
            break
        await asyncio.wait({queued}, timeout=left)
    return [w for w in state(world).webhooks if w.order_id == subscription.subscription_id]
