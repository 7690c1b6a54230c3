"""The QA control API (`/_mocks/*`) holds to contracts/qa-controls.openapi.yaml.

QA scripts the mocks from that document, so every control the suite serves must be in it, nothing
in it may be gone from the suite, and each example request must get the answer the document shows
(its status, a body the document allows) from a freshly seeded suite.
"""

from __future__ import annotations

import base64
import json
import re
from typing import Any

import pytest
from litestar.testing import TestClient

from upstream_mocks.contract import Contract, ContractRequest, ContractResponse
from upstream_mocks.examples import Operation, contract_path, load_document, operation_finder, operations
from upstream_mocks.settings import MockSettings
from upstream_mocks.suite import CONTRACT_OF, MOCKS, create_suite, mount_path
from upstream_mocks.world import MockWorld

DOCUMENT = contract_path("qa-controls")
# Served under /_mocks but no control: pages and pictures people open, and the Fineract apps'
# own generated schema pages. Each prefix says why it is left out.
NOT_CONTROLS = (
    "/_mocks/payments/links/",  # the payment link's page a payer opens, and its Pay button
    "/_mocks/payments/upi/app",  # the UPI app stand-in's page, and its buttons
    "/_mocks/catalogue/media/",  # product and brand pictures
    "/_mocks/fineract/schema",  # the framework's schema pages
    "/_mocks/companion_fineract/schema",
)
_METHODS = {"GET", "POST", "PUT", "PATCH", "DELETE"}
PDF = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n"
RECEIPT_MAIL = {
    "email": "ramesh.kumar@shop.example",
    "subject": "Your payment receipt",
    "message": "We received your payment.",
    "attachment": {
        "filename": "receipt-RCPT-7002.pdf",
        "contentType": "application/pdf",
        "content": base64.b64encode(PDF).decode(),
    },
}


def _template(path: str) -> str:
    """Litestar's `{name:str}` as OpenAPI's `{name}`."""
    return re.sub(r"\{(\w+):\w+\}", r"{\1}", path)


def _fresh_world() -> MockWorld:
    return MockWorld(MockSettings.from_env())


def served_controls() -> set[tuple[str, str]]:
    """(method, path) of every /_mocks route the suite serves beside the mocks' contracts."""
    served: set[tuple[str, str]] = set()
    suite = create_suite(_fresh_world())
    for route in suite.routes:
        for method in getattr(route, "methods", set()) & _METHODS:
            served.add((method, _template(route.path)))
    for name, factory in MOCKS.items():
        described = operation_finder(contract_path(CONTRACT_OF.get(name, name)))
        for route in factory(_fresh_world()).build().routes:
            for method in getattr(route, "methods", set()) & _METHODS:
                if described(method, route.path.strip("/")) is None:
                    served.add((method, mount_path(name) + _template(route.path)))
    return {(m, p) for m, p in served if p.startswith("/_mocks/") and not p.startswith(NOT_CONTROLS)}


def documented() -> set[tuple[str, str]]:
    return {(op.method.upper(), op.path) for op in operations(load_document(DOCUMENT))}


def test_every_served_control_is_documented() -> None:
    assert served_controls() - documented() == set()


def test_every_documented_control_is_served() -> None:
    assert documented() - served_controls() == set()


HELD = {"$ref": "#/components/responses/WorldHeld"}  # the 409 of a world another tester holds
# The 304 of a read-out asked to wait for a change (tests/integration/test_waiting_readouts.py).
NOT_MODIFIED = {"$ref": "#/components/responses/NotModified"}


def _documented_answer(document: dict[str, Any], op: Operation) -> tuple[int, bool]:
    """The one status the document gives the operation (beside WorldHeld), and whether it has a JSON body."""
    responses = document["paths"][op.path][op.method]["responses"].items()
    (status, answer), *more = [(status, answer) for status, answer in responses if answer not in (HELD, NOT_MODIFIED)]
    assert more == [], f"{op.operation_id} documents more than one answer; its example answers one"
    return int(status), "content" in answer


