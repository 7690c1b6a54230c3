"""What a reconciliation reports: each mismatch by kind, and the rupees left unreconciled."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Literal, get_args

import msgspec

# chargedWithoutOrder: the provider took money for a provider order no store order or repayment
# owns; paidWithoutCharge: we (or the lender) recorded a payment the provider did not settle;
# amountDiffers: settled at another amount than recorded; refundMissing: a refund we recorded the
# provider did not pay out (in whole) in its time, or paid out and left off its report;
# settledTwice: one payment settled more than once;
# notSettled: a payment taken whose expected settlement day has passed without its settlement;
# refundNotRecorded: a refund the provider gave on a provider order we recorded no refund for;
# refundMoreThanRecorded: the provider refunded more than we recorded (the excess).
# Payouts (a return's refund paid to a UPI ID or bank account) against the payouts provider's
# transfer: payoutNotShown, the provider paid it and our return does not show it refunded;
# payoutNotMade, our return shows it refunded and the provider failed, reversed or never made it;
# payoutAmountDiffers, the provider's transfer is of another amount; payoutOverdue, still pending
# after its expected end; payoutWithoutReturn, a transfer of the payouts account under a
# transfer_id no return has: money out with nothing owed.
# AutoPay (a loan's UPI AutoPay debits, gateway/loans/autopay*.py): debitNotBooked, the provider
# took a debit the loan's lender has not booked as a repayment; bookedWithoutDebit, the lender
# booked a debit's repayment the provider did not take (or did not report).
MismatchKind = Literal[
    "chargedWithoutOrder",
    "paidWithoutCharge",
    "amountDiffers",
    "refundMissing",
    "settledTwice",
    "notSettled",
    "refundNotRecorded",
    "refundMoreThanRecorded",
    "payoutNotShown",
    "payoutNotMade",
    "payoutAmountDiffers",
    "payoutOverdue",
    "payoutWithoutReturn",
    "debitNotBooked",
    "bookedWithoutDebit",
]
# Every kind, in the order a report lists them: read off the type, so the two cannot part.
KINDS: tuple[MismatchKind, ...] = get_args(MismatchKind)
# A payout both sides agree failed: no money moved, the shopper is still owed it. Not a mismatch;
# a finding of its own kind, waiting on a person (a new account, or the bank tried again).
PAYOUT_FAILED = "payoutFailed"
# Money the provider's bank or the provider moved on an order by itself: not a disagreement
# between the sides, each an item of its own kind for someone to act on.
AdjustmentKind = Literal[
    "refundReversal", "dispute", "disputeReversal", "chargeback", "chargebackReversal", "otherAdjustment"
]
Owner = Literal["storeOrder", "repayment", "storeReturn", "unknown"]  # storeReturn: a return's payout
# The adjustments someone must answer by a deadline: kept on the worklist as findings of their own.
ANSWERED: tuple[AdjustmentKind, ...] = ("dispute", "chargeback")


class Mismatch(msgspec.Struct, rename="camel", kw_only=True):
    kind: MismatchKind
    provider_order_id: str  # a payout's: its transfer_id at the payouts provider
    owner: Owner
    reference: str | None  # the store order's number, the repayment's loan, or the return's number
    cf_payment_id: str | None
    recorded: Decimal | None  # what our side (orders service or lender) recorded
    settled: Decimal | None  # what the provider's report says
    unreconciled: Decimal  # the rupees this mismatch leaves unaccounted for
    fee: Decimal | None = None  # the provider's charge and tax on what it reported (its net: settled less fee)
    utr: str | None = None  # a payout's: the bank's reference of the transfer the provider paid
    # The merchant account (client id) whose money it is: the store's or a lender's own; a
    # lender's repayment settled into the store's account is a mismatch in each of the two.
    account: str | None = None


class InTransit(msgspec.Struct, rename="camel", kw_only=True):
    """A payment taken and matched whose settlement has not come yet, nor its expected day passed."""

    provider_order_id: str
    owner: Owner
    reference: str | None
    cf_payment_id: str
    amount: Decimal  # what the payer paid
    fee: Decimal  # the provider's charge and tax on it
    net: Decimal  # what the settlement will bring
    expected_on: date  # the day its settlement is due (India's calendar)


class RefundInTransit(msgspec.Struct, rename="camel", kw_only=True):
    """A refund of the day the provider's bank has not paid out yet, within its normal time: the
    provider's report lists it on the day it is paid out (gateway/reconciliation/refund_matching.py)."""

    provider_order_id: str
    owner: Owner
    reference: str | None
    amount: Decimal
    status: str  # the provider's: PENDING or ONHOLD
    expected_on: date  # the last day it may still be paid out before it is missing (India's calendar)


