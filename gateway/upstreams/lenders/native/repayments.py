"""Typed client of the lending service (contracts/lending.openapi.yaml)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import msgspec

from gateway.language.codes import DEFAULT, Language, texts_in
from gateway.plumbing.errors import UpstreamError, UpstreamRefused
from gateway.upstreams.envelope import Envelope
from gateway.upstreams.http import UpstreamHttp
from gateway.upstreams.lenders.payments import PaymentHistoryEntry, PaymentSession, RepaymentDetail, RepaymentRecord

VERIFY_FAILED = "Error verifying OTP."
OTP_REFUSED = "Invalid OTP. Please try again."
SEND_FAILED = "The OTP could not be sent. Please try again."
DETAIL_FAILED = "Could not load the repayment detail."
PAYMENT_FAILED = "Could not create the payment."
# The lender names the financier when the loan has none allowed to take payments online.
NOT_MAPPED_REASONS = {"financier": "loan_not_mapped"}
HISTORY_FAILED = "Could not load your payments."
RECEIPT_FAILED = "No receipt for this payment."


def json_number(amount: Decimal) -> msgspec.Raw:
    """The lender reads amounts as JSON numbers: the exact digits, never through float."""
    return msgspec.Raw(format(amount, "f").encode())


class LendingClient:
    def __init__(self, http: UpstreamHttp) -> None:
        self.http = http

    async def send_otp(self, mobile_number: str, language: Language = DEFAULT) -> None:
        """POST sendOtp, the SMS in `language`. A non-200 statusCode raises our words (the server's go to the log)."""
        await self.http.call(
            "POST",
            "sendOtp",
            Envelope[Any],
            json={"mobileNumber": mobile_number},
            headers=texts_in(language),
            failure=SEND_FAILED,
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
            failure=OTP_REFUSED,
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

    async def create_payment_session(
        self, token: str, user_id: int, amount: Decimal, language: Language = DEFAULT
    ) -> PaymentSession:
        """POST webRepayment/cashFreeRequest (bearer), the receipt mail in `language`. Never
        retried: a retry could make a second order."""
        answer = await self.http.call(
            "POST",
            "webRepayment/cashFreeRequest",
            Envelope[PaymentSession],
            json={"order_amount": json_number(amount), "userId": user_id},
            token=token,
            headers=texts_in(language),
            failure=PAYMENT_FAILED,
            code="payment_failed",
            need_data=True,
            reason_codes=NOT_MAPPED_REASONS,
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

    async def payment_history(self, token: str, user_id: int) -> list[PaymentHistoryEntry]:
        """GET webRepayment/paymentHistory (bearer): the borrower's payments, newest first."""
        answer = await self.http.call(
            "GET",
            "webRepayment/paymentHistory",
            Envelope[list[PaymentHistoryEntry]],
            params={"userId": user_id},
            token=token,
            failure=HISTORY_FAILED,
            code="history_failed",
        )
        return answer.data or []

    async def payment_receipt(
        self, token: str, user_id: int, payment_log_id: int, language: Language = DEFAULT
    ) -> bytes:
        """GET webRepayment/paymentReceipt (bearer): the PDF receipt of a paid payment, in `language`."""
        response = await self.http.request(
            "GET",
            "webRepayment/paymentReceipt",
            params={"userId": user_id, "paymentLogId": payment_log_id},
            token=token,
            headers=texts_in(language),
            idempotent=True,
        )
        status = self.http.pdf_or_status(response)
        if isinstance(status, bytes):
            return status  # the PDF itself
        raise UpstreamRefused(RECEIPT_FAILED, upstream=self.http.name, status=status, code="no_receipt")
