"""Typed client of the lending service (contracts/lending.openapi.yaml)."""

from __future__ import annotations

from typing import Any

import httpx
import msgspec

from gateway.errors import UpstreamError
from gateway.upstreams.envelope import Envelope
from gateway.upstreams.http import UpstreamHttp


class RepaymentRecord(msgspec.Struct, rename="camel", kw_only=True):
    """`data[0]` of webRepayment/verifyOtp; a null totalRepaymentAmount means nothing is pending."""

    user_id: int
    user_name: str
    mobile_number: str
    total_repayment_amount: float | None = None
    remaining_amount: float | None = None


class RepaymentDetail(msgspec.Struct, rename="camel", kw_only=True):
    remaining_amount: float
    late_fees: float
    pending_amount: float


class PaymentSession(msgspec.Struct, kw_only=True):
    """`data` of webRepayment/cashFreeRequest (the lender's snake_case names)."""

    payment_session_id: str
    order_id: str
    order_amount: float
    id: int  # the payment log id


class LendingRefused(UpstreamError):
    """The lending service answered, with a statusCode other than 200 (its message kept)."""


class LendingClient:
    def __init__(self, http: UpstreamHttp) -> None:
        self.http = http

    def _refused(self, response: httpx.Response, answer: Envelope[Any], fallback: str, code: str) -> LendingRefused:
        return LendingRefused(
            answer.message or fallback,
            upstream=self.http.name,
            status=answer.status_code or response.status_code,
            code=code,
        )

    async def send_otp(self, mobile_number: str) -> Envelope[Any]:
        """POST sendOtp. A non-200 statusCode raises the server's message or 'Unknown error'."""
        response = await self.http.request("POST", "sendOtp", json={"mobileNumber": mobile_number})
        answer = self.http.decode(response, Envelope[Any])
        if not answer.ok:
            raise self._refused(response, answer, "Unknown error", "send_code_failed")
        return answer

    async def verify_repayment_otp(self, mobile_number: str, otp: str) -> tuple[str, RepaymentRecord]:
        """POST webRepayment/verifyOtp: the access token and the repayment record."""
        payload = {"mobileNumber": mobile_number, "otp": otp, "platform": "WEB", "userType": "USER", "businessType": 1}
        response = await self.http.request("POST", "webRepayment/verifyOtp", json=payload)
        answer = self.http.decode(response, Envelope[list[RepaymentRecord]])
        if not answer.ok:
            raise self._refused(response, answer, "Error verifying OTP.", "otp_rejected")
        if not answer.access_token or not answer.data:
            raise UpstreamError("Error verifying OTP.", upstream=self.http.name, status=response.status_code)
        return answer.access_token, answer.data[0]

    async def repayment_detail(self, token: str, user_id: int) -> RepaymentDetail:
        """GET webRepayment/repaymentDetail (bearer)."""
        response = await self.http.request(
            "GET", "webRepayment/repaymentDetail", params={"userId": user_id}, token=token
        )
        answer = self.http.decode(response, Envelope[list[RepaymentDetail]])
        if not answer.ok:
            raise self._refused(response, answer, "Could not load the repayment detail.", "detail_failed")
        if not answer.data:
            raise UpstreamError(
                "Could not load the repayment detail.", upstream=self.http.name, status=response.status_code
            )
        return answer.data[0]

    async def create_payment_session(self, token: str, user_id: int, amount: float) -> PaymentSession:
        """POST webRepayment/cashFreeRequest (bearer). Never retried: a retry could make a second order."""
        response = await self.http.request(
            "POST",
            "webRepayment/cashFreeRequest",
            json={"order_amount": amount, "userId": user_id},
            token=token,
        )
        answer = self.http.decode(response, Envelope[PaymentSession])
        if not answer.ok or answer.data is None:
            raise self._refused(response, answer, "Could not create the payment.", "payment_failed")
        return answer.data

    async def update_payment_status(self, token: str, user_id: int, payment_log_id: int, order_id: str) -> str:
        """POST webRepayment/updatePaymentStatus (bearer): the lender's message about the payment."""
        response = await self.http.request(
            "POST",
            "webRepayment/updatePaymentStatus",
            json={"paymentLogId": payment_log_id, "order_id": order_id, "userId": user_id},
            token=token,
            idempotent=True,  # the lender settles an order once, so asking again is safe
        )
        answer = self.http.decode(response, Envelope[Any])
        if not answer.ok:
            raise self._refused(response, answer, "Could not confirm the payment.", "confirm_failed")
        return answer.message or ""
