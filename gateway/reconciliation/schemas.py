"""What a reconciliation reports: each mismatch by kind, and the rupees left unreconciled."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Literal

import msgspec

# chargedWithoutOrder: the provider took money for a provider order no store order or repayment
# owns; paidWithoutCharge: we (or the lender) recorded a payment the provider did not settle;
# amountDiffers: settled at another amount than recorded; refundMissing: a refund we recorded the
# provider did not settle (in whole); settledTwice: one payment settled more than once.
MismatchKind = Literal["chargedWithoutOrder", "paidWithoutCharge", "amountDiffers", "refundMissing", "settledTwice"]
KINDS: tuple[MismatchKind, ...] = (
    "chargedWithoutOrder",
    "paidWithoutCharge",
    "amountDiffers",
    "refundMissing",
    "settledTwice",
)
Owner = Literal["storeOrder", "repayment", "unknown"]


class Mismatch(msgspec.Struct, rename="camel", kw_only=True):
    kind: MismatchKind
    provider_order_id: str
    owner: Owner
    reference: str | None  # the store order's number or the repayment's loan
    cf_payment_id: str | None
    recorded: Decimal | None  # what our side (orders service or lender) recorded
    settled: Decimal | None  # what the provider's report says
    unreconciled: Decimal  # the rupees this mismatch leaves unaccounted for


class KindTotal(msgspec.Struct, rename="camel", kw_only=True):
    kind: MismatchKind
    count: int
    unreconciled: Decimal


class Reconciliation(msgspec.Struct, rename="camel", kw_only=True):
    date: date
    settled_net: Decimal  # the provider's payments less refunds that day
    payments_settled: int
    refunds_settled: int
    recorded_payments: int  # store orders and repayments paid that day
    mismatches: list[Mismatch]
    by_kind: list[KindTotal]
    unreconciled: Decimal  # all mismatches together; 0.00 on a clean day
    over_a_day: bool  # the day is before today (India): any rupee left is older than a day
