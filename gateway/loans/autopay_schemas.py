"""What the loan page's AutoPay sends and receives (camelCase; amounts exact decimal strings)."""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal
from typing import Literal

import msgspec

# A debit's payment id at the provider (gateway/loans/autopay.py makes it): the mandate's id,
# `ap` and 20 hex, then `i` and the instalment's number. The provider's reports name the debit by it.
DEBIT_ID = re.compile(r"^ap[0-9a-f]{20}i[0-9]+$")
# The loan's lender books a debit as the repayment `MANDATE_<payment id>` (our lending contract's
# partnerMandateDebits).
BOOKED_AS = "MANDATE_"

# The mandate as the borrower sees it, from the provider's subscription status:
# pendingApproval (INITIALIZED: approve it in the UPI app), active, paused (by us or in the UPI
# app), cancelled (by the borrower, their bank or the loan's closing), completed, expired.
AutoPayStatus = Literal["pendingApproval", "active", "paused", "cancelled", "completed", "expired"]
# noticed: raised at the provider, the pre-debit notice sent; debited: taken and booked at the
# lender; failed: the bank declined it (it is an ordinary due now, with a reminder and a link);
# cancelled: stopped before it was debited; authenticate: above the e-mandate limit, to be paid
# by the borrower with a fresh authentication (never debited without it).
# refunded: taken, then refused by the lender (its checker) and returned in full at the provider.
DebitStatus = Literal["planned", "noticed", "debited", "failed", "cancelled", "authenticate", "refunded"]
# A loan's instalments fall due monthly; a credit line's dues on each purchase's own due date, the
# debit being the least to pay by then (the lender's `minimumDue`).
Frequency = Literal["monthly", "onEachDueDate"]
# UPI AutoPay (approved in the UPI app) or eNACH (approved at the borrower's bank).
Method = Literal["upi", "enach"]
# How an eNACH mandate is authorised at the bank (docs/decisions/autopay-enach.md): net banking,
# debit card, or Aadhaar e-sign (an OTP to the mobile Aadhaar has), as the bank offers.
AuthMode = Literal["netBanking", "debitCard", "aadhaar"]
AccountType = Literal["savings", "current"]


class AutoPayTerms(msgspec.Struct, rename="camel", kw_only=True):
    """What a mandate for this loan would be: at most `maxAmount` a debit, each instalment's due
    date from `startOn` to `endOn`, paid into `lenderName`'s own account."""

    max_amount: Decimal
    frequency: Frequency
    start_on: date
    end_on: date
    lender_name: str
    # Debits above this need the borrower's fresh authentication (RBI's e-mandate framework).
    authentication_limit: Decimal


class AutoPayDebit(msgspec.Struct, rename="camel", kw_only=True):
    payment_id: str
    instalment: int
    due_on: date
    amount: Decimal
    status: DebitStatus
    failure_reason: str | None = None


class DebitedAccount(msgspec.Struct, rename="camel", kw_only=True):
    """The account an eNACH mandate debits, as the borrower may read it back."""

    ending: str  # the account number's last four digits
    bank: str  # the bank's code: the IFSC's first four letters (HDFC, SBIN, ...)


class AutoPayMandate(msgspec.Struct, rename="camel", kw_only=True):
    mandate_id: str
    status: AutoPayStatus
    provider_status: str
    method: Method
    max_amount: Decimal
    frequency: Frequency
    start_on: date
    end_on: date
    lender_name: str
    email: str
    debits: list[AutoPayDebit]
    # While pendingApproval: the UPI intent link (upi://mandate?...) the borrower's UPI app approves,
    # or for eNACH the borrower's bank's authorisation page.
    approval_link: str | None = None
    # eNACH, after the borrower authorised it at their bank: the bank is yet to register it.
    bank_approval_pending: bool = False
    cf_subscription_id: str | None = None
    debited_account: DebitedAccount | None = None  # eNACH's; a UPI mandate's is the UPI app's own


class AutoPay(msgspec.Struct, rename="camel", kw_only=True):
    """The loan's AutoPay: the terms a new mandate would have (None when nothing is left to
    collect) and the mandate, when there is one."""

    terms: AutoPayTerms | None
    mandate: AutoPayMandate | None


class EnachBank(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    """The account an eNACH mandate debits, and how its holder authorises it at the bank."""

    account_holder_name: str
    account_number: str
    ifsc: str
    account_type: AccountType
    auth_mode: AuthMode


class AutoPayRequest(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    # Where the pre-debit notices and the receipts go (the provider requires one for a mandate).
    email: str
    method: Method = "upi"
    bank: EnachBank | None = None  # required for eNACH


AutoPayAction = Literal["pause", "resume", "cancel"]


class AutoPayChange(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    action: AutoPayAction


class EnachBankOption(msgspec.Struct, rename="camel", kw_only=True):
    """A bank that takes eNACH mandates, as the lender's account at the provider lists it."""

    code: str  # the IFSC's first four letters (HDFC, SBIN, ...)
    name: str
    auth_modes: list[AuthMode]  # the ways its account holders may approve a mandate there
    account_types: list[AccountType]
    frequent: bool = False  # among the banks most borrowers use (listed first by the provider)


class EnachBanks(msgspec.Struct, rename="camel", kw_only=True):
    """The banks an eNACH mandate for this loan may be set up at. `known` is false when the
    provider could not be asked yet (the lender's account has no mandate to ask with): the bank
    then answers for itself when the borrower authorises, and `banks` is empty."""

    known: bool
    banks: list[EnachBankOption]
