"""The lender's complaint calls (webRepayment/complaints, our extension of the lending contract).

Apart from the repayment client: the complaints group is their only user.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Literal

import msgspec

from gateway.language.codes import DEFAULT, Language, texts_in
from gateway.upstreams.envelope import Envelope
from gateway.upstreams.http import UpstreamHttp

RAISE_FAILED = "Your complaint could not be registered. Please try again."
LIST_FAILED = "Could not load your complaints."
ONE_FAILED = "Could not load this complaint."

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


class ComplaintsClient:
    def __init__(self, http: UpstreamHttp) -> None:
        self.http = http

    async def raise_complaint(
        self, token: str, complaint: NewComplaint, language: Language = DEFAULT
    ) -> LenderComplaint:
        """POST webRepayment/complaints (bearer): the ticket; the lender's SMS and mail in `language`.
        Never retried: a retry could raise a second ticket."""
        answer = await self.http.call(
            "POST",
            "webRepayment/complaints",
            Envelope[LenderComplaint],
            json=msgspec.to_builtins(complaint),
            token=token,
            headers=texts_in(language),
            failure=RAISE_FAILED,
            code="complaint_not_registered",
            need_data=True,
        )
        assert answer.data is not None  # need_data
        return answer.data

    async def complaints(self, token: str, user_id: int) -> list[LenderComplaint]:
        """GET webRepayment/complaints (bearer): newest first."""
        answer = await self.http.call(
            "GET",
            "webRepayment/complaints",
            Envelope[list[LenderComplaint]],
            params={"userId": user_id},
            token=token,
            failure=LIST_FAILED,
            code="complaints_failed",
        )
        return answer.data or []

    async def complaint(self, token: str, user_id: int, ticket_number: str) -> LenderComplaint:
        """GET webRepayment/complaints/{ticketNumber} (bearer); 404 refused for another's or none."""
        answer = await self.http.call(
            "GET",
            f"webRepayment/complaints/{ticket_number}",
            Envelope[LenderComplaint],
            params={"userId": user_id},
            token=token,
            failure=ONE_FAILED,
            code="complaint_failed",
            need_data=True,
        )
        assert answer.data is not None  # need_data
        return answer.data
