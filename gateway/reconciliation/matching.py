"""Matching the provider's settlement events with what the orders service and the lender recorded.

Pure: the caller reads the three sources (gateway/reconciliation/service.py). Each provider order
belongs to one store order or one repayment; a payment is matched on its provider order, settled
twice when its `cf_payment_id` appears more than once, and refunds are matched per provider order.
A matched payment the provider has not settled yet is in transit until its expected settlement day
has passed, then `notSettled`; refund reversals, disputes and chargebacks are listed as items of
their own kinds, never folded into a payment's or a refund's figures.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from datetime import date, datetime, timedelta
from decimal import Decimal

from gateway.reconciliation.schemas import (
    KINDS,
    Adjustment,
    AdjustmentKind,
    InTransit,
    KindTotal,
    Mismatch,
    Owner,
    Reconciliation,
)
from gateway.upstreams.lenders.port import PartnerRepayment
from gateway.upstreams.orders_operations import MoneyMoved
from gateway.upstreams.payments import SettlementEvent, SettlementReport
from gateway.zones import INDIA

ZERO = Decimal("0.00")
UNKNOWN: tuple[Owner, str | None] = ("unknown", None)
# Days after a payment's own day (India's) its settlement is due: Cashfree's standard T+1 cycle.
SETTLES_AFTER = timedelta(days=1)
ADJUSTMENTS: dict[str, AdjustmentKind] = {
    "REFUND_REVERSAL": "refundReversal",
    "DISPUTE": "dispute",
    "DISPUTE_REVERSAL": "disputeReversal",
    "CHARGEBACK": "chargeback",
    "CHARGEBACK_REVERSAL": "chargebackReversal",
    "OTHER_ADJUSTMENT": "otherAdjustment",
}


class Recorded:
    """One payment as our side recorded it."""

    __slots__ = ("amount", "cf_payment_id", "owner", "reference")

    def __init__(self, owner: Owner, reference: str, amount: Decimal, cf_payment_id: str | None) -> None:
        self.owner: Owner = owner
        self.reference = reference
        self.amount = amount
        self.cf_payment_id = cf_payment_id


def _on(moment: datetime | str | None, day: date) -> bool:
    if moment is None:
        return False
    when = datetime.fromisoformat(moment) if isinstance(moment, str) else moment
    return when.astimezone(INDIA).date() == day


def reconcile(
    day: date,
    report: SettlementReport,
    store: list[MoneyMoved],
    repayments: list[PartnerRepayment],
    today: date,
    credited: Decimal = ZERO,
) -> Reconciliation:
    paid: dict[str, Recorded] = {}
    refunded: dict[str, Recorded] = {}
    owners: dict[str, tuple[Owner, str | None]] = {}
    for row in store:
        if row.provider_order_id is None:
            continue
        owners[row.provider_order_id] = ("storeOrder", row.order_number)
        if _on(row.paid_at, day):
            paid[row.provider_order_id] = Recorded("storeOrder", row.order_number, row.amount, row.provider_payment_id)
        # Every refund to the card or UPI that day: the cancellation's and each return's (an orders
        # service that lists none by itself gives the cancellation's alone).
        started: list[tuple[Decimal, datetime | None]] = [(r.amount, r.at) for r in row.refunds] or (
            [(row.refunded_amount, row.refunded_at)] if row.refunded_amount is not None else []
        )
        that_day = sum((amount for amount, at in started if _on(at, day)), ZERO)
        if that_day > 0:
            refunded[row.provider_order_id] = Recorded("storeOrder", row.order_number, that_day, None)
    for rep in repayments:
        loan = rep.loan_number or f"user {rep.user_id}"
        owners[rep.order_id] = ("repayment", loan)
        if rep.status == "paid" and _on(rep.paid_at, day):
            paid[rep.order_id] = Recorded("repayment", loan, rep.amount, rep.cf_payment_id)

    mismatches: list[Mismatch] = []
    payments = [e for e in report.events if e.event_type == "PAYMENT"]
    seen = Counter(e.cf_payment_id for e in payments)
    first: dict[str, SettlementEvent] = {}
    for event in payments:
        first.setdefault(event.cf_payment_id, event)
    for cf_payment_id, times in seen.items():
        if times > 1:
            event = first[cf_payment_id]
            owner, reference = owners.get(event.order_id, UNKNOWN)
            mismatches.append(
                Mismatch(
                    kind="settledTwice",
                    provider_order_id=event.order_id,
                    owner=owner,
                    reference=reference,
                    cf_payment_id=cf_payment_id,
                    recorded=paid[event.order_id].amount if event.order_id in paid else None,
                    settled=event.event_amount * times,
                    unreconciled=event.event_amount * (times - 1),
                    fee=event.fee * times,
                )
            )
    settled_orders: set[str] = set()
    in_transit: list[InTransit] = []
    for event in first.values():
        settled_orders.add(event.order_id)
        ours = paid.get(event.order_id)
        if ours is None:
            owner, reference = owners.get(event.order_id, UNKNOWN)
            mismatches.append(
                Mismatch(
                    kind="chargedWithoutOrder",
                    provider_order_id=event.order_id,
                    owner=owner,
                    reference=reference,
                    cf_payment_id=event.cf_payment_id,
                    recorded=None,
                    settled=event.event_amount,
                    unreconciled=event.event_amount,
                    fee=event.fee,
                )
            )
        elif ours.amount != event.event_amount:
            mismatches.append(
                Mismatch(
                    kind="amountDiffers",
                    provider_order_id=event.order_id,
                    owner=ours.owner,
                    reference=ours.reference,
                    cf_payment_id=event.cf_payment_id,
                    recorded=ours.amount,
                    settled=event.event_amount,
                    unreconciled=abs(ours.amount - event.event_amount),
                    fee=event.fee,
                )
            )
        elif event.settled is None:
            due = day + SETTLES_AFTER
            if today > due:  # its settlement day is over and nothing came
                mismatches.append(
                    Mismatch(
                        kind="notSettled",
                        provider_order_id=event.order_id,
                        owner=ours.owner,
                        reference=ours.reference,
                        cf_payment_id=event.cf_payment_id,
                        recorded=ours.amount,
                        settled=None,
                        unreconciled=event.event_amount - event.fee,
                        fee=event.fee,
                    )
                )
            else:
                in_transit.append(
                    InTransit(
                        provider_order_id=event.order_id,
                        owner=ours.owner,
                        reference=ours.reference,
                        cf_payment_id=event.cf_payment_id,
                        amount=event.event_amount,
                        fee=event.fee,
                        net=event.event_amount - event.fee,
                        expected_on=due,
                    )
                )
    for provider_order_id, ours in sorted(paid.items()):
        if provider_order_id not in settled_orders:
            mismatches.append(
                Mismatch(
                    kind="paidWithoutCharge",
                    provider_order_id=provider_order_id,
                    owner=ours.owner,
                    reference=ours.reference,
                    cf_payment_id=ours.cf_payment_id,
                    recorded=ours.amount,
                    settled=None,
                    unreconciled=ours.amount,
                )
            )
    refunds_settled: dict[str, Decimal] = defaultdict(lambda: ZERO)
    for event in report.events:
        if event.event_type == "REFUND":
            refunds_settled[event.order_id] += event.event_amount
    for provider_order_id, ours in sorted(refunded.items()):
        given = refunds_settled.get(provider_order_id, ZERO)
        if given < ours.amount:
            mismatches.append(
                Mismatch(
                    kind="refundMissing",
                    provider_order_id=provider_order_id,
                    owner=ours.owner,
                    reference=ours.reference,
                    cf_payment_id=None,
                    recorded=ours.amount,
                    settled=given,
                    unreconciled=ours.amount - given,
                )
            )

    adjustments = [
        Adjustment(
            kind=ADJUSTMENTS[e.event_type],
            provider_order_id=e.order_id,
            owner=owners.get(e.order_id, UNKNOWN)[0],
            reference=owners.get(e.order_id, UNKNOWN)[1],
            cf_payment_id=e.cf_payment_id or None,
            amount=e.event_amount,
            credit=e.credit,
            settled=e.settled,
        )
        for e in report.events
        if e.event_type in ADJUSTMENTS
    ]
    by_kind = [
        KindTotal(
            kind=kind,
            count=sum(1 for m in mismatches if m.kind == kind),
            unreconciled=sum((m.unreconciled for m in mismatches if m.kind == kind), ZERO),
        )
        for kind in KINDS
    ]
    return Reconciliation(
        date=day,
        settled_net=report.settled_amount,
        fees=sum((e.fee for e in payments), ZERO),
        in_transit=in_transit,
        in_transit_net=sum((t.net for t in in_transit), ZERO),
        adjustments=adjustments,
        credited=credited,
        payments_settled=len(payments),
        refunds_settled=sum(1 for e in report.events if e.event_type == "REFUND"),
        recorded_payments=len(paid),
        mismatches=mismatches,
        by_kind=by_kind,
        unreconciled=sum((m.unreconciled for m in mismatches), ZERO).quantize(Decimal("0.01")),
        over_a_day=day < today,
    )
