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

from tests.conftest import CLIENT_SECRET
from tests.integration.conftest import ROOT
from upstream_mocks.sandbox import CREDIT_LINE_CALLS

PAYMENTS_KEYS = ["--header", "x-client-id: mock-client", "--header", f"x-client-secret: {CLIENT_SECRET}"]
FINERACT_KEYS = [
    "--header",
    "Authorization: Basic bWlmb3M6cGFzc3dvcmQ=",
    "--header",
    "Fineract-Platform-TenantId: default",
]
PARTNER_KEY = ["--header", "x-partner-key: mock-partner-key"]  # the kit signs in as the sandbox borrower with it
RAMESH = "9876543210"  # store user 2001, the shopper of the orders contract's examples


def credentials(service: str, mocks: str) -> list[str]:
    """The provider's keys; the lender's partner key (the kit signs in as the sandbox borrower); for
    the orders service and the catalogue, a shopper's catalogue token (their calls are a shopper's)."""
    if service == "payments":
        return PAYMENTS_KEYS
    if service == "lending":
        return PARTNER_KEY
    if service == "fineract":  # Fineract's demonstration user and tenant, which the mock takes
        return FINERACT_KEYS
    if service == "mail":  # its one read call is the platform's own tools'
        return ["--header", "x-operations-key: mock-operations-key"]
    if service not in ("orders", "catalogue"):
        return []
    httpx.post(f"{mocks}/_mocks/lending/sendOtp", json={"mobileNumber": RAMESH}).raise_for_status()
    code = httpx.get(f"{mocks}/_mocks/lending/outbox/{RAMESH}").json()["otp"]
    login = {"mobileNumber": RAMESH, "otp": code, "platform": "APP", "userType": "USER", "businessType": 1}
    token = httpx.post(f"{mocks}/_mocks/catalogue/verifyOtp", json=login).json()["accessToken"]
    operations = ["--header", "x-operations-key: mock-operations-key"] if service == "orders" else []
    return ["--header", f"Authorization: Bearer {token}", *operations]


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


