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

from gateway.plumbing.errors import UpstreamRefused
from gateway.upstreams.http import UpstreamHttp
from gateway.upstreams.lenders.native.loans import LoansClient
from gateway.upstreams.lenders.native.repayments import LendingClient
from gateway.upstreams.lenders.port import LoanSummary, RepaymentDetail
from tests.contract.conftest import Recorded, RecordingMock, assert_conforms, contract_for
from upstream_mocks.clock import move
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


@pytest.mark.parametrize("days", [0, 6, 20])
async def test_repayment_detail_is_the_loans_own_overdue_at_any_lender_clock(
    contract: Contract,
    recording_mock: Callable[..., AbstractAsyncContextManager[RecordingMock]],
    days: int,
) -> None:
    """repaymentDetail (what the portal collects) and the loan calls answer one position, after the
    lender's clock moves a few days or past the next due date; a payment is split as previewed and
    leaves the same figure on the detail, the loan, the history (the receipt's) and the statement."""
    async with recording_mock("lending") as mock:
        http = UpstreamHttp("lending", mock.client)
        lending, loans = LendingClient(http), LoansClient(http)
        await lending.send_otp(RAMESH)
        token, _ = await lending.verify_repayment_otp(RAMESH, mock.world.outbox[RAMESH].otp)
        await move(mock.world, timedelta(days=days))  # the one clock (upstream_mocks/clock.py)

        async def agree() -> tuple[RepaymentDetail, LoanSummary]:
            detail = await lending.repayment_detail(token, 1001)
            loan = next(s for s in await loans.loans(token, 1001) if s.loan_number == detail.loan_number)
            assert detail.remaining_amount == loan.overdue_amount == detail.pending_amount + detail.late_fees
            assert detail.late_fees == loan.penal_charges
            assert detail.pending_amount == loan.principal_due + loan.interest_due
            assert detail.days_overdue == loan.days_past_due
            return detail, loan

        detail, loan = await agree()
        # Past the second due date its instalment and penal charge are owed as well.
        assert detail.remaining_amount == (Decimal("24700.00") if days == 20 else Decimal("12450.00"))
        assert detail.days_overdue == 17 + days
        amount = detail.remaining_amount - Decimal("2000.00")
        preview = await loans.allocation(token, 1001, "LN-1001", amount)
        assert preview.overdue_amount == detail.remaining_amount
        session = await lending.create_payment_session(token, 1001, amount)
        paid = await mock.client.post(
            f"http://mocks.internal/_mocks/payments/checkout/{session.payment_session_id}/pay",
            json={"outcome": "success"},
        )
        assert paid.status_code == 200
        assert await lending.update_payment_status(token, 1001, session.id, session.order_id) == (
            "Payment process completed"
        )
        after, loan = await agree()
        assert after.remaining_amount == preview.overdue_after == Decimal("2000.00")
        [entry] = await lending.payment_history(token, 1001)
        assert entry.remaining_after == after.remaining_amount
        assert entry.allocation is not None
        split = preview.allocation
        assert (entry.allocation.charges, entry.allocation.interest, entry.allocation.principal) == (
            split.penal_charges,
            split.interest,
            split.principal,
        )
        statement = await loans.statement(token, 1001, "LN-1001", loan.as_of, loan.as_of)
        [row] = [row for row in statement.rows if row.kind == "payment"]
        assert row.credit == amount and row.allocation == split
    # The lender's calls, not QA's (the clock) nor the provider's checkout.
    lender_calls = [(q, a) for q, a in mock.recorded.exchanges if q.url.path.startswith("/_mocks/lending/webRepayment")]
    assert_conforms(contract, lender_calls)
