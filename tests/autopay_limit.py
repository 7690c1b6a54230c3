"""A portal loan whose instalments are above RBI's ₹15,000 e-mandate limit, for the AutoPay tests:
no seeded loan has one (LN-1001's are about ₹12,000), so Ramesh's LN-1001 is made twice as large
in the lender's own books (sanctioned ₹2,00,000 over the same ten months, its dates kept)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from decimal import Decimal

import msgspec

from upstream_mocks.lending.loans import Loan, schedule

LOAN = "LN-1001"
SANCTIONED = Decimal("200000.00")  # instalments ₹24,000.00, ₹23,600.00, ... ₹20,400.00


def enlarged(loan: Loan) -> Loan:
    """The loan with the larger principal, due on the same dates at the same rate."""
    if loan.loan_number != LOAN:
        return loan
    instalments = schedule(SANCTIONED, loan.annual_rate, len(loan.instalments), loan.instalments[0].due_on)
    return msgspec.structs.replace(loan, sanctioned=SANCTIONED, instalments=instalments)


def with_large_instalments(loans: dict[int, list[Loan]]) -> dict[int, list[Loan]]:
    return {user: [enlarged(loan) for loan in owned] for user, owned in loans.items()}


def large_seed(seed: Callable[[date], dict[int, list[Loan]]]) -> Callable[[date], dict[int, list[Loan]]]:
    """The lending mock's loan seed, with LN-1001 enlarged (its seed is read at every reset)."""
    return lambda today: with_large_instalments(seed(today))
