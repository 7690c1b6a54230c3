"""Network upstreams through the gateway's one client (`UpstreamHttp`, an httpx client on pyreqwest's transport,
as `build_upstreams` builds it), against scripted servers on loopback: what the upstream sees
(connections opened, requests on each, what each carries) and what the caller gets back, for
well-behaved and faulty upstreams, on asyncio's event loop and on uvloop's (the one the gateway
is served on)."""

from __future__ import annotations

import asyncio
import gzip
import json
import socket
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from urllib.parse import parse_qsl, urlsplit

import httpx
import msgspec
import pytest
from purgatory import AsyncCircuitBreakerFactory

from gateway.plumbing.errors import UpstreamRefused, UpstreamUnavailable
from gateway.settings import Settings
from gateway.upstreams.credentials import (
    ClientCredentialsClient,
    OAuthClientCredentials,
    UpstreamCredentials,
)
from gateway.upstreams.envelope import Envelope
from gateway.upstreams.http import UpstreamHttp, build_upstreams, close_upstreams

pytestmark = pytest.mark.asyncio(loop_factories=["asyncio", "uvloop"])

OK = b'{"statusCode":200}'
UNAVAILABLE = "The service is not reachable right now. Please try again later."


class Item(msgspec.Struct):
    name: str


def answer(body: bytes = OK, *, extra: bytes = b"", status: bytes = b"200 OK") -> bytes:
    return b"HTTP/1.1 %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n%s\r\n%s" % (
        status,
        len(body),
        extra,
        body,
    )


@dataclass
class Request:
    """One request as the upstream read it."""

    method: str
    target: str
    headers: dict[str, str]  # names in lower case
    body: bytes
    names: list[str] = field(default_factory=list)  # every header line's name, in lower case, in order

    @property
    def path(self) -> str:
        return urlsplit(self.target).path

    @property
    def query(self) -> dict[str, str]:
        return dict(parse_qsl(urlsplit(self.target).query))

    @classmethod
    def read(cls, head: bytes, body: bytes) -> Request:
        lines = head.decode("latin-1").split("\r\n")
        method, target, _ = lines[0].split(" ", 2)
        fields = [(k.strip().lower(), v.strip()) for k, _, v in (line.partition(":") for line in lines[1:] if line)]
        return cls(method, target, dict(fields), body, [name for name, _ in fields])


Script = Callable[[int, int, Request], Awaitable[bytes | None]]


@dataclass
class Upstream:
    """A server that reads each request's head (and its Content-Length body) and lets `script`
    decide, per request, what to write back: bytes (after which `Connection: close` closes the
    connection, as a server does), or None to close the connection unanswered."""

    script: Script
    connections: int = 0
    requests: list[tuple[int, Request]] = field(default_factory=list)  # (connection number, request)
    url: str = ""
    handlers: set[asyncio.Task[None]] = field(default_factory=set)

    @property
    def last(self) -> Request:
        return self.requests[-1][1]

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
                head = (await reader.readuntil(b"\r\n\r\n"))[:-4]
                request = Request.read(head, b"")
                length = int(request.headers.get("content-length", "0"))
                request.body = await reader.readexactly(length) if length else b""
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
async def serve() -> AsyncIterator[Callable[[Script], Awaitable[Upstream]]]:
    servers: list[tuple[asyncio.Server, Upstream]] = []

    async def start(script: Script) -> Upstream:
        upstream = Upstream(script)
        server = await asyncio.start_server(upstream.handle, "127.0.0.1", 0)
        servers.append((server, upstream))
        upstream.url = f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}/api/"
        return upstream

    yield start
    for server, upstream in servers:
        server.close()
        await upstream.stop()


async def always_ok(connection: int, nth: int, request: Request) -> bytes | None:
    return answer()


def settings_for(url: str, credentials: UpstreamCredentials | None = None, **overrides: object) -> Settings:
    base = Settings.from_env({})
    return msgspec.structs.replace(
        base, catalogue_url=url, credentials={"catalogue": credentials} if credentials else {}, **overrides
    )


def local_others() -> dict[str, httpx.AsyncClient]:
    others = ("lending", "mail", "orders", "payments", "payouts")
    return {name: httpx.AsyncClient(base_url="http://unused.test/") for name in others}


@pytest.fixture
async def upstreams() -> AsyncIterator[Callable[..., UpstreamHttp]]:
    """The catalogue's client as the gateway builds it, for an upstream at `url`."""
    built: list[dict[str, UpstreamHttp]] = []

    def build(url: str, credentials: UpstreamCredentials | None = None, **overrides: object) -> UpstreamHttp:
        pool = build_upstreams(settings_for(url, credentials, **overrides), local=local_others())
        built.append(pool)
        return pool["catalogue"]

    yield build
    for pool in built:
        await close_upstreams(pool)


