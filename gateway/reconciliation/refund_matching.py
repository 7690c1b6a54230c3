"""Refunds to the card or UPI: what we recorded giving back against what the provider's report shows.

The provider's report lists a refund on the day its bank paid it out (Cashfree's recon: only
SUCCESS refunds, at their processed time), which can be days after the day we asked for it: a
refund asked at 23:59 and processed at 00:01 shows on the next day; one the bank holds shows
when it pays. So refunds are matched per provider order against the order's whole history, not
the day's alone:

- what the report shows on the day first answers our refunds of earlier days not yet shown
  (`carried`), then the day's own; more than both is the provider giving back what nobody here
  recorded (`refundNotRecorded`, or `refundMoreThanRecorded` on an order we refunded part of);
- a refund of the day the report does not show is read at the provider (its refunds call): one
  its bank paid out on a later day is matched on that day's run, one still PENDING or ONHOLD is in
  transit until REFUNDS_WITHIN has passed, and anything else (paid out that day and left off the
  report, cancelled by the bank, never made) is `refundMissing`.

A repayment the lender refused is refunded in full by the lender: its refund is matched against
that, whatever the day. Pure: the service reads the sources (service.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from decimal import Decimal

from gateway.reconciliation.schemas import Mismatch, MismatchKind, Owner, RefundInTransit
from gateway.upstreams.orders.operations import MoneyMoved
from gateway.upstreams.payments import ProviderRefund
from india.time_zone import IST

ZERO = Decimal("0.00")
Key = tuple[str, str]  # a provider order: its merchant account's client id and its order id
# How long a refund may wait at the bank before it is missing: the policy's four business days to
# the shopper, over a weekend and a holiday, with a day for the provider's report.
REFUNDS_WITHIN = timedelta(days=7)
WAITING = ("PENDING", "ONHOLD")


def _day(moment: datetime | str | None) -> date | None:
    if moment is None:
        return None
    when = datetime.fromisoformat(moment) if isinstance(moment, str) else moment
    return when.astimezone(IST).date()


@dataclass
class OrderRefunds:
    """Every refund to the card or UPI we recorded on one provider order, with when."""

    owner: Owner
    reference: str
    refunds: list[tuple[Decimal, date | None]] = field(default_factory=list)

    def on(self, day: date) -> Decimal:
        return sum((amount for amount, when in self.refunds if when == day), ZERO)

    def before(self, day: date) -> Decimal:
        return sum((amount for amount, when in self.refunds if when is not None and when < day), ZERO)


def recorded_refunds(rows: Iterable[MoneyMoved], account: str) -> dict[Key, OrderRefunds]:
    """The store's refunds by provider order: the cancellation's and each return's (an orders
    service that lists none by itself gives the cancellation's alone)."""
    found: dict[Key, OrderRefunds] = {}
    for row in rows:
        if row.provider_order_id is None:
            continue
        started: list[tuple[Decimal, datetime | None]] = [(r.amount, r.at) for r in row.refunds] or (
            [(row.refunded_amount, row.refunded_at)] if row.refunded_amount is not None else []
        )
        found[account, row.provider_order_id] = OrderRefunds(
            "storeOrder", row.order_number, [(amount, _day(at)) for amount, at in started]
        )
    return found


@dataclass
class RefundSources:
    """What refunds are matched on: ours by provider order (whole histories), what the day's
    report shows by provider order, and the provider's refunds of the orders `to_read` names."""

    ours: dict[Key, OrderRefunds]
    given: dict[Key, Decimal]
    at_provider: dict[Key, list[ProviderRefund]] = field(default_factory=dict)

    def unknown(self, account: str) -> list[str]:
        """The account's provider orders the report shows refunded that no listed order of ours
        has: the orders service is asked for each one's history."""
        return sorted(
            order_id for (owner, order_id) in self.given if owner == account and (owner, order_id) not in self.ours
        )

    def to_read(self, day: date) -> list[Key]:
        """The provider orders whose refunds are read at the provider to match the day: those with
        a refund of ours the day's report does not show, or an earlier one that may show today."""
        return sorted(
            key
            for key, o in self.ours.items()
            if o.before(day) > 0 or (o.on(day) > 0 and self.given.get(key, ZERO) < o.on(day))
        )


