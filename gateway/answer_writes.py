"""One socket write an answer, not two: uvicorn writes a response's head and its body apart.

uvicorn's HTTP/1.1 cycle writes the status line and headers when the app sends
`http.response.start`, and the body on `http.response.body`. Each is a send() of its own (uvloop
writes at once when nothing is queued), and on loopback each send also delivers the data to the
reader, so an ordinary answer cost two. `HeadWithBody` holds the head until the body's first
write and sends both together. The head is never held past the cycle: it leaves with the next
write, when the cycle completes without writing a body (a HEAD request), or before the
connection is closed.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

CONTINUE = b"HTTP/1.1 100 Continue\r\n\r\n"  # written before the response: never held


class HeadWithBody:
    """The transport one request-response cycle writes through. Its first write other than
    `100 Continue` is the response's head (the cycle writes nothing else before it)."""

    __slots__ = ("_head", "_head_seen", "_transport")

    def __init__(self, transport: asyncio.Transport) -> None:
        self._transport = transport
        self._head: bytes | None = None
        self._head_seen = False

    def write(self, data: bytes) -> None:
        if self._head is not None:
            head, self._head = self._head, None
            self._transport.write(head + data)
        elif self._head_seen or data == CONTINUE:
            self._transport.write(data)
        else:
            self._head_seen = True
            self._head = data

    def flush(self) -> None:
        if self._head is not None:
            head, self._head = self._head, None
            self._transport.write(head)

    def close(self) -> None:
        self.flush()
        self._transport.close()

    def __getattr__(self, name: str) -> Any:  # is_closing, get_extra_info, ...: the transport's own
        return getattr(self._transport, name)


def flushed_before(writes: HeadWithBody, on_response: Callable[[], None]) -> Callable[[], None]:
    """The cycle's completion callback, sending a head still held first (a HEAD request's)."""

    def completed() -> None:
        writes.flush()
        on_response()

    return completed
