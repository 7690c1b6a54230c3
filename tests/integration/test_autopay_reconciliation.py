"""AutoPay debits in the provider's reports and the daily reconciliation (issues 57, 58): a debit
taken is a PAYMENT of the lender's own account in `POST /pg/recon` (and, once settled the next
day, in `POST /pg/settlement/recon`) under the debit's payment id, net of the provider's fee; the
reconciliation matches it to the lender's repayment `MANDATE_<payment id>`. A debit taken and not
booked at the lender, and a repayment booked for a debit the provider did not report, are
findings of their own kinds."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

import pytest

from gateway.settings import OtpLimits, Settings
from tests.conftest import GatewayClient
from tests.integration.test_autopay_api import active_mandate, after_webhooks, autopay, move_to
from tests.integration.test_portal_api import log_in
from tests.integration.test_reconciliation import IST, fee, mistake, reconcile

RAMESH = "9876543210"  # LN-1001, the loan the lender collects online


@pytest.fixture
def settings(make_settings: Callable[..., Settings]) -> Settings:
    return make_settings(otp=OtpLimits(resend_seconds=0, sends_per_number_per_hour=50))


def lenders_keys(settings: Settings) -> dict[str, str]:
    return {
        "x-client-id": settings.lending_payments_client_id,
        "x-client-secret": settings.lending_payments_client_secret,
        "x-api-version": "2025-01-01",
    }


def debited(client: GatewayClient, mandate: dict[str, Any], index: int) -> dict[str, Any]:
    """The mandate's debit `index` raised two days before its date, then the clock past it: taken."""
    debit: dict[str, Any] = mandate["debits"][index]
    move_to(client, f"{debit['dueOn']}T09:00:00+05:30")
    client.post("/_mocks/clock", json={"days": -2})
    assert autopay(client, "LN-1001")["mandate"]["debits"][index]["status"] == "noticed"  # raised
    client.post("/_mocks/clock", json={"days": 2, "hours": 2})
    return debit


def first_debit_booked(client: GatewayClient, key: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """Ramesh's mandate approved and its first debit taken and booked: the mandate and the debit."""
    log_in(client, RAMESH)
    mandate = active_mandate(client, "LN-1001", key)
    debit = debited(client, mandate, 0)
    shown = after_webhooks(client, "LN-1001", mandate["cfSubscriptionId"])
    assert shown["debits"][0]["status"] == "debited"
    return mandate, debit


def day_of(debit: dict[str, Any]) -> date:
    return date.fromisoformat(debit["dueOn"])  # debited at 10:00 in India on its date


def report(client: GatewayClient, settings: Settings, path: str, day: date) -> list[dict[str, Any]]:
    start = datetime.combine(day, datetime.min.time(), IST)
    filters = {"start_date": start.isoformat(), "end_date": (start + timedelta(days=2)).isoformat()}
    answer = client.post(
        f"/_mocks/payments/pg/{path}",
        json={"filters": filters, "pagination": {"limit": 100}},
        headers=lenders_keys(settings),
    )
    assert answer.status_code == 200, answer.text
    rows: list[dict[str, Any]] = answer.json()["data"]
    return rows


def test_a_debit_taken_is_in_the_lenders_reports_and_settled_net_of_fees(
    client: GatewayClient, settings: Settings
) -> None:
    _, debit = first_debit_booked(client, "autopay-recon-0001")
    amount = Decimal(debit["amount"])

    events = [r for r in report(client, settings, "recon", day_of(debit)) if r["order_id"] == debit["paymentId"]]
    assert [(r["event_type"], Decimal(str(r["event_amount"]))) for r in events] == [("PAYMENT", amount)]
    assert datetime.fromisoformat(events[0]["event_time"]).astimezone(IST).date() == day_of(debit)
    client.post("/_mocks/clock", json={"days": 1})  # settled the next day, less the fee and its tax
    settled = [
        r
        for r in report(client, settings, "settlement/recon", day_of(debit))
        if r["order_details"]["order_id"] == debit["paymentId"]
    ]
    assert [Decimal(str(r["event_details"]["event_settlement_amount"])) for r in settled] == [amount - fee(amount)]
    assert settled[0]["payment_details"]["cf_payment_id"] == events[0]["cf_payment_id"]


def test_the_reconciliation_matches_each_debit_to_its_booking_and_finds_one_not_booked_or_not_taken(
    client: GatewayClient, settings: Settings
) -> None:
    mandate, first = first_debit_booked(client, "autopay-recon-0101")
    lender = settings.lending_payments_client_id
    clean = reconcile(client, settings, day_of(first))
    assert clean.mismatches == [] and clean.recorded_payments == 1, clean.mismatches
    assert clean.fees == fee(Decimal(first["amount"]))

    # The lender cannot be told of the next debit: taken at the provider, booked nowhere.
    refused = {"mock": "lending", "path": "webRepayment/partnerMandateDebits", "status": 503}
    assert client.post("/_mocks/scenarios", json=refused).status_code == 201
    second = debited(client, mandate, 1)
    after_webhooks(client, "LN-1001", mandate["cfSubscriptionId"])
    assert client.delete("/_mocks/scenarios").status_code == 204
    found = reconcile(client, settings, day_of(second)).mismatches
    assert [(m.kind, m.provider_order_id, m.account, m.unreconciled) for m in found] == [
        ("debitNotBooked", second["paymentId"], lender, Decimal(second["amount"]))
    ]

    # The provider's report leaves the first debit out: the lender's booking has no debit.
    mistake(client, kind="omitPayment", orderId=first["paymentId"], clientId=lender)
    found = reconcile(client, settings, day_of(first)).mismatches
    assert [(m.kind, m.provider_order_id, m.owner, m.reference, m.recorded) for m in found] == [
        ("bookedWithoutDebit", first["paymentId"], "repayment", "LN-1001", Decimal(first["amount"]))
    ]
