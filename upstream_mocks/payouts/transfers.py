"""The payouts provider's transfers and payee checks, as Cashfree Payouts v2 (x-api-version
2024-01-01) and its verification API keep them (contracts/payouts.openapi.yaml).

A transfer is RECEIVED when made, PENDING at the bank after, and ends on the mocks' one clock
(`MockSettings.payout_minutes` after it was made) SUCCESS with the bank's UTR, or FAILED when the
payee cannot take money; QA may end it sooner, or reverse a SUCCESS later (REVERSED), through
`POST /_mocks/payouts/transfers/{transfer_id}/bank`. Each end is told by a signed TRANSFER_*
webhook. The same `transfer_id` with the same request answers the same transfer; with another,
409 `transfer_id_already_exists`.

Payees, as the sandbox's test values do: a UPI ID whose name begins `invalid` does not exist
(verification INVALID, a transfer FAILED `INVALID_VPA`); one beginning `bankdown` exists but its
bank is offline (a transfer FAILED `BENEFICIARY_BANK_OFFLINE`); an account number beginning
`000` does not exist (INVALID `INVALID_ACCOUNT_FAIL`). Any other is valid and paid.

A transfer names its payee inline, or by the `beneficiary_id` of a beneficiary in the account's
book (upstream_mocks/payouts/beneficiaries.py): one the book does not hold (never added, or
removed) is a 404 `beneficiary_not_found`, as Cashfree refuses it; instrument details sent beside
the id must be the beneficiary's. The transfer keeps the beneficiary's instrument as it was when
paid, and is answered as asked.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal
from typing import Literal

import msgspec

from upstream_mocks.clock import mocks_now
from upstream_mocks.ist import IST
from upstream_mocks.payments.orders import WebhookDelivery
from upstream_mocks.payouts import beneficiaries
from upstream_mocks.payouts.beneficiaries import BeneficiaryRefused, Instrument
from upstream_mocks.world import MockWorld

STATE = "payouts"
TransferStatus = Literal["RECEIVED", "PENDING", "SUCCESS", "FAILED", "REJECTED", "REVERSED"]
ENDED: frozenset[str] = frozenset({"SUCCESS", "FAILED", "REJECTED", "REVERSED"})
SERVICE_CHARGE = Decimal("3.00")  # per transfer, and GST at 18% on it
SERVICE_TAX = Decimal("0.54")
DESCRIPTIONS = {
    "RECEIVED": "The transfer has been received by Cashfree for further processing.",
    "PENDING": "The transfer is pending at the beneficiary's bank.",
    "COMPLETED": "The transfer has been credited to the beneficiary.",
    "INVALID_VPA": "The UPI ID does not exist.",
    "INVALID_ACCOUNT_FAIL": "The bank account does not exist.",
    "BENEFICIARY_BANK_OFFLINE": "The beneficiary's bank is offline.",
    "REVERSED": "The beneficiary's bank returned the transfer.",
}


class Beneficiary(msgspec.Struct, kw_only=True, omit_defaults=True):
    beneficiary_id: str | None = None
    beneficiary_name: str | None = None
    beneficiary_instrument_details: Instrument | None = None


class TransferRequest(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    transfer_id: str
    transfer_amount: Decimal
    beneficiary_details: Beneficiary
    transfer_currency: Literal["INR"] = "INR"
    transfer_mode: Literal["banktransfer", "imps", "neft", "rtgs", "upi"] | None = None
    transfer_remarks: str | None = None
    fundsource_id: str | None = None


class Transfer(msgspec.Struct, kw_only=True):
    transfer_id: str
    cf_transfer_id: str
    status: TransferStatus
    status_code: str
    status_description: str
    beneficiary_details: Beneficiary
    transfer_amount: Decimal
    transfer_service_charge: Decimal | None
    transfer_service_tax: Decimal | None
    transfer_mode: str
    transfer_utr: str | None
    fundsource_id: str
    added_on: str
    updated_on: str


class TransferEvent(msgspec.Struct, kw_only=True):
    type: str
    event_time: str
    data: Transfer


class Kept(msgspec.Struct, kw_only=True):
    """A transfer, the request that made it, and when the bank answers it."""

    transfer: Transfer
    request: TransferRequest
    due: datetime


class PayoutsState(msgspec.Struct, kw_only=True):
    transfers: dict[str, Kept] = msgspec.field(default_factory=dict)  # by transfer_id
    next_id: int = 4100001
    next_reference: int = 51001
    webhooks: list[WebhookDelivery] = msgspec.field(default_factory=list)
    # QA: transfers whose status read answers another amount than was sent (by transfer_id), so
    # the reconciliation's amount mismatch can be seeded without corrupting what was paid.
    misreported: dict[str, Decimal] = msgspec.field(default_factory=dict)


class TransferRefused(Exception):
    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


def state(world: MockWorld) -> PayoutsState:
    payouts: PayoutsState = world.states[STATE]
    return payouts


def stamp(at: datetime) -> str:
    return at.astimezone(IST).isoformat(timespec="seconds")


def upi_refusal(vpa: str) -> str | None:
    """Why money cannot reach this UPI ID (its status_code), None when it can."""
    handle = vpa.split("@", 1)[0].lower()
    if handle.startswith("invalid"):
        return "INVALID_VPA"
    if handle.startswith("bankdown"):
        return "BENEFICIARY_BANK_OFFLINE"
    return None


def upi_exists(vpa: str) -> bool:
    return upi_refusal(vpa) != "INVALID_VPA"


def account_exists(number: str) -> bool:
    return not number.startswith("000")


def new_reference(world: MockWorld) -> int:
    payouts = state(world)
    payouts.next_reference += 1
    return payouts.next_reference - 1


_FIELDS = (("bank_account_number", "Bank account number"), ("bank_ifsc", "Bank ifsc"), ("vpa", "Vpa"))


def payee_of(world: MockWorld, account: str, asked: Beneficiary) -> Beneficiary:
    """The transfer's payee: as given inline, or the beneficiary its `beneficiary_id` names in
    `account`'s book (404 when the book does not hold it; 400 when details sent beside the id
    are not the beneficiary's, in Cashfree's words)."""
    if not asked.beneficiary_id:
        if not asked.beneficiary_name:
            raise TransferRefused(400, "beneficiary_name_missing", "beneficiary_name : is missing in the request")
        return asked
    try:
        held = beneficiaries.by_id(world, account, asked.beneficiary_id)
    except BeneficiaryRefused as exc:
        if exc.status == 404:
            raise TransferRefused(404, exc.code, exc.message) from exc
        raise TransferRefused(
            400, "beneficiary_details.beneficiary_id_invalid", "beneficiary_id should be alphanumeric"
        ) from exc
    kept = held.beneficiary_instrument_details or Instrument()
    given = asked.beneficiary_instrument_details
    for field, words in _FIELDS if given is not None else ():
        sent = getattr(given, field)
        if sent is not None and sent != getattr(kept, field):
            raise TransferRefused(
                400,
                f"beneficiary_details.beneficiary_instrument_details.{field}_invalid",
                f"{words} passed in the request does not match with the beneficiary with beneficiary_id :: "
                f"{held.beneficiary_id}",
            )
    return Beneficiary(beneficiary_id=held.beneficiary_id, beneficiary_instrument_details=kept)


def create(world: MockWorld, account: str, asked: TransferRequest) -> Transfer:
    """The transfer under `asked.transfer_id`: made now, or the one made before by the same request."""
    payouts = state(world)
    kept = payouts.transfers.get(asked.transfer_id)
    if kept is not None:
        if kept.request != asked:
            raise TransferRefused(409, "transfer_id_already_exists", "Transfer Id already exists")
        return msgspec.structs.replace(kept.transfer, beneficiary_details=asked.beneficiary_details)
    if asked.transfer_amount < 1:
        raise TransferRefused(400, "transfer_amount_invalid", "transfer_amount : should be at least 1.00")
    payee = payee_of(world, account, asked.beneficiary_details)
    instrument = payee.beneficiary_instrument_details
    if instrument is None or not (instrument.vpa or (instrument.bank_account_number and instrument.bank_ifsc)):
        raise TransferRefused(
            400, "beneficiary_details_missing", "beneficiary_instrument_details : vpa or bank account is required"
        )
    mode = asked.transfer_mode or ("upi" if instrument.vpa else "banktransfer")
    if mode == "upi" and not instrument.vpa:
        raise TransferRefused(400, "vpa_missing", "vpa : is required for transfer_mode upi")
    now = mocks_now(world)
    transfer = Transfer(
        transfer_id=asked.transfer_id,
        cf_transfer_id=str(payouts.next_id),
        status="RECEIVED",
        status_code="RECEIVED",
        status_description=DESCRIPTIONS["RECEIVED"],
        beneficiary_details=payee,
        transfer_amount=asked.transfer_amount,
        transfer_service_charge=None,
        transfer_service_tax=None,
        transfer_mode=mode,
        transfer_utr=None,
        fundsource_id=asked.fundsource_id or "CASHFREE_1",
        added_on=stamp(now),
        updated_on=stamp(now),
    )
    payouts.next_id += 1
    payouts.transfers[asked.transfer_id] = Kept(
        transfer=transfer, request=asked, due=now + timedelta(minutes=world.settings.payout_minutes)
    )
    # Cashfree answers RECEIVED, the payee as asked; the bank has it from now.
    answered = msgspec.structs.replace(transfer, beneficiary_details=asked.beneficiary_details)
    _set(transfer, "PENDING", "PENDING", now)
    return answered


def as_read(world: MockWorld, transfer: Transfer) -> Transfer:
    """The transfer as Get Transfer Status answers it: as kept, unless QA seeded another amount."""
    amount = state(world).misreported.get(transfer.transfer_id)
    return transfer if amount is None else msgspec.structs.replace(transfer, transfer_amount=amount)


def find(world: MockWorld, transfer_id: str | None, cf_transfer_id: str | None) -> Kept | None:
    payouts = state(world)
    if transfer_id:
        return payouts.transfers.get(transfer_id)
    return next((k for k in payouts.transfers.values() if k.transfer.cf_transfer_id == cf_transfer_id), None)


def _set(transfer: Transfer, status: TransferStatus, code: str, at: datetime) -> None:
    transfer.status = status
    transfer.status_code = code
    transfer.status_description = DESCRIPTIONS.get(code, code.replace("_", " ").capitalize())
    transfer.updated_on = stamp(at)


def end(world: MockWorld, kept: Kept, status: Literal["SUCCESS", "FAILED", "REVERSED"], code: str | None) -> bool:
    """The bank's answer on a transfer: False when it cannot be given now (already ended that way;
    only a SUCCESS can be REVERSED; an ended one ends no other way)."""
    transfer = kept.transfer
    now = mocks_now(world)
    if status == "REVERSED":
        if transfer.status != "SUCCESS":
            return False
        _set(transfer, "REVERSED", code or "REVERSED", now)
        return True
    if transfer.status in ENDED:
        return False
    if status == "SUCCESS":
        _set(transfer, "SUCCESS", "COMPLETED", now)
        transfer.transfer_utr = f"6{now.astimezone(IST):%y%j}{new_reference(world):06d}"[:12]
        transfer.transfer_service_charge = SERVICE_CHARGE
        transfer.transfer_service_tax = SERVICE_TAX
        return True
    _set(transfer, "FAILED", code or "BENEFICIARY_BANK_OFFLINE", now)
    return True


def natural_end(kept: Kept) -> tuple[Literal["SUCCESS", "FAILED"], str | None]:
    """How the bank answers a transfer left alone: by its payee."""
    instrument = kept.transfer.beneficiary_details.beneficiary_instrument_details
    # A beneficiary may hold an account and a UPI ID: the transfer's mode says which is paid.
    by_upi = kept.transfer.transfer_mode == "upi" or (instrument is not None and not instrument.bank_account_number)
    if instrument is not None and instrument.vpa and by_upi:
        refusal = upi_refusal(instrument.vpa)
        return ("FAILED", refusal) if refusal else ("SUCCESS", None)
    if instrument is not None and instrument.bank_account_number and not account_exists(instrument.bank_account_number):
        return "FAILED", "INVALID_ACCOUNT_FAIL"
    return "SUCCESS", None


def due_now(world: MockWorld) -> list[Kept]:
    """Transfers the bank answers by now (the mocks' clock), each ended as its payee decides."""
    now = mocks_now(world)
    ended: list[Kept] = []
    for kept in state(world).transfers.values():
        if kept.transfer.status in ("RECEIVED", "PENDING") and kept.due <= now:
            status, code = natural_end(kept)
            if end(world, kept, status, code):
                ended.append(kept)
    return ended


def event_of(transfer: Transfer, at: datetime) -> TransferEvent:
    kind = {"SUCCESS": "TRANSFER_SUCCESS", "FAILED": "TRANSFER_FAILED", "REJECTED": "TRANSFER_REJECTED"}
    return TransferEvent(
        type=kind.get(transfer.status, "TRANSFER_REVERSED"),
        event_time=stamp(at),
        data=msgspec.structs.replace(transfer),
    )


def seed() -> PayoutsState:
    return PayoutsState()
