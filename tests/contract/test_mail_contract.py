"""contracts/mail.openapi.yaml vs the mail mock vs the gateway's MailClient.

Every request the gateway's client makes and every answer the mock gives is checked against
the document with openapi-core; requests that break the document are refused by the mock.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
import yaml

from gateway.upstreams.http import UpstreamHttp
from gateway.upstreams.mail import MailClient, Subscription, SupportRequest
from gateway.upstreams.mail.operations import MailOperations
from tests.contract.conftest import RecordingMock, as_contract, assert_conforms, contract_for
from upstream_mocks.contract import Contract

DOCUMENT = Path(__file__).resolve().parents[2] / "contracts" / "mail.openapi.yaml"


@pytest.fixture(scope="module")
def contract() -> Contract:
    return contract_for("mail")


@pytest.fixture(params=[False, True], ids=["mock", "mock-held-to-contract"])
async def checked(
    request: pytest.FixtureRequest, recording_mock: Callable[..., AbstractAsyncContextManager[RecordingMock]]
) -> AsyncIterator[tuple[httpx.AsyncClient, list[tuple[httpx.Request, httpx.Response]]]]:
    """An httpx client on the in-process mail mock (alone, and behind the suite's contract
    check) that records every exchange."""
    async with recording_mock("mail", check_contracts=request.param) as mock:
        yield mock.client, mock.recorded.exchanges


def test_document_is_valid_and_lists_the_four_calls_and_the_extensions(contract: Contract) -> None:
    paths = set(yaml.safe_load(DOCUMENT.read_text())["paths"])
    assert paths == {
        "/website/sendSubscribeMail",
        "/website/InsertSubscribeData",
        "/website/SendMail",
        "/website/InsertSupportData",
        "/website/sendReceiptMail",
        "/website/sendOrderMail",
        "/website/sendBorrowerMail",
        "/website/sendSms",
        "/website/sentMessages",
    }


async def test_gateway_client_requests_and_mock_answers_conform(
    contract: Contract, checked: tuple[httpx.AsyncClient, list[tuple[httpx.Request, httpx.Response]]]
) -> None:
    client, exchanges = checked
    mail = MailClient(UpstreamHttp("mail", client))
    subscription = Subscription(
        email="asha@shop.example",
        subject="Subscription confirmed",
        support_request="subscribed",
        message="subscribed user",
    )
    contact = SupportRequest(
        name="Asha",
        email="asha@shop.example",
        contact="9876543210",
        message="Please call me",
        subject="Thank you for contacting at VoltKhata Platform",
        support_request="supportData",
    )
    deletion = SupportRequest(
        name="Asha",
        email="asha@shop.example",
        contact="9876543210",
        message="Delete Data Policy",
        subject="Thank you for contacting at VoltKhata Platform",
        support_request="DeleteUser",
    )
    await mail.subscribe(subscription)
    await mail.request_support(contact)
    await mail.request_support(deletion)

    assert [urlsplit(str(r.url)).path.rsplit("/", 1)[-1] for r, _ in exchanges] == [
        "sendSubscribeMail",
        "InsertSubscribeData",
        "SendMail",
        "InsertSupportData",
        "SendMail",
        "InsertSupportData",
    ]
    assert all(response.status_code == 200 for _, response in exchanges)
    assert_conforms(contract, exchanges)


async def test_the_desks_read_of_messages_sent_conforms(
    contract: Contract, checked: tuple[httpx.AsyncClient, list[tuple[httpx.Request, httpx.Response]]]
) -> None:
    client, exchanges = checked
    sms = {
        "mobileNumber": "9876543210",
        "message": "Complaint CMP100001 received. We will answer within 30 days.",
        "senderId": "VKHATA",
        "dltEntityId": "1101456789012345678",
        "dltTemplateId": "1107170000000000101",
        "category": "serviceImplicit",
        "unicode": False,
        "language": "en",
        "reference": "CMP100001",
    }
    assert (await client.post("website/sendSms", json=sms)).status_code == 200
    mail = {
        "email": "ramesh.kumar@shop.example",
        "subject": "Your complaint CMP100001 is registered",
        "message": "We received your complaint.",
        "kind": "complaintReceived",
        "reference": "CMP100001",
    }
    assert (await client.post("website/sendBorrowerMail", json=mail)).status_code == 200
    reader = MailOperations(UpstreamHttp("mail", client), "mock-operations-key")

    sent = await reader.sent_to("9876543210", ["ramesh.kumar@shop.example"])

    assert sorted((m.channel, m.to, m.reference) for m in sent) == [
        ("mail", "ramesh.kumar@shop.example", "CMP100001"),
        ("sms", "9876543210", "CMP100001"),
    ]
    assert await reader.sent_to("9000000999") == []
    assert_conforms(contract, exchanges)


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("website/sendSubscribeMail", {"subject": "s", "supportRequest": "subscribed", "message": "m"}, "email"),
        (
            "website/InsertSubscribeData",
            {"email": "not-an-address", "subject": "s", "supportRequest": "x", "message": "m"},
            "email",
        ),
        (
            "website/SendMail",
            {"name": "A", "email": "a@b.co", "contact": "1", "subject": "s", "supportRequest": "Other"},
            "supportRequest",
        ),
        (
            "website/InsertSupportData",
            {"name": "", "email": "a@b.co", "contact": "1", "subject": "s", "supportRequest": "DeleteUser"},
            "name",
        ),
        (
            "website/sendOrderMail",
            {"email": "a@b.co", "subject": "s", "message": "m", "orderNumber": "VK10000001", "status": "lost"},
            "status",
        ),
    ],
)
async def test_mock_refuses_requests_that_break_the_document(
    contract: Contract,
    checked: tuple[httpx.AsyncClient, list[tuple[httpx.Request, httpx.Response]]],
    path: str,
    body: dict[str, Any],
    field: str,
) -> None:
    client, exchanges = checked
    response = await client.post(path, json=body)
    assert response.status_code == 400
    answer = response.json()
    assert answer["statusCode"] == 400
    assert field in answer["message"]
    # The refusal itself is a documented answer.
    request, answer = as_contract(*exchanges[-1])
    contract.openapi.validate_response(request, answer)
