"""Kept-alive HTTP/1.1 connections to one upstream, each answer parsed by httptools.

The wire under every upstream reached over HTTP without OAuth. aiohttp's client did this job
before, and cost about 110 us of CPU a call for 64 concurrent GETs of the product list against
the mock; the same calls over asyncio connections whose answers httptools (the parser uvicorn
serves with) reads cost about 50 us: the difference was over a tenth of an uncached call through
the gateway (BENCHMARKS.md, docs/decisions.md). What a call needs of HTTP here is small, and all
of it is here: one request at a time a connection, kept alive and reused most recently used
first, at most `max_connections` open (callers past that wait their turn), idle ones closed after
`keepalive_expiry` seconds or when the upstream closes them; a connect time-out and a read
time-out (no byte of the answer for that long), TLS with the upstream's own context, gzip and
deflate answers decoded, 1xx interim answers skipped. Failures are httpx's errors, as the httpx
client raised them, so `UpstreamHttp` retries and maps them alike whichever client carried a call.
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
import zlib
from collections import deque
from typing import Final, cast
from urllib.parse import urlsplit

import httptools
import httpx
from multidict import CIMultiDict, CIMultiDictProxy

IDEMPOTENT: Final = frozenset({b"GET", b"HEAD", b"OPTIONS", b"PUT", b"DELETE"})
_FORBIDDEN_IN_HEADERS = str.maketrans("", "", "\r\n\0")


class WireAnswer:
    """An upstream's answer, read whole: what callers read of an httpx response."""

    __slots__ = ("content", "headers", "status_code")

    def __init__(self, status_code: int, headers: CIMultiDictProxy[str], content: bytes) -> None:
        self.status_code = status_code
        self.headers = headers
        self.content = content


class _Unanswered(Exception):
    """The connection ended before any byte of the answer: the request may be sent again on a
    fresh connection when it is safe to repeat (a kept-alive connection the upstream closed)."""


def _decoded(encoding: str, body: bytes) -> bytes:
    try:
        if encoding == "gzip":
            return zlib.decompress(body, 16 + zlib.MAX_WBITS)
        try:  # "deflate" is the zlib format, though some servers send it raw
            return zlib.decompress(body)
        except zlib.error:
            return zlib.decompress(body, -zlib.MAX_WBITS)
    except zlib.error as exc:
        raise httpx.DecodingError(f"the answer's {encoding} body could not be decoded: {exc}") from exc