async def test_every_network_upstream_is_an_httpx_client_and_an_oauth_one_authlibs(
    upstreams: Callable[..., UpstreamHttp],
) -> None:
    plain = upstreams("http://127.0.0.1:9/api/")
    oauth = OAuthClientCredentials(token_url="http://127.0.0.1:9/token", client_id="id", client_secret="secret")
    signed = upstreams("http://127.0.0.1:9/api/", UpstreamCredentials(oauth=oauth))
    assert type(plain.client) is httpx.AsyncClient
    assert isinstance(signed.client, ClientCredentialsClient)


async def test_calls_one_after_another_share_one_kept_alive_connection(
    serve: Callable[[Script], Awaitable[Upstream]], upstreams: Callable[..., UpstreamHttp]
) -> None:
    upstream = await serve(always_ok)
    client = upstreams(upstream.url)
    for _ in range(3):
        assert (await client.request("GET", "products")).content == OK
    assert [connection for connection, _ in upstream.requests] == [1, 1, 1]


async def test_calls_at_once_all_answer_and_their_connections_are_kept_for_the_next_ones(
    serve: Callable[[Script], Awaitable[Upstream]], upstreams: Callable[..., UpstreamHttp]
) -> None:
    async def slowly(connection: int, nth: int, request: Request) -> bytes | None:
        await asyncio.sleep(0.02)
        return answer()

    upstream = await serve(slowly)
    client = upstreams(upstream.url)
    for _ in range(3):
        answers = await asyncio.gather(*(client.request("GET", "products") for _ in range(10)))
        assert [a.status_code for a in answers] == [200] * 10
    assert len(upstream.requests) == 30
    assert upstream.connections <= 10


async def test_a_get_on_a_connection_the_upstream_closed_unanswered_is_sent_again_on_a_fresh_one(
    serve: Callable[[Script], Awaitable[Upstream]], upstreams: Callable[..., UpstreamHttp]
) -> None:
    async def closes_on_the_second_request(connection: int, nth: int, request: Request) -> bytes | None:
        return None if nth == 2 else answer()

    upstream = await serve(closes_on_the_second_request)
    client = upstreams(upstream.url)
    await client.request("GET", "products")
    assert (await client.request("GET", "products")).content == OK
    assert [connection for connection, _ in upstream.requests] == [1, 1, 2]


async def test_a_post_is_never_sent_twice(
    serve: Callable[[Script], Awaitable[Upstream]], upstreams: Callable[..., UpstreamHttp]
) -> None:
    async def closes_on_the_second_request(connection: int, nth: int, request: Request) -> bytes | None:
        return None if nth == 2 else answer()

    upstream = await serve(closes_on_the_second_request)
    client = upstreams(upstream.url)
    await client.request("GET", "products")
    with pytest.raises(UpstreamUnavailable):
        await client.request("POST", "cart", json={})
    assert [request.method for _, request in upstream.requests] == ["GET", "POST"]


async def test_a_connection_the_upstream_closed_while_idle_is_not_reused(
    serve: Callable[[Script], Awaitable[Upstream]], upstreams: Callable[..., UpstreamHttp]
) -> None:
    async def one_answer_a_connection(connection: int, nth: int, request: Request) -> bytes | None:
        return answer(extra=b"Connection: close\r\n")

    upstream = await serve(one_answer_a_connection)
    client = upstreams(upstream.url)
    for _ in range(2):
        await client.request("POST", "cart", json={})
    assert [connection for connection, _ in upstream.requests] == [1, 2]


async def test_a_get_sends_its_query_token_and_fixed_headers(
    serve: Callable[[Script], Awaitable[Upstream]], upstreams: Callable[..., UpstreamHttp]
) -> None:
    async def named(connection: int, nth: int, request: Request) -> bytes | None:
        return answer(b'{"statusCode":200,"data":{"name":"products"}}')

    upstream = await serve(named)
    client = upstreams(upstream.url, UpstreamCredentials(headers={"X-Api-Key": "secret-key"}))
    query: dict[str, str | int] = {"search": "fan & light", "page": 2}
    answered = await client.call("GET", "products", Envelope[Item], failure="x", code="x", params=query, token="t-1")
    assert answered.data == Item(name="products")
    request = upstream.last
    assert (request.method, request.path, request.query) == (
        "GET",
        "/api/products",
        {"search": "fan & light", "page": "2"},
    )
    assert request.headers["authorization"] == "Bearer t-1"
    assert request.headers["x-api-key"] == "secret-key"
    assert request.headers["host"] == upstream.url.split("/")[2]


