"""The port's words for a borrower's loans: each loan's summary, Key Facts Statement, statement of
account, schedule and how a payment would be applied (amounts in exact Decimal rupees)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Literal

import msgspec


class LoanLender(msgspec.Struct, rename="camel", kw_only=True):
    name: str
    registration: str
    website: str


class LoanNextDue(msgspec.Struct, rename="camel", kw_only=True):
    due_on: date
    amount: Decimal


class LoanSummary(msgspec.Struct, rename="camel", kw_only=True):
    loan_number: str
    status: Literal["current", "overdue", "closed"]
    lender: LoanLender
    lending_service_provider: str
    sanctioned_amount: Decimal
    disbursed_on: date
    principal_outstanding: Decimal
    principal_due: Decimal
    interest_due: Decimal
    interest_accrued: Decimal
    penal_charges: Decimal
    overdue_amount: Decimal
    minimum_payment: Decimal
    next_due: LoanNextDue | None
    days_past_due: int
    closed_on: date | None
    as_of: date


class LoanFee(msgspec.Struct, rename="camel", kw_only=True):
    kind: Literal["processing", "documentation", "stampDuty"]
    amount: Decimal
    payable_to: Literal["lender", "third party"]


class LoanPenalCharge(msgspec.Struct, rename="camel", kw_only=True):
    amount: Decimal
    basis: Literal["perMissedInstalment"]


class LoanRecoveryAgent(msgspec.Struct, rename="camel", kw_only=True):
    name: str
    phone: str


class LoanGrievanceOfficer(msgspec.Struct, rename="camel", kw_only=True):
    name: str
    email: str
    phone: str
    address: str


LoanAllocationPart = Literal["penalCharges", "interest", "principal"]


class LoanKeyFacts(msgspec.Struct, rename="camel", kw_only=True):
    loan_number: str
    borrower_name: str
    lender: LoanLender
    lending_service_provider: str
    sanctioned_amount: Decimal
    net_disbursed: Decimal
    disbursed_on: date
    interest_rate: Decimal
    rate_type: Literal["fixed", "floating"]
    apr: Decimal
    instalment_count: int
    instalment_frequency: Literal["monthly", "weekly", "fortnightly"]
    total_interest: Decimal
    total_fees: Decimal
    total_payable: Decimal
    fees: list[LoanFee]
    penal_charge: LoanPenalCharge
    cooling_off_days: int
    foreclosure_charge_percent: Decimal
    allocation_order: list[LoanAllocationPart]
    recovery_agents: list[LoanRecoveryAgent]
    grievance_officer: LoanGrievanceOfficer


class LoanPaymentSplit(msgspec.Struct, rename="camel", kw_only=True):
    penal_charges: Decimal
    interest: Decimal
    principal: Decimal


class LoanStatementRow(msgspec.Struct, rename="camel", kw_only=True):
    date: date
    kind: Literal["disbursement", "instalmentDue", "penalCharge", "payment"]
    instalment: int | None
    reference: str | None
    debit: Decimal
    credit: Decimal
    balance: Decimal
    allocation: LoanPaymentSplit | None


class LoanStatement(msgspec.Struct, rename="camel", kw_only=True):
    loan_number: str
    start: date = msgspec.field(name="from")
    end: date = msgspec.field(name="to")
    opening_balance: Decimal
    closing_balance: Decimal
    rows: list[LoanStatementRow]


class LoanInstalment(msgspec.Struct, rename="camel", kw_only=True):
    number: int
    due_on: date
    principal: Decimal
    interest: Decimal
    amount: Decimal
    paid: Decimal
    status: Literal["paid", "overdue", "due", "upcoming"]


class LoanSchedule(msgspec.Struct, rename="camel", kw_only=True):
    loan_number: str
    instalments: list[LoanInstalment]


class LoanAllocationPreview(msgspec.Struct, rename="camel", kw_only=True):
    loan_number: str
    amount: Decimal
    allocation: LoanPaymentSplit
    order: list[LoanAllocationPart]
    overdue_amount: Decimal
    overdue_after: Decimal
    clears_overdue: bool
    minimum_amount: Decimal


Document = Literal["keyFacts", "statement", "schedule"]
