"""Refunds the provider gave that we did not ask for: one on an order we recorded no refund for, and
one larger than the refund we recorded, each a mismatch of its own kind, to the paisa."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from decimal import Decimal

from gateway.reconciliation.matching import reconcile
from gateway.upstreams.lenders.payments import PartnerRepayment
from gateway.upstreams.orders.operations import MoneyMoved, RefundMoved
from gateway.upstreams.payments import SettlementEvent, SettlementReport
from india.time_zone import IST

DAY = date(2026, 11, 23)
AT = datetime(2026, 11, 23, 15, 0, tzinfo=IST)


def refund(order_id: str, amount: str) -> SettlementEvent:
    return SettlementEvent(
        event_id=f"REF-{order_id}-{amount}",
        event_type="REFUND",
        order_id=order_id,
        cf_payment_id="1",
        event_amount=Decimal(amount),
        event_time=AT.isoformat(),
        credit=False,
        fee=Decimal("0.00"),
        settled=None,
    )


def order(number: str, refunded: str | None) -> MoneyMoved:
    """An order paid on another day, refunded (or not) by us on DAY."""
    return MoneyMoved(
        order_number=number,
        user_id=1,
        status="cancelled",
        payment_state="refunded" if refunded else "paid",
        amount=Decimal("500.00"),
        provider_order_id=f"{number}-1",
        provider_payment_id="1",
        paid_at=AT - timedelta(days=3),
        refunds=[RefundMoved(reference=number, amount=Decimal(refunded), at=AT)] if refunded else [],
    )


def found(events: list[SettlementEvent], store: list[MoneyMoved]) -> list[tuple[str, str, object, object, Decimal]]:
    report = SettlementReport(settlement_date=DAY, events=events, settled_amount=Decimal("0.00"))
    result = reconcile(DAY, report, store, [], DAY + timedelta(days=1))
    return [(m.kind, m.provider_order_id, m.recorded, m.settled, m.unreconciled) for m in result.mismatches]


def test_a_refund_the_provider_gave_on_an_order_we_refunded_nothing_of_is_not_recorded() -> None:
    assert found([refund("VK1-1", "120.35")], [order("VK1", None)]) == [
        ("refundNotRecorded", "VK1-1", None, Decimal("120.35"), Decimal("120.35"))
    ]


def test_a_refund_on_a_provider_order_nobody_has_is_not_recorded_and_its_owner_unknown() -> None:
    report = SettlementReport(settlement_date=DAY, events=[refund("stray", "0.01")], settled_amount=Decimal("0.00"))
    result = reconcile(DAY, report, [], [], DAY + timedelta(days=1))
    assert [(m.kind, m.owner, m.reference, m.unreconciled) for m in result.mismatches] == [
        ("refundNotRecorded", "unknown", None, Decimal("0.01"))
    ]
    assert result.unreconciled == Decimal("0.01")


def test_the_provider_refunding_more_than_we_asked_leaves_the_excess_unreconciled() -> None:
    events = [refund("VK2-1", "100.00"), refund("VK2-1", "0.50")]
    assert found(events, [order("VK2", "100.00")]) == [
        ("refundMoreThanRecorded", "VK2-1", Decimal("100.00"), Decimal("100.50"), Decimal("0.50"))
    ]


def test_a_refund_as_asked_or_a_repayment_the_lender_refused_and_refunded_is_no_mismatch() -> None:
    refused = PartnerRepayment(
        order_id="LN-1",
        user_id=2,
        user_name="Asha",
        mobile_number="9876543210",
        amount=Decimal("1000.00"),
        status="refunded",
        created_at=AT,
        paid_at=AT,
    )
    report = SettlementReport(
        settlement_date=DAY,
        events=[refund("VK3-1", "100.00"), refund("LN-1", "1000.00")],
        settled_amount=Decimal("0.00"),
    )
    result = reconcile(DAY, report, [order("VK3", "100.00")], [refused], DAY + timedelta(days=1))
    assert result.mismatches == []
    assert {k.kind: k.count for k in result.by_kind}["refundNotRecorded"] == 0
