"""A deadline on a request's headers, which uvicorn does not have.

uvicorn closes idle kept-alive connections (`timeout_keep_alive`) but waits for ever on a client
that opens a connection, or starts a request, and then sends its headers a byte at a time. This
protocol closes such a connection after `seconds`, answering 408 first when nothing else is being
answered on it. The body has its own deadline in the request guard.
"""

from __future__ import annotations

import asyncio

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

_TIMED_OUT = b'{"error":{"code":"request_timeout","message":"The request took too long to arrive.","field":null}}'
_RESPONSE = (
    b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\nconnection: close\r\n"
    + b"content-length: "
    + str(len(_TIMED_OUT)).encode()
    + b"\r\n\r\n"
    + _TIMED_OUT
)


def header_deadline_protocol(seconds: float) -> type[HttpToolsProtocol]:
    class HeaderDeadlineProtocol(HttpToolsProtocol):
        # One timer a connection, not one a request: a request's start only moves the deadline
        # on, and the timer, when it fires, sleeps again until the deadline or stops when no
        # headers are awaited. (A call_later and a cancel on every request of a kept-alive
        # connection were a twentieth of a cached answer's CPU.)
        _header_timer: asyncio.TimerHandle | None = None
        _awaiting_headers = False
        _deadline = 0.0

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm()

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._arm()

        def on_headers_complete(self) -> None:
            self._awaiting_headers = False
            super().on_headers_complete()

        def connection_lost(self, exc: Exception | None) -> None:
            self._awaiting_headers = False
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None
            super().connection_lost(exc)

        def _arm(self) -> None:
            self._awaiting_headers = True
            self._deadline = self.loop.time() + seconds
            if self._header_timer is None:
                self._header_timer = self.loop.call_at(self._deadline, self._check)

        def _check(self) -> None:
            self._header_timer = None
            if not self._awaiting_headers:
                return
            now = self.loop.time()
            if now < self._deadline:
                self._header_timer = self.loop.call_at(self._deadline, self._check)
                return
            self._too_slow()

        def _too_slow(self) -> None:
            if self.transport.is_closing():
                return
            if self.cycle is None or self.cycle.response_complete:
                self.transport.write(_RESPONSE)
            self.transport.close()

    return HeaderDeadlineProtocol
