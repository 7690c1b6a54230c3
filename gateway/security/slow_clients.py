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
        _header_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm()

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._arm()

        def on_headers_complete(self) -> None:
            self._disarm()
            super().on_headers_complete()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def _arm(self) -> None:
            if self._header_timer is None:
                self._header_timer = self.loop.call_later(seconds, self._too_slow)

        def _disarm(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def _too_slow(self) -> None:
            self._header_timer = None
            if self.transport.is_closing():
                return
            if self.cycle is None or self.cycle.response_complete:
                self.transport.write(_RESPONSE)
            self.transport.close()

    return HeaderDeadlineProtocol
