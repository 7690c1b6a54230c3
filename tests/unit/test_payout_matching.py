"""Matching a day's payouts with the payouts provider's transfers, where the integration test's
traffic cannot reach on one day: a payout still pending (or never made) after the bank's normal
time is overdue, one the provider never made that our side shows paid is not made, and one both
sides agree failed waits on a person."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

from gateway.reconciliation.payout_matching import match_payouts
from gateway.upstreams.orders.operations import PayoutMoved
from payments_client import ProviderTransfer

DAY = date(2026, 12, 1)
AMOUNT = Decimal("1180.00")


def ours(status: str, n: int = 1) -> PayoutMoved:
    return PayoutMoved(
        order_number=f"VK1000000{n}",
        return_number=f"VK1000000{n}-R1",
        transfer_id=f"VK1000000{n}_R1",
        amount=AMOUNT,
        status=status,  # type: ignore[arg-type]
        return_status="refunded" if status == "paid" else "received",
        started_at=datetime(2026, 12, 1, 5, 0, tzinfo=UTC),
    )


def theirs(status: str, n: int = 1, code: str | None = None) -> ProviderTransfer:
    return ProviderTransfer(
        transfer_id=f"VK1000000{n}_R1",
        cf_transfer_id=f"410000{n}",
        status=status,  # type: ignore[arg-type]
        status_code=code or status,
        transfer_amount=AMOUNT,
    )


def test_a_pending_payout_is_in_transit_until_the_day_after_then_overdue() -> None:
    pending = [(ours("pending", 1), theirs("PENDING", 1)), (ours("pending", 2), None)]
    that_day = match_payouts(DAY, pending, DAY + timedelta(days=1))
    assert that_day.mismatches == []
    assert [(t.transfer_id, t.status, t.expected_on) for t in that_day.in_transit] == [
        ("VK10000001_R1", "PENDING", DAY + timedelta(days=1)),
        ("VK10000002_R1", "NOT_MADE", DAY + timedelta(days=1)),
    ]
    later = match_payouts(DAY, pending, DAY + timedelta(days=2))
    assert [(m.kind, m.provider_order_id, m.recorded, m.unreconciled) for m in later.mismatches] == [
        ("payoutOverdue", "VK10000001_R1", AMOUNT, AMOUNT),
        ("payoutOverdue", "VK10000002_R1", AMOUNT, AMOUNT),
    ]
    assert later.in_transit == []


def test_a_payout_shown_paid_that_the_provider_never_made_or_still_holds_is_not_made() -> None:
    found = match_payouts(DAY, [(ours("paid", 1), None), (ours("paid", 2), theirs("PENDING", 2))], DAY)
    assert [(m.kind, m.reference, m.recorded, m.settled, m.unreconciled) for m in found.mismatches] == [
        ("payoutNotMade", "VK10000001-R1", AMOUNT, None, AMOUNT),
        ("payoutNotMade", "VK10000002-R1", AMOUNT, None, AMOUNT),
    ]


def test_a_payout_both_sides_failed_waits_on_a_person_with_the_providers_reason() -> None:
    failed = ours("failed", 1)
    found = match_payouts(
        DAY,
        [(failed, theirs("FAILED", 1, "INVALID_ACCOUNT_FAIL")), (ours("failed", 2), None)],
        DAY + timedelta(days=5),
    )
    assert found.mismatches == [] and found.in_transit == []
    assert [(f.transfer_id, f.reason) for f in found.failed] == [
        ("VK10000001_R1", "INVALID_ACCOUNT_FAIL"),
        ("VK10000002_R1", "NOT_MADE"),
    ]
