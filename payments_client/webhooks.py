"""The provider's webhook signature, as Cashfree makes it: Base64(HMAC-SHA256(the account's client
secret, `x-webhook-timestamp` + raw body)) in `x-webhook-signature`, the timestamp in milliseconds
since the epoch. A receiver verifies against the raw bytes it received (never a re-encoded body)
and refuses a timestamp older than its tolerance, so a captured webhook cannot be replayed later;
a replay inside the window is the receiver's to deduplicate. The provider (our mock) signs with
`sign`; every receiver (the orders and lending services, the gateway) verifies with `verify`."""

from __future__ import annotations

import base64
import hashlib
import hmac
import time
from collections.abc import Mapping

SIGNATURE_HEADER = "x-webhook-signature"
TIMESTAMP_HEADER = "x-webhook-timestamp"
DEFAULT_TOLERANCE_SECONDS = 300


class WebhookRefused(Exception):
    """The webhook is not to be trusted; `reason` says why (for the refusal's message)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def sign(secret: str, timestamp: str, raw_body: bytes) -> str:
    digest = hmac.new(secret.encode(), timestamp.encode() + raw_body, hashlib.sha256).digest()
    return base64.b64encode(digest).decode()


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
