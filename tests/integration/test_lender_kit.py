"""`python -m gateway.upstreams.lenders.kit`: both adapters asked every operation of the lending
port from one command, against the mocks as their own process, with `--allow-writes` booking real
repayments while the lender misbehaves (a first booking failing and replayed, an answer lost, a
checker's approval); a lender answering 401 to everything fails every operation, and one missing
a call fails that call (the Key Facts PDFs of a credit offer and of an accepted line among them)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator

import httpx
import pytest

from gateway.settings import UPSTREAMS
from gateway.upstreams.lenders.kit import PORT_OPERATIONS
from tests.integration.conftest import ROOT

# Every upstream at the mocks' process: one left without a URL (payouts, once) made each run of
# the command build an embedded mock suite of its own, about 3 s of its 5 s of CPU.
SERVICES = (*UPSTREAMS, "fineract")


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


def operations(out: str, kind: str) -> list[str]:
    """The operations an adapter's report has a line for (its first word after the verdict)."""
    report = out.split(f"{kind} (sandbox borrower")[1].split("\n\n")[0]
    return [line.split()[1] for line in report.splitlines()[1:] if line.strip()]


def test_both_adapters_are_reported_call_by_call_from_one_command(mocks: str) -> None:
    done = kit(mocks, "--allow-writes")
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    assert re.search(
        r"native \(sandbox borrower 9876543210\): (\d+) of \1 operations work, 0 unsupported, 0 differ", out
    )
    fineract = re.search(
        r"fineract \(sandbox borrower 9811122233\): (\d+) of (\d+) operations work, (\d+) unsupported", out
    )
    assert fineract is not None and int(fineract[1]) + int(fineract[3]) == int(fineract[2]), out
    assert "fineract (sandbox borrower 9811122233): " in out and ", 0 differ, 0 fail; " in out
    for kind in ("native", "fineract"):  # every operation of the port, for each adapter
        assert set(operations(out, kind)) == set(PORT_OPERATIONS), kind
    # What Fineract's API has no call for says who supplies it, or that it has none.
    assert "PASS     key_facts  [companion service]" in out
    assert "PASS     document (key facts PDF)  [companion service]" in out
    assert "PASS     send_otp  [first lender]" in out
    assert "PASS     schedule\n" in out
    assert "UNSUPPORTED apply_for_credit  (the lender's API has no such call" in out
    # The Key Facts a shopper keeps: the offer's before accepting, the line's after.
    assert "PASS     credit_key_facts_pdf\n" in out
    assert "PASS     credit_line_key_facts_pdf\n" in out
    # A real repayment booked once while the lender's first booking fails and is replayed, asked
    # again, followed up with no borrower, its answer lost; one waiting for Fineract's checker.
    for semantic in (
        "update_payment_status (paid, its first booking failing)",
        "update_payment_status (asked again: no second booking)",
        "settle_order (the follow-up, no borrower)",
        "update_payment_status (its answer lost after the booking)",
    ):
        assert out.count(f"PASS     {semantic}") == 2, semantic
    assert "PASS     update_payment_status (awaiting the lender's checker)" in out
    journal = httpx.get(f"{mocks}/_mocks/journal", params={"mock": "fineract"}).json()
    bookings = [e["status"] for e in journal if e["method"] == "POST" and e["path"].endswith("/transactions")]
    assert 500 in bookings, "the replayed failure was never met"
    assert "PASS     create_payment_session" in out


def test_read_only_every_operation_is_listed_and_writes_are_skipped(mocks: str) -> None:
    done = kit(mocks)
    assert done.returncode == 0, done.stdout + done.stderr
    for kind in ("native", "fineract"):
        assert set(operations(done.stdout, kind)) == set(PORT_OPERATIONS), kind
    assert "SKIP     create_payment_session  (changes data: pass --allow-writes against a sandbox)" in done.stdout
    journal = httpx.get(f"{mocks}/_mocks/journal").json()
    writes = [e["path"] for e in journal if e["method"] not in ("GET",) and "partnerLogin" not in e["path"]]
    assert writes == [], writes


