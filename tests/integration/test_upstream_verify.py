"""`python -m upstream_mocks verify`: the conformance run an integrator points at a real service.

Run here against the mocks as their own process: they conform, and a mock made (through a QA
scenario with a body) to answer a product without a proper name fails, naming the field.
"""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.integration.conftest import ROOT

PAYMENTS_KEYS = ["--header", "x-client-id: mock-client", "--header", "x-client-secret: mock-secret"]


def _verify(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "upstream_mocks", "verify", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.fixture
def mocks(mocks_url: str) -> Iterator[str]:
    httpx.post(f"{mocks_url}/_mocks/reset").raise_for_status()
    yield mocks_url
    httpx.delete(f"{mocks_url}/_mocks/scenarios").raise_for_status()


@pytest.mark.parametrize("service", ["lending", "catalogue", "mail", "payments", "orders"])
def test_our_mocks_conform_to_their_contracts(mocks: str, service: str, tmp_path: Path) -> None:
    report = tmp_path / "report.xml"
    extra = PAYMENTS_KEYS if service == "payments" else []
    done = _verify(
        service, "--base-url", f"{mocks}/_mocks/{service}", "--allow-writes", "--report", str(report), *extra
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "FAIL" not in done.stdout
    suite = ET.parse(report).getroot().find("testsuite")
    assert suite is not None
    assert int(suite.get("tests", "0")) >= 4
    assert suite.get("failures") == "0" and suite.get("skipped") == "0"


def test_without_allow_writes_only_reading_calls_are_sent(mocks: str) -> None:
    done = _verify("catalogue", "--base-url", f"{mocks}/_mocks/catalogue")
    assert done.returncode == 0, done.stdout
    assert "PASS  GET    /electrician/getProductCatalogListMobile" in done.stdout
    assert "SKIP  POST   /electrician/addCart" in done.stdout
    journal = httpx.get(f"{mocks}/_mocks/journal", params={"mock": "catalogue"}).json()
    assert {entry["method"] for entry in journal} == {"GET"}


def test_an_answer_of_the_wrong_shape_fails_naming_the_field(mocks: str, tmp_path: Path) -> None:
    wrong = {
        "statusCode": 200,
        "message": "Success",
        "data": {"records": [{"id": 1, "productName": 42, "listingPrice": "50.84"}]},
    }
    httpx.post(
        f"{mocks}/_mocks/scenarios",
        json={"mock": "catalogue", "path": "electrician/getProductCatalogListMobile", "status": 200, "body": wrong},
    ).raise_for_status()
    report = tmp_path / "report.xml"
    done = _verify("catalogue", "--base-url", f"{mocks}/_mocks/catalogue", "--report", str(report))
    assert done.returncode == 1
    assert "FAIL  GET    /electrician/getProductCatalogListMobile" in done.stdout
    assert "$.data.records[0].productName: 42 is not of type 'string'" in done.stdout
    assert "$.data.records[0].listingPrice" in done.stdout
    failure = ET.parse(report).getroot().find(".//testcase/failure")
    assert failure is not None and "$.data.records[0].productName" in (failure.text or "")


def test_an_unreachable_service_fails(tmp_path: Path) -> None:
    done = _verify("mail", "--base-url", "http://127.0.0.1:9/", "--allow-writes", "--timeout", "2")
    assert done.returncode == 1
    assert "no answer: ConnectError" in done.stdout
