"""Fineract's answers as its REST API sends them (contracts/fineract.openapi.yaml): amounts as JSON
numbers decoded straight to Decimal, dates as `[y, m, d]`; and the payment provider's answers
this adapter reads (an order, its payments)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import msgspec

# The JSON a command was made with, its numbers (amounts) decoded straight to Decimal.
EXACT = msgspec.json.Decoder(float_hook=Decimal)


class Code(msgspec.Struct, kw_only=True):
    id: int
    code: str
    value: str


class Status(Code, kw_only=True):
    active: bool = False
    closed: bool = False
    overpaid: bool = False  # 700: repaid beyond everything owed, until a credit balance refund


class SearchHit(msgspec.Struct, rename="camel", kw_only=True):
    entity_id: int
    entity_name: str
    entity_type: str
    entity_mobile_no: str | None = None


class LoanAccount(msgspec.Struct, rename="camel", kw_only=True):
    id: int
    account_no: str
    status: Status


class Accounts(msgspec.Struct, rename="camel", kw_only=True):
    loan_accounts: list[LoanAccount] = msgspec.field(default_factory=list)


Day = tuple[int, int, int]


class Summary(msgspec.Struct, rename="camel", kw_only=True):
    principal_disbursed: Decimal = Decimal(0)
    principal_outstanding: Decimal = Decimal(0)
    principal_overdue: Decimal = Decimal(0)
    interest_outstanding: Decimal = Decimal(0)
    interest_overdue: Decimal = Decimal(0)
    fee_charges_outstanding: Decimal = Decimal(0)
    fee_charges_overdue: Decimal = Decimal(0)
    penalty_charges_outstanding: Decimal = Decimal(0)
    penalty_charges_overdue: Decimal = Decimal(0)
    total_outstanding: Decimal = Decimal(0)
    total_overdue: Decimal = Decimal(0)
    overdue_since_date: Day | None = None


class Period(msgspec.Struct, rename="camel", kw_only=True):
    due_date: Day
    period: int | None = None  # None: the disbursement row
    complete: bool = False
    principal_due: Decimal = Decimal(0)
    interest_due: Decimal = Decimal(0)
    fee_charges_due: Decimal = Decimal(0)
    penalty_charges_due: Decimal = Decimal(0)
    total_due_for_period: Decimal = Decimal(0)
    total_paid_for_period: Decimal = Decimal(0)
    total_outstanding_for_period: Decimal = Decimal(0)
    principal_outstanding: Decimal = Decimal(0)
    interest_outstanding: Decimal = Decimal(0)
    fee_charges_outstanding: Decimal = Decimal(0)
    penalty_charges_outstanding: Decimal = Decimal(0)


class Schedule(msgspec.Struct, kw_only=True):
    periods: list[Period] = msgspec.field(default_factory=list)


class TransactionType(msgspec.Struct, kw_only=True):
    id: int
    code: str
    value: str
    repayment: bool = False
    disbursement: bool = False
    credit_balance_refund: bool = msgspec.field(default=False, name="creditBalanceRefund")


class PaymentDetail(msgspec.Struct, rename="camel", kw_only=True):
    receipt_number: str | None = None


class Transaction(msgspec.Struct, rename="camel", kw_only=True):
    id: int
    type: TransactionType
    date: Day
    amount: Decimal
    principal_portion: Decimal = Decimal(0)
    interest_portion: Decimal = Decimal(0)
    fee_charges_portion: Decimal = Decimal(0)
    penalty_charges_portion: Decimal = Decimal(0)
    overpayment_portion: Decimal = Decimal(0)  # beyond everything the loan owed
    outstanding_loan_balance: Decimal = Decimal(0)
    external_id: str | None = None
    manually_reversed: bool = False
    payment_detail_data: PaymentDetail | None = None


class Timeline(msgspec.Struct, rename="camel", kw_only=True):
    actual_disbursement_date: Day | None = None


class Frequency(msgspec.Struct, kw_only=True):
    code: str


class Currency(msgspec.Struct, rename="camel", kw_only=True):
    code: str
    decimal_places: int


class Delinquent(msgspec.Struct, rename="camel", kw_only=True):
    past_due_days: int = 0  # on the lender's business date


class Configuration(msgspec.Struct, kw_only=True):
    """A global configuration property (`configurations/name/{name}`)."""

    name: str
    enabled: bool


class BusinessDate(msgspec.Struct, kw_only=True):
    type: str
    date: Day


class LoanGroup(msgspec.Struct, kw_only=True):
    """The group of a group's loan or of a member's JLG loan (Fineract's GroupGeneralData)."""

    id: int
    name: str


class FineractLoan(msgspec.Struct, rename="camel", kw_only=True):
    id: int
    account_no: str
    status: Status
    currency: Currency
    principal: Decimal
    timeline: Timeline
    summary: Summary
    # None on a group's own loan (loanType group): it is the group's, no client's.
    client_id: int | None = None
    client_name: str | None = None
    loan_type: Code | None = None  # accountType.individual, .group or .jlg
    group: LoanGroup | None = None
    annual_interest_rate: Decimal | None = None
    is_floating_interest_rate: bool = False
    repayment_frequency_type: Frequency | None = None
    repayment_schedule: Schedule | None = None
    transactions: list[Transaction] = msgspec.field(default_factory=list)
    delinquent: Delinquent | None = None  # Fineract 1.8 and later
    total_overpaid: Decimal | None = None  # an overpaid loan's credit, not yet given back


class LoanListItem(msgspec.Struct, rename="camel", kw_only=True):
    id: int
    account_no: str
    client_id: int | None = None  # None: a group's own loan


class LoanPage(msgspec.Struct, rename="camel", kw_only=True):
    total_filtered_records: int
    page_items: list[LoanListItem] = msgspec.field(default_factory=list)


class ClientRecord(msgspec.Struct, rename="camel", kw_only=True):
    id: int
    display_name: str
    mobile_no: str | None = None


class ProviderOrder(msgspec.Struct, kw_only=True):
    order_id: str
    order_amount: Decimal
    payment_session_id: str
    order_status: str


class ProviderPayment(msgspec.Struct, kw_only=True):
    cf_payment_id: str | int
    payment_amount: Decimal
    payment_status: str
    payment_time: str | None = None


class CommandAnswer(msgspec.Struct, rename="camel", kw_only=True):
    """A write's answer: `loanId` when booked; with maker-checker on, `commandId` alone (nothing
    booked until a checker approves it)."""

    loan_id: int | None = None
    command_id: int | None = None
    resource_id: int | None = None


class AuditEntry(msgspec.Struct, rename="camel", kw_only=True):
    """A command as `makercheckers` and `audits/{id}` show it."""

    id: int
    processing_result: str
    command_as_json: str | None = None
    made_on_date: str | None = None  # when the maker made it (ISO 8601)

    def made(self) -> dict[str, Any]:
        """The JSON the command was made with."""
        if not self.command_as_json:
            return {}
        try:
            made = EXACT.decode(self.command_as_json)
        except msgspec.DecodeError:
            return {}
        return made if isinstance(made, dict) else {}

    def external_id(self) -> str | None:
        """The command's `externalId`, read from the JSON it was made with."""
        found = self.made().get("externalId")
        return found if isinstance(found, str) else None


class ForeclosureTemplate(msgspec.Struct, rename="camel", kw_only=True):
    """`loans/{id}/transactions/template?command=foreclosure`: what closing the loan on `date` pays."""

    date: tuple[int, int, int]
    amount: Decimal
    principal_portion: Decimal
    interest_portion: Decimal
    fee_charges_portion: Decimal
    penalty_charges_portion: Decimal
