"""Matching the returns' payouts the orders service recorded with the payouts provider's own record
of each transfer (Cashfree Payouts v2, Get Transfer Status V2).

Pure: the caller reads both sides (gateway/reconciliation/service.py). A payout is one transfer,
under the return's own transfer_id. Our side "shows it refunded" when the orders service recorded
the payout paid; the provider's side is the transfer's status, or none when it never made one.
"""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

import msgspec

from gateway.reconciliation.schemas import Mismatch, MismatchKind, PayoutFailed, PayoutInTransit, PayoutMatched
from gateway.upstreams.orders.operations import PayoutMoved, TransferHeard
from gateway.upstreams.payouts import ProviderTransfer

# A transfer's bank answers by the end of the day after it was asked (IMPS and UPI at once, NEFT
# in the same working day's batches, a bank's holiday or a retry by Cashfree a day more): until
# then a pending payout is in transit, after it overdue.
PAYOUT_ENDS_AFTER = timedelta(days=1)
UNMADE = frozenset({"FAILED", "REJECTED", "REVERSED"})
NEVER_MADE = "NOT_MADE"  # the reason of a payout whose transfer the provider never had


class PayoutsMatched(msgspec.Struct, kw_only=True):
    mismatches: list[Mismatch]
    in_transit: list[PayoutInTransit]
    failed: list[PayoutFailed]
    matched: list[PayoutMatched]


def _fee(theirs: ProviderTransfer | None) -> Decimal | None:
    if theirs is None or (theirs.transfer_service_charge is None and theirs.transfer_service_tax is None):
        return None
    return (theirs.transfer_service_charge or Decimal("0.00")) + (theirs.transfer_service_tax or Decimal("0.00"))


def _mismatch(
    kind: MismatchKind,
    ours: PayoutMoved,
    theirs: ProviderTransfer | None,
    recorded: Decimal | None,
    settled: Decimal | None,
    unreconciled: Decimal,
) -> Mismatch:
    return Mismatch(
        kind=kind,
        provider_order_id=ours.transfer_id,
        owner="storeReturn",
        reference=ours.return_number,
        cf_payment_id=None,  # a transfer is known by its transfer_id; Cashfree's own id is in its record
        recorded=recorded,
        settled=settled,
        unreconciled=unreconciled,
        fee=_fee(theirs),
        utr=theirs.transfer_utr if theirs is not None else None,
    )


def match_payouts(
    day: date, recorded: list[tuple[PayoutMoved, ProviderTransfer | None]], today: date
) -> PayoutsMatched:
    """Each payout asked on `day` with the provider's transfer under its id (None: it has none)."""
    mismatches: list[Mismatch] = []
    in_transit: list[PayoutInTransit] = []
    failed: list[PayoutFailed] = []
    matched: list[PayoutMatched] = []
    due = day + PAYOUT_ENDS_AFTER
    for ours, theirs in recorded:
        shown_paid = ours.status == "paid"
        status = theirs.status if theirs is not None else None
        if theirs is not None and theirs.transfer_amount != ours.amount:
            mismatches.append(
                _mismatch(
                    "payoutAmountDiffers",
                    ours,
                    theirs,
                    ours.amount,
                    theirs.transfer_amount,
                    abs(ours.amount - theirs.transfer_amount),
                )
            )
        elif theirs is not None and theirs.status == "SUCCESS":
            if not shown_paid:  # the shopper was paid; our return does not say so
                paid = theirs.transfer_amount
                mismatches.append(_mismatch("payoutNotShown", ours, theirs, None, paid, paid))
            else:
                matched.append(
                    PayoutMatched(
                        transfer_id=ours.transfer_id,
                        reference=ours.return_number,
                        amount=ours.amount,
                        utr=theirs.transfer_utr,
                    )
                )
        elif shown_paid:  # refunded on our side; failed, reversed, still pending or never made at the provider
            mismatches.append(_mismatch("payoutNotMade", ours, theirs, ours.amount, None, ours.amount))
        elif status in UNMADE or (status is None and ours.status == "failed"):
            reason = "REVERSED" if status == "REVERSED" else theirs.status_code if theirs is not None else None
            failed.append(
                PayoutFailed(
                    transfer_id=ours.transfer_id,
                    reference=ours.return_number,
                    amount=ours.amount,
                    reason=reason or ours.reason or NEVER_MADE,
                    description=theirs.status_description if theirs is not None else None,
                )
            )
        elif today > due:  # pending (or not yet made) past the bank's normal time
            mismatches.append(_mismatch("payoutOverdue", ours, theirs, ours.amount, None, ours.amount))
        else:
            in_transit.append(
                PayoutInTransit(
                    transfer_id=ours.transfer_id,
                    reference=ours.return_number,
                    amount=ours.amount,
                    status=status or "NOT_MADE",
                    expected_on=due,
                )
            )
    return PayoutsMatched(mismatches=mismatches, in_transit=in_transit, failed=failed, matched=matched)


def match_unknown_payouts(heard: list[tuple[TransferHeard, ProviderTransfer | None]]) -> list[Mismatch]:
    """Transfers of the payouts account whose transfer_id is no return's, each with the provider's
    transfer read again now: one that moved money (paid, or still on its way to the payee) is
    money out with nothing owed, a `payoutWithoutReturn` at its amount with the bank's UTR; one
    that failed, was rejected or came back moved none, and one the provider no longer has is none."""
    found: list[Mismatch] = []
    for told, theirs in heard:
        if theirs is None or theirs.status in UNMADE:
            continue
        found.append(
            Mismatch(
                kind="payoutWithoutReturn",
                provider_order_id=told.transfer_id,
                owner="unknown",
                reference=None,
                cf_payment_id=None,
                recorded=None,
                settled=theirs.transfer_amount,
                unreconciled=theirs.transfer_amount,
                fee=_fee(theirs),
                utr=theirs.transfer_utr,
            )
        )
    return found