async def test_a_post_sends_its_json_body(
    serve: Callable[[Script], Awaitable[Upstream]], upstreams: Callable[..., UpstreamHttp]
) -> None:
    upstream = await serve(always_ok)
    client = upstreams(upstream.url)
    await client.request("POST", "cart", params={"userId": 7}, json={"productId": 7, "quantity": 2})
    request = upstream.last
    assert (request.method, request.target) == ("POST", "/api/cart?userId=7")
    assert request.headers["content-type"] == "application/json"
    assert request.headers["content-length"] == str(len(request.body))
    assert json.loads(request.body) == {"productId": 7, "quantity": 2}


async def test_a_post_without_a_body_says_so_and_a_calls_own_header_replaces_a_fixed_one(
    serve: Callable[[Script], Awaitable[Upstream]], upstreams: Callable[..., UpstreamHttp]
) -> None:
    upstream = await serve(always_ok)
    client = upstreams(upstream.url, UpstreamCredentials(headers={"X-Api-Key": "fixed-key"}))
    await client.request("POST", "cart/clear")
    await client.request("PUT", "cart", headers={"x-api-key": "the-calls-own"}, json={"quantity": 1})
    empty, own = (request for _, request in upstream.requests)
    assert (empty.headers["content-length"], empty.body) == ("0", b"")
    assert empty.headers["x-api-key"] == "fixed-key"
    assert own.headers["x-api-key"] == "the-calls-own"
    for request in (empty, own):
        assert sorted(request.names) == sorted(set(request.names)), request.names  # no header twice
        assert request.headers["user-agent"].startswith("python-httpx/")  # httpx's client's own, as ever


@pytest.mark.parametrize(
    "reply",
    [
        b'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{"sta\r\nd\r\ntusCode":200}\r\n0\r\n\r\n',
        b"HTTP/1.1 100 Continue\r\n\r\n" + answer(),
        b"HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n" + OK,  # no length: the body ends with the connection
        answer(gzip.compress(OK), extra=b"Content-Encoding: gzip\r\n"),
    ],
    ids=["chunked", "after 100 Continue", "ended by closing", "gzip"],
)
async def test_every_way_http_frames_an_answer_is_read_whole(
    serve: Callable[[Script], Awaitable[Upstream]], upstreams: Callable[..., UpstreamHttp], reply: bytes
) -> None:
    async def framed(connection: int, nth: int, request: Request) -> bytes | None:
        return reply

    client = upstreams((await serve(framed)).url)
    answered = await client.request("GET", "x")
    assert json.loads(answered.content) == {"statusCode": 200}


async def test_a_refusal_carries_our_words_and_the_upstreams_status(
    serve: Callable[[Script], Awaitable[Upstream]], upstreams: Callable[..., UpstreamHttp]
) -> None:
    async def refused(connection: int, nth: int, request: Request) -> bytes | None:
        return answer(b'{"statusCode":400,"message":"No such mobile number"}', status=b"400 Bad Request")

    client = upstreams((await serve(refused)).url)
    with pytest.raises(UpstreamRefused) as caught:
        await client.call("POST", "refused", Envelope[Item], failure="Our own words.", code="login_failed")
    assert caught.value.status == 400
    # The upstream's text goes to the log only (issue 29): what the browser may see is ours.
    assert str(caught.value) == "Our own words." and caught.value.code == "login_failed"


async def test_a_cookie_an_upstream_sets_is_never_sent_on_later_calls(
    serve: Callable[[Script], Awaitable[Upstream]], upstreams: Callable[..., UpstreamHttp]
) -> None:
    async def sets_a_cookie(connection: int, nth: int, request: Request) -> bytes | None:
        return answer(extra=f"Set-Cookie: upstream=for-{request.query.get('userId')}; Path=/\r\n".encode())

    upstream = await serve(sets_a_cookie)
    client = upstreams(upstream.url)
    await client.request("GET", "cart", params={"userId": 1}, token="user-1")
    await client.request("GET", "cart", params={"userId": 2}, token="user-2")
    assert "cookie" not in upstream.last.headers


async def test_a_5xx_answer_is_unavailable(
    serve: Callable[[Script], Awaitable[Upstream]], upstreams: Callable[..., UpstreamHttp]
) -> None:
    async def down(connection: int, nth: int, request: Request) -> bytes | None:
        return answer(b"down", status=b"503 Service Unavailable")

    client = upstreams((await serve(down)).url)
    with pytest.raises(UpstreamUnavailable) as caught:
        await client.request("GET", "broken")
    assert caught.value.status == 503


