"""The wire under network upstreams (`gateway.upstreams.connections`), against a real server on
loopback: the same requests and the same failures as the httpx client it stands in for, on
asyncio's own event loop and on uvloop's (the one the gateway is served on)."""

from __future__ import annotations

import asyncio
import gzip
import json
import socket
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

import httpx
import msgspec
import pytest
from aiohttp import web
from purgatory import AsyncCircuitBreakerFactory

from gateway.errors import UpstreamRefused, UpstreamUnavailable
from gateway.settings import Settings
from gateway.upstreams.credentials import OAuthClientCredentials, UpstreamCredentials
from gateway.upstreams.envelope import Envelope
from gateway.upstreams.http import UpstreamHttp, build_upstreams, close_upstreams

pytestmark = pytest.mark.asyncio(loop_factories=["asyncio", "uvloop"])


class Item(msgspec.Struct):
    name: str


@dataclass
class Seen:
    requests: list[web.Request] = field(default_factory=list)
    bodies: list[bytes] = field(default_factory=list)


@dataclass
class Server:
    base_url: str
    seen: Seen


SEEN = web.AppKey("seen", Seen)


async def answer(request: web.Request) -> web.StreamResponse:
    seen = request.app[SEEN]
    seen.requests.append(request)
    seen.bodies.append(await request.read())
    kind = request.match_info["kind"]
    if kind == "slow":
        await asyncio.sleep(2)
    if kind == "broken":
        return web.Response(status=503, text="down")
    if kind == "refused":
        return web.json_response({"statusCode": 400, "message": "No such mobile number"}, status=400)
    if kind == "gzip":
        body = gzip.compress(json.dumps({"statusCode": 200, "data": {"name": "packed"}}).encode())
        return web.Response(body=body, headers={"Content-Encoding": "gzip", "Content-Type": "application/json"})
    response = web.json_response({"statusCode": 200, "data": {"name": kind}})
    response.set_cookie("upstream", f"for-{request.query.get('userId', 'nobody')}")
    return response


@pytest.fixture
async def server() -> AsyncIterator[Server]:
    app = web.Application()
    app[SEEN] = Seen()
    app.router.add_route("*", "/api/{kind}", answer)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    yield Server(f"http://127.0.0.1:{port}/api", app[SEEN])
    await runner.cleanup()


def settings_for(url: str, credentials: UpstreamCredentials | None = None, **overrides: object) -> Settings:
    base = Settings.from_env({})
    return msgspec.structs.replace(
        base,
        catalogue_url=url,
        credentials={"catalogue": credentials} if credentials else {},
        **overrides,
    )


@pytest.fixture
async def catalogue(server: Server) -> AsyncIterator[UpstreamHttp]:
    credentials = UpstreamCredentials(headers={"X-Api-Key": "secret-key"})
    pool = build_upstreams(settings_for(server.base_url, credentials), local=local_others())
    yield pool["catalogue"]
    await close_upstreams(pool)


def local_others() -> dict[str, httpx.AsyncClient]:
    return {name: httpx.AsyncClient(base_url="http://unused.test/") for name in ("lending", "mail", "orders")}


async def test_a_network_upstream_without_oauth_goes_over_the_wire(catalogue: UpstreamHttp) -> None:
    assert catalogue.wire is not None


async def test_an_oauth_upstream_keeps_authlibs_client(server: Server) -> None:
    oauth = OAuthClientCredentials(token_url="http://127.0.0.1:9/token", client_id="id", client_secret="secret")
    pool = build_upstreams(settings_for(server.base_url, UpstreamCredentials(oauth=oauth)), local=local_others())
    assert pool["catalogue"].wire is None
    await close_upstreams(pool)


async def test_a_get_sends_its_query_token_and_fixed_headers(catalogue: UpstreamHttp, server: Server) -> None:
    query: dict[str, str | int] = {"search": "fan & light", "page": 2}
    answer = await catalogue.call("GET", "products", Envelope[Item], failure="x", code="x", params=query, token="t-1")
    assert answer.data == Item(name="products")
    request = server.seen.requests[-1]
    assert request.path == "/api/products"
    assert dict(request.query) == {"search": "fan & light", "page": "2"}
    assert request.headers["Authorization"] == "Bearer t-1"
    assert request.headers["X-Api-Key"] == "secret-key"


async def test_a_post_sends_its_json_body(catalogue: UpstreamHttp, server: Server) -> None:
    await catalogue.call("POST", "cart", Envelope[Item], failure="x", code="x", json={"productId": 7, "quantity": 2})
    assert server.seen.requests[-1].method == "POST"
    assert server.seen.requests[-1].headers["Content-Type"] == "application/json"
    assert json.loads(server.seen.bodies[-1]) == {"productId": 7, "quantity": 2}


async def test_a_compressed_answer_is_read_as_sent(catalogue: UpstreamHttp) -> None:
    answer = await catalogue.call("GET", "gzip", Envelope[Item], failure="x", code="x")
    assert answer.data == Item(name="packed")


async def test_a_refusal_carries_the_upstreams_message(catalogue: UpstreamHttp) -> None:
    with pytest.raises(UpstreamRefused) as caught:
        await catalogue.call("POST", "refused", Envelope[Item], failure="x", code="login_failed")
    assert caught.value.status == 400
    assert str(caught.value) == "No such mobile number"


async def test_a_cookie_an_upstream_sets_is_never_sent_on_later_calls(catalogue: UpstreamHttp, server: Server) -> None:
    await catalogue.request("GET", "cart", params={"userId": 1}, token="user-1")
    await catalogue.request("GET", "cart", params={"userId": 2}, token="user-2")
    assert "Cookie" not in server.seen.requests[-1].headers


async def test_a_5xx_answer_is_unavailable(catalogue: UpstreamHttp) -> None:
    with pytest.raises(UpstreamUnavailable) as caught:
        await catalogue.request("GET", "broken")
    assert caught.value.status == 503


async def test_a_slow_upstream_is_unavailable_within_the_read_time_out(server: Server) -> None:
    settings = settings_for(server.base_url, upstream_read_timeout=0.2, upstream_deadline=0.5)
    pool = build_upstreams(settings, local=local_others())
    started = time.monotonic()
    with pytest.raises(UpstreamUnavailable):
        await pool["catalogue"].request("POST", "slow")  # not retried
    assert time.monotonic() - started < 1.5
    await close_upstreams(pool)


async def test_a_refused_connection_is_retried_then_unavailable() -> None:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    pool = build_upstreams(settings_for(f"http://127.0.0.1:{port}/api"), local=local_others())
    upstream = pool["catalogue"]
    upstream.breakers = AsyncCircuitBreakerFactory(default_threshold=10)
    with pytest.raises(UpstreamUnavailable) as caught:
        await upstream.request("GET", "products")
    assert caught.value.message == "The service is not reachable right now. Please try again later."
    await close_upstreams(pool)


async def test_each_answer_is_timed_for_the_metrics(catalogue: UpstreamHttp) -> None:
    seen: list[tuple[int, float]] = []
    catalogue.observe = lambda status, seconds: seen.append((status, seconds))
    await catalogue.request("GET", "products")
    with pytest.raises(UpstreamUnavailable):
        await catalogue.request("GET", "broken")
    assert [status for status, _ in seen] == [200, 503]
    assert all(0 < seconds < 5 for _, seconds in seen)
