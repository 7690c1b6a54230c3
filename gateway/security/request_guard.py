"""Requests refused before any handler runs, each with the JSON error shape:

- a path with a NUL or other control character (400) or longer than `MAX_PATH_LENGTH` (414),
- a body on an /api call that is not JSON (415),
- a body that does not arrive within `request_body_timeout` seconds (408): a slow client is cut
  off instead of holding a worker. The largest body is Litestar's `request_max_body_size` (413).
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable

import msgspec
from litestar.exceptions import HTTPException

from gateway.plumbing.asgi import ASGIApp, Message, Receive, Scope, Send
from gateway.plumbing.errors import ErrorBody, ErrorEnvelope

# Raw ASGI: Litestar's TypedDict scope/message types do not fit pass-through code.

MAX_PATH_LENGTH = 2048
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_JSON_TYPE = re.compile(r"^application/([\w.+-]+\+)?json\s*(;|$)", re.IGNORECASE)
_BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


async def _refuse(send: Send, status: int, code: str, message: str) -> None:
    body = msgspec.json.encode(ErrorEnvelope(ErrorBody(code=code, message=message)))
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def _has_body(headers: dict[bytes, bytes]) -> bool:
    length = headers.get(b"content-length", b"").strip()
    return b"transfer-encoding" in headers or (length not in (b"", b"0"))


def request_guard_factory(body_timeout: float) -> Callable[[ASGIApp], ASGIApp]:
    def middleware_factory(app: ASGIApp) -> ASGIApp:
        async def middleware(scope: Scope, receive: Receive, send: Send) -> None:
            if scope["type"] != "http":
                await app(scope, receive, send)
                return
            path: str = scope.get("path", "")
            if len(path) > MAX_PATH_LENGTH or len(scope.get("raw_path") or b"") > MAX_PATH_LENGTH:
                await _refuse(send, 414, "uri_too_long", "The address is too long.")
                return
            if _CONTROL.search(path):
                await _refuse(send, 400, "invalid_path", "The address is not valid.")
                return
            headers = {k.lower(): v for k, v in scope.get("headers", [])}
            content_type = headers.get(b"content-type", b"").decode("latin-1")
            if (
                scope["method"] in _BODY_METHODS
                and path.startswith("/api/")
                and _has_body(headers)
                and not _JSON_TYPE.match(content_type)
            ):
                await _refuse(send, 415, "unsupported_media_type", "Send the request body as application/json.")
                return

            deadline: float | None = None
            body_done = False

            async def receive_within_deadline() -> Message:
                # Only the body has a deadline; later calls (waiting for a disconnect) do not.
                nonlocal deadline, body_done
                if body_done:
                    return await receive()
                if deadline is None:
                    deadline = asyncio.get_running_loop().time() + body_timeout
                try:
                    async with asyncio.timeout_at(deadline):
                        message = await receive()
                except TimeoutError:
                    # The rest of the body may still come: close the connection after answering.
                    raise HTTPException(
                        status_code=408, detail="The request took too long to arrive.", headers={"connection": "close"}
                    ) from None
                body_done = message["type"] != "http.request" or not message.get("more_body", False)
                return message

            await app(scope, receive_within_deadline, send)

        return middleware

    return middleware_factory
