"""The complaint calls of contracts/lending.openapi.yaml and the SMS and borrower mail of
contracts/mail.openapi.yaml, against the mocks: every exchange checked with openapi-core."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

import httpx
import pytest

from tests.contract.conftest import RecordingMock, assert_conforms, contract_for

RAMESH = "9876543210"


@pytest.fixture
async def lending(
    recording_mock: Callable[..., AbstractAsyncContextManager[RecordingMock]],
) -> AsyncIterator[RecordingMock]:
    async with recording_mock("lending", check_contracts=True) as mock:
        yield mock


async def _login(mock: RecordingMock) -> dict[str, str]:
    await mock.client.post("sendOtp", json={"mobileNumber": RAMESH})
    otp = mock.world.outbox[RAMESH].otp
    answer = await mock.client.post(
        "webRepayment/verifyOtp",
        json={"mobileNumber": RAMESH, "otp": otp, "platform": "WEB", "userType": "USER", "businessType": 1},
    )
    return {"Authorization": f"Bearer {answer.json()['accessToken']}"}


def _suite(mock: RecordingMock, base: str = "http://mocks.internal/") -> httpx.AsyncClient:
    """The whole suite (QA controls and read-outs), unrecorded."""
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=mock.world.loopback), base_url=base)


async def _suite_get(mock: RecordingMock, path: str, **params: Any) -> Any:
    async with _suite(mock) as suite:
        return (await suite.get(path, params=params)).json()


async def test_a_complaint_gets_a_ticket_and_both_acknowledgements_in_its_language(lending: RecordingMock) -> None:
    bearer = await _login(lending)
    raised = await lending.client.post(
        "webRepayment/complaints",
        json={
            "userId": 1001,
            "category": "charges",
            "text": "A late fee was charged though I paid on time.",
            "loanNumber": "LN-1001",
        },
        headers={**bearer, "Accept-Language": "hi"},
    )
    assert raised.status_code == 200
    ticket = raised.json()["data"]
    assert ticket["ticketNumber"].startswith("CMP") and ticket["status"] == "received"
    assert ticket["ombudsmanOpen"] is False
    listed = await lending.client.get("webRepayment/complaints", params={"userId": 1001}, headers=bearer)
    assert [c["ticketNumber"] for c in listed.json()["data"]] == [ticket["ticketNumber"]]
    one = await lending.client.get(
        f"webRepayment/complaints/{ticket['ticketNumber']}", params={"userId": 1001}, headers=bearer
    )
    assert one.json()["data"]["text"] == "A late fee was charged though I paid on time."
    assert_conforms(contract_for("lending"), lending.recorded.exchanges)

    sms = await _suite_get(lending, "_mocks/mail/sms", mobile=RAMESH)
    assert len(sms) == 1 and ticket["ticketNumber"] in sms[0]["message"]
    assert sms[0]["language"] == "hi" and sms[0]["unicode"] is True and "शिकायत" in sms[0]["message"]
    assert sms[0]["senderId"] == "VKHATA" and len(sms[0]["dltTemplateId"]) == 19 and len(sms[0]["dltEntityId"]) == 19
    mails = [m for m in await _suite_get(lending, "_mocks/mail/outbox") if m["kind"] == "complaintReceived"]
    assert [m["to"] for m in mails] == ["ramesh.kumar@shop.example"]
    assert mails[0]["reference"] == ticket["ticketNumber"]


async def test_refusals_conform_and_another_borrowers_loan_or_ticket_is_not_found(lending: RecordingMock) -> None:
    bearer = await _login(lending)
    # Requests the document itself refuses are answered from it (the mock never sees them).
    too_short = await lending.client.post(
        "webRepayment/complaints", json={"userId": 1001, "category": "charges", "text": "short"}, headers=bearer
    )
    assert too_short.status_code == 400 and "too short" in too_short.json()["message"]
    unauthorised = await lending.client.get("webRepayment/complaints", params={"userId": 1001})
    assert unauthorised.status_code == 401
    lending.recorded.exchanges.clear()

    not_theirs = await lending.client.post(
        "webRepayment/complaints",
        json={"userId": 1001, "category": "other", "text": "About a loan that is not mine.", "loanNumber": "LN-1003"},
        headers=bearer,
    )
    assert not_theirs.status_code == 400 and not_theirs.json()["message"] == "Loan not found for this borrower"
    other_payment = await lending.client.post(
        "webRepayment/complaints",
        json={"userId": 1001, "category": "payment", "text": "A payment that is not mine.", "paymentLogId": 9},
        headers=bearer,
    )
    assert other_payment.status_code == 400
    missing = await lending.client.get("webRepayment/complaints/CMP999999", params={"userId": 1001}, headers=bearer)
    assert missing.status_code == 404
    forbidden = await lending.client.get("webRepayment/complaints", params={"userId": 1003}, headers=bearer)
    assert forbidden.status_code == 403
    assert_conforms(contract_for("lending"), lending.recorded.exchanges)


async def test_the_sms_and_borrower_mail_calls_conform(
    recording_mock: Callable[..., AbstractAsyncContextManager[RecordingMock]],
) -> None:
    async with recording_mock("mail") as mail:
        sms = {
            "mobileNumber": RAMESH,
            "message": "Complaint CMP100001 received on 27 Nov 2026.",
            "senderId": "VKHATA",
            "dltEntityId": "1101456789012345678",
            "dltTemplateId": "1107170000000000101",
            "category": "serviceImplicit",
            "unicode": False,
            "language": "en",
            "reference": "CMP100001",
        }
        # The mock refuses an SMS a DLT gateway could not send, naming the field.
        no_template = await mail.client.post("website/sendSms", json={**sms, "dltTemplateId": "12"})
        assert no_template.status_code == 400 and "dltTemplateId" in no_template.json()["message"]
        accepted = await mail.client.post("website/sendSms", json=sms)
        assert accepted.json()["data"]["smsId"] == "SMS00000001"
        mail.recorded.exchanges.remove(mail.recorded.exchanges[0])
        mailed = await mail.client.post(
            "website/sendBorrowerMail",
            json={
                "email": "ramesh.kumar@shop.example",
                "subject": "s",
                "message": "m",
                "kind": "paymentReminder",
                "reference": "LN-1001/2026-12-02",
            },
        )
        assert mailed.status_code == 200
        assert_conforms(contract_for("mail"), mail.recorded.exchanges)


async def test_the_ombudsman_opens_after_30_days_unanswered_or_at_once_when_rejected(lending: RecordingMock) -> None:
    bearer = await _login(lending)

    async def raise_one(text: str) -> str:
        answer = await lending.client.post(
            "webRepayment/complaints", json={"userId": 1001, "category": "recovery", "text": text}, headers=bearer
        )
        ticket: str = answer.json()["data"]["ticketNumber"]
        return ticket

    waiting, rejected, resolved = [await raise_one(f"Complaint number {n} about a call.") for n in range(3)]
    async with _suite(lending, "http://mocks.internal/_mocks/") as qa:
        assert (await qa.post(f"lending/complaints/{rejected}/status", json={"status": "rejected"})).status_code == 400
        await qa.post(f"lending/complaints/{rejected}/status", json={"status": "rejected", "reason": "No such call."})
        await qa.post(f"lending/complaints/{resolved}/status", json={"status": "resolved", "answer": "Fee reversed."})

        async def opened() -> dict[str, bool]:
            listed = await lending.client.get("webRepayment/complaints", params={"userId": 1001}, headers=bearer)
            return {c["ticketNumber"]: c["ombudsmanOpen"] for c in listed.json()["data"]}

        assert await opened() == {waiting: False, rejected: True, resolved: False}
        await qa.post("clock", json={"days": 29, "hours": 23})
        assert (await opened())[waiting] is False
        await qa.post("clock", json={"hours": 1})
        assert await opened() == {waiting: True, rejected: True, resolved: False}
        assert (await qa.post("reset")).status_code == 200
        assert (await qa.get("clock")).json()["offsetSeconds"] == 0
    assert_conforms(contract_for("lending"), lending.recorded.exchanges)
