"""What the loan screens receive: the lender's answers as they are (camelCase, amounts as exact
decimal strings), so each figure has one source, the lender; the gateway computes none of them."""

from __future__ import annotations

from decimal import Decimal

import msgspec

from gateway.upstreams.lenders.port import (
    ForeclosureQuote,
    LoanAllocationPreview,
    LoanKeyFacts,
    LoanSchedule,
    LoanStatement,
    LoanSummary,
)

__all__ = ["ForeclosureQuote", "LoanAllocationPreview", "LoanKeyFacts", "LoanSchedule", "LoanStatement", "LoanSummary"]


class ForeclosureRequest(msgspec.Struct, rename="camel", kw_only=True):
    # Today's quote's total, as shown: a figure that is no longer the quote is refused (409).
    amount: Decimal


class ForeclosurePaymentCreated(msgspec.Struct, rename="camel", kw_only=True):
    """A checkout to pay the quote in, as a repayment's."""

    payment_session_id: str
    order_id: str
    order_amount: Decimal
    payment_log_id: int


class ForeclosureOutcome(msgspec.Struct, rename="camel", kw_only=True):
    paid: bool  # the lender took it: the loan is closed
    loan: LoanSummary