class Connection(asyncio.Protocol):
    """One connection: one request at a time, its answer read whole."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._parser = httptools.HttpResponseParser(self)
        self._transport: asyncio.Transport | None = None
        self._answer: asyncio.Future[WireAnswer] | None = None
        self._headers: list[tuple[str, str]] = []
        self._body: list[bytes] = []
        self._received = False  # a byte of the current answer arrived
        self._headers_done = False  # the current (final) answer's headers are all in
        self._last_read = 0.0
        self._timer: asyncio.TimerHandle | None = None
        self._read_timeout = 0.0
        self.closed = False
        self.keep_alive = False
        self.idle_since = 0.0
        self.loop = loop

    # asyncio.Protocol
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._transport = cast(asyncio.Transport, transport)  # uvloop's are not asyncio.Transport subclasses

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        if self._until_closed():
            self.on_message_complete()  # an answer with neither a length nor chunks ends with the connection
        elif self._received:
            self._fail(httpx.RemoteProtocolError("the upstream closed the connection in the middle of its answer"))
        else:
            self._fail(_Unanswered())

    def data_received(self, data: bytes) -> None:
        self._received = True
        self._last_read = self._loop.time()
        try:
            self._parser.feed_data(data)
        except httptools.HttpParserError as exc:
            self._fail(httpx.RemoteProtocolError(f"the upstream's answer is not HTTP/1.1: {exc}"))
            self.close()

    def _until_closed(self) -> bool:
        if not self._headers_done or self._answer is None or self._answer.done():
            return False
        names = {name.lower(): value.lower() for name, value in self._headers}
        return "content-length" not in names and "chunked" not in names.get("transfer-encoding", "")

    # httptools callbacks
    def on_header(self, name: bytes, value: bytes) -> None:
        self._headers.append((name.decode("latin-1"), value.decode("latin-1")))

    def on_headers_complete(self) -> None:
        self._headers_done = self._parser.get_status_code() >= 200

    def on_body(self, body: bytes) -> None:
        self._body.append(body)

    def on_message_complete(self) -> None:
        status = self._parser.get_status_code()
        if status < 200:  # an interim answer (100 Continue, 103 Early Hints): the real one follows
            self._headers = []
            self._body = []
            return
        self._headers_done = False
        headers = CIMultiDictProxy(CIMultiDict(self._headers))
        body = b"".join(self._body)
        encoding = headers.get("content-encoding", "").strip().lower()
        self.keep_alive = self._parser.should_keep_alive()
        answer = self._answer
        if answer is None or answer.done():
            return
        try:
            if encoding in ("gzip", "deflate"):
                body = _decoded(encoding, body)
        except httpx.DecodingError as exc:
            answer.set_exception(exc)
            return
        answer.set_result(WireAnswer(status, headers, body))

    # calls
    async def exchange(self, request: bytes, read_timeout: float) -> WireAnswer:
        """Send `request` and read its answer; no byte of it for `read_timeout` seconds fails it."""
        assert self._transport is not None and self._answer is None
        answer: asyncio.Future[WireAnswer] = self._loop.create_future()
        self._answer = answer
        self._headers = []
        self._body = []
        self._received = False
        self._headers_done = False
        self.keep_alive = False
        self._read_timeout = read_timeout
        self._last_read = self._loop.time()
        self._timer = self._loop.call_at(self._last_read + read_timeout, self._check_read)
        try:
            self._transport.write(request)
            return await answer
        finally:
            self._answer = None
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None

    def _check_read(self) -> None:
        # One timer an exchange, moved on lazily: each read only notes its time.
        self._timer = None
        due = self._last_read + self._read_timeout
        if self._loop.time() < due:
            self._timer = self._loop.call_at(due, self._check_read)
            return
        self._fail(httpx.ReadTimeout(f"no answer from the upstream within {self._read_timeout} s"))
        self.close()

    def _fail(self, exc: Exception) -> None:
        if self._answer is not None and not self._answer.done():
            self._answer.set_exception(exc)

    def close(self) -> None:
        self.closed = True
        if self._transport is not None:
            self._transport.close()


class ConnectionPool:
    """Connections to one upstream's origin (`base_url`), with its fixed headers, TLS and time-outs."""

    def __init__(
        self,
        base_url: str,
        *,
        headers: dict[str, str] | None = None,
        tls: ssl.SSLContext | None = None,
        connect_timeout: float | None = None,
        read_timeout: float | None = None,
        max_connections: int = 100,
        keepalive_expiry: float = 30.0,
    ) -> None:
        parts = urlsplit(base_url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(f"not an http(s) URL: {base_url!r}")
        self.base_url = base_url
        secure = parts.scheme == "https"
        self._host = parts.hostname
        self._port = parts.port or (443 if secure else 80)
        self._tls: ssl.SSLContext | None = (tls or ssl.create_default_context()) if secure else None
        self._connect_timeout = connect_timeout
        self._read_timeout = read_timeout if read_timeout is not None else 300.0
        self._max = max_connections
        self._expiry = keepalive_expiry
        authority = parts.netloc.rpartition("@")[2]  # never a user:password part in the Host header
        fixed = {"Host": authority, "User-Agent": "gateway", "Accept-Encoding": "gzip, deflate", **(headers or {})}
        self._fixed_head = "".join(f"{_header_line(name, value)}" for name, value in fixed.items()).encode("latin-1")
        self._idle: list[Connection] = []
        self._open = 0  # open or opening, idle included
        self._waiters: deque[asyncio.Future[None]] = deque()
        self._closed = False
        self._loop: asyncio.AbstractEventLoop | None = None  # the loop its connections belong to

    async def send(self, method: str, target: bytes, content: bytes | None, headers: dict[str, str]) -> WireAnswer:
        """Send one request for `target` (the path and query, as sent) and read the whole answer."""
        verb = method.upper().encode("ascii")
        if verb == b"HEAD":  # its answer's length would describe a body that never comes; nobody sends one
            raise httpx.UnsupportedProtocol("HEAD is not sent to upstreams")
        head = [verb, b" ", target, b" HTTP/1.1\r\n", self._fixed_head]
        for name, value in headers.items():
            head.append(_header_line(name, value).encode("latin-1"))
        if content is not None or verb != b"GET":
            head.append(b"Content-Length: %d\r\n" % len(content or b""))
        head.append(b"\r\n")
        if content:
            head.append(content)
        request = b"".join(head)
        while True:
            connection, reused = await self._acquire()
            reusable = False
            try:
                answer = await connection.exchange(request, self._read_timeout)
                reusable = connection.keep_alive
                return answer
            except _Unanswered:
                # The upstream closed a kept-alive connection as this request went out: sent again
                # on a fresh one when it is safe to repeat, as browsers and aiohttp do.
                if reused and verb in IDEMPOTENT:
                    continue
                raise httpx.RemoteProtocolError("the upstream closed the connection without answering") from None
            finally:
                self._release(connection, reusable)

    async def _acquire(self) -> tuple[Connection, bool]:
        if self._closed:
            raise httpx.ConnectError("the connection pool is closed")
        loop = asyncio.get_running_loop()
        if loop is not self._loop:
            self._adopt(loop)
        while True:
            now = loop.time()
            while self._idle:
                connection = self._idle.pop()
                if not connection.closed and now - connection.idle_since < self._expiry:
                    return connection, True
                connection.close()
                self._open -= 1
            if self._open < self._max:
                break
            waiter = loop.create_future()
            self._waiters.append(waiter)
            try:
                await waiter
            except BaseException:
                if waiter.done() and not waiter.cancelled():
                    self._wake_one()  # our turn came as we were cancelled: hand it on
                raise
        self._open += 1
        try:
            return await self._connect(loop), False
        except BaseException:
            self._open -= 1
            self._wake_one()
            raise

    async def _connect(self, loop: asyncio.AbstractEventLoop) -> Connection:
        connection = Connection(loop)
        try:
            async with asyncio.timeout(self._connect_timeout):
                await loop.create_connection(
                    lambda: connection,
                    self._host,
                    self._port,
                    ssl=self._tls,
                    server_hostname=self._host if self._tls else None,
                )
        except TimeoutError as exc:
            connection.close()
            raise httpx.ConnectTimeout(
                f"no connection to {self._host}:{self._port} within {self._connect_timeout} s"
            ) from exc
        except (OSError, ssl.SSLError) as exc:
            connection.close()
            raise httpx.ConnectError(f"could not connect to {self._host}:{self._port}: {exc}") from exc
        return connection

    def _adopt(self, loop: asyncio.AbstractEventLoop) -> None:
        """Start afresh on `loop`: a connection serves the loop it was opened on only (the
        gateway runs one loop a process; a test client may start a new one per test)."""
        for connection in self._idle:
            with contextlib.suppress(RuntimeError):  # its loop is closed already, and the socket with it
                connection.close()
        self._idle = []
        self._open = 0
        self._waiters = deque()
        self._loop = loop

    def _release(self, connection: Connection, reusable: bool) -> None:
        if connection.loop is not self._loop:  # opened before the pool moved to another loop
            with contextlib.suppress(RuntimeError):
                connection.close()
            return
        if reusable and not connection.closed and not self._closed:
            connection.idle_since = asyncio.get_running_loop().time()
            self._idle.append(connection)
        else:
            connection.close()
            self._open -= 1
        self._wake_one()

    def _wake_one(self) -> None:
        while self._waiters:
            waiter = self._waiters.popleft()
            if not waiter.done():
                waiter.set_result(None)
                return

    async def aclose(self) -> None:
        self._closed = True
        while self._idle:
            self._idle.pop().close()
            self._open -= 1
        while self._waiters:
            waiter = self._waiters.popleft()
            if not waiter.done():
                waiter.set_exception(httpx.ConnectError("the connection pool is closed"))


def _header_line(name: str, value: str) -> str:
    """One header line; a name or value that would end the line early (CR, LF, NUL) is refused,
    so no caller's value can add a header or a request of its own."""
    if name.translate(_FORBIDDEN_IN_HEADERS) != name or ":" in name or value.translate(_FORBIDDEN_IN_HEADERS) != value:
        raise httpx.LocalProtocolError(f"header {name!r} holds a character a header cannot carry")
    return f"{name}: {value}\r\n"
