"""A deadline on a request's headers, which uvicorn does not have.

uvicorn closes idle kept-alive connections (`timeout_keep_alive`) but waits for ever on a client
that opens a connection, or starts a request, and then sends its headers a byte at a time. This
protocol closes such a connection after REQUEST_HEADER_TIMEOUT seconds, answering 408 first when
nothing else is being answered on it. The body has its own deadline in the request guard.

The deadline travels in uvicorn's config (`HeaderDeadlineConfig`), which uvicorn hands to each
worker process whole (pickled): so the protocol is a module-level class, not one built per value.
Being the gateway's uvicorn protocol, it also has each answer written in one piece
(`gateway/answer_writes.py`).
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.config import Config
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.server import ServerState

from gateway.answer_writes import HeadWithBody, flushed_before

_TIMED_OUT = b'{"error":{"code":"request_timeout","message":"The request took too long to arrive.","field":null}}'
_RESPONSE = (
    b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\nconnection: close\r\n"
    + b"content-length: "
    + str(len(_TIMED_OUT)).encode()
    + b"\r\n\r\n"
    + _TIMED_OUT
)


class HeaderDeadlineProtocol(HttpToolsProtocol):
    # One timer a connection, not one a request: a request's start only moves the deadline
    # on, and the timer, when it fires, sleeps again until the deadline or stops when no
    # headers are awaited. (A call_later and a cancel on every request of a kept-alive
    # connection were a twentieth of a cached answer's CPU.)
    _header_timer: asyncio.TimerHandle | None = None
    _awaiting_headers = False
    _deadline = 0.0

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        assert isinstance(config, HeaderDeadlineConfig), "served with HeaderDeadlineConfig only"
        self._seconds = config.request_header_timeout

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._arm()

    def on_headers_complete(self) -> None:
        self._awaiting_headers = False
        before = self.cycle
        super().on_headers_complete()
        cycle = self.cycle
        if cycle is None or cycle is before:  # an upgrade: no new cycle
            return
        writes = HeadWithBody(cycle.transport)
        cycle.transport = writes  # type: ignore[assignment]
        cycle.on_response = flushed_before(writes, cycle.on_response)

    def connection_lost(self, exc: Exception | None) -> None:
        self._awaiting_headers = False
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._awaiting_headers = True
        self._deadline = self.loop.time() + self._seconds
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


class HeaderDeadlineConfig(Config):
    """uvicorn's config with the header deadline, served by `HeaderDeadlineProtocol`."""

    def __init__(self, app: Any, *, request_header_timeout: float, **options: Any) -> None:
        super().__init__(app, http=HeaderDeadlineProtocol, **options)
        self.request_header_timeout = request_header_timeout
