"""Signing and verifying the payment provider's webhooks, the way Cashfree does it.

The signature is Base64(HMAC-SHA256(secret, timestamp + raw body)), sent in
`x-webhook-signature` beside the timestamp (milliseconds since the epoch) in
`x-webhook-timestamp`. A receiver verifies against the raw bytes it received (never a
re-encoded body) and refuses a timestamp older than its tolerance, so a captured webhook
cannot be replayed later; a replay inside the window is caught by deduplicating on the
provider's payment id, which is the receiver's job.

Anything that sends or receives these webhooks (repayments, store orders) uses this module;
a receiver starts with `verified_event`, which gives the event or the refusal to answer with.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import time
from collections.abc import Mapping
from typing import Any

import msgspec
from litestar import Request, Response

from upstream_mocks.envelope import envelope
from upstream_mocks.payments.events import LinkEvent, PaymentEvent, RefundEvent

SIGNATURE_HEADER = "x-webhook-signature"
TIMESTAMP_HEADER = "x-webhook-timestamp"
VERSION_HEADER = "x-webhook-version"
WEBHOOK_VERSION = "2025-01-01"
DEFAULT_TOLERANCE_SECONDS = 300


class WebhookRefused(Exception):
    """The webhook is not to be trusted; `reason` says why (for the refusal's message)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def sign(secret: str, timestamp: str, raw_body: bytes) -> str:
    digest = hmac.new(secret.encode(), timestamp.encode() + raw_body, hashlib.sha256).digest()
    return base64.b64encode(digest).decode()


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


def verify(
    secret: str,
    headers: Mapping[str, str],
    raw_body: bytes,
    *,
    tolerance_seconds: int = DEFAULT_TOLERANCE_SECONDS,
    now: float | None = None,
) -> None:
    """Raise WebhookRefused unless the signature matches and the timestamp is recent."""
    lowered = {k.lower(): v for k, v in headers.items()}
    stamp = lowered.get(TIMESTAMP_HEADER, "")
    signature = lowered.get(SIGNATURE_HEADER, "")
    if not stamp or not signature:
        raise WebhookRefused("missing signature or timestamp")
    if not stamp.isdigit():
        raise WebhookRefused("malformed timestamp")
    age = (now if now is not None else time.time()) - int(stamp) / 1000  # real time: a webhook signature's age
    # A little clock skew ahead is tolerated; anything older than the window is stale.
    if age > tolerance_seconds or age < -60:
        raise WebhookRefused("stale timestamp")
    if not hmac.compare_digest(sign(secret, stamp, raw_body), signature):
        raise WebhookRefused("bad signature")


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
