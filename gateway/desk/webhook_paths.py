"""Where the provider's webhooks reach the gateway: the URL set once for the account in Cashfree's
dashboard is the gateway's PUBLIC_URL with this path (kept apart so the embedded mocks can name it
without importing the desk)."""

from __future__ import annotations

WEBHOOKS_PATH = "/api/webhooks"
REFUND_WEBHOOK_PATH = f"{WEBHOOKS_PATH}/payments/refunds"
