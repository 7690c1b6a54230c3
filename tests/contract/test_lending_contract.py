"""contracts/lending.openapi.yaml vs the lending mock vs the gateway's LendingClient.

Every request the gateway's client sends to the in-process mock, and every answer the mock
gives, is validated against the document with openapi-core.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from openapi_core.validation.request.exceptions import SecurityValidationError

from gateway.upstreams.http import UpstreamHttp
from gateway.upstreams.lending import LendingClient, LendingRefused
from upstream_mocks.contract import Contract, ContractRequest, ContractResponse, load_contract
from upstream_mocks.suite import create_suite

PREFIX = "/_mocks/lending"
RAMESH = "9876543210"


def as_contract(request: httpx.Request, response: httpx.Response | None = None) -> tuple[Any, ContractResponse | None]:
    url = urlsplit(str(request.url))
    path = url.path.removeprefix(PREFIX).rstrip("/") or "/"
    checked = ContractRequest.build(request.method, path, url.query, request.headers.raw, request.content)
    if response is None:
        return checked, None
    headers = {"content-type": response.headers["content-type"]}
    answer = ContractResponse(response.status_code, response.content, headers)
    return checked, answer


@dataclass
class Recorded:
    exchanges: list[tuple[httpx.Request, httpx.Response]] = field(default_factory=list)

    async def hook(self, response: httpx.Response) -> None:
        await response.aread()
        self.exchanges.append((response.request, response))


@pytest.fixture(scope="module")
def contract() -> Contract:
    loaded = load_contract("lending")
    assert loaded is not None
    return loaded


@pytest.fixture
async def lending() -> AsyncIterator[tuple[LendingClient, Recorded, Any]]:
    suite = create_suite()
    recorded = Recorded()
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=suite),
        base_url=f"http://mocks.internal{PREFIX}/",
        event_hooks={"response": [recorded.hook]},
    ) as client:
        yield LendingClient(UpstreamHttp("lending", client)), recorded, suite.state.world


def assert_conforms(contract: Contract, recorded: Recorded) -> None:
    assert recorded.exchanges
    for request, response in recorded.exchanges:
        checked, answer = as_contract(request, response)
        contract.openapi.validate_request(checked)
        assert answer is not None
        contract.openapi.validate_response(checked, answer)


async def test_the_whole_repayment_conversation_conforms(
    contract: Contract, lending: tuple[LendingClient, Recorded, Any]
) -> None:
    client, recorded, world = lending
    await client.send_otp(RAMESH)
    token, record = await client.verify_repayment_otp(RAMESH, world.outbox[RAMESH].otp)
    assert record.user_name == "Ramesh Kumar" and record.total_repayment_amount == 12450.0
    detail = await client.repayment_detail(token, record.user_id)
    assert (detail.remaining_amount, detail.late_fees, detail.pending_amount) == (12450.0, 450.0, 12000.0)
    session = await client.create_payment_session(token, record.user_id, 1000.0)
    assert session.order_amount == 1000.0
    assert await client.update_payment_status(token, record.user_id, session.id, session.order_id) == "Payment failed"
    assert_conforms(contract, recorded)


async def test_failure_answers_conform_too(contract: Contract, lending: tuple[LendingClient, Recorded, Any]) -> None:
    client, recorded, world = lending
    await client.send_otp(RAMESH)
    wrong = f"{(int(world.outbox[RAMESH].otp) + 1) % 1_000_000:06d}"
    with pytest.raises(LendingRefused) as refused:
        await client.verify_repayment_otp(RAMESH, wrong)
    assert refused.value.status == 400
    with pytest.raises(LendingRefused) as unauthorised:
        await client.repayment_detail("not-a-token", 1001)
    assert unauthorised.value.status == 401
    assert_conforms(contract, recorded)


async def test_the_mock_refuses_repayment_calls_without_the_bearer(
    contract: Contract, lending: tuple[LendingClient, Recorded, Any]
) -> None:
    client, _, _ = lending
    answer = await client.http.client.post("webRepayment/cashFreeRequest", json={"order_amount": 10, "userId": 1001})
    assert answer.status_code == 401
    # The document says the same: the request lacks the security it requires.
    checked, _ = as_contract(answer.request)
    with pytest.raises(SecurityValidationError):
        contract.openapi.validate_request(checked)


async def test_the_validator_catches_an_answer_that_breaks_the_document(
    contract: Contract, lending: tuple[LendingClient, Recorded, Any]
) -> None:
    client, recorded, world = lending
    await client.send_otp(RAMESH)
    await client.verify_repayment_otp(RAMESH, world.outbox[RAMESH].otp)
    request, response = recorded.exchanges[-1]
    broken = httpx.Response(200, json={**response.json(), "data": [{"userId": "not-a-number"}]}, request=request)
    checked, answer = as_contract(request, broken)
    assert answer is not None
    assert list(contract.openapi.iter_response_errors(checked, answer))
