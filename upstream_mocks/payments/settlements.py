"""The provider's settlement report for one day (`GET /pg/settlements/recon`), and the mistakes
QA can make it carry (`POST /_mocks/payments/settlements/mistakes`).

The report lists, in India's calendar (the provider settles to Indian bank accounts), every
successful payment as a PAYMENT event and every successful refund as a REFUND event. A real
provider's report is sometimes wrong, or our side is: QA seeds each kind of disagreement the
reconciliation (gateway/reconciliation/) must find, without touching the orders or the lender.
"""

from __future__ import annotations

import secrets
from datetime import date, datetime
from decimal import Decimal
from typing import Literal

import msgspec

from upstream_mocks.ist import IST
from upstream_mocks.money import rupees
from upstream_mocks.payments.orders import state
from upstream_mocks.world import MockWorld

EventType = Literal["PAYMENT", "REFUND"]
# omitPayment: a payment taken is missing from the report; changeAmount: a payment settled at
# another amount; duplicate: a payment settled twice; strayCharge: a payment for an order
# nobody placed; omitRefund: a refund made is missing from the report.
MistakeKind = Literal["omitPayment", "changeAmount", "duplicate", "strayCharge", "omitRefund"]


class SettlementEvent(msgspec.Struct, kw_only=True):
    event_id: str
    event_type: EventType
    order_id: str
    cf_payment_id: str
    event_amount: Decimal
    event_time: str
    cf_refund_id: str | None = None
    bank_reference: str | None = None
    payment_group: str | None = None


class SettlementReport(msgspec.Struct, kw_only=True):
    settlement_date: str
    events: list[SettlementEvent]
    settled_amount: Decimal  # payments less refunds


class Mistake(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    """One mistake QA wants in the report; `orderId` is the provider order it bends."""

    kind: MistakeKind
    order_id: str | None = None
    amount: Decimal | None = None  # changeAmount: the settled amount; strayCharge: the charge


class MistakeRefused(ValueError):
    pass


def check_mistake(mistake: Mistake) -> None:
    if mistake.kind != "strayCharge" and not mistake.order_id:
        raise MistakeRefused(f"{mistake.kind} needs the provider order's orderId")
    if mistake.kind in ("changeAmount", "strayCharge") and (mistake.amount is None or mistake.amount <= 0):
        raise MistakeRefused(f"{mistake.kind} needs an amount above 0")


def _on(moment: str, day: date) -> bool:
    return datetime.fromisoformat(moment).astimezone(IST).date() == day


def report(world: MockWorld, day: date) -> SettlementReport:
    st = state(world)
    events: list[SettlementEvent] = []
    for attempts in st.payments.values():
        for p in attempts:
            if p.payment_status == "SUCCESS" and _on(p.payment_time, day):
                events.append(
                    SettlementEvent(
                        event_id=f"PAY-{p.cf_payment_id}",
                        event_type="PAYMENT",
                        order_id=p.order_id,
                        cf_payment_id=p.cf_payment_id,
                        event_amount=p.payment_amount,
                        event_time=p.payment_time,
                        bank_reference=p.bank_reference,
                        payment_group=p.payment_group,
                    )
                )
    for order_id, refunds in st.refunds.items():
        paid = next((p for p in st.payments.get(order_id, []) if p.payment_status == "SUCCESS"), None)
        for r in refunds:
            if r.refund_status == "SUCCESS" and _on(r.created_at, day):
                events.append(
                    SettlementEvent(
                        event_id=f"REF-{r.cf_refund_id}",
                        event_type="REFUND",
                        order_id=order_id,
                        cf_payment_id=paid.cf_payment_id if paid else "",
                        cf_refund_id=r.cf_refund_id,
                        event_amount=r.refund_amount,
                        event_time=r.created_at,
                    )
                )
    for mistake in st.settlement_mistakes:
        events = _apply(mistake, events, day)
    events.sort(key=lambda e: (e.event_time, e.event_id))
    settled = sum((e.event_amount if e.event_type == "PAYMENT" else -e.event_amount for e in events), Decimal(0))
    return SettlementReport(settlement_date=day.isoformat(), events=events, settled_amount=rupees(settled))


def _apply(mistake: Mistake, events: list[SettlementEvent], day: date) -> list[SettlementEvent]:
    def is_payment(e: SettlementEvent) -> bool:
        return e.event_type == "PAYMENT" and e.order_id == mistake.order_id

    match mistake.kind:
        case "omitPayment":
            return [e for e in events if not is_payment(e)]
        case "omitRefund":
            return [e for e in events if not (e.event_type == "REFUND" and e.order_id == mistake.order_id)]
        case "changeAmount":
            amount = rupees(mistake.amount or Decimal(0))
            return [msgspec.structs.replace(e, event_amount=amount) if is_payment(e) else e for e in events]
        case "duplicate":
            twice = [msgspec.structs.replace(e, event_id=f"{e.event_id}-2") for e in events if is_payment(e)]
            return events + twice
        case "strayCharge":
            cf_id = f"9{secrets.randbelow(10**8):08d}"
            when = datetime.combine(day, datetime.min.time(), IST).replace(hour=12).isoformat(timespec="seconds")
            stray = SettlementEvent(
                event_id=f"PAY-{cf_id}",
                event_type="PAYMENT",
                order_id=mistake.order_id or f"stray_{secrets.token_hex(6)}",
                cf_payment_id=cf_id,
                event_amount=rupees(mistake.amount or Decimal(0)),
                event_time=when,
                bank_reference=f"{secrets.randbelow(10**12):012d}",
                payment_group="upi",
            )
            return [*events, stray]
    return events