def test_a_lender_answering_401_to_everything_fails_every_operation(mocks: str) -> None:
    refuse = {"mock": "lending", "path": "*", "status": 401, "body": {"statusCode": 401, "message": "Unauthorized"}}
    httpx.post(f"{mocks}/_mocks/scenarios", json=refuse).raise_for_status()
    done = kit(mocks)
    assert done.returncode == 1, done.stdout + done.stderr
    n = len(PORT_OPERATIONS)
    assert f"native (sandbox borrower 9876543210): 0 of {n} operations work, 0 unsupported, 0 differ, {n} fail" in (
        done.stdout
    )
    assert "FAIL     credit_position  (error answer 401" in done.stdout
    assert "FAIL     schedule  (no sign-in: not exercised)" in done.stdout
    assert set(operations(done.stdout, "native")) == set(PORT_OPERATIONS)
    # The other lender is still reported, and still works.
    assert "fineract (sandbox borrower 9811122233): 17 of 23 operations work" in done.stdout


def test_a_companion_that_fails_is_reported_as_failing_not_as_missing(mocks: str) -> None:
    down = {"mock": "fineract_companion", "path": "*", "status": 503}
    httpx.post(f"{mocks}/_mocks/scenarios", json=down).raise_for_status()
    done = kit(mocks)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "FAIL     key_facts  (error answer" in done.stdout
    assert "not exercised)  [companion service]" in done.stdout


def test_a_lender_missing_a_call_fails_that_call(mocks: str) -> None:
    missing = {"mock": "lending", "path": "webRepayment/loans/LN-1001/schedule", "status": 404}
    httpx.post(f"{mocks}/_mocks/scenarios", json={**missing, "body": {"message": "Not Found"}}).raise_for_status()
    done = kit(mocks)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "native (sandbox borrower 9876543210): 15 of 16 operations work, 0 unsupported, 0 differ, 1 fail" in (
        done.stdout
    )
    assert "FAIL     schedule  (error answer 404" in done.stdout
    assert "PASS     key_facts\n" in done.stdout
    assert "fineract (sandbox borrower 9811122233): 17 of 23 operations work" in done.stdout


def test_a_lender_without_its_client_accounts_call_fails_from_the_sign_in(mocks: str) -> None:
    missing = {"mock": "fineract", "path": "fineract-provider/api/v1/clients/501/accounts", "status": 404}
    httpx.post(f"{mocks}/_mocks/scenarios", json={**missing, "body": {"httpStatusCode": "404"}}).raise_for_status()
    done = kit(mocks)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "FAIL     borrower (sign-in)" in done.stdout
    assert "native (sandbox borrower 9876543210): 16 of 16 operations work" in done.stdout


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
    assert "fineract (sandbox borrower 9811122233): 18 of 24 operations work" in done.stdout


def test_a_lender_missing_the_credit_key_facts_pdfs_fails_both_calls(mocks: str) -> None:
    # The sandbox applicant's first offer and the line it becomes, after a reset (the lending
    # mock numbers them in turn): a lending service from before the two PDFs answers 404 to each.
    for path in (
        "webRepayment/credit/offers/APP-5001-1/keyFacts/pdf",
        "webRepayment/credit/lines/CL-5002/keyFacts/pdf",
    ):
        missing = {"mock": "lending", "path": path, "status": 404, "body": {"message": "Not Found"}}
        httpx.post(f"{mocks}/_mocks/scenarios", json=missing).raise_for_status()
    done = kit(mocks, "--allow-writes")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "FAIL     credit_key_facts_pdf  (error answer 404" in done.stdout
    assert "FAIL     credit_line_key_facts_pdf  (error answer 404" in done.stdout
    # The rest of the line's life is still asked, and works.
    assert "PASS     accept_credit_offer\n" in done.stdout
    assert "PASS     credit_line_certificate\n" in done.stdout
    assert re.search(
        r"native \(sandbox borrower 9876543210\): (\d+) of (\d+) operations work, 0 unsupported, 0 differ, 2 fail",
        done.stdout,
    )
    # A lender without credit lines says it has neither, and is not failed for it.
    assert "UNSUPPORTED credit_key_facts_pdf  (the lender's API has no such call" in done.stdout
    assert "UNSUPPORTED credit_line_key_facts_pdf  (the lender's API has no such call" in done.stdout
