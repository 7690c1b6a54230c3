"""Server-side sessions over Litestar's Store interface (in memory or Redis)."""

from gateway.sessions.records import PendingCode, PortalLogin, SessionRecord, StoreLogin
from gateway.sessions.service import Session, SessionManager, provide_session, session_cookie_middleware
from gateway.sessions.store import build_store

__all__ = [
    "PendingCode",
    "PortalLogin",
    "Session",
    "SessionManager",
    "SessionRecord",
    "StoreLogin",
    "build_store",
    "provide_session",
    "session_cookie_middleware",
]
