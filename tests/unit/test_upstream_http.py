"""One upstream client's failure handling: time-outs, safe retries, 5xx, circuit breaker."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import httpx
import pytest
import respx
from purgatory import AsyncCircuitBreakerFactory

from gateway.plumbing.errors import UpstreamError, UpstreamUnavailable
from gateway.upstreams.envelope import Envelope
from gateway.upstreams.http import UpstreamHttp

BASE = "http://lending.test/api/"


@pytest.fixture
async def upstream() -> UpstreamHttp:
    client = httpx.AsyncClient(base_url=BASE, timeout=1)
    return UpstreamHttp("lending", client, AsyncCircuitBreakerFactory(default_threshold=3, default_ttl=60))


@respx.mock
async def test_a_get_is_retried_after_a_transport_error(upstream: UpstreamHttp) -> None:
    route = respx.get(f"{BASE}webRepayment/repaymentDetail").mock(
        side_effect=[httpx.ConnectError("refused"), httpx.Response(200, json={"statusCode": 200})]
    )
    answer = await upstream.request("GET", "webRepayment/repaymentDetail", params={"userId": 1})
    assert answer.status_code == 200
    assert route.call_count == 2


@respx.mock
async def test_a_post_is_not_retried(upstream: UpstreamHttp) -> None:
    route = respx.post(f"{BASE}webRepayment/cashFreeRequest").mock(side_effect=httpx.ConnectError("refused"))
    with pytest.raises(UpstreamUnavailable):
        await upstream.request("POST", "webRepayment/cashFreeRequest", json={"order_amount": 1})
    assert route.call_count == 1


@respx.mock
async def test_a_time_out_is_unavailable_with_a_clear_message(upstream: UpstreamHttp) -> None:
    respx.post(f"{BASE}sendOtp").mock(side_effect=httpx.ReadTimeout("slow"))
    with pytest.raises(UpstreamUnavailable) as caught:
        await upstream.request("POST", "sendOtp", json={"mobileNumber": "9876543210"})
    assert caught.value.status_code == 503
    assert "not reachable" in caught.value.message


@respx.mock
async def test_a_5xx_answer_is_unavailable(upstream: UpstreamHttp) -> None:
    respx.post(f"{BASE}sendOtp").mock(return_value=httpx.Response(502, text="bad gateway"))
    with pytest.raises(UpstreamUnavailable) as caught:
        await upstream.request("POST", "sendOtp", json={"mobileNumber": "9876543210"})
    assert caught.value.status == 502


@respx.mock
async def test_the_bearer_token_and_json_body_are_sent(upstream: UpstreamHttp) -> None:
    route = respx.post(f"{BASE}webRepayment/updatePaymentStatus").mock(return_value=httpx.Response(200, json={}))
    await upstream.request("POST", "webRepayment/updatePaymentStatus", json={"order_id": "o1"}, token="tok-1")
    sent = route.calls.last.request
    assert sent.headers["authorization"] == "Bearer tok-1"
    assert sent.headers["content-type"] == "application/json"
    assert sent.content == b'{"order_id":"o1"}'


@respx.mock
async def test_the_circuit_opens_after_repeated_failures_and_then_fails_fast(upstream: UpstreamHttp) -> None:
    route = respx.post(f"{BASE}sendOtp").mock(return_value=httpx.Response(503))
    for _ in range(3):
        with pytest.raises(UpstreamUnavailable):
            await upstream.request("POST", "sendOtp", json={})
    with pytest.raises(UpstreamUnavailable) as caught:
        await upstream.request("POST", "sendOtp", json={})
    assert caught.value.code == "circuit_open"
    assert route.call_count == 3  # the fourth call never left the gateway


@respx.mock
async def test_an_answer_of_the_wrong_shape_is_an_upstream_error(upstream: UpstreamHttp) -> None:
    respx.post(f"{BASE}sendOtp").mock(return_value=httpx.Response(200, json={"statusCode": "not a number"}))
    answer = await upstream.request("POST", "sendOtp", json={})
    with pytest.raises(UpstreamError) as caught:
        upstream.decode(answer, Envelope[None])
    assert caught.value.status_code == 502


@respx.mock
async def test_a_failing_endpoint_does_not_open_the_circuit_of_the_others(upstream: UpstreamHttp) -> None:
    respx.post(f"{BASE}sendOtp").mock(return_value=httpx.Response(503))
    other = respx.get(f"{BASE}webRepayment/repaymentDetail").mock(return_value=httpx.Response(200, json={}))
    for _ in range(4):
        with pytest.raises(UpstreamUnavailable):
            await upstream.request("POST", "sendOtp", json={})
    answer = await upstream.request("GET", "webRepayment/repaymentDetail", params={"userId": 1})
    assert answer.status_code == 200 and other.call_count == 1


@respx.mock
async def test_ids_in_a_path_share_one_circuit(upstream: UpstreamHttp) -> None:
    route = respx.get(url__regex=rf"{BASE}electrician/getCart/\d+").mock(return_value=httpx.Response(503))
    for user in (1, 2, 3):
        with pytest.raises(UpstreamUnavailable):
            await upstream.request("GET", f"electrician/getCart/{user}")
    with pytest.raises(UpstreamUnavailable) as caught:
        await upstream.request("GET", "electrician/getCart/4")
    assert caught.value.code == "circuit_open"
    assert route.call_count == 3  # the fourth user's call never left the gateway


async def slow_app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """An in-process upstream that never answers in time."""
    await asyncio.sleep(5)


async def test_one_deadline_covers_every_retry_even_in_process() -> None:
    client = httpx.AsyncClient(transport=httpx.ASGITransport(app=slow_app), base_url=BASE)
    upstream = UpstreamHttp("lending", client, deadline=0.3, attempt_timeout=0.2)
    started = time.monotonic()
    with pytest.raises(UpstreamUnavailable) as caught:
        await upstream.request("GET", "webRepayment/repaymentDetail")
    took = time.monotonic() - started
    assert caught.value.code == "upstream_timeout"
    assert 0.3 <= took < 0.6  # not 3 attempts x 0.2 s plus back-off
    await client.aclose()


@pytest.mark.parametrize("base", ["http://up.test/api/", "http://up.test/api", "http://up.test/"])
@pytest.mark.parametrize("path", ["electrician/getCart/7", "/sendOtp", "a b/ü", "list?x=1"])
@pytest.mark.parametrize("params", [None, {"userId": 1}, {"search": "fan & light", "page": 2}])
async def test_a_kept_url_is_the_one_httpx_would_build(base: str, path: str, params: dict[str, Any] | None) -> None:
    client = httpx.AsyncClient(base_url=base)
    upstream = UpstreamHttp("catalogue", client)
    built_by_httpx = client.build_request("GET", path.lstrip("/"), params=params).url
    for _ in range(2):  # built, then kept
        assert client.build_request("GET", upstream.url(path, params)).url == built_by_httpx
    await client.aclose()


@respx.mock
async def test_retries_back_off_then_give_up_after_three_attempts(
    upstream: UpstreamHttp, monkeypatch: pytest.MonkeyPatch
) -> None:
    waits: list[float] = []

    async def no_sleep(seconds: float) -> None:
        waits.append(seconds)

    monkeypatch.setattr(asyncio, "sleep", no_sleep)
    route = respx.get(f"{BASE}webRepayment/repaymentDetail").mock(side_effect=httpx.ConnectError("refused"))
    with pytest.raises(UpstreamUnavailable):
        await upstream.request("GET", "webRepayment/repaymentDetail", params={"userId": 1})
    assert route.call_count == 3
    assert waits == [0.05, 0.1]


@respx.mock
async def test_a_client_with_its_own_query_parameters_sends_them_beside_the_calls() -> None:
    client = httpx.AsyncClient(base_url=BASE, params={"apiKey": "k"})
    route = respx.get(f"{BASE}webRepayment/repaymentDetail").mock(return_value=httpx.Response(200, json={}))
    await UpstreamHttp("lending", client).request("GET", "webRepayment/repaymentDetail", params={"userId": 1})
    assert dict(route.calls.last.request.url.params) == {"apiKey": "k", "userId": "1"}
    await client.aclose()


@respx.mock
async def test_a_cookie_an_upstream_sets_is_never_sent_on_later_calls(upstream: UpstreamHttp) -> None:
    route = respx.get(f"{BASE}webRepayment/repaymentDetail").mock(
        return_value=httpx.Response(200, json={}, headers={"Set-Cookie": "upstream=for-user-1; Path=/"})
    )
    await upstream.request("GET", "webRepayment/repaymentDetail", params={"userId": 1}, token="user-1")
    await upstream.request("GET", "webRepayment/repaymentDetail", params={"userId": 2}, token="user-2")
    assert "cookie" not in route.calls.last.request.headers
