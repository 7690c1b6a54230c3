"""PayoutsClient: the payouts provider's calls (Cashfree Payouts v2, x-api-version 2024-01-01,
and its verification API; contracts/payouts.openapi.yaml), for whoever pays money out.

Every call carries the payouts account's `x-client-id`, `x-client-secret` and `x-api-version`.
A transfer is idempotent by its `transfer_id`: a retry sends the same id with the same body and
gets the same transfer (another body under it is a 409), so the caller makes the id from what
is paid (the refund it settles) and sends it again after a lost answer.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, Literal

import msgspec

from payments_client.client import Account, Sender, answered

PAYOUTS_API_VERSION = "2024-01-01"
TransferStatus = Literal["RECEIVED", "PENDING", "SUCCESS", "FAILED", "REJECTED", "REVERSED"]
_ENCODER = msgspec.json.Encoder(decimal_format="number")


class Payee(msgspec.Struct, frozen=True, kw_only=True):
    """Where the money goes: a UPI ID, or a bank account and its IFSC, and the holder's name."""

    name: str
    vpa: str | None = None
    account_number: str | None = None
    ifsc: str | None = None


class ProviderTransfer(msgspec.Struct, kw_only=True):
    transfer_id: str
    cf_transfer_id: str
    status: TransferStatus
    status_code: str
    transfer_amount: Decimal
    status_description: str | None = None
    transfer_utr: str | None = None
    transfer_service_charge: Decimal | None = None
    transfer_service_tax: Decimal | None = None
    added_on: str | None = None
    updated_on: str | None = None


class TransferEvent(msgspec.Struct, kw_only=True):
    """A TRANSFER_* webhook: what the provider says, to be re-read before it is believed."""

    type: str
    event_time: str
    data: ProviderTransfer


class _Upi(msgspec.Struct):
    status: Literal["VALID", "INVALID"]


class _Account(msgspec.Struct):
    account_status: Literal["VALID", "INVALID"]
    account_status_code: str


class PayoutsClient:
    def __init__(self, send: Sender, account: Account) -> None:
        self.send = send
        self.headers = {
            "x-client-id": account.client_id,
            "x-client-secret": account.client_secret,
            "x-api-version": PAYOUTS_API_VERSION,
        }

    async def _call(self, method: str, path: str, type_: type[Any], body: Any = None, *, again: bool = False) -> Any:
        encoded = _ENCODER.encode(body) if body is not None else None
        response = await self.send(method, path, body=encoded, headers=self.headers, idempotent=again)
        return answered(response, type_)

    async def payee_exists(self, payee: Payee) -> tuple[bool, str | None]:
        """Verify the UPI ID (POST verification/upi) or the account (POST
        verification/bank-account/sync) before paying it: whether it can take money, and why not."""
        if payee.vpa:
            upi: _Upi = await self._call("POST", "verification/upi", _Upi, {"vpa": payee.vpa, "name": payee.name})
            return upi.status == "VALID", None if upi.status == "VALID" else "INVALID_VPA"
        body = {"bank_account": payee.account_number, "ifsc": payee.ifsc, "name": payee.name}
        account: _Account = await self._call("POST", "verification/bank-account/sync", _Account, body)
        valid = account.account_status == "VALID"
        return valid, None if valid else account.account_status_code

    async def create_transfer(
        self, *, transfer_id: str, amount: Decimal, payee: Payee, remarks: str
    ) -> ProviderTransfer:
        """POST payout/transfers (Standard Transfer V2): safe to send again with the same id."""
        instrument = (
            {"vpa": payee.vpa} if payee.vpa else {"bank_account_number": payee.account_number, "bank_ifsc": payee.ifsc}
        )
        body = {
            "transfer_id": transfer_id,
            "transfer_amount": amount,
            "transfer_currency": "INR",
            "transfer_mode": "upi" if payee.vpa else "banktransfer",
            "beneficiary_details": {"beneficiary_name": payee.name, "beneficiary_instrument_details": instrument},
            "transfer_remarks": remarks,
        }
        made: ProviderTransfer = await self._call("POST", "payout/transfers", ProviderTransfer, body, again=True)
        return made

    async def transfer(self, transfer_id: str) -> ProviderTransfer:
        """GET payout/transfers?transfer_id= (Get Transfer Status V2)."""
        found: ProviderTransfer = await self._call(
            "GET", f"payout/transfers?transfer_id={transfer_id}", ProviderTransfer, again=True
        )
        return found
