"""The money invariants, judged on the ledger as it stands (`GET /_mocks/ledger/invariants`): the
state-only rules the money-invariant suite (tests/integration/test_money_invariants.py) holds
the mocks to, in one place so the QA console shows exactly what the suite checks.

Each rule names what breaks it, so a tester sees which charge or order to look at.
"""

from __future__ import annotations

from collections import Counter
from decimal import Decimal

import msgspec

from upstream_mocks.ledger import Charge, Ledger

MANDATE_PREFIX = "MANDATE_"  # the lender's order id of a booked AutoPay debit: MANDATE_<payment id>


class Invariant(msgspec.Struct, rename="camel", kw_only=True):
    name: str
    holds: bool
    broken_by: list[str]  # what breaks it (order numbers, provider order ids), empty when it holds


def _owners(ledger: Ledger, charge: Charge) -> list[str]:
    """The store order (its number before the provider order's attempt suffix) or the repayment a
    charge was taken for."""
    orders = {o.order_number for o in ledger.store_orders}
    repayments = {r.provider_order_id for r in ledger.repayments}
    number = charge.provider_order_id.rsplit("-", 1)[0]
    return ([number] if number in orders else []) + (
        [charge.provider_order_id] if charge.provider_order_id in repayments else []
    )


def invariants(ledger: Ledger) -> list[Invariant]:
    orders = {o.order_number: o for o in ledger.store_orders}
    repayment_status = {r.provider_order_id: r.status for r in ledger.repayments}
    owned = [(c, _owners(ledger, c)) for c in ledger.charges]
    charges_of = Counter(owners[0] for _, owners in owned if len(owners) == 1)

    # A charge is booked when its order is paid (or cancelled, refunded below) or its repayment is paid.
    unbooked = [
        owner
        for owner in charges_of
        if (owner in orders and orders[owner].status != "cancelled" and orders[owner].payment_state != "paid")
        or (owner in repayment_status and repayment_status[owner] != "paid")
    ]
    booked_for: dict[str, list[Decimal]] = {}
    for booking in ledger.bookings:
        booked_for.setdefault(booking.cf_payment_id, []).append(booking.amount)
    repayment_charges = [c for c in ledger.charges if c.provider_order_id in repayment_status]
    link_orders = {order_id for link in ledger.payment_links for order_id in link.provider_order_ids}
    kept = [
        c.provider_order_id
        for c in ledger.charges
        if (order := orders.get(c.provider_order_id.rsplit("-", 1)[0])) is not None
        and order.status == "cancelled"
        and (c.refunded != c.amount or not order.refunded)
    ]
    drawn = sum((d.amount for d in ledger.credit_draws), Decimal("0.00"))
    on_credit = sum(
        (o.amount for o in orders.values() if o.method == "credit" and o.status != "cancelled"), Decimal("0.00")
    )
    held: Counter[int] = Counter()
    for order in orders.values():
        if order.status not in ("cancelled", "returned"):
            for line in order.lines:
                held[line.product_id] += line.quantity
    taken = {product: n for product, n in ledger.stock_taken.items() if n}
    stock_off = sorted(str(p) for p in set(taken) | set(held) if taken.get(p, 0) != held.get(p, 0))

    # A return's transfers: its payout's, and those of attempts that failed before another account.
    refund_of = {t: r for r in ledger.account_refunds for t in [*r.earlier, r.transfer_id] if t is not None}
    payouts_of = Counter(
        refund_of[p.transfer_id].return_number
        for p in ledger.payouts
        if p.transfer_id in refund_of and p.status == "SUCCESS"
    )
    paid_to = {p.transfer_id for p in ledger.payouts if p.status in ("SUCCESS", "REVERSED")}

    # AutoPay debits: each SUCCESS booked once as its repayment, nothing else booked as one.
    succeeded = {d.cf_payment_id: d for d in ledger.mandate_debits if d.status == "SUCCESS"}
    # A debit its lender refused to book (its checker rejected the booking) is refunded in full:
    # it moved in and back, and is booked never.
    debited = {i: d for i, d in succeeded.items() if d.refunded == 0}
    returned = {i: d for i, d in succeeded.items() if d.refunded > 0}
    mandate_bookings = [b for b in ledger.bookings if b.provider_order_id.startswith(MANDATE_PREFIX)]

    def rule(name: str, broken_by: list[str]) -> Invariant:
        return Invariant(name=name, holds=not broken_by, broken_by=broken_by)

    return [
        rule(
            "Every charge belongs to exactly one store order or repayment",
            [c.provider_order_id for c, owners in owned if len(owners) != 1],
        ),
        rule("No store order is charged twice", sorted(n for n, k in charges_of.items() if n in orders and k > 1)),
        rule("Every charge is booked: its order paid or its repayment paid at the lender", sorted(unbooked)),
        rule(
            # What the lender gave back of it (all it brought beyond everything owed) is not booked.
            "Every charged repayment is booked once at its lender, for what was charged and not given back",
            [
                c.provider_order_id
                for c in repayment_charges
                if booked_for.get(c.cf_payment_id, []) != [c.amount - c.refunded]
            ],
        ),
        rule("No refund exceeds its charge", [c.provider_order_id for c in ledger.charges if c.refunded > c.amount]),
        rule("A cancelled order keeps nothing: its charge refunded in full", kept),
        rule(
            "Every charge through a payment link belongs to a repayment",
            [
                c.provider_order_id
                for c in ledger.charges
                if c.provider_order_id in link_orders and c.provider_order_id not in repayment_status
            ],
        ),
        rule(
            "No payment link took more than it asked",
            [link.link_id for link in ledger.payment_links if link.amount_paid > link.amount],
        ),
        rule(
            "Credit drawn equals the credit orders not cancelled",
            [] if drawn == on_credit else [f"drawn {drawn}, ordered {on_credit}"],
        ),
        rule("Stock taken equals what open orders hold", [f"product {p}" for p in stock_off]),
        rule(
            "Every payout belongs to one refund to a UPI ID or bank account, for its amount",
            [
                p.transfer_id
                for p in ledger.payouts
                if p.transfer_id not in refund_of or refund_of[p.transfer_id].amount != p.amount
            ],
        ),
        rule(
            "Every AutoPay debit taken is booked once at its lender, for what was debited",
            [
                d.payment_id
                for d in debited.values()
                if [(b.provider_order_id, b.amount) for b in mandate_bookings if b.cf_payment_id == d.cf_payment_id]
                != [(f"{MANDATE_PREFIX}{d.payment_id}", d.amount)]
            ],
        ),
        rule(
            "No AutoPay repayment is booked without a debit taken and kept (failed, cancelled or refunded: nothing)",
            [b.provider_order_id for b in mandate_bookings if b.cf_payment_id not in debited],
        ),
        rule(
            "Every AutoPay debit refunded is refunded in full, never in part",
            [d.payment_id for d in returned.values() if d.refunded != d.amount],
        ),
        rule("No refund is paid out twice", sorted(n for n, k in payouts_of.items() if k > 1)),
        rule(
            "Every return refunded to a UPI ID or bank account was paid by its payout",
            [
                r.return_number
                for r in ledger.account_refunds
                if r.status == "refunded" and r.transfer_id not in paid_to
            ],
        ),
    ]
