"""Repeated messages reuse their contract verdict; every other message is still checked."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.unit.test_mock_contract_checks import DOCUMENT, _request
from upstream_mocks.contract import Contract, ContractResponse


@pytest.fixture
def counted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Contract, list[str]]:
    document = tmp_path / "sample.openapi.yaml"
    document.write_text(DOCUMENT)
    contract = Contract(document)
    runs: list[str] = []
    for kind in ("request", "response"):
        name = f"iter_{kind}_errors"
        original = getattr(contract.openapi, name)

        def spy(*args: Any, _original: Any = original, _kind: str = kind) -> Iterator[Exception]:
            runs.append(_kind)
            return iter(list(_original(*args)))

        monkeypatch.setattr(contract.openapi, name, spy)
    return contract, runs


def test_an_identical_request_is_checked_once_and_keeps_its_verdict(counted: tuple[Contract, list[str]]) -> None:
    contract, runs = counted
    for _ in range(5):
        problem = contract.check_request(_request("POST", "sendOtp", {"mobileNumber": "98765"}))
        assert problem is not None and problem.status == 400 and "mobileNumber" in problem.message
    assert runs == ["request"]


def test_good_and_bad_messages_alternating_each_get_their_own_verdict(counted: tuple[Contract, list[str]]) -> None:
    contract, _ = counted
    for _ in range(3):
        assert contract.check_request(_request("POST", "sendOtp", {"mobileNumber": "9876543210"})) is None
        bad = contract.check_request(_request("POST", "sendOtp", {"mobileNumber": "98765"}))
        assert bad is not None and bad.status == 400
        # The same query without credentials is a different message: 401, not the cached pass.
        assert contract.check_request(_request("GET", "detail", query="userId=5", auth=True)) is None
        anonymous = contract.check_request(_request("GET", "detail", query="userId=5"))
        assert anonymous is not None and anonymous.status == 401


def test_answers_are_judged_by_their_own_bytes(counted: tuple[Contract, list[str]]) -> None:
    contract, runs = counted
    request = _request("POST", "sendOtp", {"mobileNumber": "9876543210"})
    good = ContractResponse(200, json.dumps({"statusCode": 200, "message": "sent"}).encode())
    bad = ContractResponse(200, json.dumps({"statusCode": "200"}).encode())
    for _ in range(3):
        assert contract.check_response(request, good) is None
        problem = contract.check_response(request, bad)
        assert problem is not None and problem.status == 500
    assert runs == ["response", "response"]
