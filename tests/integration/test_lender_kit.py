"""`python -m gateway.upstreams.lenders.kit`: both adapters asked every operation of the lending
port from one command, against the mocks as their own process; a lender answering 401 to
everything, and one missing a call, each reported as failing."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator

import httpx
import pytest

from tests.integration.conftest import ROOT

SERVICES = ("lending", "catalogue", "mail", "orders", "payments", "fineract")


@pytest.fixture
def mocks(mocks_url: str) -> Iterator[str]:
    httpx.post(f"{mocks_url}/_mocks/reset").raise_for_status()
    yield mocks_url
    httpx.delete(f"{mocks_url}/_mocks/scenarios").raise_for_status()


def kit(mocks: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "LENDERS": "native,fineract",
        "LOG_LEVEL": "ERROR",
        **{f"{name.upper()}_URL": f"{mocks}/_mocks/{name}/" for name in SERVICES},
        "FINERACT_COMPANION_URL": f"{mocks}/_mocks/companion_fineract/",
    }
    env.pop("MOCKS_URL", None)
    command = [sys.executable, "-m", "gateway.upstreams.lenders.kit", *args]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


def test_both_adapters_are_reported_call_by_call_from_one_command(mocks: str) -> None:
    done = kit(mocks, "--allow-writes")
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    assert "native (sandbox borrower 9876543210): 16 of 16 operations work, 0 missing, 0 differ, 0 fail" in out
    assert (
        "fineract (sandbox borrower 9811122233): 16 of 16 operations work, 0 missing, 0 differ, 0 fail; "
        "5 from its companion service"
    ) in out
    # What Fineract's API has no call for says who supplies it.
    assert "PASS     key_facts  [companion service]" in out
    assert "PASS     document (key facts PDF)  [companion service]" in out
    assert "PASS     send_otp  [first lender]" in out
    assert "PASS     schedule\n" in out
    assert "PASS     create_payment_session" in out


def test_a_lender_answering_401_to_everything_fails(mocks: str) -> None:
    refuse = {"mock": "lending", "path": "*", "status": 401, "body": {"statusCode": 401, "message": "Unauthorized"}}
    httpx.post(f"{mocks}/_mocks/scenarios", json=refuse).raise_for_status()
    done = kit(mocks)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "native (sandbox borrower 9876543210): 0 of 2 operations work, 0 missing, 0 differ, 2 fail" in done.stdout
    assert "FAIL     (the rest)  (no sign-in: not exercised)" in done.stdout
    # The other lender is still reported, and still works.
    assert "fineract (sandbox borrower 9811122233): 13 of 13 operations work" in done.stdout


def test_a_companion_that_fails_is_reported_as_failing_not_as_missing(mocks: str) -> None:
    down = {"mock": "fineract_companion", "path": "*", "status": 503}
    httpx.post(f"{mocks}/_mocks/scenarios", json=down).raise_for_status()
    done = kit(mocks)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "FAIL     key_facts  (error answer" in done.stdout
    assert "not exercised)  [companion service]" in done.stdout


def test_a_lender_missing_a_call_fails_that_call(mocks: str) -> None:
    missing = {"mock": "fineract", "path": "fineract-provider/api/v1/clients/501/accounts", "status": 404}
    httpx.post(f"{mocks}/_mocks/scenarios", json={**missing, "body": {"httpStatusCode": "404"}}).raise_for_status()
    done = kit(mocks)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "FAIL     borrower (sign-in)" in done.stdout
    assert "native (sandbox borrower 9876543210): 13 of 13 operations work" in done.stdout


def test_a_companions_receipt_is_checked_once_the_sandbox_borrower_has_paid_online(mocks: str) -> None:
    # A repayment paid online, as the adapter books one (the provider's order and payment id).
    paid = {
        "transactionDate": "01 January 2026",
        "dateFormat": "dd MMMM yyyy",
        "locale": "en",
        "transactionAmount": 100.0,
        "externalId": "pg-4400001",
        "receiptNumber": "FINREPAY_7101_900004400",
        "paymentTypeId": 1,
    }
    headers = {"Authorization": "Basic bWlmb3M6cGFzc3dvcmQ=", "Fineract-Platform-TenantId": "default"}
    url = f"{mocks}/_mocks/fineract/fineract-provider/api/v1/loans/7101/transactions?command=repayment"
    httpx.post(url, json=paid, headers=headers).raise_for_status()
    done = kit(mocks)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "PASS     payment_receipt  [companion service]" in done.stdout
    assert "fineract (sandbox borrower 9811122233): 14 of 14 operations work" in done.stdout
