"""What a reconciliation reports: each mismatch by kind, and the rupees left unreconciled."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Literal

import msgspec

# chargedWithoutOrder: the provider took money for a provider order no store order or repayment
# owns; paidWithoutCharge: we (or the lender) recorded a payment the provider did not settle;
# amountDiffers: settled at another amount than recorded; refundMissing: a refund we recorded the
# provider did not settle (in whole); settledTwice: one payment settled more than once;
# notSettled: a payment taken whose expected settlement day has passed without its settlement.
MismatchKind = Literal[
    "chargedWithoutOrder", "paidWithoutCharge", "amountDiffers", "refundMissing", "settledTwice", "notSettled"
]
KINDS: tuple[MismatchKind, ...] = (
    "chargedWithoutOrder",
    "paidWithoutCharge",
    "amountDiffers",
    "refundMissing",
    "settledTwice",
    "notSettled",
)
# Money the provider's bank or the provider moved on an order by itself: not a disagreement
# between the sides, each an item of its own kind for someone to act on.
AdjustmentKind = Literal[
    "refundReversal", "dispute", "disputeReversal", "chargeback", "chargebackReversal", "otherAdjustment"
]
Owner = Literal["storeOrder", "repayment", "unknown"]
# The adjustments someone must answer by a deadline: kept on the worklist as findings of their own.
ANSWERED: tuple[AdjustmentKind, ...] = ("dispute", "chargeback")


class Mismatch(msgspec.Struct, rename="camel", kw_only=True):
    kind: MismatchKind
    provider_order_id: str
    owner: Owner
    reference: str | None  # the store order's number or the repayment's loan
    cf_payment_id: str | None
    recorded: Decimal | None  # what our side (orders service or lender) recorded
    settled: Decimal | None  # what the provider's report says
    unreconciled: Decimal  # the rupees this mismatch leaves unaccounted for
    fee: Decimal | None = None  # the provider's charge and tax on what it reported (its net: settled less fee)


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
