"""The lender's purchase-credit call (webRepayment/creditLimit), a partner call by mobile number.

Apart from the borrower's repayment client: the store asks with its own key, not a login.
"""

from __future__ import annotations

from gateway.plumbing.errors import UpstreamError
from gateway.upstreams.envelope import Envelope
from gateway.upstreams.http import UpstreamHttp
from gateway.upstreams.lenders.credit import CreditPosition


class CreditClient:
    def __init__(self, http: UpstreamHttp, partner_key: str) -> None:
        self.http = http
        self.partner_key = partner_key

    async def position(self, mobile_number: str) -> CreditPosition | None:
        """GET webRepayment/creditLimit: None when the lender has no credit account for the number."""
        response = await self.http.request(
            "GET",
            "webRepayment/creditLimit",
            params={"mobileNumber": mobile_number},
            headers={"x-partner-key": self.partner_key},
        )
        if response.status_code == 404:
            return None
        answer = self.http.decode(response, Envelope[CreditPosition])
        if response.status_code != 200 or answer.data is None:
            raise UpstreamError(
                answer.message or "Credit could not be checked.",
                upstream=self.http.name,
                status=response.status_code,
                code="credit_check_failed",
            )
        return answer.data
