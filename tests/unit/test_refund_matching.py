"""Refunds the provider gave that we did not ask for: one on an order we recorded no refund for, and
one larger than the refund we recorded, each a mismatch of its own kind, to the paisa; and refunds
the provider shows on a later day than we recorded them (asked before midnight, held by the bank)."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from decimal import Decimal

import msgspec

from gateway.reconciliation.matching import reconcile, refund_events
from gateway.reconciliation.refund_matching import refund_sources
from gateway.reconciliation.schemas import Reconciliation
from gateway.upstreams.lenders.payments import PartnerRepayment
from gateway.upstreams.orders.operations import MoneyMoved, RefundMoved
from gateway.upstreams.payments import ProviderRefund, SettlementEvent, SettlementReport
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


# The provider's report lists a refund on the day its bank paid it out: a refund asked late in the
# day, or one the bank holds, shows on a later day than the one we recorded it on.


def at_provider(order_id: str, amount: str, status: str, processed: datetime | None) -> ProviderRefund:
    return ProviderRefund(
        cf_refund_id="9",
        refund_id=f"{order_id}-refund",
        order_id=order_id,
        refund_amount=Decimal(amount),
        refund_status=status,
        created_at=AT.isoformat(),
        processed_at=processed.isoformat() if processed else None,
    )


def run(
    day: date, today: date, events: list[SettlementEvent], store: list[MoneyMoved], theirs: list[ProviderRefund]
) -> Reconciliation:
    """A day's run as the service reads it: the orders' whole histories, and the provider's
    refunds of the orders the day's report does not settle alone."""
    report = SettlementReport(settlement_date=day, events=events, settled_amount=Decimal("0.00"))
    sources = refund_sources(store, refund_events(report), "")
    sources.at_provider = {key: [r for r in theirs if r.order_id == key[1]] for key in sources.to_read(day)}
    return reconcile(day, report, store, [], today, refunds=sources)


def shown_on(day: date, order_id: str, amount: str) -> SettlementEvent:
    moment = datetime.combine(day, time(0, 1), IST)
    return msgspec.structs.replace(refund(order_id, amount), event_time=moment.isoformat())


def test_a_refund_asked_before_midnight_and_paid_out_after_is_matched_on_the_day_it_shows() -> None:
    asked = order("VK4", "250.00")  # recorded on DAY at 15:00
    paid_out = datetime.combine(DAY + timedelta(days=1), time(0, 1), IST)
    theirs = [at_provider("VK4-1", "250.00", "SUCCESS", paid_out)]

    first = run(DAY, DAY + timedelta(days=2), [], [asked], theirs)
    assert (first.mismatches, first.refunds_in_transit) == ([], [])  # not missing: it shows the next day

    # The next day's listing has no row of it (nothing of ours moved that day): its history is read.
    second = run(
        DAY + timedelta(days=1),
        DAY + timedelta(days=2),
        [shown_on(DAY + timedelta(days=1), "VK4-1", "250.00")],
        [asked],
        theirs,
    )
    assert second.mismatches == []  # ours, from the day before: not a refund nobody asked for


def test_a_refund_the_bank_holds_is_at_the_bank_until_its_time_then_missing() -> None:
    asked = order("VK5", "300.00")
    held = [at_provider("VK5-1", "300.00", "ONHOLD", None)]

    waiting = run(DAY, DAY + timedelta(days=7), [], [asked], held)
    assert waiting.mismatches == []
    assert [
        (r.provider_order_id, r.reference, r.amount, r.status, r.expected_on) for r in waiting.refunds_in_transit
    ] == [("VK5-1", "VK5", Decimal("300.00"), "ONHOLD", DAY + timedelta(days=7))]

    late = run(DAY, DAY + timedelta(days=8), [], [asked], held)
    assert late.refunds_in_transit == []
    assert [(m.kind, m.reference, m.recorded, m.settled, m.unreconciled) for m in late.mismatches] == [
        ("refundMissing", "VK5", Decimal("300.00"), Decimal("0.00"), Decimal("300.00"))
    ]


def test_a_refund_the_bank_cancelled_or_paid_out_and_left_off_the_report_is_missing() -> None:
    cancelled = run(
        DAY, DAY + timedelta(days=1), [], [order("VK6", "80.00")], [at_provider("VK6-1", "80.00", "CANCELLED", AT)]
    )
    assert [(m.kind, m.unreconciled) for m in cancelled.mismatches] == [("refundMissing", Decimal("80.00"))]

    # Asked on DAY, paid out the next day, and that day's report leaves it off: missing on that day
    # (when that day's listing has the order: here a row of it, as a return's refund would give).
    paid_out = datetime.combine(DAY + timedelta(days=1), time(9, 0), IST)
    theirs = [at_provider("VK7-1", "90.00", "SUCCESS", paid_out)]
    next_day = run(DAY + timedelta(days=1), DAY + timedelta(days=2), [], [order("VK7", "90.00")], theirs)
    assert [(m.kind, m.reference, m.unreconciled) for m in next_day.mismatches] == [
        ("refundMissing", "VK7", Decimal("90.00"))
    ]
