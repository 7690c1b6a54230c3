"""The payment provider (Cashfree PG, API 2025-01-01; its wire shapes and calls are `payments_client/`):
`client.py` one merchant account as the gateway reads it (`PaymentsClient`), `accounts.py` every
account the deployment serves, read as one (`PaymentsAccounts`)."""

from __future__ import annotations

from gateway.upstreams.payments.accounts import PaymentsAccounts, lender_account
from gateway.upstreams.payments.client import (
    PaymentsClient,
    ProviderPayment,
    ProviderRefund,
    SettlementEvent,
    SettlementReport,
)

__all__ = [
    "PaymentsAccounts",
    "PaymentsClient",
    "ProviderPayment",
    "ProviderRefund",
    "SettlementEvent",
    "SettlementReport",
    "lender_account",
]
