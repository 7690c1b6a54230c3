"""Typed client of the payouts provider (Cashfree Payouts v2, x-api-version 2024-01-01;
contracts/payouts.openapi.yaml) for the platform's own operations: the reconciliation of payouts
and the desk's look-up of a transfer read a transfer where the provider has it (Get Transfer Status
V2, `GET /payout/transfers?transfer_id=`). The orders service makes the transfers; the gateway
only reads them, with the payouts account's own credentials (PAYOUTS_CLIENT_ID,
PAYOUTS_CLIENT_SECRET), never the payment gateway account's.

Cashfree Payouts v2 has no call listing a day's transfers, so each transfer the orders service
recorded is asked by its own `transfer_id`.
"""

from __future__ import annotations

import msgspec

from gateway.plumbing.errors import UpstreamError
from gateway.upstreams.http import UpstreamHttp
from gateway.upstreams.payments.client import UpstreamSender
from payments_client import Account, PayoutsClient, ProviderRefused, ProviderTransfer

TRANSFER_FAILED = "The payouts provider could not be asked about this transfer. Please try again later."

__all__ = ["PayoutsReader", "ProviderTransfer"]


class PayoutsReader:
    def __init__(self, http: UpstreamHttp, client_id: str, client_secret: str) -> None:
        self.http = http
        self.provider = PayoutsClient(UpstreamSender(http), Account(client_id=client_id, client_secret=client_secret))

    async def transfer(self, transfer_id: str) -> ProviderTransfer | None:
        """The transfer as the provider has it now; None when it has none under that id (never made)."""
        try:
            return await self.provider.transfer(transfer_id)
        except ProviderRefused as exc:
            if exc.status == 404:
                return None
            raise UpstreamError(TRANSFER_FAILED, upstream=self.http.name, status=exc.status) from exc
        except msgspec.DecodeError as exc:
            raise UpstreamError(TRANSFER_FAILED, upstream=self.http.name, status=200) from exc