async def test_an_answer_that_is_not_http_is_unavailable(
    serve: Callable[[Script], Awaitable[Upstream]], upstreams: Callable[..., UpstreamHttp]
) -> None:
    async def garbage(connection: int, nth: int, request: Request) -> bytes | None:
        return b"SSH-2.0-OpenSSH_9.2\r\n\r\n"

    client = upstreams((await serve(garbage)).url)
    with pytest.raises(UpstreamUnavailable) as caught:
        await client.request("GET", "x")
    assert caught.value.message == UNAVAILABLE


async def test_a_header_value_that_would_end_its_line_is_refused_before_anything_is_sent(
    serve: Callable[[Script], Awaitable[Upstream]], upstreams: Callable[..., UpstreamHttp]
) -> None:
    upstream = await serve(always_ok)
    client = upstreams(upstream.url)
    with pytest.raises(UpstreamUnavailable):
        await client.request("GET", "x", headers={"X-Trace": "t\r\nX-Admin: yes"})
    assert upstream.requests == []


async def test_a_call_given_up_on_leaves_the_client_serving(
    serve: Callable[[Script], Awaitable[Upstream]], upstreams: Callable[..., UpstreamHttp]
) -> None:
    async def first_never_answered(connection: int, nth: int, request: Request) -> bytes | None:
        if connection == 1:
            await asyncio.sleep(5)
        return answer()

    upstream = await serve(first_never_answered)
    client = upstreams(upstream.url, upstream_deadline=0.1)
    with pytest.raises(UpstreamUnavailable) as caught:  # the request's deadline
        await client.request("GET", "x")
    assert caught.value.code == "upstream_timeout"
    assert (await client.request("GET", "x")).content == OK  # on a new connection: the old one is busy
    assert upstream.connections == 2


async def test_no_answer_within_the_read_time_out_is_unavailable_and_a_post_is_not_retried(
    serve: Callable[[Script], Awaitable[Upstream]], upstreams: Callable[..., UpstreamHttp]
) -> None:
    async def silent(connection: int, nth: int, request: Request) -> bytes | None:
        await asyncio.sleep(2)
        return answer()

    upstream = await serve(silent)
    client = upstreams(upstream.url, upstream_read_timeout=0.2, upstream_deadline=0.5)
    started = time.monotonic()
    with pytest.raises(UpstreamUnavailable):
        await client.request("POST", "slow")
    assert time.monotonic() - started < 1.5
    assert len(upstream.requests) == 1


async def test_a_refused_connection_is_retried_then_unavailable(upstreams: Callable[..., UpstreamHttp]) -> None:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    client = upstreams(f"http://127.0.0.1:{port}/api")
    client.breakers = AsyncCircuitBreakerFactory(default_threshold=10)
    with pytest.raises(UpstreamUnavailable) as caught:
        await client.request("GET", "products")
    assert caught.value.message == UNAVAILABLE


async def test_each_answer_is_timed_for_the_metrics(
    serve: Callable[[Script], Awaitable[Upstream]], upstreams: Callable[..., UpstreamHttp]
) -> None:
    async def second_is_broken(connection: int, nth: int, request: Request) -> bytes | None:
        return answer(b"down", status=b"503 Service Unavailable") if request.path.endswith("broken") else answer()

    client = upstreams((await serve(second_is_broken)).url)
    seen: list[tuple[int, float]] = []
    client.observe = lambda status, seconds: seen.append((status, seconds))
    await client.request("GET", "products")
    with pytest.raises(UpstreamUnavailable):
        await client.request("GET", "broken")
    assert [status for status, _ in seen] == [200, 503]
    assert all(0 < seconds < 5 for _, seconds in seen)


@pytest.mark.asyncio(loop_factories=["asyncio"])
async def test_a_client_used_from_a_new_event_loop_still_answers(
    serve: Callable[[Script], Awaitable[Upstream]],
) -> None:
    """A test client may run each test on a loop of its own: a client that called an upstream on
    an earlier (now closed) loop still answers on the next one."""
    upstream = await serve(always_ok)
    pool = build_upstreams(settings_for(upstream.url), local=local_others())

    def call_on_a_new_loop() -> bytes:
        async def call() -> bytes:
            return (await pool["catalogue"].request("GET", "x")).content

        return asyncio.run(asyncio.wait_for(call(), 5))

    answers = await asyncio.to_thread(lambda: [call_on_a_new_loop() for _ in range(2)])
    assert answers == [OK, OK]
    await close_upstreams(pool)
