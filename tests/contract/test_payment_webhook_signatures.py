"""The provider's webhook signature (Cashfree's scheme) and the lender's checks on it:
a good webhook settles, a bad or stale one is refused, a replayed one changes nothing."""

from __future__ import annotations

import time
from decimal import Decimal

import msgspec
import pytest

from tests.contract.repayment_world import FAST, Repayments, repayments
from upstream_mocks.payments.events import payment_event
from upstream_mocks.payments.orders import get_order, payments_for
from upstream_mocks.payments.webhooks import (
    SIGNATURE_HEADER,
    TIMESTAMP_HEADER,
    WebhookRefused,
    sign,
    signed_headers,
    verify,
)

SECRET = "test-webhook-secret"
BODY = b'{"type":"PAYMENT_SUCCESS_WEBHOOK"}'
RECEIVER = "lending/webhooks/payments"


def test_the_signature_is_base64_hmac_sha256_of_timestamp_and_raw_body() -> None:
    # Worked out independently: printf '1700000000000{body}' | openssl dgst -sha256 -hmac SECRET -binary | base64
    assert sign(SECRET, "1700000000000", BODY) == "TQTNEKzBeoEyVbbIrfc/peQzThS/KEoybhYEigGNNBQ="


def test_verify_accepts_a_fresh_good_signature_and_refuses_the_rest() -> None:
    now = time.time()  # real time: a signature's age is real time
    good = signed_headers(SECRET, BODY, str(int(now * 1000)))
    verify(SECRET, good, BODY, now=now)
    cases = {
        "bad signature": (good, BODY + b" ", now),  # the body changed after signing
        "stale timestamp": (good, BODY, now + 301),
        "missing signature or timestamp": ({TIMESTAMP_HEADER: good[TIMESTAMP_HEADER]}, BODY, now),
        "malformed timestamp": ({**good, TIMESTAMP_HEADER: "yesterday"}, BODY, now),
    }
    for reason, (headers, body, at) in cases.items():
        with pytest.raises(WebhookRefused) as refused:
            verify(SECRET, headers, body, now=at)
        assert refused.value.reason == reason
    with pytest.raises(WebhookRefused):
        verify("another-secret", good, BODY, now=now)


async def paid_without_webhook(mock: Repayments, amount: str) -> tuple[bytes, str]:
    """A payment the provider took whose webhook was dropped: its event body, and its order."""
    await mock.scenario(mock="payments", path="webhook", webhook="drop", times=1)
    started = await mock.start(amount)
    await mock.pay(started)
    await mock.world.drain()
    order = get_order(mock.world, mock.world.settings.lending_payments_client_id, started.order_id)
    assert order is not None
    [payment] = payments_for(mock.world, order)
    return msgspec.json.Encoder(decimal_format="number").encode(payment_event(order, payment)), started.order_id


async def test_the_lender_settles_on_a_good_webhook_and_ignores_its_replay() -> None:
    async with repayments() as mock:
        await mock.log_in()
        raw, _ = await paid_without_webhook(mock, "700.00")
        headers = signed_headers(mock.world.settings.lending_payments_client_secret, raw)
        first = await mock.client.post(RECEIVER, content=raw, headers=headers)
        assert (first.status_code, first.json()["message"]) == (200, "Payment settled")
        assert await mock.owed() == Decimal("11750.00")
        replayed = await mock.client.post(RECEIVER, content=raw, headers=headers)
        assert (replayed.status_code, replayed.json()["message"]) == (200, "Payment already settled")
        assert await mock.owed() == Decimal("11750.00")


async def test_the_lender_refuses_a_bad_signature_and_a_stale_timestamp() -> None:
    async with repayments() as mock:
        await mock.log_in()
        raw, _ = await paid_without_webhook(mock, "700.00")
        secret = mock.world.settings.lending_payments_client_secret
        forged = signed_headers("not-the-secret", raw)
        an_hour_ago = str(int((time.time() - 3600) * 1000))  # real time: a signature's age is real time
        stale = signed_headers(secret, raw, an_hour_ago)  # a captured webhook, replayed later
        tampered = signed_headers(secret, raw)
        altered = raw.replace(b'"payment_amount":700.00', b'"payment_amount":7000.00')
        assert altered != raw
        for headers, body, reason in (
            (forged, raw, "bad signature"),
            (stale, raw, "stale timestamp"),
            (tampered, altered, "bad signature"),
        ):
            answer = await mock.client.post(RECEIVER, content=body, headers=headers)
            assert answer.status_code == 401
            assert answer.json()["message"] == f"Webhook refused: {reason}"
        unsigned = await mock.client.post(RECEIVER, content=raw, headers={"content-type": "application/json"})
        # The contract requires the signature headers, so the mock's contract check refuses first.
        assert unsigned.status_code == 400
        assert SIGNATURE_HEADER in unsigned.json()["message"]
        assert await mock.owed() == Decimal("12450.00")


ANOTHER_ACCOUNT = "another-merchant-accounts-client-secret"


async def test_a_payment_and_a_refund_to_one_receiver_both_verify_with_its_accounts_client_secret() -> None:
    """Cashfree signs every webhook with the receiving account's client secret: a payment's (to
    the order's notify_url) and a refund's (to the account's refund URL), here one receiver."""
    settings = msgspec.structs.replace(FAST, refund_webhook_urls=(f"http://mocks.internal/_mocks/{RECEIVER}",))
    async with repayments(settings) as mock:
        await mock.log_in()
        started = await mock.start("700.00")
        await mock.pay(started)
        await mock.world.drain()
        account = {
            "x-client-id": settings.lending_payments_client_id,
            "x-client-secret": settings.lending_payments_client_secret,
        }
        made = await mock.client.post(
            f"payments/pg/orders/{started.order_id}/refunds",
            json={"refund_amount": 100.0, "refund_id": f"{started.order_id}-back"},
            headers={**account, "x-api-version": "2025-01-01", "x-idempotency-key": f"{started.order_id}-back"},
        )
        assert made.status_code == 200, made.text
        await mock.world.drain()
        told = [(d["type"], d["notify_url"], d["outcome"], d["attempts"]) for d in await mock.webhooks()]
        receiver = f"http://mocks.internal/_mocks/{RECEIVER}"
        assert told == [
            ("PAYMENT_SUCCESS_WEBHOOK", receiver, "delivered", 1),
            ("REFUND_STATUS_WEBHOOK", receiver, "delivered", 1),
        ]
        assert await mock.owed() == Decimal("11750.00")


@pytest.mark.parametrize("receiver", [RECEIVER, "orders/webhooks/payments", "companion_fineract/webhooks/payments"])
async def test_a_webhook_signed_with_another_accounts_client_secret_is_refused(receiver: str) -> None:
    """Each receiver verifies with its own account's client secret, whatever the event."""
    async with repayments() as mock:
        await mock.log_in()
        raw, _ = await paid_without_webhook(mock, "700.00")
        answer = await mock.client.post(receiver, content=raw, headers=signed_headers(ANOTHER_ACCOUNT, raw))
        assert (answer.status_code, answer.json()["message"]) == (401, "Webhook refused: bad signature")
        assert await mock.owed() == Decimal("12450.00")
