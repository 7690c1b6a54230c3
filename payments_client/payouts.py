"""PayoutsClient: the payouts provider's calls (Cashfree Payouts v2, x-api-version 2024-01-01,
and its verification API; contracts/payouts.openapi.yaml), for whoever pays money out.

Every call carries the payouts account's `x-client-id`, `x-client-secret` and `x-api-version`.
A payee is paid as a beneficiary of the account (Beneficiary V2): looked up by the id made from
its instrument (payments_client.beneficiaries), added when the provider has none, then named by
that id in the transfer. A transfer is idempotent by its `transfer_id`: a retry sends the same id
with the same body and gets the same transfer (another body under it is a 409), so the caller
makes the id from what is paid (the refund it settles) and sends it again after a lost answer.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, Literal
from urllib.parse import urlencode

import msgspec

from payments_client.beneficiaries import Payee, ProviderBeneficiary, beneficiary_id_of, new_beneficiary
from payments_client.client import Account, ProviderRefused, Sender, answered

PAYOUTS_API_VERSION = "2024-01-01"
TransferStatus = Literal["RECEIVED", "PENDING", "SUCCESS", "FAILED", "REJECTED", "REVERSED"]
_ENCODER = msgspec.json.Encoder(decimal_format="number")


class TransferPayee(msgspec.Struct, kw_only=True):
    beneficiary_id: str


class NewTransfer(msgspec.Struct, kw_only=True):
    """Standard Transfer V2's body, to a beneficiary by its id; the amount goes out exact."""

    transfer_id: str
    transfer_amount: Decimal
    transfer_currency: Literal["INR"]
    transfer_mode: Literal["banktransfer", "upi"]
    beneficiary_details: TransferPayee
    transfer_remarks: str


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

    async def _call(
        self, method: str, path: str, type_: type[Any], body: Any = None, *, again: bool = False, success: int = 200
    ) -> Any:
        encoded = _ENCODER.encode(body) if body is not None else None
        response = await self.send(method, path, body=encoded, headers=self.headers, idempotent=again)
        return answered(response, type_, success=success)

    async def beneficiary(self, beneficiary_id: str) -> ProviderBeneficiary:
        """GET payout/beneficiary?beneficiary_id= (Get Beneficiary V2); 404 when none."""
        query = urlencode({"beneficiary_id": beneficiary_id})
        found: ProviderBeneficiary = await self._call(
            "GET", f"payout/beneficiary?{query}", ProviderBeneficiary, again=True
        )
        return found

    async def beneficiary_by_account(self, account_number: str, ifsc: str) -> ProviderBeneficiary:
        """GET payout/beneficiary?bank_account_number=&bank_ifsc= (Get Beneficiary V2); 404 when none."""
        query = urlencode({"bank_account_number": account_number, "bank_ifsc": ifsc})
        found: ProviderBeneficiary = await self._call(
            "GET", f"payout/beneficiary?{query}", ProviderBeneficiary, again=True
        )
        return found

    async def create_beneficiary(self, payee: Payee) -> ProviderBeneficiary:
        """POST payout/beneficiary (Create Beneficiary V2, 201) under the payee's own id. Sent
        again after a lost answer it is a 409 `beneficiary_id_already_exists`, which
        `beneficiary_for` takes as made."""
        made: ProviderBeneficiary = await self._call(
            "POST", "payout/beneficiary", ProviderBeneficiary, new_beneficiary(payee), again=True, success=201
        )
        return made

    async def remove_beneficiary(self, beneficiary_id: str) -> ProviderBeneficiary:
        """DELETE payout/beneficiary?beneficiary_id= (Remove Beneficiary V2): answered DELETED."""
        query = urlencode({"beneficiary_id": beneficiary_id})
        removed: ProviderBeneficiary = await self._call(
            "DELETE", f"payout/beneficiary?{query}", ProviderBeneficiary, again=True
        )
        return removed

    async def beneficiary_for(self, payee: Payee) -> str:
        """The id of the account's beneficiary for `payee`, added when the provider has none: read
        by the payee's own id; on a 404, created. Created meanwhile by another call (409
        `beneficiary_id_already_exists`), it is that one; the account and IFSC held by a beneficiary
        someone added by hand (409 `beneficiary_already_exists`), that one, read by the account as
        Cashfree says to."""
        wanted = beneficiary_id_of(payee)
        try:
            return (await self.beneficiary(wanted)).beneficiary_id
        except ProviderRefused as exc:
            if exc.status != 404:
                raise
        try:
            return (await self.create_beneficiary(payee)).beneficiary_id
        except ProviderRefused as exc:
            if exc.status == 409 and exc.code == "beneficiary_id_already_exists":
                return wanted
            if exc.status == 409 and exc.code == "beneficiary_already_exists" and payee.account_number and payee.ifsc:
                return (await self.beneficiary_by_account(payee.account_number, payee.ifsc)).beneficiary_id
            raise

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
        """POST payout/transfers (Standard Transfer V2) to the payee's beneficiary, made sure of
        first: safe to send again with the same id (the same payee, the same body)."""
        beneficiary_id = await self.beneficiary_for(payee)
        body = NewTransfer(
            transfer_id=transfer_id,
            transfer_amount=amount,
            transfer_currency="INR",
            transfer_mode="upi" if payee.vpa else "banktransfer",
            beneficiary_details=TransferPayee(beneficiary_id=beneficiary_id),
            transfer_remarks=remarks,
        )
        made: ProviderTransfer = await self._call("POST", "payout/transfers", ProviderTransfer, body, again=True)
        return made

    async def transfer(self, transfer_id: str) -> ProviderTransfer:
        """GET payout/transfers?transfer_id= (Get Transfer Status V2)."""
        found: ProviderTransfer = await self._call(
            "GET", f"payout/transfers?transfer_id={transfer_id}", ProviderTransfer, again=True
        )
        return found
