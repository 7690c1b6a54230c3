"""The banks the payments mock takes eNACH mandates at, and Cashfree's eligibility call over them
(`POST /pg/subscriptions/eligibility/payment_methods`, operationId SubscriptionEligibility,
x-api-version 2025-01-01).

One seeded table answers both the eligibility call and an eNACH AUTH: a bank not in it, or one
that takes no eNACH, and an auth mode the bank does not offer, are refused at the AUTH as Cashfree
refuses a field it cannot take (400, `<field>_invalid`). The modes follow NPCI's live-bank list
(API eMandate by net banking, debit card, Aadhaar e-sign); small co-operative banks are often on
net banking only, or on physical NACH only.
"""

from __future__ import annotations

from typing import Literal

import msgspec

AuthMode = Literal["NET_BANKING", "DEBIT_CARD", "AADHAAR"]
ACCOUNT_TYPES = ("SAVINGS", "CURRENT")  # Cashfree answers account types for the method, not per bank
# Our own names for Cashfree's request's `auth_mode` (lower case) and the eligibility's modes.
AUTH_MODE_OF = {"net_banking": "NET_BANKING", "debit_card": "DEBIT_CARD", "aadhaar": "AADHAAR"}
_ALL: tuple[AuthMode, ...] = ("DEBIT_CARD", "NET_BANKING", "AADHAAR")
_NO_AADHAAR: tuple[AuthMode, ...] = ("DEBIT_CARD", "NET_BANKING")


class Bank(msgspec.Struct, kw_only=True, frozen=True):
    bank_id: str  # the IFSC's first four letters
    bank_name: str
    auth_modes: tuple[AuthMode, ...]  # empty: no eNACH (physical NACH only)
    frequent: bool = False


BANKS: tuple[Bank, ...] = (
    Bank(bank_id="SBIN", bank_name="STATE BANK OF INDIA", auth_modes=_NO_AADHAAR, frequent=True),
    Bank(bank_id="HDFC", bank_name="HDFC BANK LTD", auth_modes=_ALL, frequent=True),
    Bank(bank_id="ICIC", bank_name="ICICI BANK LTD", auth_modes=_ALL, frequent=True),
    Bank(bank_id="UTIB", bank_name="AXIS BANK", auth_modes=_ALL, frequent=True),
    Bank(bank_id="KKBK", bank_name="KOTAK MAHINDRA BANK LTD", auth_modes=_ALL),
    Bank(bank_id="PUNB", bank_name="PUNJAB NATIONAL BANK", auth_modes=_ALL),
    Bank(bank_id="BARB", bank_name="BANK OF BARODA", auth_modes=_NO_AADHAAR, frequent=True),
    Bank(bank_id="CNRB", bank_name="CANARA BANK", auth_modes=_ALL),
    Bank(bank_id="UBIN", bank_name="UNION BANK OF INDIA", auth_modes=_NO_AADHAAR),
    Bank(bank_id="IDFB", bank_name="IDFC FIRST BANK LTD", auth_modes=_ALL),
    Bank(bank_id="YESB", bank_name="YES BANK", auth_modes=_ALL),
    Bank(bank_id="INDB", bank_name="INDUSIND BANK", auth_modes=_NO_AADHAAR),
    Bank(bank_id="SVCB", bank_name="SVC CO-OPERATIVE BANK LTD", auth_modes=("NET_BANKING",)),
    Bank(bank_id="ZCBL", bank_name="THE ZOROASTRIAN CO OP BANK LTD", auth_modes=()),
)
_BY_ID = {bank.bank_id: bank for bank in BANKS}


def enach_bank(bank_id: str) -> Bank | None:
    """The bank by its code, when it takes eNACH mandates at all."""
    bank = _BY_ID.get(bank_id.upper())
    return bank if bank is not None and bank.auth_modes else None


class EligibilityQueries(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    subscription_id: str


class EligibilityFilters(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    payment_methods: list[str] | None = None


class EligibilityBody(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """Cashfree's SubscriptionEligibilityRequest."""

    queries: EligibilityQueries
    filters: EligibilityFilters | None = None


class BankDetails(msgspec.Struct, kw_only=True, omit_defaults=True):
    """Cashfree's SubscriptionBankDetails (physical NACH's carry no auth modes)."""

    bank_id: str
    bank_name: str
    account_auth_modes: list[str] | None = None


class Handle(msgspec.Struct, kw_only=True):
    handle: str
    application: str


class EntityDetails(msgspec.Struct, kw_only=True, omit_defaults=True):
    """Cashfree's EligibilityMethodItem_entity_details: each method fills its own fields."""

    account_types: list[str] | None = None
    frequent_bank_details: list[BankDetails] | None = None
    all_bank_details: list[BankDetails] | None = None
    available_handles: list[Handle] | None = None
    allowed_card_types: list[str] | None = None


class EligibilityItem(msgspec.Struct, kw_only=True, omit_defaults=True):
    """Cashfree's EligibilityMethodItem."""

    eligibility: bool
    entity_type: str
    entity_value: str
    entity_details: EntityDetails | None = None


def _details(bank: Bank) -> BankDetails:
    return BankDetails(bank_id=bank.bank_id, bank_name=bank.bank_name, account_auth_modes=list(bank.auth_modes))


def eligibility(methods: list[str]) -> list[EligibilityItem]:
    """Each asked method (all four when none is asked) as the account may use it for a mandate:
    eNACH at the table's banks, UPI by intent; physical NACH and cards are not offered here."""
    asked = methods or ["enach", "pnach", "upi", "card"]
    answer: list[EligibilityItem] = []
    for method in asked:
        if method == "enach":
            live = [bank for bank in BANKS if bank.auth_modes]
            details = EntityDetails(
                account_types=list(ACCOUNT_TYPES),
                frequent_bank_details=[_details(bank) for bank in live if bank.frequent],
                all_bank_details=[_details(bank) for bank in live],
            )
        elif method == "upi":
            details = EntityDetails(
                available_handles=[
                    Handle(handle="okaxis", application="Google Pay"),
                    Handle(handle="ybl", application="PhonePe"),
                    Handle(handle="paytm", application="Paytm"),
                ]
            )
        else:
            answer.append(EligibilityItem(eligibility=False, entity_type="payment_methods", entity_value=method))
            continue
        answer.append(
            EligibilityItem(
                eligibility=True, entity_type="payment_methods", entity_value=method, entity_details=details
            )
        )
    return answer
