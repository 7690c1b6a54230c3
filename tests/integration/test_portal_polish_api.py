"""The portal's polish through the in-process mocks: a closed checkout is 'cancelled' by the
order's standing, the loan's particulars in the detail, and refused code requests that say how
long to wait."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import httpx
import pytest

from gateway.otp.limits import CODE_SEND_CAP, CODE_TOO_SOON, TOO_MANY_SENDS, TOO_SOON
from gateway.portal.service import PAYMENT_CANCELLED
from gateway.settings import ROOT, OtpLimits, Settings
from tests.conftest import GatewayClient
from tests.integration.test_portal_api import RAMESH, log_in, pay
from tests.integration.test_portal_repayments_api import confirm
from tests.mocks_clock import mocks_today
from upstream_mocks.lending.seed import RAMESH_DAYS_OVERDUE

ANIL = "9988776655"


def checkout(client: GatewayClient, payment: dict[str, Any], outcome: str) -> None:
    """What the provider's hosted page does when the borrower pays or the payment fails."""
    answer = client.post(f"/_mocks/payments/checkout/{payment['paymentSessionId']}/pay", json={"outcome": outcome})
    assert answer.status_code in (200, 201), answer.text


# A closed checkout


def test_a_checkout_closed_unpaid_is_cancelled_and_can_be_paid_after_all(client: GatewayClient) -> None:
    log_in(client)
    payment = pay(client, {"mode": "totalOverdue"}).json()
    # The modal closed with nothing tried: the order is still open at the provider.
    assert (
        confirm(client, payment).items()
        >= {"message": PAYMENT_CANCELLED, "status": "cancelled", "orderId": payment["orderId"]}.items()
    )
    detail = client.get("/api/portal/repayment").json()
    assert detail["remainingAmount"] == "12450.00"
    assert detail["pendingPayments"] == []  # not offered as 'pending confirmation'
    # 'Try again' reopens the same payment session; paying it settles as usual.
    checkout(client, payment, "success")
    assert confirm(client, payment)["status"] == "completed"
    assert client.get("/api/portal/repayment").json()["remainingAmount"] == "0.00"


def test_a_checkout_that_failed_is_failed_whatever_the_browser_says(client: GatewayClient) -> None:
    log_in(client)
    payment = pay(client, {"mode": "totalOverdue"}).json()
    checkout(client, payment, "failure")
    failed = {"message": "Payment failed", "status": "failed", "orderId": payment["orderId"]}
    assert confirm(client, payment).items() >= failed.items()


def test_a_checkout_paid_then_closed_is_completed(client: GatewayClient) -> None:
    """The modal's close event arrives either way: what counts is what the provider took."""
    log_in(client)
    payment = pay(client, {"mode": "partialPayment", "amount": "1000.00"}).json()
    checkout(client, payment, "success")
    outcome = confirm(client, payment)
    assert (outcome["status"], outcome["message"]) == ("completed", "Payment process completed")


# Loan particulars


def test_the_detail_names_each_figure_and_carries_the_loans_particulars(client: GatewayClient) -> None:
    log_in(client)
    detail = client.get("/api/portal/repayment").json()
    assert {k: detail[k] for k in ("pendingAmount", "lateFees", "remainingAmount")} == {
        "pendingAmount": "12000.00",
        "lateFees": "450.00",
        "remainingAmount": "12450.00",
    }
    assert {k: detail[k] for k in ("dueDate", "daysOverdue", "lenderName", "loanNumber")} == {
        "dueDate": (mocks_today(client) - timedelta(days=RAMESH_DAYS_OVERDUE)).isoformat(),
        "daysOverdue": RAMESH_DAYS_OVERDUE,
        "lenderName": "Sahyogkosh Finance",
        "loanNumber": "LN-1001",
    }


def test_particulars_the_lender_does_not_give_are_null(client: GatewayClient) -> None:
    log_in(client, ANIL)
    detail = client.get("/api/portal/repayment").json()
    assert [detail[k] for k in ("dueDate", "daysOverdue", "lenderName", "loanNumber")] == [None] * 4
    assert detail["remainingAmount"] == "5200.00"


def test_a_part_payment_goes_to_late_fees_first_so_the_figures_still_add_up(client: GatewayClient) -> None:
    log_in(client)
    payment = pay(client, {"mode": "partialPayment", "amount": "1000.50"}).json()
    checkout(client, payment, "success")
    assert confirm(client, payment)["status"] == "completed"
    detail = client.get("/api/portal/repayment").json()
    assert (detail["lateFees"], detail["pendingAmount"], detail["remainingAmount"]) == (
        "0.00",
        "11449.50",
        "11449.50",
    )


# Refused code requests


def send(client: GatewayClient, mobile: str = RAMESH) -> httpx.Response:
    return client.post("/api/portal/otp", json={"mobileNumber": mobile}, headers=client.xsrf())


@pytest.mark.parametrize("group", ["portal", "store"])
def test_a_resend_too_soon_says_how_many_seconds_to_wait(client: GatewayClient, group: str) -> None:
    url = f"/api/{group}/otp"
    assert client.post(url, json={"mobileNumber": RAMESH}, headers=client.xsrf()).status_code == 200
    refused = client.post(url, json={"mobileNumber": RAMESH}, headers=client.xsrf())
    assert refused.status_code == 429
    error = refused.json()["error"]
    assert (error["code"], error["message"]) == (CODE_TOO_SOON, TOO_SOON)
    assert 55 <= error["retryAfter"] <= 60
    assert error["retryAfter"] == int(refused.headers["retry-after"])


def test_the_hourly_cap_says_how_long_until_the_next_code(
    make_client: Callable[[Settings], GatewayClient], make_settings: Callable[..., Settings]
) -> None:
    client = make_client(make_settings(otp=OtpLimits(resend_seconds=0, sends_per_number_per_hour=2)))
    assert send(client).status_code == send(client).status_code == 200
    refused = send(client)
    assert refused.status_code == 429
    error = refused.json()["error"]
    assert (error["code"], error["message"]) == (CODE_SEND_CAP, TOO_MANY_SENDS)
    assert 3500 <= error["retryAfter"] <= 3600  # the hour's window, in seconds: the screen shows minutes
    assert error["retryAfter"] == int(refused.headers["retry-after"])


def test_other_errors_keep_their_shape_without_retry_after(client: GatewayClient) -> None:
    bad = send(client, "12345")
    assert bad.status_code == 400
    assert set(bad.json()["error"]) == {"code", "message", "field"}


def test_the_gateway_document_describes_the_429_and_its_retry_after() -> None:
    document = json.loads((ROOT / "contracts" / "gateway.openapi.json").read_text())
    for group in ("portal", "store"):
        refused = document["paths"][f"/api/{group}/otp"]["post"]["responses"]["429"]
        assert refused["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/RateLimitedEnvelope"}
    body = document["components"]["schemas"]["RateLimitedBody"]
    assert set(body["required"]) == {"code", "message", "retryAfter"}
    assert body["properties"]["retryAfter"]["type"] == "integer"