@pytest.mark.parametrize("service", ["lending", "catalogue", "mail", "payments", "orders", "fineract"])
def test_our_mocks_conform_to_their_contracts(mocks: str, service: str, tmp_path: Path) -> None:
    report = tmp_path / "report.xml"
    extra = credentials(service, mocks)
    done = _verify(
        service, "--base-url", f"{mocks}/_mocks/{service}", "--allow-writes", "--report", str(report), *extra
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "FAIL" not in done.stdout
    suite = ET.parse(report).getroot().find("testsuite")
    assert suite is not None
    assert int(suite.get("tests", "0")) >= 4
    assert suite.get("failures") == "0"
    # Only what a kit cannot do for the gateway is skipped (a texted code, the provider's two
    # webhooks, a payment's and a payment link's, a receipt or one mailed again before anything was
    # paid, a no-dues certificate of a loan still open, a credit line's chain, which needs an
    # applicant without credit, a reminder's link code, which only a reminder carries, and an
    # AutoPay debit, raised or left to the borrower above the limit, and the mandate itself, which
    # only a mandate approved in a UPI app has; the orders service's payment and payout webhooks),
    # each with its reason.
    allowed = 10 + len(CREDIT_LINE_CALLS) if service == "lending" else 2 if service == "orders" else 1
    assert int(suite.get("skipped", "0")) <= allowed, done.stdout


def test_our_lending_mock_conforms_read_only_as_qa_first_runs_it(mocks: str) -> None:
    """Signed in as the sandbox borrower, every reading call passes; the writes are skipped."""
    done = _verify("lending", "--base-url", f"{mocks}/_mocks/lending", *PARTNER_KEY)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "FAIL" not in done.stdout
    assert "PASS  GET    /webRepayment/loans  listLoans" in done.stdout
    assert "SKIP  POST   /webRepayment/cashFreeRequest" in done.stdout


def test_a_lender_answering_401_to_everything_fails_every_call(mocks: str, tmp_path: Path) -> None:
    scenario = {"mock": "lending", "path": "*", "status": 401, "body": {"statusCode": 401, "message": "Unauthorized"}}
    httpx.post(f"{mocks}/_mocks/scenarios", json=scenario).raise_for_status()
    report = tmp_path / "report.xml"
    done = _verify(
        "lending", "--base-url", f"{mocks}/_mocks/lending", "--allow-writes", "--report", str(report), *PARTNER_KEY
    )
    assert done.returncode == 1
    assert done.stdout.startswith("lending at "), done.stdout
    assert " 0 of " in done.stdout.splitlines()[0]
    assert "sign-in failed: webRepayment/partnerLogin for 9876543210 answered 401" in done.stdout
    assert "FAIL  GET    /webRepayment/loans  listLoans [parameters]  401" in done.stdout
    assert "answered 401, an error: the call's success path was not exercised" in done.stdout
    suite = ET.parse(report).getroot().find("testsuite")
    assert suite is not None and int(suite.get("failures", "0")) >= 15


def test_a_lender_missing_one_call_fails_that_call(mocks: str) -> None:
    missing = {
        "mock": "lending",
        "path": "webRepayment/loans/LN-1001/schedule",
        "status": 404,
        "body": {"message": "Not Found"},
    }
    httpx.post(f"{mocks}/_mocks/scenarios", json=missing).raise_for_status()
    done = _verify("lending", "--base-url", f"{mocks}/_mocks/lending", "--allow-writes", *PARTNER_KEY)
    assert done.returncode == 1
    assert "FAIL  GET    /webRepayment/loans/LN-1001/schedule  loanSchedule [parameters]  404" in done.stdout
    assert "PASS  GET    /webRepayment/loans/LN-1001/keyFacts  loanKeyFacts [parameters]  200" in done.stdout


def test_without_allow_writes_only_reading_calls_are_sent(mocks: str) -> None:
    done = _verify("catalogue", "--base-url", f"{mocks}/_mocks/catalogue", *credentials("catalogue", mocks))
    assert done.returncode == 0, done.stdout
    assert "PASS  GET    /electrician/getProductCatalogListMobile" in done.stdout
    assert "SKIP  POST   /electrician/addCart" in done.stdout
    journal = httpx.get(f"{mocks}/_mocks/journal", params={"mock": "catalogue"}).json()
    # The shopper's login that gave the kit its token aside, only reading calls were sent.
    assert {entry["method"] for entry in journal if "verifyOtp" not in entry["path"]} == {"GET"}


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
    done = _verify(
        "catalogue",
        "--base-url",
        f"{mocks}/_mocks/catalogue",
        "--report",
        str(report),
        *credentials("catalogue", mocks),
    )
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


@pytest.mark.parametrize(
    ("service", "promises"),
    [
        ("orders", ["place honours Idempotency-Key", "cancel honours Idempotency-Key"]),
        ("payments", ["terminate closes an unpaid order", "refund once per refund_id"]),
    ],
)
def test_with_writes_allowed_the_promises_the_gateway_relies_on_are_checked(
    mocks: str, service: str, promises: list[str]
) -> None:
    done = _verify(service, "--base-url", f"{mocks}/_mocks/{service}", "--allow-writes", *credentials(service, mocks))
    assert done.returncode == 0, done.stdout + done.stderr
    for promise in promises:
        assert f"promise: {promise} [promise]  200" in done.stdout, done.stdout


def test_a_provider_that_does_not_terminate_fails_its_promise(mocks: str) -> None:
    # Every PATCH answered 200 with the order still ACTIVE: a provider that ignores termination.
    still_active = {"order_id": "x", "order_status": "ACTIVE"}
    scenario = {"mock": "payments", "path": "*", "method": "PATCH", "status": 200, "body": still_active}
    httpx.post(f"{mocks}/_mocks/scenarios", json=scenario).raise_for_status()
    done = _verify("payments", "--base-url", f"{mocks}/_mocks/payments", "--allow-writes", *PAYMENTS_KEYS)
    assert done.returncode == 1
    assert "FAIL  PATCH  /pg/orders/{order_id}  promise: terminate closes an unpaid order" in done.stdout
    assert "terminate answered order_status ACTIVE" in done.stdout
