"""Sending a code for a route group ('portal' or 'store') and remembering it in the session."""

from __future__ import annotations

import time

import msgspec

from gateway.language.codes import DEFAULT, Language
from gateway.otp.code_log import CodeLog
from gateway.otp.limits import OtpLimiter
from gateway.plumbing.errors import InvalidInput, TooManyRequests, UpstreamError
from gateway.plumbing.validation import MobileNumber, OtpCode
from gateway.sessions import PendingCode, Session
from gateway.settings import OtpLimits
from gateway.upstreams.lenders.port import Lender

SENT = "OTP sent successfully!"
REQUEST_FIRST = "Please request an OTP first."
EXPIRED = "This OTP has expired. Please request a new OTP."


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
    def __init__(self, lending: Lender, limiter: OtpLimiter, limits: OtpLimits, log: CodeLog) -> None:
        self.lending = lending
        self.limiter = limiter
        self.log = log
        self.resend_seconds = limits.resend_seconds
        self.code_lifetime_seconds = limits.code_lifetime_seconds

    async def send(
        self, group: str, session: Session, mobile_number: str, client: str, language: Language = DEFAULT
    ) -> SendCodeResponse:
        record = session.record  # the store's 503 now, before any count, when the session is unreadable
        try:
            await self.limiter.hit_send(mobile_number, client)
        except TooManyRequests as refused:
            await self.log.record(mobile_number, group, "refused", refused.code)
            raise
        try:
            await self.lending.send_otp(mobile_number, language)
        except UpstreamError:
            # No code went out: the user may retry at once (the hourly caps still count this one).
            await self.log.record(mobile_number, group, "failed")
            await self.limiter.release_resend(mobile_number)
            raise
        await self.log.record(mobile_number, group, "sent")
        # real time: a login code's life
        record.pending[group] = PendingCode(mobile_number=mobile_number, sent_at=time.time())
        await session.save()
        return SendCodeResponse(message=SENT, mobile_number=mobile_number, resend_after=self.resend_seconds)

    async def attempt(self, group: str, session: Session, mobile_number: str) -> PendingCode:
        """Count one verify attempt for the code this session was sent; returns that code's record."""
        pending = session.record.pending.get(group) if session.exists else None
        if pending is None or pending.mobile_number != mobile_number:
            raise InvalidInput(REQUEST_FIRST, code="no_code_sent", field="mobileNumber")
        if time.time() - pending.sent_at > self.code_lifetime_seconds:  # real time: a login code's life
            raise InvalidInput(EXPIRED, code="code_expired", field="otp")
        await self.limiter.hit_verify(mobile_number, pending.sent_at)
        return pending
