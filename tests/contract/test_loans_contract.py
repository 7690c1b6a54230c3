"""The lending contract's loan calls (`webRepayment/loans...`) vs the lending mock vs the gateway's
LoansClient: every request the client sends and every answer (JSON and PDF) is held to the
document, the amounts add up as the lender's terms say, and a real lender is checked for them by
the conformance command (`python -m upstream_mocks verify lending`)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

import pytest

from gateway.errors import UpstreamRefused
from gateway.upstreams.http import UpstreamHttp
from gateway.upstreams.lending import LendingClient
from gateway.upstreams.lending_loans import LoansClient
from tests.contract.conftest import Recorded, RecordingMock, assert_conforms, contract_for
from upstream_mocks.contract import Contract

RAMESH = "9876543210"


@pytest.fixture(scope="module")
def contract() -> Contract:
    return contract_for("lending")


@pytest.fixture
async def loans(
    recording_mock: Callable[..., AbstractAsyncContextManager[RecordingMock]],
) -> AsyncIterator[tuple[LoansClient, str, Recorded, Any]]:
    async with recording_mock("lending") as mock:
        http = UpstreamHttp("lending", mock.client)
        lending = LendingClient(http)
        await lending.send_otp(RAMESH)
        token, _ = await lending.verify_repayment_otp(RAMESH, mock.world.outbox[RAMESH].otp)
        mock.recorded.exchanges.clear()
        yield LoansClient(http), token, mock.recorded, mock.world


async def test_every_loan_call_conforms_and_the_figures_add_up(
    contract: Contract, loans: tuple[LoansClient, str, Recorded, Any]
) -> None:
    client, token, recorded, _ = loans
    summaries = await client.loans(token, 1001)
    assert [s.status for s in summaries] == ["overdue", "current", "closed"]
    for s in summaries:
        # Overdue is penal charges, interest and principal fallen due; penal charges stay apart.
        assert s.overdue_amount == s.penal_charges + s.interest_due + s.principal_due
    facts = await client.key_facts(token, 1001, "LN-1001")
    assert (
        facts.net_disbursed
        == facts.sanctioned_amount - facts.total_fees
        == sum((f.amount for f in facts.fees), facts.net_disbursed) - facts.total_fees
    )
    assert facts.allocation_order == ["penalCharges", "interest", "principal"]
    current = summaries[1]
    statement = await client.statement(token, 1001, "LN-1004", current.disbursed_on, current.as_of)
    running = statement.opening_balance
    for row in statement.rows:
        running += row.debit - row.credit
        assert row.balance == running
    assert statement.closing_balance == running == current.principal_outstanding
    schedule = await client.schedule(token, 1001, "LN-1004")
    assert sum((i.principal for i in schedule.instalments), Decimal(0)) == current.sanctioned_amount
    preview = await client.allocation(token, 1001, "LN-1001", Decimal("5000.00"))
    split = preview.allocation
    assert split.penal_charges + split.interest + split.principal == preview.amount
    assert preview.overdue_after == preview.overdue_amount - preview.amount
    for document in ("keyFacts", "schedule"):
        for language in ("en", "hi"):
            assert (await client.document(token, 1001, "LN-1001", document, language)).startswith(b"%PDF")
    period = (current.disbursed_on, current.as_of)
    assert (await client.document(token, 1001, "LN-1004", "statement", "en", period)).startswith(b"%PDF")
    assert_conforms(contract, recorded.exchanges)


async def test_refusals_conform_too(contract: Contract, loans: tuple[LoansClient, str, Recorded, Any]) -> None:
    client, token, recorded, _ = loans
    with pytest.raises(UpstreamRefused) as unknown:
        await client.key_facts(token, 1001, "LN-9999")
    assert unknown.value.status == 404
    with pytest.raises(UpstreamRefused) as too_much:
        await client.allocation(token, 1001, "LN-1001", Decimal("12450.01"))
    assert too_much.value.status == 400
    today = date.fromisoformat((await client.loans(token, 1001))[0].as_of.isoformat())
    with pytest.raises(UpstreamRefused) as future:
        await client.statement(token, 1001, "LN-1001", today, today + timedelta(days=1))
    assert future.value.status == 400
    with pytest.raises(UpstreamRefused) as stranger:
        await client.loans("not-a-token", 1001)
    assert stranger.value.status == 401
    assert_conforms(contract, recorded.exchanges)
