"""contracts/mail.openapi.yaml vs the mail mock vs the gateway's MailClient.

Every request the gateway's client makes and every answer the mock gives is checked against
the document with openapi-core; requests that break the document are refused by the mock.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
import yaml
from openapi_core import OpenAPI
from openapi_core.datatypes import RequestParameters
from werkzeug.datastructures import Headers, ImmutableMultiDict

from gateway.upstreams.http import UpstreamHttp
from gateway.upstreams.mail import MailClient, Subscription, SupportRequest
from upstream_mocks.suite import create_suite

DOCUMENT = Path(__file__).resolve().parents[2] / "contracts" / "mail.openapi.yaml"
SERVER = "http://127.0.0.1:8000"  # the document's server; the in-process host is mapped onto it


class HttpxOpenAPIRequest:
    """An httpx request in the shape openapi-core validates."""

    def __init__(self, request: httpx.Request) -> None:
        url = urlsplit(str(request.url))
        self.host_url = SERVER
        self.path = url.path
        self.method = request.method.lower()
        self.body: bytes | None = request.content or None
        self.content_type = request.headers.get("content-type", "")
        self.parameters = RequestParameters(
            query=ImmutableMultiDict(parse_qs(url.query)),
            header=Headers(dict(request.headers)),
            cookie=ImmutableMultiDict(),
        )

    @property
    def full_url_pattern(self) -> str:
        return self.host_url + self.path


class HttpxOpenAPIResponse:
    def __init__(self, response: httpx.Response) -> None:
        self.data = response.content
        self.status_code = response.status_code
        self.content_type = response.headers.get("content-type", "")
        self.headers = Headers(dict(response.headers))


@pytest.fixture(scope="module")
def openapi() -> OpenAPI:
    return OpenAPI.from_file_path(str(DOCUMENT))


@pytest.fixture(params=[False, True], ids=["mock", "mock-held-to-contract"])
async def checked(
    request: pytest.FixtureRequest,
) -> AsyncIterator[tuple[httpx.AsyncClient, list[tuple[httpx.Request, httpx.Response]]]]:
    """An httpx client on the in-process mail mock (alone, and behind the suite's contract
    check) that records every exchange."""
    exchanges: list[tuple[httpx.Request, httpx.Response]] = []

    async def on_response(response: httpx.Response) -> None:
        await response.aread()
        exchanges.append((response.request, response))

    client = httpx.AsyncClient(
        transport=httpx.ASGITransport(app=create_suite(check_contracts=request.param)),
        base_url="http://mocks.internal/_mocks/mail/",
        event_hooks={"response": [on_response]},
    )
    yield client, exchanges
    await client.aclose()


def _validate(openapi: OpenAPI, request: httpx.Request, response: httpx.Response) -> None:
    openapi.validate_request(HttpxOpenAPIRequest(request))
    openapi.validate_response(HttpxOpenAPIRequest(request), HttpxOpenAPIResponse(response))


def test_document_is_valid_and_lists_the_four_calls(openapi: OpenAPI) -> None:
    paths = set(yaml.safe_load(DOCUMENT.read_text())["paths"])
    assert paths == {
        "/website/sendSubscribeMail",
        "/website/InsertSubscribeData",
        "/website/SendMail",
        "/website/InsertSupportData",
    }


async def test_gateway_client_requests_and_mock_answers_conform(
    openapi: OpenAPI, checked: tuple[httpx.AsyncClient, list[tuple[httpx.Request, httpx.Response]]]
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
    await mail.send_subscribe_mail(subscription)
    await mail.insert_subscribe_data(subscription)
    await mail.send_mail(contact)
    await mail.insert_support_data(contact)
    await mail.send_mail(deletion)
    await mail.insert_support_data(deletion)

    assert [urlsplit(str(r.url)).path.rsplit("/", 1)[-1] for r, _ in exchanges] == [
        "sendSubscribeMail",
        "InsertSubscribeData",
        "SendMail",
        "InsertSupportData",
        "SendMail",
        "InsertSupportData",
    ]
    for request, response in exchanges:
        assert response.status_code == 200
        _validate(openapi, request, response)


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
    ],
)
async def test_mock_refuses_requests_that_break_the_document(
    openapi: OpenAPI,
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
    openapi.validate_response(HttpxOpenAPIRequest(exchanges[-1][0]), HttpxOpenAPIResponse(exchanges[-1][1]))