@pytest.mark.parametrize("op", operations(load_document(DOCUMENT)), ids=lambda op: op.operation_id)
def test_each_example_is_answered_as_documented(op: Operation) -> None:
    document = load_document(DOCUMENT)
    contract = Contract(DOCUMENT)
    status, has_body = _documented_answer(document, op)
    with TestClient(create_suite(_fresh_world())) as client:
        if op.operation_id == "issueToken":  # tokens are only issued once a mock demands OAuth
            client.post("/_mocks/auth", json={"mock": "catalogue", "oauth": True})
        if op.operation_id == "readMailAttachment":  # a fresh outbox holds no mail: one with a PDF first
            client.post("/_mocks/mail/website/sendReceiptMail", json=RECEIPT_MAIL)
        for call in op.calls:
            content = None
            headers = dict(call.headers)
            if call.content_type is not None:
                headers["content-type"] = call.content_type
                form = "form-urlencoded" in call.content_type
                content = "&".join(f"{k}={v}" for k, v in call.body.items()) if form else json.dumps(call.body)
            answer = client.request(op.method.upper(), call.path, params=call.query, content=content, headers=headers)
            assert answer.status_code == status, f"{op.operation_id} {call.name}: {answer.text}"
            assert bool(answer.content) == has_body
            request = ContractRequest.build(
                op.method.upper(),
                call.path,
                "&".join(f"{k}={v}" for k, v in call.query.items()),
                [(k.lower().encode(), v.encode()) for k, v in headers.items()],
                (content or "").encode(),
            )
            assert contract.check_request(request) is None
            response = ContractResponse(
                answer.status_code, answer.content, {"content-type": answer.headers.get("content-type", "")}
            )
            assert contract.check_response(request, response) is None


def test_a_held_world_refuses_another_testers_write_as_documented() -> None:
    """WorldHeld's shape is what a write by anyone but the holder gets; the holder's own passes."""
    document = load_document(DOCUMENT)
    contract = Contract(DOCUMENT)
    with TestClient(create_suite(_fresh_world())) as client:
        client.post("/_mocks/hold", headers={"X-QA-Tester": "asha.qa"}, json={"minutes": 60}).raise_for_status()
        refused = client.post("/_mocks/clock", headers={"X-QA-Tester": "ravi.qa"}, json={"days": 40})
        assert refused.status_code == 409
        assert refused.json()["holder"] == "asha.qa"
        held = document["components"]["responses"]["WorldHeld"]["content"]["application/json"]
        assert set(refused.json()) == set(held["example"])
        request = ContractRequest.build(
            "POST", "/_mocks/clock", "", [(b"content-type", b"application/json")], json.dumps({"days": 40}).encode()
        )
        answer = ContractResponse(409, refused.content, {"content-type": refused.headers["content-type"]})
        assert contract.check_response(request, answer) is None
        assert client.post("/_mocks/clock", headers={"X-QA-Tester": "asha.qa"}, json={"days": 40}).status_code == 200


def test_a_mails_attachment_opens_as_the_pdf_sent() -> None:
    """The console's Outboxes link a mail's PDF: the bytes the sender attached, inline, by its name."""
    with TestClient(create_suite(_fresh_world())) as client:
        assert client.post("/_mocks/mail/website/sendReceiptMail", json=RECEIPT_MAIL).status_code == 200
        (sent,) = client.get("/_mocks/mail/outbox").json()
        assert (sent["mailId"], sent["attachment"]) == ("MAIL00000001", "receipt-RCPT-7002.pdf")
        answer = client.get(f"/_mocks/mail/outbox/{sent['mailId']}/attachment")
        assert answer.status_code == 200
        assert answer.headers["content-type"] == "application/pdf"
        assert answer.headers["content-disposition"] == 'inline; filename="receipt-RCPT-7002.pdf"'
        assert answer.content == PDF
        assert client.get("/_mocks/mail/outbox/MAIL00000002/attachment").status_code == 404
