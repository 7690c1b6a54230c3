"""Sending a code for a route group ('portal' or 'store') and remembering it in the session."""

from __future__ import annotations

import time

import msgspec

from gateway.errors import InvalidInput
from gateway.otp.limits import OtpLimiter
from gateway.sessions import PendingCode, Session
from gateway.upstreams.lending import LendingClient
from gateway.validation import MobileNumber, OtpCode

SENT = "OTP sent successfully!"
REQUEST_FIRST = "Please request an OTP first."


class SendCodeRequest(msgspec.Struct, rename="camel"):
    mobile_number: MobileNumber


class VerifyCodeRequest(msgspec.Struct, rename="camel"):
    mobile_number: MobileNumber
    otp: OtpCode


class SendCodeResponse(msgspec.Struct, rename="camel"):
    message: str
    mobile_number: str
    resend_after: int


class CodeSender:
    def __init__(self, lending: LendingClient, limiter: OtpLimiter, resend_seconds: int) -> None:
        self.lending = lending
        self.limiter = limiter
        self.resend_seconds = resend_seconds

    async def send(self, group: str, session: Session, mobile_number: str, client: str) -> SendCodeResponse:
        await self.limiter.hit_send(mobile_number, client)
        await self.lending.send_otp(mobile_number)
        session.record.pending[group] = PendingCode(mobile_number=mobile_number, sent_at=time.time())
        await session.save()
        return SendCodeResponse(message=SENT, mobile_number=mobile_number, resend_after=self.resend_seconds)

    async def attempt(self, group: str, session: Session, mobile_number: str) -> PendingCode:
        """Count one verify attempt for the code this session was sent; returns that code's record."""
        pending = session.record.pending.get(group) if session.exists else None
        if pending is None or pending.mobile_number != mobile_number:
            raise InvalidInput(REQUEST_FIRST, code="no_code_sent", field="mobileNumber")
        await self.limiter.hit_verify(mobile_number, pending.sent_at)
        return pending
