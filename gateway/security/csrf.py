"""CSRF: OWASP's signed double-submit cookie, bound to the session.

The token is `nonce.mac` with mac = HMAC(secret, nonce + session id). The app reads it from the
XSRF cookie and echoes it in X-XSRF-TOKEN; an unsafe request passes only when header and cookie
match and the token was minted for the session cookie the request carries. A token minted for one
visitor is refused on another visitor's session, and a new token is issued whenever the session id
changes (login rotates it, logout ends it).

Over HTTPS the cookie is `__Host-XSRF-TOKEN` (Secure, Path=/, no Domain), so a sibling subdomain
cannot plant one (PUBLIC_URL decides; the app picks the name from the page's own scheme).

Tokens are handed out where the app can pick them up before it changes anything: its pages
(every HTML answer), `GET /api/session`, and any answer that changes the session or answers an
unsafe request. Other safe reads (a product page, the cart) neither check nor mint a token:
minting one on each was the largest share of an anonymous catalogue read's cost.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Callable
from typing import Any

import msgspec
from litestar.connection import ASGIConnection
from litestar.datastructures import Cookie

from gateway.plumbing.asgi import ASGIApp, Message, Receive, Scope, Send
from gateway.plumbing.errors import ErrorBody, ErrorEnvelope
from gateway.sessions.service import issued_session_cookie

# Raw ASGI: Litestar's TypedDict scope/message types do not fit pass-through code.

HEADER_NAME = "X-XSRF-TOKEN"
SESSION_PATH = "/api/session"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
REFUSED = "This page has expired. Please reload it and try again."


def cookie_name(secure: bool) -> str:
    return "__Host-XSRF-TOKEN" if secure else "XSRF-TOKEN"


class CsrfTokens:
    """Mints and checks tokens bound to a session id ("" before the visitor has a session)."""

    def __init__(self, secret: str, *, secure: bool) -> None:
        self._key = hashlib.sha256(b"xsrf:" + secret.encode()).digest()
        self.secure = secure
        self.cookie_name = cookie_name(secure)

    def _mac(self, nonce: str, session_id: str) -> str:
        return hmac.new(self._key, f"{nonce}|{session_id}".encode(), hashlib.sha256).hexdigest()

    def mint(self, session_id: str) -> str:
        nonce = secrets.token_urlsafe(18)
        return f"{nonce}.{self._mac(nonce, session_id)}"

    def valid(self, token: str, session_id: str) -> bool:
        nonce, _, mac = token.partition(".")
        return bool(nonce and mac) and hmac.compare_digest(mac.encode(), self._mac(nonce, session_id).encode())

    def cookie(self, token: str) -> Cookie:
        return Cookie(
            key=self.cookie_name,
            value=token,
            path="/",
            secure=self.secure,
            httponly=False,  # the app's axios reads it and echoes it in X-XSRF-TOKEN
            samesite="lax",
        )


def _refusal() -> bytes:
    return msgspec.json.encode(ErrorEnvelope(ErrorBody(code="csrf_failed", message=REFUSED)))


def _is_html(message: Message) -> bool:
    return any(
        name.lower() == b"content-type" and value.startswith(b"text/html") for name, value in message.get("headers", [])
    )


def csrf_middleware_factory(
    tokens: CsrfTokens, session_cookie_name: str, exempt: list[str]
) -> Callable[[ASGIApp], ASGIApp]:
    exempt_re = re.compile("|".join(exempt)) if exempt else None

    def middleware_factory(app: ASGIApp) -> ASGIApp:
        async def middleware(scope: Scope, receive: Receive, send: Send) -> None:
            if scope["type"] != "http":
                await app(scope, receive, send)
                return
            connection: ASGIConnection[Any, Any, Any, Any] = ASGIConnection(scope)  # type: ignore[arg-type]
            cookies = connection.cookies
            session_id = cookies.get(session_cookie_name, "")
            token = cookies.get(tokens.cookie_name, "")
            # A mount sees its own part of the path in scope["path"]; the raw path is the whole one.
            full_path = (scope.get("raw_path") or scope["path"].encode()).decode("latin-1")
            safe = scope["method"] in SAFE_METHODS
            if not safe and not (exempt_re and exempt_re.match(full_path)):
                echoed = connection.headers.get(HEADER_NAME, "").encode()
                if not (token and hmac.compare_digest(echoed, token.encode()) and tokens.valid(token, session_id)):
                    body = _refusal()
                    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
                    await send({"type": "http.response.start", "status": 403, "headers": headers})
                    await send({"type": "http.response.body", "body": body})
                    return

            async def send_with_token(message: Message) -> None:
                if message["type"] == "http.response.start":
                    issued = issued_session_cookie(scope)
                    current = (issued.value or "") if issued is not None else session_id
                    hands_out = not safe or issued is not None or full_path == SESSION_PATH or _is_html(message)
                    if hands_out and not (token and tokens.valid(token, current)):
                        fresh = tokens.cookie(tokens.mint(current))
                        message["headers"] = [
                            *message.get("headers", []),
                            (b"set-cookie", fresh.to_header(header="").encode("latin-1")),
                        ]
                await send(message)

            await app(scope, receive, send_with_token)

        return middleware

    return middleware_factory
