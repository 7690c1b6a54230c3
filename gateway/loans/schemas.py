"""What the loan screens receive: the lender's answers as they are (camelCase, amounts as exact
decimal strings), so each figure has one source, the lender; the gateway computes none of them."""

from __future__ import annotations

from gateway.upstreams.lenders.port import (
    LoanAllocationPreview,
    LoanKeyFacts,
    LoanSchedule,
    LoanStatement,
    LoanSummary,
)

__all__ = ["LoanAllocationPreview", "LoanKeyFacts", "LoanSchedule", "LoanStatement", "LoanSummary"]
