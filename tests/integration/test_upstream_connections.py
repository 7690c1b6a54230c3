"""The gateway's kept-alive connections to an upstream, against scripted servers on loopback:
what the upstream sees (connections opened, requests on each) and what the caller gets back,
on asyncio's event loop and on uvloop's."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass, field

import httpx
import pytest

from gateway.upstreams.connections import ConnectionPool

both_loops = pytest.mark.asyncio(loop_factories=["asyncio", "uvloop"])

OK = b'{"statusCode":200}'


def answer(body: bytes = OK, *, extra: bytes = b"") -> bytes:
    return b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n%s\r\n%s" % (
        len(body),
        extra,
        body,
    )


@dataclass
class Upstream:
    """A server that reads each request's head (and its Content-Length body) and lets `script`
    decide, per request, what to write back: bytes (after which `Connection: close` closes the
    connection, as a server does), or None to close the connection unanswered."""

    script: Callable[[int, int, bytes], Awaitable[bytes | None]]
    connections: int = 0
    requests: list[tuple[int, bytes]] = field(default_factory=list)  # (connection number, request)
    url: str = ""
    handlers: set[asyncio.Task[None]] = field(default_factory=set)

    async def stop(self) -> None:
        for task in self.handlers:
            task.cancel()
        await asyncio.gather(*self.handlers, return_exceptions=True)

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.handlers.add(asyncio.current_task())  # type: ignore[arg-type]
        self.connections += 1
        number, nth = self.connections, 0
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                length = next(
                    (
                        int(line.split(b":")[1])
                        for line in head.split(b"\r\n")
                        if line.lower().startswith(b"content-length")
                    ),
                    0,
                )
                request = head + (await reader.readexactly(length) if length else b"")
                nth += 1
                self.requests.append((number, request))
                reply = await self.script(number, nth, request)
                if reply is None:
                    break
                writer.write(reply)
                await writer.drain()
                if b"\r\nConnection: close\r\n" in reply.partition(b"\r\n\r\n")[0] + b"\r\n":
                    break
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()


@pytest.fixture
async def serve() -> AsyncIterator[
    Callable[[Callable[[int, int, bytes], Awaitable[bytes | None]]], Awaitable[Upstream]]
]:
    servers: list[tuple[asyncio.Server, Upstream]] = []

    async def start(script: Callable[[int, int, bytes], Awaitable[bytes | None]]) -> Upstream:
        upstream = Upstream(script)
        server = await asyncio.start_server(upstream.handle, "127.0.0.1", 0)
        servers.append((server, upstream))
        upstream.url = f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}/api/"
        return upstream

    yield start
    for server, upstream in servers:
        server.close()
        await upstream.stop()


@pytest.fixture
def serve_sync() -> Iterator[Callable[[], Upstream]]:
    """An always-answering upstream on a loop of its own, in a thread, for tests that run loops themselves."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    servers: list[tuple[asyncio.Server, Upstream]] = []

    def start() -> Upstream:
        upstream = Upstream(always_ok)
        server = asyncio.run_coroutine_threadsafe(asyncio.start_server(upstream.handle, "127.0.0.1", 0), loop).result(5)
        servers.append((server, upstream))
        upstream.url = f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}/api/"
        return upstream

    yield start
    for server, upstream in servers:
        loop.call_soon_threadsafe(server.close)
        asyncio.run_coroutine_threadsafe(upstream.stop(), loop).result(5)
    loop.call_soon_threadsafe(loop.stop)
    thread.join(5)
    loop.close()


async def always_ok(connection: int, nth: int, request: bytes) -> bytes | None:
    return answer()


@both_loops
async def test_calls_one_after_another_share_one_kept_alive_connection(
    serve: Callable[..., Awaitable[Upstream]],
) -> None:
    upstream = await serve(always_ok)
    pool = ConnectionPool(upstream.url)
    for _ in range(3):
        assert (await pool.send("GET", b"/api/products", None, {})).content == OK
    assert [connection for connection, _ in upstream.requests] == [1, 1, 1]
    await pool.aclose()


@both_loops
async def test_more_calls_at_once_than_connections_allowed_wait_their_turn(
    serve: Callable[..., Awaitable[Upstream]],
) -> None:
    async def slowly(connection: int, nth: int, request: bytes) -> bytes | None:
        await asyncio.sleep(0.02)
        return answer()

    upstream = await serve(slowly)
    pool = ConnectionPool(upstream.url, max_connections=2)
    answers = await asyncio.gather(*(pool.send("GET", b"/api/products", None, {}) for _ in range(10)))
    assert [a.status_code for a in answers] == [200] * 10
    assert upstream.connections == 2
    await pool.aclose()


@both_loops
async def test_a_get_on_a_connection_the_upstream_closed_unanswered_is_sent_again_on_a_fresh_one(
    serve: Callable[..., Awaitable[Upstream]],
) -> None:
    async def closes_on_the_second_request(connection: int, nth: int, request: bytes) -> bytes | None:
        return None if nth == 2 else answer()

    upstream = await serve(closes_on_the_second_request)
    pool = ConnectionPool(upstream.url)
    await pool.send("GET", b"/api/products", None, {})
    assert (await pool.send("GET", b"/api/products", None, {})).content == OK
    assert [connection for connection, _ in upstream.requests] == [1, 1, 2]
    await pool.aclose()