def refund_sources(rows: Iterable[MoneyMoved], events: Iterable[tuple[Key, Decimal]], account: str) -> RefundSources:
    given: dict[Key, Decimal] = {}
    for key, amount in events:
        given[key] = given.get(key, ZERO) + amount
    return RefundSources(recorded_refunds(rows, account), given)


@dataclass
class RefundsMatched:
    mismatches: list[Mismatch] = field(default_factory=list)
    in_transit: list[RefundInTransit] = field(default_factory=list)


def match_refunds(
    day: date,
    today: date,
    sources: RefundSources,
    refused: Mapping[Key, Decimal],
    owner_of: Callable[[Key], tuple[Owner, str | None]],
) -> RefundsMatched:
    """`refused`: repayments the lender refused and refunded in full."""
    ours, given, at_provider = sources.ours, sources.given, sources.at_provider
    out = RefundsMatched()
    for key in sorted(set(given) | set(at_provider) | {k for k, o in ours.items() if o.on(day) > 0}):
        shown = given.get(key, ZERO)
        mine = ours.get(key)
        if mine is None or not mine.refunds:
            asked = refused.get(key, ZERO)
            if shown > asked:
                owner, reference = owner_of(key)
                out.mismatches.append(
                    _mismatch(
                        "refundMoreThanRecorded" if asked > 0 else "refundNotRecorded",
                        key,
                        owner,
                        reference,
                        asked if asked > 0 else None,
                        shown,
                        shown - asked,
                    )
                )
            continue
        theirs = at_provider.get(key, [])
        paid_out = [(r.refund_amount, _shown(r) or day) for r in theirs if r.refund_status == "SUCCESS"]
        carried = max(ZERO, mine.before(day) - sum((a for a, when in paid_out if when < day), ZERO))
        own = mine.on(day)
        if shown > carried + own:
            expected = carried + own
            out.mismatches.append(
                _mismatch(
                    "refundMoreThanRecorded" if expected > 0 else "refundNotRecorded",
                    key,
                    mine.owner,
                    mine.reference,
                    expected if expected > 0 else None,
                    shown,
                    shown - expected,
                )
            )
            continue
        # An earlier day's refund the provider says it paid out today, and today's report left off.
        due = min(carried, sum((a for a, when in paid_out if when == day), ZERO))
        unshown = due - min(shown, carried)
        left = own - max(ZERO, shown - carried)  # the day's own not shown that day
        left -= min(left, sum((a for a, when in paid_out if when > day), ZERO))  # a later day's run matches it
        waiting = [r for r in theirs if r.refund_status in WAITING]
        held = min(left, sum((r.refund_amount for r in waiting), ZERO))
        if held > 0 and today <= day + REFUNDS_WITHIN:
            left -= held
            out.in_transit.append(
                RefundInTransit(
                    provider_order_id=key[1],
                    owner=mine.owner,
                    reference=mine.reference,
                    amount=held,
                    status=waiting[0].refund_status,
                    expected_on=day + REFUNDS_WITHIN,
                )
            )
        if left + max(ZERO, unshown) > 0:
            out.mismatches.append(
                _mismatch(
                    "refundMissing",
                    key,
                    mine.owner,
                    mine.reference,
                    own + max(ZERO, unshown),
                    max(ZERO, shown - carried),
                    left + max(ZERO, unshown),
                )
            )
    return out


def _shown(refund: ProviderRefund) -> date | None:
    """The day the provider's report lists a paid-out refund on: its processed time's."""
    return _day(refund.processed_at or refund.created_at)


def _mismatch(
    kind: MismatchKind,
    key: Key,
    owner: Owner,
    reference: str | None,
    recorded: Decimal | None,
    settled: Decimal,
    unreconciled: Decimal,
) -> Mismatch:
    return Mismatch(
        kind=kind,
        provider_order_id=key[1],
        account=key[0] or None,
        owner=owner,
        reference=reference,
        cf_payment_id=None,
        recorded=recorded,
        settled=settled,
        unreconciled=unreconciled,
    )
