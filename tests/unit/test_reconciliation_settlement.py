"""Matching by settlement: a payment the provider has not settled is in transit until its expected
settlement day is over, then a mismatch of its own (the mock provider always settles on time, so
the late case is shown here, on the matching alone)."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from decimal import Decimal

from gateway.reconciliation.matching import reconcile
from gateway.upstreams.orders.operations import MoneyMoved
from gateway.upstreams.payments import SettlementEvent, SettlementReport
from india.time_zone import IST

DAY = date(2026, 11, 23)
PAID_AT = datetime(2026, 11, 23, 15, 0, tzinfo=IST)


def report(settled: Decimal | None) -> SettlementReport:
    event = SettlementEvent(
        event_id="PAY-1",
        event_type="PAYMENT",
        order_id="VK1-1",
        cf_payment_id="1",
        event_amount=Decimal("500.00"),
        event_time=PAID_AT.isoformat(),
        credit=True,
        fee=Decimal("11.21"),
        settled=settled,
    )
    return SettlementReport(settlement_date=DAY, events=[event], settled_amount=settled or Decimal("0.00"))


STORE = [
    MoneyMoved(
        order_number="VK1",
        user_id=1,
        status="placed",
        payment_state="paid",
        amount=Decimal("500.00"),
        provider_order_id="VK1-1",
        provider_payment_id="1",
        paid_at=PAID_AT,
    )
]


def test_unsettled_on_its_settlement_day_is_in_transit_net_of_the_fee() -> None:
    result = reconcile(DAY, report(None), STORE, [], DAY + timedelta(days=1))
    assert result.mismatches == []
    assert [(t.amount, t.fee, t.net, t.expected_on) for t in result.in_transit] == [
        (Decimal("500.00"), Decimal("11.21"), Decimal("488.79"), DAY + timedelta(days=1))
    ]
    assert result.in_transit_net == Decimal("488.79")


def test_unsettled_after_its_settlement_day_is_a_mismatch_of_its_own() -> None:
    result = reconcile(DAY, report(None), STORE, [], DAY + timedelta(days=2))
    assert result.in_transit == []
    assert [(m.kind, m.reference, m.unreconciled) for m in result.mismatches] == [
        ("notSettled", "VK1", Decimal("488.79"))
    ]


def test_settled_is_reconciled_net_of_the_fee() -> None:
    result = reconcile(DAY, report(Decimal("488.79")), STORE, [], DAY + timedelta(days=2))
    assert (result.mismatches, result.in_transit) == ([], [])
    assert (result.settled_net, result.fees) == (Decimal("488.79"), Decimal("11.21"))
