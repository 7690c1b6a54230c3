"""Matching the provider's settlement events with what the orders service and the lender recorded.

Pure: the caller reads the three sources (gateway/reconciliation/service.py). Each provider order
belongs to one store order or one repayment; a payment is matched on its provider order, settled
twice when its `cf_payment_id` appears more than once, and refunds are matched per provider order.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from datetime import date, datetime
from decimal import Decimal

from gateway.reconciliation.schemas import KINDS, KindTotal, Mismatch, Owner, Reconciliation
from gateway.upstreams.lenders.port import PartnerRepayment
from gateway.upstreams.orders_operations import MoneyMoved
from gateway.upstreams.payments import SettlementEvent, SettlementReport
from gateway.zones import INDIA

ZERO = Decimal("0.00")
UNKNOWN: tuple[Owner, str | None] = ("unknown", None)


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
                )
            )
    settled_orders: set[str] = set()
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
        payments_settled=len(payments),
        refunds_settled=sum(1 for e in report.events if e.event_type == "REFUND"),
        recorded_payments=len(paid),
        mismatches=mismatches,
        by_kind=by_kind,
        unreconciled=sum((m.unreconciled for m in mismatches), ZERO).quantize(Decimal("0.01")),
        over_a_day=day < today,
    )