class PayoutInTransit(msgspec.Struct, rename="camel", kw_only=True):
    """A return's payout the bank has not answered yet, within its normal time."""

    transfer_id: str
    reference: str  # the return's number
    amount: Decimal
    status: str  # the provider's: RECEIVED or PENDING (or not yet made: none)
    expected_on: date  # the day by which the bank answers (India's calendar)


class PayoutMatched(msgspec.Struct, rename="camel", kw_only=True):
    """A return's payout both sides agree was paid, at the same amount."""

    transfer_id: str
    reference: str  # the return's number
    amount: Decimal
    utr: str | None  # the bank's reference


class PayoutFailed(msgspec.Struct, rename="camel", kw_only=True):
    """A return's payout both sides agree failed: the shopper is still owed it."""

    transfer_id: str
    reference: str  # the return's number
    amount: Decimal
    reason: str  # the provider's status_code (INVALID_VPA, BENEFICIARY_BANK_OFFLINE, REVERSED, ...)
    description: str | None = None  # the provider's status_description: why, in its words


class Adjustment(msgspec.Struct, rename="camel", kw_only=True):
    kind: AdjustmentKind
    provider_order_id: str
    owner: Owner
    reference: str | None
    cf_payment_id: str | None
    amount: Decimal
    credit: bool  # money back to us (a reversal) or taken from us
    settled: Decimal | None  # what it added to or took from a settlement, once settled
    # A dispute's or chargeback's: the day by which the provider must have our answer (its disputes API).
    respond_by: date | None = None


class KindTotal(msgspec.Struct, rename="camel", kw_only=True):
    kind: MismatchKind
    count: int
    unreconciled: Decimal


class Reconciliation(msgspec.Struct, rename="camel", kw_only=True):
    date: date
    settled_net: Decimal  # what the day's settled events brought, net of the provider's fees and tax
    fees: Decimal  # the provider's charges and tax on the day's payments
    in_transit: list[InTransit]
    in_transit_net: Decimal  # what the day's payments not yet settled will bring, net of fees
    adjustments: list[Adjustment]  # refund reversals, disputes, chargebacks: each its own kind
    credited: Decimal  # what the provider's settlements on this day brought, net of fees (any day's events)
    payments_settled: int
    refunds_settled: int
    recorded_payments: int  # store orders and repayments paid that day
    mismatches: list[Mismatch]
    by_kind: list[KindTotal]
    unreconciled: Decimal  # all mismatches together; 0.00 on a clean day
    over_a_day: bool  # the day is before today (India): any rupee left is older than a day
    # Returns' payouts asked that day, read at the payouts provider: how many, those the bank has
    # not answered yet, and those that failed (waiting on a person).
    payouts_recorded: int = 0
    payouts_matched: list[PayoutMatched] = msgspec.field(default_factory=list)
    payouts_in_transit: list[PayoutInTransit] = msgspec.field(default_factory=list)
    payouts_failed: list[PayoutFailed] = msgspec.field(default_factory=list)
    # Refunds of the day the provider's bank has yet to pay out: the day is run again until each
    # shows (or its time has passed and it is missing).
    refunds_in_transit: list[RefundInTransit] = msgspec.field(default_factory=list)
