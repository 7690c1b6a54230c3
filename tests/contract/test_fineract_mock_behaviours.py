"""The Fineract mock is as unkind as Fineract 1.9+ (apache/fineract: SynchronousCommandProcessingService,
CommandSourceService, IdempotencyStoreFilter, LoanArrearsAgingServiceImpl, LoanAccountDomainServiceJpa):
an Idempotency-Key keeps its first outcome, a failure too; a request in flight under a key answers
425; a duplicate externalId is a 400 across every loan; overdue figures are the arrears table's
snapshot; maker-checker books nothing until approved; the loan list has no order unless asked."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest

from upstream_mocks.settings import MockSettings
from upstream_mocks.suite import create_suite
from upstream_mocks.world import MockWorld

API = "fineract/fineract-provider/api/v1"
BASIC = {"Authorization": "Basic bWlmb3M6cGFzc3dvcmQ=", "Fineract-Platform-TenantId": "default"}
MEENA_LOAN, RAMESH_LOAN = 7101, 7102


@pytest.fixture
async def mocks() -> AsyncIterator[httpx.AsyncClient]:
    suite = create_suite(MockWorld(MockSettings()), check_contracts=True)
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=suite), base_url="http://mocks.internal/_mocks/"
    ) as client:
        yield client


def repayment(amount: str = "100.00", external_id: str = "pg-1") -> dict[str, Any]:
    return {
        "transactionDate": "01 December 2026",
        "dateFormat": "dd MMMM yyyy",
        "locale": "en",
        "transactionAmount": float(amount),
        "externalId": external_id,
        "receiptNumber": "FINREPAY_7101_900000001",
        "paymentTypeId": 1,
    }


async def repay(mocks: httpx.AsyncClient, key: str, body: dict[str, Any], loan_id: int = MEENA_LOAN) -> httpx.Response:
    return await mocks.post(
        f"{API}/loans/{loan_id}/transactions",
        params={"command": "repayment"},
        json=body,
        headers={**BASIC, "Idempotency-Key": key},
    )


async def repayments(mocks: httpx.AsyncClient, loan_id: int = MEENA_LOAN) -> list[dict[str, Any]]:
    loan = (await mocks.get(f"{API}/loans/{loan_id}", params={"associations": "transactions"}, headers=BASIC)).json()
    return [
        t for t in loan["transactions"] if t["type"]["repayment"] and not t.get("externalId", "").startswith("seed")
    ]


async def test_a_failed_first_booking_is_answered_again_under_its_key_and_books_nothing(
    mocks: httpx.AsyncClient,
) -> None:
    assert (await mocks.post("fineract/qa", json={"failNext": 1})).status_code == 200
    first = await repay(mocks, "repay-1", repayment())
    assert first.status_code == 500 and "x-served-from-cache" not in first.headers
    for _ in range(2):
        again = await repay(mocks, "repay-1", repayment())
        assert (again.status_code, again.headers.get("x-served-from-cache")) == (500, "true")
        assert again.json()["userMessageGlobalisationCode"] == first.json()["userMessageGlobalisationCode"]
    assert await repayments(mocks) == []
    missing = await mocks.get(f"{API}/loans/{MEENA_LOAN}/transactions/external-id/pg-1", headers=BASIC)
    assert missing.status_code == 404
    assert missing.json()["userMessageGlobalisationCode"] == "error.msg.loan.transaction.external.id.invalid"
    # Only a fresh key books it, once.
    booked = await repay(mocks, "repay-1-2", repayment())
    assert booked.status_code == 200 and booked.json()["loanId"] == MEENA_LOAN
    found = await mocks.get(f"{API}/loans/{MEENA_LOAN}/transactions/external-id/pg-1", headers=BASIC)
    assert found.status_code == 200 and found.json()["amount"] == 100.0
    assert len(await repayments(mocks)) == 1


async def test_a_key_seen_before_answers_its_first_answer_whatever_the_body(mocks: httpx.AsyncClient) -> None:
    first = await repay(mocks, "repay-2", repayment("100.00", "pg-2"))
    assert first.status_code == 200
    other = await repay(mocks, "repay-2", repayment("250.00", "pg-other"))
    assert (other.status_code, other.headers.get("x-served-from-cache")) == (200, "true")
    assert other.json() == first.json()
    assert [t["amount"] for t in await repayments(mocks)] == [100.0]


async def test_a_request_in_flight_under_a_key_answers_425(mocks: httpx.AsyncClient) -> None:
    await mocks.post("fineract/qa", json={"holdNext": 1})
    held = asyncio.create_task(repay(mocks, "repay-3", repayment("100.00", "pg-3")))
    # The mock's state is read through its QA control, as QA would: no event to wait on from here.
    while not (await mocks.get("fineract/qa")).json()["held"]:  # noqa: ASYNC110
        await asyncio.sleep(0.01)
    retry = await repay(mocks, "repay-3", repayment("100.00", "pg-3"))
    assert (retry.status_code, retry.headers.get("x-served-from-cache")) == (425, "true")
    await mocks.post("fineract/qa/release")
    assert (await held).status_code == 200
    assert len(await repayments(mocks)) == 1


async def test_an_external_id_is_unique_across_every_loan_a_400(mocks: httpx.AsyncClient) -> None:
    assert (await repay(mocks, "repay-4", repayment("100.00", "pg-4"))).status_code == 200
    again = await repay(mocks, "repay-4-2", repayment("100.00", "pg-4"), loan_id=RAMESH_LOAN)
    assert again.status_code == 400
    error = again.json()["errors"][0]
    assert error["userMessageGlobalisationCode"] == "validation.msg.loan.transaction.externalId.value.must.be.unique"
    assert await repayments(mocks, RAMESH_LOAN) == []


async def test_maker_checker_answers_a_command_id_and_books_only_when_approved(mocks: httpx.AsyncClient) -> None:
    await mocks.post("fineract/qa", json={"makerChecker": True})
    answer = await repay(mocks, "repay-5", repayment("100.00", "pg-5"))
    assert answer.status_code == 200 and "loanId" not in answer.json()
    command_id = answer.json()["commandId"]
    assert await repayments(mocks) == []
    waiting = (await mocks.get(f"{API}/makercheckers", params={"resourceId": MEENA_LOAN}, headers=BASIC)).json()
    assert [w["id"] for w in waiting] == [command_id]
    assert (await mocks.get(f"{API}/audits/{command_id}", headers=BASIC)).json()["processingResult"] == (
        "Awaiting Approval"
    )
    approved = await mocks.post(f"{API}/makercheckers/{command_id}", params={"command": "approve"}, headers=BASIC)
    assert approved.status_code == 200
    assert [t["externalId"] for t in await repayments(mocks)] == ["pg-5"]
    assert (await mocks.get(f"{API}/audits/{command_id}", headers=BASIC)).json()["processingResult"] == "Processed"


async def test_overdue_figures_are_the_arrears_snapshot_while_days_past_due_are_counted_on_read(
    mocks: httpx.AsyncClient,
) -> None:
    async def loan() -> dict[str, Any]:
        answer: dict[str, Any] = (await mocks.get(f"{API}/loans/{RAMESH_LOAN}", headers=BASIC)).json()
        return answer

    before = await loan()
    assert before["summary"]["totalOverdue"] == 0 and before["delinquent"]["pastDueDays"] == 0
    # Ramesh's first instalment falls due in 20 days: 22 days on it is 2 days past due.
    assert (await mocks.post("clock", json={"days": 22})).status_code == 200
    stale = await loan()
    assert stale["delinquent"]["pastDueDays"] == 2
    assert stale["summary"]["totalOverdue"] == 0 and "overdueSinceDate" not in stale["summary"]
    # The nightly job skips instalments inside the product's grace (3 days)...
    job = f"{API}/jobs/short-name/LA_ARAG"
    assert (await mocks.post(job, params={"command": "executeJob"}, headers=BASIC)).status_code == 202
    assert (await loan())["summary"]["totalOverdue"] == 0
    # ... and counts them once past it.
    await mocks.post("clock", json={"days": 2})
    await mocks.post(job, params={"command": "executeJob"}, headers=BASIC)
    assert (await loan())["summary"]["totalOverdue"] > 0


async def test_the_loan_list_keeps_an_order_only_when_asked_for_one(mocks: httpx.AsyncClient) -> None:
    async def ids(**params: Any) -> list[int]:
        page = (await mocks.get(f"{API}/loans", params={"offset": 0, "limit": 1, **params}, headers=BASIC)).json()
        return [item["id"] for item in page["pageItems"]]

    unordered = [await ids() for _ in range(2)]
    assert unordered[0] != unordered[1]  # the same first page, read twice, differs
    assert [await ids(orderBy="id", sortOrder="ASC") for _ in range(2)] == [[MEENA_LOAN], [MEENA_LOAN]]


async def test_search_matches_a_part_of_a_mobile_number_as_its_staff_typed_it(mocks: httpx.AsyncClient) -> None:
    """Fineract's client search is `like '%query%'` on the number as typed ('+91 98111 22233'):
    the last five digits find Meena, all ten do not; exactMatch=true wants the whole value."""

    async def found(**params: str) -> list[str]:
        answer = await mocks.get(f"{API}/search", params={"resource": "clients", **params}, headers=BASIC)
        assert answer.status_code == 200, answer.text
        return [hit["entityMobileNo"] for hit in answer.json()]

    assert await found(query="22233") == ["+91 98111 22233"]
    assert await found(query="9811122233") == []
    assert await found(query="9811144455") == ["+919811144455"]  # typed without spaces: the ten digits are in it
    assert await found(query="98111", exactMatch="true") == []
    assert await found(query="+91 98111 22233", exactMatch="true") == ["+91 98111 22233"]


async def test_a_repayment_beyond_what_is_owed_overpays_the_loan_and_a_credit_balance_refund_gives_it_back(
    mocks: httpx.AsyncClient,
) -> None:
    """As Fineract (validateLoanStatusIsActiveOrFullyPaidOrOverpaid, CreditBalanceRefundTest): more
    than the loan owes is taken, the rest its overpaymentPortion and the loan Overpaid; a credit
    balance refund gives back at most that, refused with Fineract's own codes, and closes it."""

    async def give_back(
        amount: str, external_id: str, day: str = "01 December 2026", key: str | None = None
    ) -> httpx.Response:
        body = {"transactionDate": day, "dateFormat": "dd MMMM yyyy", "locale": "en"}
        return await mocks.post(
            f"{API}/loans/{MEENA_LOAN}/transactions",
            params={"command": "creditBalanceRefund"},
            json={**body, "transactionAmount": float(amount), "externalId": external_id},
            headers={**BASIC, "Idempotency-Key": key or external_id},
        )

    def code(answer: httpx.Response) -> tuple[int, str]:
        return answer.status_code, answer.json()["errors"][0]["userMessageGlobalisationCode"]

    assert code(await give_back("1.00", "cbr-0")) == (
        400,
        "error.msg.loan.credit.balance.refund.account.is.not.overpaid",
    )
    loan = (await mocks.get(f"{API}/loans/{MEENA_LOAN}", headers=BASIC)).json()
    owed = loan["summary"]["totalOutstanding"]
    paid = await repay(mocks, "repay-over", repayment(f"{owed + 500:.2f}", "pg-over"))
    assert paid.status_code == 200, paid.text
    loan = (await mocks.get(f"{API}/loans/{MEENA_LOAN}", params={"associations": "transactions"}, headers=BASIC)).json()
    assert (loan["status"]["id"], loan["status"]["overpaid"], loan["totalOverpaid"]) == (700, True, 500)
    [over] = [t for t in loan["transactions"] if t.get("externalId") == "pg-over"]
    assert over["overpaymentPortion"] == 500

    assert code(await give_back("500.01", "cbr-1")) == (
        400,
        "error.msg.transactionAmount.invalid.must.be.>zero.and<=overpaidamount",
    )
    assert code(await give_back("0", "cbr-2")) == (
        400,
        "validation.msg.loan.transaction.transactionAmount.not.greater.than.zero",
    )
    assert code(await give_back("500.00", "cbr-3", "01 January 2099")) == (
        400,
        "error.msg.transaction.date.cannot.be.in.the.future",
    )
    assert (await give_back("200.00", "cbr-4")).status_code == 200  # a part: still overpaid
    loan = (await mocks.get(f"{API}/loans/{MEENA_LOAN}", headers=BASIC)).json()
    assert (loan["status"]["id"], loan["totalOverpaid"]) == (700, 300)
    assert code(await give_back("100.00", "cbr-4", key="cbr-4-again")) == (
        400,
        "error.msg.loan.creditBalanceRefund.duplicate.externalId",
    )
    assert (await give_back("300.00", "cbr-5")).status_code == 200
    loan = (await mocks.get(f"{API}/loans/{MEENA_LOAN}", headers=BASIC)).json()
    assert loan["status"]["closed"] is True and "totalOverpaid" not in loan
