"""Every operation of every contracts/*.openapi.yaml carries examples, and they hold to it.

Contract-driven mocks (Prism's mock mode, say) answer with these examples and the
conformance command sends them, so a missing or wrong example is a broken contract.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from upstream_mocks.contract import Contract, ContractRequest, ContractResponse
from upstream_mocks.examples import contract_path, load_document, operations, resolve, services

SERVICES = services()


def _credentials(document: dict[str, Any]) -> list[tuple[bytes, bytes]]:
    """Stand-in credentials for every security scheme, so only the examples are judged."""
    headers: list[tuple[bytes, bytes]] = []
    for scheme in (document.get("components", {}).get("securitySchemes") or {}).values():
        scheme = resolve(document, scheme)
        if scheme.get("type") == "http" and scheme.get("scheme") == "bearer":
            headers.append((b"authorization", b"Bearer example-token"))
        elif scheme.get("type") == "http" and scheme.get("scheme") == "basic":
            headers.append((b"authorization", b"Basic ZXhhbXBsZTpleGFtcGxl"))
        elif scheme.get("type") == "apiKey" and scheme.get("in") == "header":
            headers.append((scheme["name"].lower().encode(), b"example-key"))
    return headers


def _encode(value: Any, content_type: str) -> bytes:
    return value.encode() if isinstance(value, str) and "json" not in content_type else json.dumps(value).encode()


def test_there_are_contracts_to_check() -> None:
    assert {"lending", "catalogue", "mail", "orders", "payments"} <= set(SERVICES)


@pytest.mark.parametrize("service", SERVICES)
def test_every_operation_has_request_and_answer_examples(service: str) -> None:
    document = load_document(contract_path(service))
    lacking = {op.operation_id: op.missing for op in operations(document) if op.missing}
    assert lacking == {}, f"contracts/{service}.openapi.yaml lacks examples: {lacking}"


@pytest.mark.parametrize("service", SERVICES)
def test_every_example_holds_to_its_contract(service: str) -> None:
    path = contract_path(service)
    document = load_document(path)
    contract = Contract(path)
    broken: list[str] = []
    for op in operations(document):
        for call in op.calls:
            headers = [(k.lower().encode(), v.encode()) for k, v in call.headers.items()] + _credentials(document)
            body = b""
            if call.content_type is not None:
                headers.append((b"content-type", call.content_type.encode()))
                body = _encode(call.body, call.content_type)
            query = "&".join(f"{k}={v}" for k, v in call.query.items())
            request = ContractRequest.build(op.method.upper(), call.path, query, headers, body)
            problem = contract.check_request(request)
            if problem is not None:
                broken.append(f"{op.operation_id} request {call.name}: {problem.message}")
            for status, by_type in op.answers.items():
                for content_type, values in by_type.items():
                    for value in values:
                        answer = ContractResponse(
                            int(status), _encode(value, content_type), {"content-type": content_type}
                        )
                        problem = contract.check_response(request, answer)
                        if problem is not None:
                            broken.append(f"{op.operation_id} answer {status}: {problem.message}")
    assert broken == []


def test_a_missing_example_is_named() -> None:
    document = {
        "openapi": "3.1.0",
        "info": {"title": "t", "version": "1"},
        "paths": {
            "/things/{id}": {
                "post": {
                    "operationId": "addThing",
                    "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "integer"}}],
                    "requestBody": {"content": {"application/json": {"schema": {"type": "object"}}}},
                    "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {}}}}},
                }
            }
        },
    }
    (op,) = operations(document)
    assert op.missing == ["parameter id (path)", "request body (application/json)", "answer 200 (application/json)"]
