"""What the browser sends and gets under /api/complaints."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

import msgspec

from gateway.upstreams.lenders.complaints import Category, Status


class RaiseComplaintRequest(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    category: Category
    text: str
    loan_number: str | None = None  # one of the borrower's loans (`/api/complaints/subjects`)
    payment_log_id: int | None = None  # one of the borrower's payments


class ComplaintView(msgspec.Struct, rename="camel", kw_only=True):
    """A complaint as the lender tracks it. `ombudsmanOpen`: the lender says the borrower may now
    take it to RBI's Integrated Ombudsman (rejected, or unresolved 30 days after it was raised)."""

    ticket_number: str
    category: Category
    text: str
    status: Status
    raised_at: datetime
    updated_at: datetime
    answer_due_by: date
    ombudsman_open: bool
    loan_number: str | None = None
    payment_log_id: int | None = None
    answer: str | None = None
    rejection_reason: str | None = None


class LoanChoice(msgspec.Struct, rename="camel", kw_only=True):
    loan_number: str
    lender_name: str | None = None


class PaymentChoice(msgspec.Struct, rename="camel", kw_only=True):
    payment_log_id: int
    amount: Decimal  # rupees with their paise, a string on the wire
    created_at: datetime
    status: str


class ComplaintSubjects(msgspec.Struct, rename="camel", kw_only=True):
    """What a complaint can be about: the borrower's loans and payments, as the lender lists them."""

    loans: list[LoanChoice]
    payments: list[PaymentChoice]
