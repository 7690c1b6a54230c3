"""Session handling built on a Litestar `Store`.

Litestar's own server-side session middleware reuses the cookie's id for the life of the
session and writes the store on every response; we need the id rotated at each login, idle
and absolute time-outs, and no write on read-only requests, so this small layer sits on the
same `Store` interface instead.
"""

from __future__ import annotations

import secrets
import time
from typing import Any, cast

import msgspec
from litestar import Request
from litestar.datastructures import Cookie
from litestar.di import NamedDependency
from litestar.stores.base import Store

from gateway.plumbing.asgi import ASGIApp, Message, Receive, Scope, Send
from gateway.plumbing.errors import SessionStoreUnavailable
from gateway.sessions.outage import store_call
from gateway.sessions.records import SessionRecord
from gateway.settings import Settings

# Raw ASGI: Litestar's TypedDict scope/message types do not fit pass-through code.


_SCOPE_KEY = "gateway_session_cookie"


class SessionManager:
    """App-wide: reads and writes session records; knows the cookie's name and flags."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.idle = settings.session_idle_seconds
        self.absolute = settings.session_absolute_seconds
        self.secure = settings.secure_cookies
        self.timeout = settings.store_timeout
        self.cookie_name = "__Host-session" if self.secure else "session"
        self._encoder = msgspec.json.Encoder()
        self._decoder = msgspec.json.Decoder(SessionRecord)

    async def load(self, session_id: str) -> SessionRecord | None:
        async with store_call(self.timeout):
            raw = await self.store.get(session_id, renew_for=self.idle)
        if raw is None:
            return None
        try:
            record = self._decoder.decode(raw)
        except msgspec.DecodeError:
            await self.delete(session_id)
            return None
        if time.time() - record.created_at > self.absolute:  # real time: a session's life
            await self.delete(session_id)
            return None
        return record

    async def save(self, session_id: str, record: SessionRecord) -> None:
        now = time.time()  # real time: a session's life
        record.seen_at = now
        left = int(record.created_at + self.absolute - now)
        async with store_call(self.timeout):
            await self.store.set(session_id, self._encoder.encode(record), expires_in=max(1, min(self.idle, left)))

    async def delete(self, session_id: str) -> None:
        async with store_call(self.timeout):
            await self.store.delete(session_id)

    def cookie(self, session_id: str | None) -> Cookie:
        return Cookie(
            key=self.cookie_name,
            value=session_id or "",
            path="/",
            httponly=True,
            secure=self.secure,
            samesite="lax",
            max_age=self.absolute if session_id else 0,
        )


class Session:
    """One request's view of its session: created lazily, saved only when asked.

    When the store could not be read, the session is `unavailable`: a call that needs it gets the
    store's 503 on first use, while a call that can do without (browsing) checks `available`.
    """

    def __init__(
        self,
        manager: SessionManager,
        scope: Scope,
        session_id: str | None,
        record: SessionRecord | None,
        unavailable: SessionStoreUnavailable | None = None,
    ):
        self._manager = manager
        self._scope = scope
        self.id = session_id
        self._record = record
        self._unavailable = unavailable

    @property
    def available(self) -> bool:
        return self._unavailable is None

    @property
    def exists(self) -> bool:
        if self._unavailable is not None:
            raise self._unavailable
        return self._record is not None

    @property
    def record(self) -> SessionRecord:
        if self._unavailable is not None:
            raise self._unavailable
        if self._record is None:
            now = time.time()  # real time: a session's life
            self._record = SessionRecord(created_at=now, seen_at=now)
        return self._record

    async def save(self) -> None:
        if self.id is None:
            self.id = secrets.token_urlsafe(32)
            self._scope.setdefault("state", {})[_SCOPE_KEY] = self._manager.cookie(self.id)
        await self._manager.save(self.id, self.record)

    async def rotate(self) -> None:
        """Give the session a new id (at every login) so a planted id is worthless."""
        if self.id is not None:
            await self._manager.delete(self.id)
        self.id = None
        # A fresh absolute lifetime starts with the login.
        self.record.created_at = time.time()  # real time: a session's life

    async def destroy(self) -> None:
        if self.id is not None:
            await self._manager.delete(self.id)
        self.id = None
        self._record = None
        self._scope.setdefault("state", {})[_SCOPE_KEY] = self._manager.cookie(None)


async def provide_session(request: Request[Any, Any, Any], sessions: NamedDependency[SessionManager]) -> Session:
    session_id = request.cookies.get(sessions.cookie_name) or None
    try:
        record = await sessions.load(session_id) if session_id else None
    except SessionStoreUnavailable as exc:
        return Session(sessions, cast(Scope, request.scope), session_id, None, unavailable=exc)
    if session_id and record is None:
        session_id = None
    return Session(sessions, cast(Scope, request.scope), session_id, record)


def issued_session_cookie(scope: Scope) -> Cookie | None:
    """The session cookie this request's handler set (a new id, or an empty one on logout)."""
    cookie = scope.get("state", {}).get(_SCOPE_KEY)
    return cookie if isinstance(cookie, Cookie) else None


def session_cookie_middleware(app: ASGIApp) -> ASGIApp:
    """Add the Set-Cookie a handler's session asked for to the response."""

    async def middleware(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                cookie = issued_session_cookie(scope)
                if cookie is not None:
                    message["headers"] = [
                        *message.get("headers", []),
                        (b"set-cookie", cookie.to_header(header="").encode("latin-1")),
                    ]
            await send(message)

        await app(scope, receive, send_with_cookie)

    return middleware
