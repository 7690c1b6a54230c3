"""Typed client of the lending service (contracts/lending.openapi.yaml)."""

from __future__ import annotations

from typing import Any

from gateway.errors import UpstreamError
from gateway.upstreams.envelope import Envelope
from gateway.upstreams.http import UpstreamHttp


class LendingClient:
    def __init__(self, http: UpstreamHttp) -> None:
        self.http = http

    async def send_otp(self, mobile_number: str) -> Envelope[Any]:
        """POST sendOtp. A non-200 statusCode raises the server's message or 'Unknown error'."""
        response = await self.http.request("POST", "sendOtp", json={"mobileNumber": mobile_number})
        answer = self.http.decode(response, Envelope[Any])
        if not answer.ok:
            raise UpstreamError(
                answer.message or "Unknown error",
                upstream=self.http.name,
                status=response.status_code,
                code="send_code_failed",
            )
        return answer
