"""What the browser sends and gets under /api/complaints."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Annotated

import msgspec

from gateway.upstreams.lenders.complaints import Against, Category, Status


class RaiseComplaintRequest(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    category: Category
    text: str
    # Whom it is against: the platform, or a lender (the regulated entity), by the name
    # `/api/complaints/subjects` lists; a loan named says its lender.
    against: Against
    lender_name: Annotated[str, msgspec.Meta(min_length=1, max_length=120)] | None = None
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
    against: Against
    against_name: str | None = None  # the platform's or the lender's name
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
    """Whom a complaint can be against (the platform by its name, each of the borrower's lenders by
    theirs) and what it can be about: the borrower's loans and payments, as the lenders list them."""

    platform: str
    lenders: list[str]
    loans: list[LoanChoice]
    payments: list[PaymentChoice]
