"""The mocks' own settings, read from MOCKS_* environment variables.

The payments mock signs its webhooks with `webhook_secret` and the lending mock (the lender's
service, which receives them) verifies with the same value, as a merchant and Cashfree share
the merchant's secret.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

import msgspec

# Where webhook and mail calls between mocks go when no public address is set: an origin that
# the suite answers itself, in-process (see upstream_mocks/loopback.py).
INTERNAL_ORIGIN = "http://mocks.internal"


class MockSettings(msgspec.Struct, frozen=True, kw_only=True):
    webhook_secret: str = "mock-webhook-secret"
    # Seconds a webhook's timestamp may be old before the receiver refuses it as stale.
    webhook_tolerance_seconds: int = 300
    # Waits before each delivery attempt after the first; Cashfree retries with growing gaps.
    webhook_retry_seconds: tuple[float, ...] = (1.0, 2.0, 4.0, 8.0, 16.0)
    # The suite's own address as others reach it (e.g. http://127.0.0.1:9100). Unset: the
    # mocks call each other in-process, which works whether or not they have a port.
    public_url: str | None = None

    @property
    def origin(self) -> str:
        return (self.public_url or INTERNAL_ORIGIN).rstrip("/")

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> MockSettings:
        env = os.environ if environ is None else environ
        raw: dict[str, object] = {}
        for field in msgspec.structs.fields(cls):
            value = env.get(f"MOCKS_{field.name.upper()}")
            if value:
                raw[field.name] = value.split(",") if field.name == "webhook_retry_seconds" else value
        return msgspec.convert(raw, cls, strict=False)
