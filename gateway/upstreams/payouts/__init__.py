"""The payouts provider (Cashfree Payouts v2; its wire shapes and calls are `payments_client/`):
`client.py` the transfers read with the payouts account's credentials (`PayoutsReader`)."""

from __future__ import annotations

from gateway.upstreams.payouts.client import PayoutsReader, ProviderTransfer

__all__ = ["PayoutsReader", "ProviderTransfer"]
