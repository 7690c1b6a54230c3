"""The port's words for credit: the store's purchase credit and a credit line over its whole life
(application, offers, Key Facts, lines, quotes to leave or close one, their payments)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Literal

import msgspec


class CreditPosition(msgspec.Struct, rename="camel", kw_only=True):
    mobile_number: str
    credit_limit: Decimal
    outstanding: Decimal
    available: Decimal
    overdue_amount: Decimal
    next_due_on: date | None = None


Decision = Literal["approved", "referred", "rejected"]
RateType = Literal["fixed", "floating"]
LineStatus = Literal["coolingOff", "active", "exited", "closed"]
Purpose = Literal["coolingOffExit", "foreclosure"]


class CreditLender(msgspec.Struct, rename="camel", kw_only=True):
    name: str
    registration: str
    website: str


class CreditLineOffer(msgspec.Struct, rename="camel", kw_only=True):
    offer_id: str
    lender: CreditLender
    credit_limit: Decimal
    interest_rate: Decimal
    rate_type: RateType
    apr: Decimal
    processing_fee: Decimal
    key_facts_valid_until: date
    accepted: bool


class CreditApplication(msgspec.Struct, rename="camel", kw_only=True):
    application_id: str
    decision: Decision
    reason: str | None
    offers: list[CreditLineOffer]


class CreditPenalCharge(msgspec.Struct, rename="camel", kw_only=True):
    amount: Decimal
    basis: Literal["perMissedInstalment"]


class CreditRecoveryAgent(msgspec.Struct, rename="camel", kw_only=True):
    name: str
    phone: str


class CreditGrievanceOfficer(msgspec.Struct, rename="camel", kw_only=True):
    name: str
    email: str
    phone: str
    address: str


class CreditKeyFacts(msgspec.Struct, rename="camel", kw_only=True):
    offer_id: str
    lender: CreditLender
    credit_limit: Decimal
    interest_rate: Decimal
    rate_type: RateType
    apr: Decimal
    processing_fee: Decimal
    key_facts_valid_until: date
    accepted: bool
    borrower_name: str
    business_name: str
    lending_service_provider: str
    interest_free_days: int
    penal_charge: CreditPenalCharge
    cooling_off_days: int
    foreclosure_charge_percent: Decimal
    recovery_agents: list[CreditRecoveryAgent]
    grievance_officer: CreditGrievanceOfficer
    made_on: date
    key_facts_version: str  # the lender's digest of these figures: what an acceptance records


class CreditLine(msgspec.Struct, rename="camel", kw_only=True):
    line_number: str
    status: LineStatus
    lender: CreditLender
    credit_limit: Decimal
    apr: Decimal
    rate_type: RateType
    accepted_on: date
    cooling_off_ends_on: date
    ended_on: date | None
    ended_by: Purpose | None
    as_of: date
    key_facts_version: str | None = None  # the Key Facts Statement's version the borrower accepted
    # What the line owes on the lender's today, as its repayment collects it: all of it, the part
    # past due, and the least to pay by `minimum_due_on` (the overdue and the draws due that day).
    owed: Decimal
    overdue: Decimal
    minimum_due: Decimal
    minimum_due_on: date | None


class CreditLineQuote(msgspec.Struct, rename="camel", kw_only=True):
    line_number: str
    purpose: Purpose
    principal: Decimal
    interest: Decimal
    charge: Decimal
    penalty: Decimal
    total: Decimal
    days_held: int
    valid_on: date


class CreditLinePayment(msgspec.Struct, kw_only=True):
    """The lender's names are mixed here, as in cashFreeRequest's answer."""

    settled: bool
    payment_session_id: str | None = None
    order_id: str | None = None
    order_amount: Decimal | None = None
    id: int | None = None
    line: CreditLine | None = None


class CreditLinePaymentStatus(msgspec.Struct, kw_only=True):
    paid: bool
    line: CreditLine


class CreditApplicationForm(msgspec.Struct, rename="camel", kw_only=True, omit_defaults=True):
    mobile_number: str
    applicant_name: str
    business_name: str
    bureau_consent: bool
    gstin: str | None = None
    pan: str | None = None
    email: str | None = None
