"""The gateway over network upstreams (the mock suite on loopback, through httpx's own transport):
answers, time-outs and refusals as a user sees them."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import httpx
import pytest

from gateway.settings import Settings
from tests.conftest import GatewayClient

LIST = "electrician/getProductCatalogListMobile"


@pytest.fixture
def over_http(
    make_client: Callable[[Settings], GatewayClient],
    make_settings: Callable[..., Settings],
    mocks_url: str,
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[Callable[..., GatewayClient]]:
    httpx.post(f"{mocks_url}/_mocks/reset").raise_for_status()
    monkeypatch.setenv("MOCKS_URL", mocks_url)

    def make(**overrides: object) -> GatewayClient:
        upstreams = {f"{n}_url": f"{mocks_url}/_mocks/{n}/" for n in ("lending", "catalogue", "mail")}
        return make_client(make_settings(catalogue_cache_seconds=0, **upstreams, **overrides))

    yield make
    httpx.delete(f"{mocks_url}/_mocks/scenarios").raise_for_status()


def test_many_concurrent_calls_over_the_pool_all_answer(over_http: Callable[..., GatewayClient]) -> None:
    client = over_http()
    pages = [client.get("/api/store/products", params={"page": p}) for p in (1, 2, 3)]
    assert [a.status_code for a in pages] == [200, 200, 200]
    assert [a.json()["records"][0]["id"] for a in pages] == [1, 13, 25]


def test_a_slow_upstream_is_a_503_after_the_read_time_out(
    over_http: Callable[..., GatewayClient], mocks_url: str
) -> None:
    client = over_http(upstream_read_timeout=0.3)
    scenario = {"mock": "catalogue", "path": LIST, "delayMs": 1500, "times": 3}
    httpx.post(f"{mocks_url}/_mocks/scenarios", json=scenario).raise_for_status()
    answer = client.get("/api/store/products")
    assert answer.status_code == 503
    assert answer.json()["error"]["code"] == "upstream_unavailable"


def test_an_unreachable_upstream_is_a_503(
    make_client: Callable[[Settings], GatewayClient], make_settings: Callable[..., Settings]
) -> None:
    # Port 1 on loopback: nothing listens, the connection is refused at once.
    refused = {f"{n}_url": f"http://127.0.0.1:1/_mocks/{n}/" for n in ("lending", "catalogue", "mail")}
    client = make_client(make_settings(**refused))
    answer = client.get("/api/store/products")
    assert answer.status_code == 503
    assert answer.json()["error"]["code"] == "upstream_unavailable"


def test_each_app_a_test_client_builds_calls_upstreams_on_its_own_loop(
    over_http: Callable[..., GatewayClient],
) -> None:
    """A test client runs its app on a loop of its own: apps built one after another (a loop
    each) all reach the same upstream over HTTP."""
    for _ in range(2):
        answer = over_http().get("/api/store/products")
        assert answer.status_code == 200
        assert answer.json()["records"][0]["id"] == 1
