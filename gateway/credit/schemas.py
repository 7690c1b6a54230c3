"""What the credit screens send and get (camelCase; amounts as exact decimal strings). The lender's
offers, Key Facts, lines and quotes pass through as the lender states them: it owns every figure."""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated

import msgspec

from gateway.upstreams.lenders.port import (
    CreditApplication,
    CreditKeyFacts,
    CreditLine,
    CreditLineQuote,
    Purpose,
)

__all__ = ["CreditApplication", "CreditKeyFacts", "CreditLine", "CreditLineQuote"]


class ApplyRequest(msgspec.Struct, rename="camel", kw_only=True):
    applicant_name: Annotated[str, msgspec.Meta(min_length=1, max_length=80)]
    business_name: Annotated[str, msgspec.Meta(min_length=1, max_length=120)]
    # A GSTIN (15 characters) or a PAN (10), as typed: spaces and dashes are dropped.
    tax_id: Annotated[str, msgspec.Meta(min_length=1, max_length=30)]
    bureau_consent: bool
    email: Annotated[str, msgspec.Meta(max_length=120)] = ""


class CurrentApplication(msgspec.Struct, rename="camel", kw_only=True):
    """The approval whose offers are still open for the shopper's number, or null."""

    application: CreditApplication | None


class AcceptRequest(msgspec.Struct, rename="camel", kw_only=True):
    key_facts_acknowledged: bool


class LinePaymentRequest(msgspec.Struct, rename="camel", kw_only=True):
    purpose: Purpose
    # Today's quote's total, as shown: a figure that is no longer the quote is refused (409).
    amount: Decimal


class LinePaymentCreated(msgspec.Struct, rename="camel", kw_only=True):
    """A checkout to pay in (as a repayment's), or `settled` when nothing was owed and the line ended."""

    settled: bool
    payment_session_id: str | None = None
    order_id: str | None = None
    order_amount: Decimal | None = None
    payment_log_id: int | None = None


class LinePaymentOutcome(msgspec.Struct, rename="camel", kw_only=True):
    paid: bool
    line: CreditLine
