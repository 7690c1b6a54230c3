"""The lender's partner login (webRepayment/partnerLogin): a borrower's token for a number the
gateway has just verified with the one code, asked with the partner key, not a second code.

Apart from the borrower's repayment client, like the purchase-credit call: the gateway asks as
the lender's partner, and only after the code was checked (docs/decisions/one-login.md).
"""

from __future__ import annotations

import msgspec

from gateway.plumbing.errors import UpstreamError
from gateway.upstreams.envelope import Envelope
from gateway.upstreams.http import UpstreamHttp
from gateway.upstreams.lenders.payments import RepaymentRecord

LOGIN_FAILED = "Your loan account could not be checked. Please try again."
NO_LOAN_ACCOUNT = 404


class PartnerLoginBody(msgspec.Struct, rename="camel"):
    mobile_number: str


class BorrowerLogins:
    def __init__(self, http: UpstreamHttp, partner_key: str) -> None:
        self.http = http
        self.partner_key = partner_key

    async def login(self, mobile_number: str) -> tuple[str, RepaymentRecord] | None:
        """POST webRepayment/partnerLogin: the borrower's access token and repayment record, or
        None when the lender has no loan account for the number (a shopper who never borrowed)."""
        response = await self.http.request(
            "POST",
            "webRepayment/partnerLogin",
            json=PartnerLoginBody(mobile_number=mobile_number),
            headers={"x-partner-key": self.partner_key},
        )
        if response.status_code == NO_LOAN_ACCOUNT:
            return None
        answer = self.http.decode(response, Envelope[list[RepaymentRecord]])
        if response.status_code != 200 or not answer.access_token or not answer.data:
            raise UpstreamError(
                LOGIN_FAILED, upstream=self.http.name, status=response.status_code, code="borrower_login_failed"
            )
        return answer.access_token, answer.data[0]
