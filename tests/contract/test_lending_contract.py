"""contracts/lending.openapi.yaml vs the lending mock vs the gateway's LendingClient.

Every request the gateway's client sends to the in-process mock, and every answer the mock
gives, is validated against the document with openapi-core.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

import httpx
import pytest
from openapi_core.validation.request.exceptions import SecurityValidationError

from gateway.plumbing.errors import UpstreamRefused
from gateway.upstreams.http import UpstreamHttp
from gateway.upstreams.lenders.native.repayments import LendingClient
from tests.contract.conftest import Recorded, RecordingMock, as_contract, assert_conforms, contract_for
from upstream_mocks.contract import Contract

RAMESH = "9876543210"


@pytest.fixture(scope="module")
def contract() -> Contract:
    return contract_for("lending")


@pytest.fixture
async def lending(
    recording_mock: Callable[..., AbstractAsyncContextManager[RecordingMock]],
) -> AsyncIterator[tuple[LendingClient, Recorded, Any]]:
    async with recording_mock("lending") as mock:
        yield LendingClient(UpstreamHttp("lending", mock.client)), mock.recorded, mock.world


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
    assert_conforms(contract, recorded.exchanges)


async def test_failure_answers_conform_too(contract: Contract, lending: tuple[LendingClient, Recorded, Any]) -> None:
    client, recorded, world = lending
    await client.send_otp(RAMESH)
    wrong = f"{(int(world.outbox[RAMESH].otp) + 1) % 1_000_000:06d}"
    with pytest.raises(UpstreamRefused) as refused:
        await client.verify_repayment_otp(RAMESH, wrong)
    assert refused.value.status == 400
    with pytest.raises(UpstreamRefused) as unauthorised:
        await client.repayment_detail("not-a-token", 1001)
    assert unauthorised.value.status == 401
    assert_conforms(contract, recorded.exchanges)


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
