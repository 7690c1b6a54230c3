"""The port's words for a borrower's complaints to the lender."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Literal

import msgspec

Category = Literal["charges", "recovery", "payment", "loanDetails", "other"]
Status = Literal["received", "inProgress", "resolved", "rejected"]


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
    answer: str | None = None
    rejection_reason: str | None = None


class NewComplaint(msgspec.Struct, rename="camel", kw_only=True, omit_defaults=True):
    user_id: int
    category: Category
    text: Annotated[str, msgspec.Meta(min_length=10, max_length=2000)]
    loan_number: str | None = None
    payment_log_id: int | None = None
