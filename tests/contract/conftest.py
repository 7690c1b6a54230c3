"""Contract-test helpers: real exchanges with an in-process mock, checked against its document.

`recording_mock(name)` gives an httpx client on one mock (inside the suite) that records every
exchange; `assert_conforms` checks each recorded request and answer with openapi-core through
the same adapters the mocks use for their own checks. `provider` is the payments mock held to
our contract and Cashfree's document.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest

from tests.conftest import CLIENT_SECRET
from upstream_mocks.contract import Contract, ContractRequest, ContractResponse, load_contract
from upstream_mocks.settings import MockSettings
from upstream_mocks.suite import create_suite
from upstream_mocks.world import MockWorld


def as_contract(request: httpx.Request, response: httpx.Response | None = None) -> tuple[Any, ContractResponse | None]:
    """An httpx exchange with a mock mounted at /_mocks/{name}/ as openapi-core sees it."""
    url = urlsplit(str(request.url))
    parts = url.path.strip("/").split("/", 2)  # "_mocks", name, path inside the mock
    path = "/" + (parts[2] if len(parts) == 3 else "")
    checked = ContractRequest.build(request.method, path, url.query, request.headers.raw, request.content)
    if response is None:
        return checked, None
    headers = {"content-type": response.headers.get("content-type", "")}
    return checked, ContractResponse(response.status_code, response.content, headers)


@dataclass
class Recorded:
    exchanges: list[tuple[httpx.Request, httpx.Response]] = field(default_factory=list)

    async def hook(self, response: httpx.Response) -> None:
        await response.aread()
        self.exchanges.append((response.request, response))


def assert_conforms(contract: Contract, exchanges: list[tuple[httpx.Request, httpx.Response]]) -> None:
    assert exchanges, "nothing was exchanged with the mock"
    for request, response in exchanges:
        checked, answer = as_contract(request, response)
        contract.openapi.validate_request(checked)
        contract.openapi.validate_response(checked, answer)


@dataclass
class RecordingMock:
    client: httpx.AsyncClient
    recorded: Recorded
    world: Any


@pytest.fixture
def recording_mock() -> Callable[..., AbstractAsyncContextManager[RecordingMock]]:
    @asynccontextmanager
    async def open_mock(name: str, *, check_contracts: bool = False) -> AsyncIterator[RecordingMock]:
        suite = create_suite(check_contracts=check_contracts)
        recorded = Recorded()
        async with httpx.AsyncClient(
            transport=httpx.ASGITransport(app=suite),
            base_url=f"http://mocks.internal/_mocks/{name}/",
            event_hooks={"response": [recorded.hook]},
        ) as client:
            yield RecordingMock(client, recorded, suite.state.world)

    return open_mock


def contract_for(name: str) -> Contract:
    loaded = load_contract(name)
    assert loaded is not None, f"contracts/{name}.openapi.yaml is missing"
    return loaded


@pytest.fixture
async def provider() -> AsyncIterator[tuple[httpx.AsyncClient, MockWorld]]:
    """The payments mock in a suite held to our contract and to Cashfree's own document, webhooks
    sent once (no retries), and its world."""
    world = MockWorld(
        MockSettings(payments_client_secret=CLIENT_SECRET, check_provider_document=True, webhook_retry_seconds=())
    )
    suite = create_suite(world, check_contracts=True, traced=False)
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=suite), base_url="http://mocks.internal/_mocks/payments/"
    ) as client:
        yield client, world
