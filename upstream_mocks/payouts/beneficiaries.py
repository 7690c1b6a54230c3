"""The payouts provider's beneficiaries, as Cashfree's Beneficiary V2 API (x-api-version
2024-01-01) keeps them (contracts/payouts.openapi.yaml): one book per payouts account (its
`x-client-id`), a beneficiary under the merchant's `beneficiary_id`.

As strict as Cashfree's documents: an id in use is a 409 `beneficiary_id_already_exists`, a bank
account and IFSC another beneficiary holds a 409 `beneficiary_already_exists` (Cashfree refuses no
UPI ID twice, so neither does this), an id or account nobody holds a 404 `beneficiary_not_found`,
and every malformed field the 400 Cashfree names. A removed beneficiary is gone from the book:
read, removed again or paid, it is not found; its id and account may be added again.
"""

from __future__ import annotations

import re
from datetime import UTC
from typing import Literal

import msgspec

from upstream_mocks.clock import mocks_now
from upstream_mocks.world import MockWorld

STATE = "payouts_beneficiaries"
BeneficiaryStatus = Literal["VERIFIED", "INVALID", "INITIATED", "CANCELLED", "FAILED", "DELETED"]
ID_LONGEST = 50
# Cashfree's words: "letters, numbers, hyphen, underscore, pipe, and dot".
_ID = re.compile(r"[A-Za-z0-9_|.-]+")
_NAME = re.compile(r"[A-Za-z ]{1,100}")
_ACCOUNT = re.compile(r"[A-Za-z0-9]+")
_IFSC = re.compile(r"[A-Z]{4}0[A-Z0-9]{6}")
_VPA = re.compile(r"[A-Za-z0-9._-]+@[A-Za-z0-9.]+")
NOT_FOUND = "Beneficiary does not exist"


