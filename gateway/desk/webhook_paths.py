"""Where the provider's webhooks reach the gateway: the URL set once for each merchant account in
Cashfree's dashboard is the gateway's PUBLIC_URL with one of these paths (kept apart so the
embedded mocks can name it without importing the desk). The store's account has its own path and
each lender's account its own beside it, because Cashfree signs an account's webhooks with that
account's client secret: the path says which secret to check with and which account to ask."""

from __future__ import annotations

WEBHOOKS_PATH = "/api/webhooks"
REFUND_WEBHOOK_PATH = f"{WEBHOOKS_PATH}/payments/refunds"


def lender_refund_webhook_path(kind: str) -> str:
    """The refund webhook path for the lender `kind`'s own account (a LENDERS adapter kind)."""
    return f"{REFUND_WEBHOOK_PATH}/{kind}"


MANDATE_WEBHOOK_PATH = f"{WEBHOOKS_PATH}/payments/mandates"


def lender_mandate_webhook_path(kind: str) -> str:
    """The subscription webhook path for the lender `kind`'s own account, where its mandates' events go."""
    return f"{MANDATE_WEBHOOK_PATH}/{kind}"
