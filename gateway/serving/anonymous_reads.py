"""Whole answers to anonymous catalogue reads, kept a few seconds and replayed.

A visitor without a session cookie gets the same product page, product and category list as
every other such visitor (cart quantities are 0, brands are empty), so the finished answer,
compressed or not, can be replayed without running the handler, its dependencies and the
compression again. The key is the whole path as sent and the query, plus whether the client
takes gzip and the language the catalogue's words are asked in (the `lang` cookie, else
`Accept-Language`, as gateway/store/routes.py's browsing_language reads them), so no search, page
or filter is ever answered with another's result, nor a Hindi visitor with English words. A request with
a session cookie (a shopper who may have a cart) always goes through, and an answer that sets a
cookie or is not a 200 is never kept.

It sits right inside the access log and the request metrics (`gateway/app.py` lists the order),
so every replayed answer is logged and counted, and outside the request guard, the CSRF check
and the session cookie, which have nothing to do for such a read: the guard refuses a GET only
for its path, which is part of the key (a refused path was never kept); a safe read is never
refused for CSRF and gets no token unless it is a page, `/api/session` or changes the session;
an anonymous catalogue read starts no session. The security headers are added outside all of
it, replay or not.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from gateway.language.codes import DEFAULT, is_language
from gateway.language.resolution import COOKIE_NAME, header_language
from gateway.plumbing.asgi import ASGIApp, Message, Receive, Scope, Send

# Raw ASGI, as the other middleware: Litestar's TypedDict scope/message types do not fit pass-through code.

CACHED_PATHS = ("/api/store/products", "/api/store/categories")
MAX_ENTRIES = 512  # distinct pages, searches and products; a flood of odd queries only evicts
MAX_BODY_BYTES = 256 * 1024


@dataclass(frozen=True, slots=True)
class KeptAnswer:
    status: int
    headers: list[tuple[bytes, bytes]]
    body: bytes
    until: float  # time.monotonic() past which it is not replayed


Key = tuple[bytes, bytes, bool, str]


class KeptAnswers:
    """The answers kept, each for `ttl` seconds, at most MAX_ENTRIES: when full, the oldest kept
    goes. A plain dict and one clock read a look-up, where a TTLCache's timer and links were a
    share of a replayed answer's cost."""

    def __init__(self, ttl: float) -> None:
        self.ttl = ttl
        self._answers: dict[Key, KeptAnswer] = {}

    def get(self, key: Key) -> KeptAnswer | None:
        answer = self._answers.get(key)
        return answer if answer is not None and answer.until > time.monotonic() else None

    def keep(self, key: Key, status: int, headers: list[tuple[bytes, bytes]], body: bytes) -> None:
        answers = self._answers
        answers.pop(key, None)  # a key kept again goes to the end, the newest
        if len(answers) >= MAX_ENTRIES:
            del answers[next(iter(answers))]
        answers[key] = KeptAnswer(status, headers, body, time.monotonic() + self.ttl)


def _takes_gzip(scope: Scope) -> bool:
    return any(name == b"accept-encoding" and b"gzip" in value for name, value in scope["headers"])


def _has_cookie(scope: Scope, name: bytes) -> bool:
    prefix = name + b"="
    for header, value in scope["headers"]:
        if header == b"cookie" and any(part.strip().startswith(prefix) for part in value.split(b";")):
            return True
    return False


def _language(scope: Scope) -> str:
    """The language the handler will write the catalogue's words in: the `lang` cookie's, else the
    browser's, else English (the store routes' browsing_language, read from the raw headers)."""
    prefix = COOKIE_NAME.encode() + b"="
    accept: str | None = None
    for header, value in scope["headers"]:
        if header == b"cookie":
            for part in value.split(b";"):
                part = part.strip()
                if part.startswith(prefix):
                    chosen = part[len(prefix) :].decode("latin-1")
                    if is_language(chosen):
                        return chosen
        elif header == b"accept-language":
            accept = value.decode("latin-1")
    return header_language(accept) or DEFAULT


def anonymous_read_cache_factory(ttl_seconds: float, session_cookie_name: str) -> Callable[[ASGIApp], ASGIApp]:
    """ASGI middleware factory; with 0 seconds it passes everything through."""
    session_cookie = session_cookie_name.encode("latin-1")

    def middleware_factory(app: ASGIApp) -> ASGIApp:
        if ttl_seconds <= 0:
            return app
        kept = KeptAnswers(ttl_seconds)

        async def middleware(scope: Scope, receive: Receive, send: Send) -> None:
            path: str = scope.get("path", "") if scope["type"] == "http" else ""
            if (
                scope["type"] != "http"
                or scope["method"] != "GET"
                or not path.startswith(CACHED_PATHS)
                or _has_cookie(scope, session_cookie)
            ):
                await app(scope, receive, send)
                return
            # The path as sent: the request guard's verdict depends on it, so it is part of the key.
            key = (
                scope.get("raw_path") or path.encode(),
                scope.get("query_string", b""),
                _takes_gzip(scope),
                _language(scope),
            )
            answer = kept.get(key)
            if answer is not None:
                await send({"type": "http.response.start", "status": answer.status, "headers": list(answer.headers)})
                await send({"type": "http.response.body", "body": answer.body})
                return

            start: Message | None = None
            chunks: list[bytes] = []

            async def keep(message: Message) -> None:
                nonlocal start
                if message["type"] == "http.response.start":
                    start = message
                elif message["type"] == "http.response.body" and start is not None:
                    chunks.append(message.get("body", b""))
                    if not message.get("more_body", False):
                        _store(key, start, b"".join(chunks))
                await send(message)

            await app(scope, receive, keep)

        def _store(key: Key, start: Message, body: bytes) -> None:
            headers = [(bytes(n), bytes(v)) for n, v in start.get("headers", [])]
            if start["status"] != 200 or len(body) > MAX_BODY_BYTES:
                return
            if any(name.lower() == b"set-cookie" for name, _ in headers):
                return  # an answer that gives a cookie belongs to one visitor
            kept.keep(key, start["status"], headers, body)

        return middleware

    return middleware_factory
