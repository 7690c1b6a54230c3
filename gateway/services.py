"""What the app factory builds once and hands to every route group."""

from __future__ import annotations

from dataclasses import dataclass

from litestar.stores.base import Store

from gateway.otp import CodeSender, OtpLimiter
from gateway.sessions import SessionManager
from gateway.settings import Settings
from gateway.upstreams.http import UpstreamHttp


@dataclass(frozen=True, slots=True)
class AppServices:
    settings: Settings
    store: Store
    sessions: SessionManager
    upstreams: dict[str, UpstreamHttp]
    limiter: OtpLimiter
    code_sender: CodeSender