@both_loops
async def test_a_post_is_never_sent_twice(serve: Callable[..., Awaitable[Upstream]]) -> None:
    async def closes_on_the_second_request(connection: int, nth: int, request: bytes) -> bytes | None:
        return None if nth == 2 else answer()

    upstream = await serve(closes_on_the_second_request)
    pool = ConnectionPool(upstream.url)
    await pool.send("GET", b"/api/products", None, {})
    with pytest.raises(httpx.RemoteProtocolError):
        await pool.send("POST", b"/api/cart", b"{}", {"Content-Type": "application/json"})
    assert [request.split(b" ")[0] for _, request in upstream.requests] == [b"GET", b"POST"]
    await pool.aclose()


@both_loops
async def test_a_connection_the_upstream_closed_while_idle_is_not_reused(
    serve: Callable[..., Awaitable[Upstream]],
) -> None:
    async def one_answer_a_connection(connection: int, nth: int, request: bytes) -> bytes | None:
        return answer(extra=b"Connection: close\r\n")

    upstream = await serve(one_answer_a_connection)
    pool = ConnectionPool(upstream.url)
    for _ in range(2):
        await pool.send("POST", b"/api/cart", b"{}", {})
    assert [connection for connection, _ in upstream.requests] == [1, 2]
    await pool.aclose()


@both_loops
async def test_a_request_carries_its_method_target_headers_and_body(serve: Callable[..., Awaitable[Upstream]]) -> None:
    upstream = await serve(always_ok)
    pool = ConnectionPool(upstream.url, headers={"X-Api-Key": "k"})
    await pool.send("POST", b"/api/cart?userId=7", b'{"q":1}', {"Authorization": "Bearer t"})
    head, _, body = upstream.requests[0][1].partition(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    headers = {k.lower(): v.strip() for k, _, v in (line.partition(b":") for line in lines[1:])}
    assert lines[0] == b"POST /api/cart?userId=7 HTTP/1.1"
    assert headers[b"host"] == upstream.url.split("/")[2].encode()
    assert (headers[b"x-api-key"], headers[b"authorization"], headers[b"content-length"]) == (b"k", b"Bearer t", b"7")
    assert body == b'{"q":1}'
    await pool.aclose()


@both_loops
@pytest.mark.parametrize(
    "reply",
    [
        b'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{"sta\r\nd\r\ntusCode":200}\r\n0\r\n\r\n',
        b"HTTP/1.1 100 Continue\r\n\r\n" + answer(),
        b"HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n" + OK,  # no length: the body ends with the connection
    ],
    ids=["chunked", "after 100 Continue", "ended by closing"],
)
async def test_every_way_http_frames_an_answer_is_read_whole(
    serve: Callable[..., Awaitable[Upstream]], reply: bytes
) -> None:
    async def framed(connection: int, nth: int, request: bytes) -> bytes | None:
        return reply

    pool = ConnectionPool((await serve(framed)).url)
    answered = await pool.send("GET", b"/api/x", None, {})
    assert json.loads(answered.content) == {"statusCode": 200}
    await pool.aclose()


@both_loops
async def test_an_answer_that_is_not_http_fails_as_a_protocol_error(serve: Callable[..., Awaitable[Upstream]]) -> None:
    async def garbage(connection: int, nth: int, request: bytes) -> bytes | None:
        return b"SSH-2.0-OpenSSH_9.2\r\n\r\n"

    pool = ConnectionPool((await serve(garbage)).url)
    with pytest.raises(httpx.RemoteProtocolError):
        await pool.send("GET", b"/api/x", None, {})
    await pool.aclose()


@both_loops
async def test_a_header_value_that_would_end_its_line_is_refused_before_anything_is_sent(
    serve: Callable[..., Awaitable[Upstream]],
) -> None:
    upstream = await serve(always_ok)
    pool = ConnectionPool(upstream.url)
    with pytest.raises(httpx.LocalProtocolError):
        await pool.send("GET", b"/api/x", None, {"Authorization": "Bearer t\r\nX-Admin: yes"})
    assert upstream.requests == []
    await pool.aclose()


@both_loops
async def test_a_call_given_up_on_leaves_the_pool_serving(serve: Callable[..., Awaitable[Upstream]]) -> None:
    async def first_never_answered(connection: int, nth: int, request: bytes) -> bytes | None:
        if connection == 1:
            await asyncio.sleep(5)
        return answer()

    upstream = await serve(first_never_answered)
    pool = ConnectionPool(upstream.url, max_connections=1)
    with pytest.raises(TimeoutError):
        async with asyncio.timeout(0.1):  # the caller's deadline
            await pool.send("GET", b"/api/x", None, {})
    assert (await pool.send("GET", b"/api/x", None, {})).content == OK  # on a new connection: the old one is closed
    assert upstream.connections == 2
    await pool.aclose()


@both_loops
async def test_no_byte_of_an_answer_within_the_read_time_out_is_a_read_time_out(
    serve: Callable[..., Awaitable[Upstream]],
) -> None:
    async def silent(connection: int, nth: int, request: bytes) -> bytes | None:
        await asyncio.sleep(5)
        return answer()

    pool = ConnectionPool((await serve(silent)).url, read_timeout=0.1)
    loop = asyncio.get_running_loop()
    started = loop.time()
    with pytest.raises(httpx.ReadTimeout):
        await pool.send("GET", b"/api/x", None, {})
    assert loop.time() - started < 1
    await pool.aclose()


def test_a_pool_used_from_a_new_event_loop_opens_connections_on_it(serve_sync: Callable[[], Upstream]) -> None:
    """A test client may run each test on a loop of its own: connections opened on an earlier
    (now closed) loop are never reused on the next one."""
    upstream = serve_sync()
    pool = ConnectionPool(upstream.url)
    for _ in range(2):
        answered = asyncio.run(asyncio.wait_for(pool.send("GET", b"/api/x", None, {}), 5))
        assert answered.content == OK
    assert upstream.connections == 2
