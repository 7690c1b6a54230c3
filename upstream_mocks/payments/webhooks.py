"""Sending and receiving the payment provider's webhooks, the way Cashfree does it (the signature
itself is payments_client.webhooks, shared with the gateway's receiver).

A replay inside the signature's window is caught by deduplicating on the provider's payment
id, which is the receiver's job.

Anything that sends or receives these webhooks (repayments, store orders) uses this module;
a receiver starts with `verified_event`, which gives the event or the refusal to answer with.
"""

from __future__ import annotations

import time
from typing import Any

import msgspec
from litestar import Request, Response

from payments_client.webhooks import (
    DEFAULT_TOLERANCE_SECONDS,
    SIGNATURE_HEADER,
    TIMESTAMP_HEADER,
    WebhookRefused,
    sign,
    verify,
)
from upstream_mocks.envelope import envelope
from upstream_mocks.payments.events import LinkEvent, PaymentEvent, RefundEvent

__all__ = [
    "SIGNATURE_HEADER",
    "TIMESTAMP_HEADER",
    "WebhookRefused",
    "sign",
    "signed_headers",
    "verified_event",
    "verify",
]

VERSION_HEADER = "x-webhook-version"
WEBHOOK_VERSION = "2025-01-01"


def now_millis() -> str:
    # real time: a webhook signature's stamp, checked against the receiver's real time
    return str(int(time.time() * 1000))


def signed_headers(secret: str, raw_body: bytes, timestamp: str | None = None) -> dict[str, str]:
    """The headers a webhook carrying `raw_body` is sent with."""
    stamp = timestamp or now_millis()
    return {
        "content-type": "application/json",
        TIMESTAMP_HEADER: stamp,
        SIGNATURE_HEADER: sign(secret, stamp, raw_body),
        VERSION_HEADER: WEBHOOK_VERSION,
    }


async def verified_event(
    request: Request[Any, Any, Any], secret: str, *, tolerance_seconds: int = DEFAULT_TOLERANCE_SECONDS
) -> PaymentEvent | RefundEvent | LinkEvent | Response[Any]:
    """The webhook's event if its signature matches the raw body and its timestamp is recent;
    otherwise the refusal to answer with: 401 for a bad signature or a stale (replayed) timestamp,
    400 for a body that is not a payment, refund or payment link event."""
    raw = await request.body()
    try:
        verify(secret, dict(request.headers), raw, tolerance_seconds=tolerance_seconds)
    except WebhookRefused as refused:
        return envelope(None, f"Webhook refused: {refused.reason}", 401)
    try:
        kind = msgspec.json.decode(raw, type=_Kind).type
        if kind == "REFUND_STATUS_WEBHOOK":
            return msgspec.json.decode(raw, type=RefundEvent)
        if kind == "PAYMENT_LINK_EVENT":
            return msgspec.json.decode(raw, type=LinkEvent)
        return msgspec.json.decode(raw, type=PaymentEvent)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        return envelope(None, f"Invalid request: {exc}", 400)


class _Kind(msgspec.Struct):
    type: str