class Instrument(msgspec.Struct, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """Where a beneficiary takes money: a bank account and its IFSC, a UPI ID, or both."""

    bank_account_number: str | None = None
    bank_ifsc: str | None = None
    vpa: str | None = None


class Contact(msgspec.Struct, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    beneficiary_email: str | None = None
    beneficiary_phone: str | None = None
    beneficiary_country_code: str | None = None
    beneficiary_address: str | None = None
    beneficiary_city: str | None = None
    beneficiary_state: str | None = None
    beneficiary_postal_code: str | None = None


class NewBeneficiary(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """Create Beneficiary V2's body; what is missing is refused by the rules, with Cashfree's code."""

    beneficiary_id: str | None = None
    beneficiary_name: str | None = None
    beneficiary_instrument_details: Instrument | None = None
    beneficiary_contact_details: Contact | None = None


class Beneficiary(msgspec.Struct, kw_only=True, omit_defaults=True):
    beneficiary_id: str
    beneficiary_name: str
    beneficiary_status: BeneficiaryStatus
    added_on: str
    beneficiary_instrument_details: Instrument | None = None
    beneficiary_contact_details: Contact | None = None


class BeneficiariesState(msgspec.Struct, kw_only=True):
    books: dict[str, dict[str, Beneficiary]] = msgspec.field(default_factory=dict)  # client id -> id -> beneficiary


class BeneficiaryRefused(Exception):
    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


def seed() -> BeneficiariesState:
    return BeneficiariesState()


def book(world: MockWorld, account: str) -> dict[str, Beneficiary]:
    kept: BeneficiariesState = world.states[STATE]
    return kept.books.setdefault(account, {})


def check_id(beneficiary_id: str | None) -> str:
    if not beneficiary_id:
        raise BeneficiaryRefused(400, "beneficiary_id_missing", "beneficiary_id : is missing in the request")
    if len(beneficiary_id) > ID_LONGEST:
        raise BeneficiaryRefused(
            400,
            "beneficiary_id_length_exceeded",
            f"beneficiary_id : should not be more than 50 characters long. value received: {beneficiary_id}",
        )
    if not _ID.fullmatch(beneficiary_id):
        raise BeneficiaryRefused(
            400,
            "beneficiary_id_invalid",
            "beneficiary_id : should contain only letters, numbers, hyphen, underscore, pipe, and dot. "
            f"Value received: {beneficiary_id}",
        )
    return beneficiary_id


def check_account(number: str | None, ifsc: str | None) -> None:
    """A bank account and its IFSC, each refused as Cashfree refuses it; both or neither."""
    if number and not ifsc:
        raise BeneficiaryRefused(
            400,
            "bank_ifsc_missing",
            "bank_ifsc : should be provided with the request if bank_account_number is provided",
        )
    if ifsc and not number:
        raise BeneficiaryRefused(
            400,
            "bank_account_number_missing",
            "bank_account_number: should be provided with the request if bank_ifsc is provided",
        )
    if number is None or ifsc is None:
        return
    if len(number) > 25:
        raise BeneficiaryRefused(
            400,
            "bank_account_number_length_exceeded",
            f"bank_account_number : should not be more than 25 characters long. value received: {number}",
        )
    if len(number) < 4:
        raise BeneficiaryRefused(
            400,
            "bank_account_number_length_short",
            f"bank_account_number : should not be less than 4 characters long. value received: {number}",
        )
    if not _ACCOUNT.fullmatch(number):
        raise BeneficiaryRefused(
            400,
            "bank_account_number_invalid",
            f"bank_account_number : should be alphanumeric. value received: {number}",
        )
    if not _IFSC.fullmatch(ifsc):
        raise BeneficiaryRefused(
            400, "bank_ifsc_invalid", f"bank_ifsc : please provide a valid IFSC. value received: {ifsc}"
        )


def _holding_account(world: MockWorld, account: str, number: str) -> list[Beneficiary]:
    return [
        b
        for b in book(world, account).values()
        if b.beneficiary_instrument_details is not None
        and b.beneficiary_instrument_details.bank_account_number == number
    ]


def _ifsc_of(held: Beneficiary) -> str | None:
    return held.beneficiary_instrument_details.bank_ifsc if held.beneficiary_instrument_details else None


def create(world: MockWorld, account: str, asked: NewBeneficiary, *, payee_exists: bool) -> Beneficiary:
    """The beneficiary added to `account`'s book (VERIFIED, or INVALID when no bank has the payee)."""
    beneficiary_id = check_id(asked.beneficiary_id)
    name = asked.beneficiary_name
    if not name or not _NAME.fullmatch(name):
        raise BeneficiaryRefused(
            400,
            "beneficiary_name_invalid",
            f"beneficiary_name : only alphabets and whitespaces are allowed, at most 100. value received: {name}",
        )
    instrument = asked.beneficiary_instrument_details
    if instrument is not None:
        check_account(instrument.bank_account_number, instrument.bank_ifsc)
        if instrument.vpa is not None and not _VPA.fullmatch(instrument.vpa):
            raise BeneficiaryRefused(
                400, "vpa_invalid", f"vpa : is in invalid format. value received: {instrument.vpa}"
            )
    kept = book(world, account)
    if beneficiary_id in kept:
        raise BeneficiaryRefused(
            409, "beneficiary_id_already_exists", "Beneficiary already exists with the given beneficiary_id"
        )
    if instrument is not None and instrument.bank_account_number and instrument.bank_ifsc:
        held = _holding_account(world, account, instrument.bank_account_number)
        if any(_ifsc_of(b) == instrument.bank_ifsc for b in held):
            raise BeneficiaryRefused(
                409,
                "beneficiary_already_exists",
                "Beneficiary already exists with the given bank_account_number and bank_ifsc",
            )
    made = Beneficiary(
        beneficiary_id=beneficiary_id,
        beneficiary_name=name,
        beneficiary_instrument_details=instrument,
        beneficiary_contact_details=asked.beneficiary_contact_details,
        beneficiary_status="VERIFIED" if payee_exists else "INVALID",
        added_on=added_on(world),
    )
    kept[beneficiary_id] = made
    return made


def added_on(world: MockWorld) -> str:
    # Cashfree gives added_on in UTC ("2023-12-04T15:50:00Z"); the mocks' one clock says when.
    return mocks_now(world).astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def by_id(world: MockWorld, account: str, beneficiary_id: str) -> Beneficiary:
    found = book(world, account).get(check_id(beneficiary_id))
    if found is None:
        raise BeneficiaryRefused(404, "beneficiary_not_found", NOT_FOUND)
    return found


def by_account(world: MockWorld, account: str, number: str, ifsc: str) -> Beneficiary:
    check_account(number, ifsc)
    holding = _holding_account(world, account, number)
    for held in holding:
        if _ifsc_of(held) == ifsc:
            return held
    if holding:
        raise BeneficiaryRefused(
            404,
            "beneficiary_not_found",
            "Beneficiary exists with the given bank_account_number but a different bank_ifsc",
        )
    raise BeneficiaryRefused(
        404, "beneficiary_not_found", "Beneficiary with the given bank_account_number and bank_ifsc does not exist"
    )


def find(
    world: MockWorld, account: str, beneficiary_id: str | None, number: str | None, ifsc: str | None
) -> Beneficiary:
    """Get Beneficiary V2: by `beneficiary_id` alone, or by a bank account and its IFSC together."""
    if beneficiary_id and (number or ifsc):
        raise BeneficiaryRefused(
            400,
            "too_many_parameters_in_request",
            "Please provide either bank_account_number and bank_ifsc together or beneficiary_id alone. "
            "Do not include all three parameters in the request",
        )
    if beneficiary_id:
        return by_id(world, account, beneficiary_id)
    if not number and not ifsc:
        raise BeneficiaryRefused(
            400,
            "beneficiary_identifiers_missing",
            "beneficiary_identifiers : Either beneficiary_id or the combination of bank_account_number and bank_ifsc "
            "has to be provided with the request",
        )
    check_account(number, ifsc)
    assert number is not None and ifsc is not None  # both, or check_account refused
    return by_account(world, account, number, ifsc)


def remove(world: MockWorld, account: str, beneficiary_id: str | None) -> Beneficiary:
    """Remove Beneficiary V2: gone from the book, answered as it was with its status DELETED."""
    found = by_id(world, account, check_id(beneficiary_id))
    del book(world, account)[found.beneficiary_id]
    return msgspec.structs.replace(found, beneficiary_status="DELETED")


def everyone(world: MockWorld) -> list[dict[str, object]]:
    """QA: every beneficiary now, with the payouts account whose book holds it."""
    kept: BeneficiariesState = world.states[STATE]
    return [
        {"account": account, **msgspec.to_builtins(b)} for account, held in kept.books.items() for b in held.values()
    ]
