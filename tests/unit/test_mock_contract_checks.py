"""The mocks' contract checks: requests and answers held to an OpenAPI document."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from upstream_mocks.contract import Contract, ContractRequest, ContractResponse

DOCUMENT = """
openapi: 3.1.0
info: {title: sample, version: "1"}
servers: [{url: "https://upstream.example/api"}]
components:
  securitySchemes:
    bearer: {type: http, scheme: bearer}
paths:
  /sendOtp:
    post:
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [mobileNumber]
              properties:
                mobileNumber: {type: string, pattern: "^[0-9]{10}$"}
      responses:
        "200":
          description: sent
          content:
            application/json:
              schema:
                type: object
                required: [statusCode, message]
                properties:
                  statusCode: {type: integer}
                  message: {type: string}
  /detail:
    get:
      security: [{bearer: []}]
      parameters:
        - {name: userId, in: query, required: true, schema: {type: integer}}
      responses:
        "200": {description: ok, content: {application/json: {schema: {type: object}}}}
"""


@pytest.fixture
def contract(tmp_path: Path) -> Contract:
    document = tmp_path / "sample.openapi.yaml"
    document.write_text(DOCUMENT)
    return Contract(document)


def _request(method: str, path: str, body: object = None, query: str = "", auth: bool = False) -> object:
    headers = [(b"content-type", b"application/json")]
    if auth:
        headers.append((b"authorization", b"Bearer tok"))
    raw = json.dumps(body).encode() if body is not None else b""
    return ContractRequest.build(method, path, query, headers, raw)


def test_a_valid_request_passes(contract: Contract) -> None:
    assert contract.check_request(_request("POST", "sendOtp", {"mobileNumber": "9876543210"})) is None


def test_a_bad_field_is_a_400_naming_it(contract: Contract) -> None:
    problem = contract.check_request(_request("POST", "sendOtp", {"mobileNumber": "98765"}))
    assert problem is not None and problem.status == 400
    assert "mobileNumber" in problem.message


def test_a_missing_field_is_a_400_naming_it(contract: Contract) -> None:
    problem = contract.check_request(_request("POST", "sendOtp", {}))
    assert problem is not None and problem.status == 400
    assert "mobileNumber" in problem.message


def test_missing_credentials_are_a_401(contract: Contract) -> None:
    problem = contract.check_request(_request("GET", "detail", query="userId=5"))
    assert problem is not None and problem.status == 401
    assert contract.check_request(_request("GET", "detail", query="userId=5", auth=True)) is None


def test_a_bad_query_parameter_is_a_400(contract: Contract) -> None:
    problem = contract.check_request(_request("GET", "detail", query="userId=abc", auth=True))
    assert problem is not None and problem.status == 400


def test_paths_outside_the_contract_are_not_checked(contract: Contract) -> None:
    assert contract.check_request(_request("GET", "outbox/9876543210")) is None


def test_an_answer_that_breaks_the_contract_is_reported(contract: Contract) -> None:
    request = _request("POST", "sendOtp", {"mobileNumber": "9876543210"})
    good = ContractResponse(200, json.dumps({"statusCode": 200, "message": "sent"}).encode())
    bad = ContractResponse(200, json.dumps({"statusCode": "200"}).encode())
    assert contract.check_response(request, good) is None
    problem = contract.check_response(request, bad)
    assert problem is not None and problem.status == 500
    assert "sample.openapi.yaml" in problem.message
