"""The lender's complaint calls (webRepayment/complaints, our extension of the lending contract).

Apart from the repayment client: the complaints group is their only user.
"""

from __future__ import annotations

import msgspec

from gateway.language.codes import DEFAULT, Language, texts_in
from gateway.upstreams.envelope import Envelope
from gateway.upstreams.http import UpstreamHttp
from gateway.upstreams.lenders.complaints import LenderComplaint, NewComplaint

RAISE_FAILED = "Your complaint could not be registered. Please try again."
LIST_FAILED = "Could not load your complaints."
ONE_FAILED = "Could not load this complaint."


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
