"""Matching the provider's settlement events with what the orders service and the lender recorded.

Pure: the caller reads the three sources (gateway/reconciliation/service.py). Each collecting
account is matched on its own: the store's orders against the store's merchant account's report,
each lender's repayments against that lender's own account's (order ids are each account's own),
so a repayment settled into the store's account, or a store order's into a lender's, is a
mismatch in both accounts (charged without an order in the one, paid without a charge in the
other), never money summed across accounts. Each provider order belongs to one store order or one
repayment; a payment is matched on its account and provider order, settled twice when its
`cf_payment_id` appears more than once; refunds are matched per account and provider order
against the order's whole history (refund_matching.py: the provider's report shows a refund on the
day its bank pays it out).
A matched payment the provider has not settled yet is in transit until its expected settlement day
has passed, then `notSettled`; refund reversals, disputes and chargebacks are listed as items of
their own kinds, never folded into a payment's or a refund's figures. A loan's AutoPay debit is a
payment of its lender's account under the debit's payment id, matched to the lender's repayment
`MANDATE_<payment id>`: taken and not booked is `debitNotBooked`, booked and not taken
`bookedWithoutDebit`. Returns' payouts are matched
by payout_matching.py and their mismatches counted here with the rest.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from datetime import date, datetime, timedelta
from decimal import Decimal

from gateway.loans.autopay_schemas import BOOKED_AS, DEBIT_ID
from gateway.reconciliation.payout_matching import PayoutsMatched
from gateway.reconciliation.refund_matching import RefundSources, match_refunds, refund_sources
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
from gateway.upstreams.orders.operations import MoneyMoved
from gateway.upstreams.payments import SettlementEvent, SettlementReport
from india.time_zone import IST

ZERO = Decimal("0.00")
UNKNOWN: tuple[Owner, str | None] = ("unknown", None)
Key = tuple[str, str]  # a provider order: its merchant account's client id and its order id
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
    return when.astimezone(IST).date() == day


def reconcile(
    day: date,
    report: SettlementReport,
    store: list[MoneyMoved],
    repayments: list[PartnerRepayment],
    today: date,
    credited: Decimal = ZERO,
    payouts: PayoutsMatched | None = None,
    payouts_recorded: int = 0,
    *,
    store_account: str = "",
    repayment_account: Callable[[PartnerRepayment], str] = lambda repayment: "",
    refunds: RefundSources | None = None,
    refused_debits: Mapping[Key, Decimal] | None = None,
) -> Reconciliation:
    """`store_account` is the client id of the account the store's orders are paid into, and
    `repayment_account` names the one a repayment's provider order is paid into (its lender's);
    each report event says its own (SettlementEvent.account). `refunds` are the refunds' sources
    as the service read them (with the orders' histories and the provider's refunds it needed);
    without them, the day's rows and report alone. `refused_debits` are the AutoPay debits their
    lender refused to book and refunded in full (refused_debits.py), by account and payment id:
    taken and given back, never booked, so neither the debit nor its refund is a mismatch."""
    paid: dict[Key, Recorded] = {}
    given_back: dict[Key, Decimal] = dict(refused_debits or {})
    owners: dict[Key, tuple[Owner, str | None]] = {}
    for row in store:
        if row.provider_order_id is None:
            continue
        key = (store_account, row.provider_order_id)
        owners[key] = ("storeOrder", row.order_number)
        if _on(row.paid_at, day):
            paid[key] = Recorded("storeOrder", row.order_number, row.amount, row.provider_payment_id)
    for rep in repayments:
        loan = rep.loan_number or f"user {rep.user_id}"
        # An AutoPay debit booked: the provider's report names it by the debit's payment id.
        key = (repayment_account(rep), rep.order_id.removeprefix(BOOKED_AS))
        owners[key] = ("repayment", loan)
        if rep.status == "paid" and _on(rep.paid_at, day):
            paid[key] = Recorded("repayment", loan, rep.amount, rep.cf_payment_id)
    # Whose an order id is in any account: a payment settled into the wrong account still names it.
    anywhere = {order_id: owner for (_, order_id), owner in owners.items()}

    def owner_of(key: Key) -> tuple[Owner, str | None]:
        return owners.get(key) or anywhere.get(key[1], UNKNOWN)

    def account(key: Key) -> str | None:
        return key[0] or None

    def at(event: SettlementEvent) -> Key:
        return event.account, event.order_id

    mismatches: list[Mismatch] = []
    payments = [e for e in report.events if e.event_type == "PAYMENT"]
    seen = Counter((e.account, e.cf_payment_id) for e in payments)
    first: dict[tuple[str, str], SettlementEvent] = {}
    for event in payments:
        first.setdefault((event.account, event.cf_payment_id), event)
    for (in_account, cf_payment_id), times in seen.items():
        if times > 1:
            event = first[in_account, cf_payment_id]
            owner, reference = owner_of(at(event))
            mismatches.append(
                Mismatch(
                    kind="settledTwice",
                    provider_order_id=event.order_id,
                    account=account(at(event)),
                    owner=owner,
                    reference=reference,
                    cf_payment_id=cf_payment_id,
                    recorded=paid[at(event)].amount if at(event) in paid else None,
                    settled=event.event_amount * times,
                    unreconciled=event.event_amount * (times - 1),
                    fee=event.fee * times,
                )
            )
    settled_orders: set[Key] = set()
    in_transit: list[InTransit] = []
    for event in first.values():
        settled_orders.add(at(event))
        ours = paid.get(at(event))
        if ours is None and at(event) in given_back:
            continue  # its refund is matched below, as recorded
        if ours is None:
            owner, reference = owner_of(at(event))
            mismatches.append(
                Mismatch(
                    kind="debitNotBooked" if DEBIT_ID.match(event.order_id) else "chargedWithoutOrder",
                    provider_order_id=event.order_id,
                    account=account(at(event)),
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
                    account=account(at(event)),
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
                        account=account(at(event)),
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
    for key, ours in sorted(paid.items()):
        if key not in settled_orders:
            mismatches.append(
                Mismatch(
                    kind="bookedWithoutDebit" if DEBIT_ID.match(key[1]) else "paidWithoutCharge",
                    provider_order_id=key[1],
                    account=account(key),
                    owner=ours.owner,
                    reference=ours.reference,
                    cf_payment_id=ours.cf_payment_id,
                    recorded=ours.amount,
                    settled=None,
                    unreconciled=ours.amount,
                )
            )
    # Refunds against each order's whole history (refund_matching.py). A repayment the lender
    # refused is refunded in full by the lender (status `refunded`): that refund is recorded.
    if refunds is None:
        refunds = refund_sources(store, refund_events(report), store_account)
    # Each under the provider order its refund is reported on: an AutoPay debit's is the debit's payment id.
    refused = {
        (repayment_account(rep), rep.order_id.removeprefix(BOOKED_AS)): rep.amount
        for rep in repayments
        if rep.status == "refunded"
    }
    # A paid one's part beyond everything owed is refunded by its lender too: recorded as well.
    refused |= {
        (repayment_account(rep), rep.order_id.removeprefix(BOOKED_AS)): rep.refunded
        for rep in repayments
        if rep.refunded
    }
    refused |= given_back
    matched_refunds = match_refunds(day, today, refunds, refused, owner_of)
    mismatches += matched_refunds.mismatches

    if payouts is not None:  # matched on their own (payout_matching.py), counted with the rest
        mismatches += payouts.mismatches

    adjustments = [
        Adjustment(
            kind=ADJUSTMENTS[e.event_type],
            provider_order_id=e.order_id,
            owner=owner_of(at(e))[0],
            reference=owner_of(at(e))[1],
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
        payouts_recorded=payouts_recorded,
        payouts_matched=payouts.matched if payouts is not None else [],
        payouts_in_transit=payouts.in_transit if payouts is not None else [],
        payouts_failed=payouts.failed if payouts is not None else [],
        refunds_in_transit=matched_refunds.in_transit,
    )


def refund_events(report: SettlementReport) -> list[tuple[Key, Decimal]]:
    """The report's refunds to the payer, by account and provider order."""
    return [((e.account, e.order_id), e.event_amount) for e in report.events if e.event_type == "REFUND"]
