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


# A closed loan's no-dues certificate is one of its documents ("noDues").
Document = Literal["keyFacts", "statement", "schedule", "noDues"]

# Which rule sets a foreclosure's charge: the Key Facts' percentage, or none (RBI's pre-payment
# charges directions, 2025: a floating-rate loan to an individual or a micro or small enterprise).
ChargeRule = Literal["keyFactsCharge", "noChargeFloatingRate"]


class ForeclosureQuote(msgspec.Struct, rename="camel", kw_only=True):
    """What closes the loan on `valid_on`, the lender's day: every figure the lender's."""

    loan_number: str
    principal: Decimal
    interest: Decimal
    penal_charges: Decimal
    foreclosure_charge: Decimal
    foreclosure_charge_percent: Decimal
    charge_rule: ChargeRule
    rate_type: Literal["fixed", "floating"]
    total: Decimal
    valid_on: date


class ForeclosurePayment(msgspec.Struct, kw_only=True):
    """A checkout for the quote (the lender's names are mixed, as in cashFreeRequest's answer)."""

    payment_session_id: str
    order_id: str
    order_amount: Decimal
    id: int


class ForeclosureStatus(msgspec.Struct, rename="camel", kw_only=True):
    paid: bool  # the lender took the payment and the loan is closed
    loan: LoanSummary
