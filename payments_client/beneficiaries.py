"""Payees and the provider's beneficiaries (Cashfree Payouts Beneficiary V2, x-api-version
2024-01-01; contracts/payouts.openapi.yaml): the wire shapes, and the id a payee is kept under.

A payee's `beneficiary_id` is made from its instrument alone (a UPI ID, or an account and its
IFSC), so the same payee is the same beneficiary on every call and every retry, and a transfer's
body, hence its idempotency under its `transfer_id`, does not change. It is a digest, not the
number: an account number does not travel in ids and logs.
"""

from __future__ import annotations

import hashlib
from typing import Literal

import msgspec

BeneficiaryStatus = Literal["VERIFIED", "INVALID", "INITIATED", "CANCELLED", "FAILED", "DELETED"]
DIGEST_LENGTH = 40  # hex digits: "bank_" + 40 = 45, within Cashfree's 50


class Payee(msgspec.Struct, frozen=True, kw_only=True):
    """Where the money goes: a UPI ID, or a bank account and its IFSC, and the holder's name."""

    name: str
    vpa: str | None = None
    account_number: str | None = None
    ifsc: str | None = None


class BeneficiaryInstrument(msgspec.Struct, kw_only=True, omit_defaults=True):
    bank_account_number: str | None = None
    bank_ifsc: str | None = None
    vpa: str | None = None


class BeneficiaryContact(msgspec.Struct, kw_only=True, omit_defaults=True):
    beneficiary_email: str | None = None
    beneficiary_phone: str | None = None
    beneficiary_country_code: str | None = None
    beneficiary_address: str | None = None
    beneficiary_city: str | None = None
    beneficiary_state: str | None = None
    beneficiary_postal_code: str | None = None


class NewBeneficiary(msgspec.Struct, kw_only=True, omit_defaults=True):
    """Create Beneficiary V2's body."""

    beneficiary_id: str
    beneficiary_name: str
    beneficiary_instrument_details: BeneficiaryInstrument | None = None
    beneficiary_contact_details: BeneficiaryContact | None = None


class ProviderBeneficiary(msgspec.Struct, kw_only=True):
    """A beneficiary as the provider answers it (created, read or removed)."""

    beneficiary_id: str
    beneficiary_status: BeneficiaryStatus
    beneficiary_name: str | None = None
    beneficiary_instrument_details: BeneficiaryInstrument | None = None
    beneficiary_contact_details: BeneficiaryContact | None = None
    added_on: str | None = None


def instrument_of(payee: Payee) -> BeneficiaryInstrument:
    if payee.vpa:
        return BeneficiaryInstrument(vpa=payee.vpa)
    return BeneficiaryInstrument(bank_account_number=payee.account_number, bank_ifsc=payee.ifsc)


def beneficiary_id_of(payee: Payee) -> str:
    """`upi_<digest>` or `bank_<digest>`: letters, digits and `_` only, which every one of
    Cashfree's readings of its id rule takes. UPI IDs are matched without regard to case, IFSCs
    are capitals, so neither changes the id; the name does not either (the first one given stays)."""
    if payee.vpa:
        kind, key = "upi", payee.vpa.strip().lower()
    else:
        kind, key = "bank", f"{(payee.account_number or '').strip()}|{(payee.ifsc or '').strip().upper()}"
    return f"{kind}_{hashlib.sha256(key.encode()).hexdigest()[:DIGEST_LENGTH]}"


def new_beneficiary(payee: Payee) -> NewBeneficiary:
    return NewBeneficiary(
        beneficiary_id=beneficiary_id_of(payee),
        beneficiary_name=payee.name,
        beneficiary_instrument_details=instrument_of(payee),
    )
