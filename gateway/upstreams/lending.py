"""Typed client of the lending service (contracts/lending.openapi.yaml)."""

from __future__ import annotations

from typing import Any

import msgspec

from gateway.errors import UpstreamError
from gateway.upstreams.envelope import Envelope
from gateway.upstreams.http import UpstreamHttp

VERIFY_FAILED = "Error verifying OTP."
DETAIL_FAILED = "Could not load the repayment detail."
PAYMENT_FAILED = "Could not create the payment."


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


class LendingClient:
    def __init__(self, http: UpstreamHttp) -> None:
        self.http = http

    async def send_otp(self, mobile_number: str) -> None:
        """POST sendOtp. A non-200 statusCode raises the server's message or 'Unknown error'."""
        await self.http.call(
            "POST",
            "sendOtp",
            Envelope[Any],
            json={"mobileNumber": mobile_number},
            failure="Unknown error",
            code="send_code_failed",
        )

    async def verify_repayment_otp(self, mobile_number: str, otp: str) -> tuple[str, RepaymentRecord]:
        """POST webRepayment/verifyOtp: the access token and the repayment record."""
        payload = {"mobileNumber": mobile_number, "otp": otp, "platform": "WEB", "userType": "USER", "businessType": 1}
        answer = await self.http.call(
            "POST",
            "webRepayment/verifyOtp",
            Envelope[list[RepaymentRecord]],
            json=payload,
            failure=VERIFY_FAILED,
            code="otp_rejected",
        )
        if not answer.access_token or not answer.data:
            raise UpstreamError(VERIFY_FAILED, upstream=self.http.name, status=200)
        return answer.access_token, answer.data[0]

    async def repayment_detail(self, token: str, user_id: int) -> RepaymentDetail:
        """GET webRepayment/repaymentDetail (bearer)."""
        answer = await self.http.call(
            "GET",
            "webRepayment/repaymentDetail",
            Envelope[list[RepaymentDetail]],
            params={"userId": user_id},
            token=token,
            failure=DETAIL_FAILED,
            code="detail_failed",
        )
        if not answer.data:
            raise UpstreamError(DETAIL_FAILED, upstream=self.http.name, status=200)
        return answer.data[0]

    async def create_payment_session(self, token: str, user_id: int, amount: float) -> PaymentSession:
        """POST webRepayment/cashFreeRequest (bearer). Never retried: a retry could make a second order."""
        answer = await self.http.call(
            "POST",
            "webRepayment/cashFreeRequest",
            Envelope[PaymentSession],
            json={"order_amount": amount, "userId": user_id},
            token=token,
            failure=PAYMENT_FAILED,
            code="payment_failed",
            need_data=True,
        )
        assert answer.data is not None  # need_data
        return answer.data

    async def update_payment_status(self, token: str, user_id: int, payment_log_id: int, order_id: str) -> str:
        """POST webRepayment/updatePaymentStatus (bearer): the lender's message about the payment."""
        answer = await self.http.call(
            "POST",
            "webRepayment/updatePaymentStatus",
            Envelope[Any],
            json={"paymentLogId": payment_log_id, "order_id": order_id, "userId": user_id},
            token=token,
            idempotent=True,  # the lender settles an order once, so asking again is safe
            failure="Could not confirm the payment.",
            code="confirm_failed",
        )
        return answer.message or ""
