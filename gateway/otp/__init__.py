"""One-time codes: sending through the lending service, with the gateway's abuse limits."""

from gateway.otp.code_log import CodeEvent, CodeLog
from gateway.otp.limits import OtpLimiter, build_limiter
from gateway.otp.sender import CodeSender, SendCodeRequest, SendCodeResponse

__all__ = ["CodeEvent", "CodeLog", "CodeSender", "OtpLimiter", "SendCodeRequest", "SendCodeResponse", "build_limiter"]
