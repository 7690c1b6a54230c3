"""The port's words for a borrower's complaints to the lender."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Literal

import msgspec

Category = Literal["charges", "recovery", "payment", "loanDetails", "other"]
Status = Literal["received", "inProgress", "resolved", "rejected"]
# Whom a complaint is against: the platform (the lending service provider) or the lender (the
# regulated entity), each with its own grievance officer under RBI's Digital Lending Directions.
Against = Literal["platform", "lender"]


class LenderComplaint(msgspec.Struct, rename="camel", kw_only=True):
    ticket_number: str
    category: Category
    text: str
    status: Status
    raised_at: datetime
    updated_at: datetime
    answer_due_by: date
    ombudsman_open: bool  # the lender's reading of the Ombudsman Scheme, on the lender's clock
    loan_number: str | None = None
    payment_log_id: int | None = None
    against: Against = "lender"
    against_name: str | None = None  # the platform's or the lender's name
    answer: str | None = None
    rejection_reason: str | None = None


class NewComplaint(msgspec.Struct, rename="camel", kw_only=True, omit_defaults=True):
    user_id: int
    category: Category
    text: Annotated[str, msgspec.Meta(min_length=10, max_length=2000)]
    loan_number: str | None = None
    payment_log_id: int | None = None
    against: Against = "lender"
    against_name: str | None = None
