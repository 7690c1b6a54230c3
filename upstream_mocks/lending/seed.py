"""Seed borrowers: one with an overdue loan, one with nothing pending."""

from __future__ import annotations

import msgspec


class Borrower(msgspec.Struct, kw_only=True):
    user_id: int
    user_name: str
    mobile_number: str
    total_repayment_amount: float | None
    remaining_amount: float
    late_fees: float
    pending_amount: float


class LendingState(msgspec.Struct, kw_only=True):
    borrowers: dict[str, Borrower]  # by mobile number
    tokens: dict[str, int] = msgspec.field(default_factory=dict)  # access token -> user id
    next_user_id: int = 5000


def seed() -> LendingState:
    borrowers = [
        Borrower(
            user_id=1001,
            user_name="Ramesh Kumar",
            mobile_number="9876543210",
            total_repayment_amount=12450.0,
            remaining_amount=12450.0,
            late_fees=450.0,
            pending_amount=12000.0,
        ),
        Borrower(
            user_id=1002,
            user_name="Sunita Sharma",
            mobile_number="9123456780",
            total_repayment_amount=None,
            remaining_amount=0.0,
            late_fees=0.0,
            pending_amount=0.0,
        ),
    ]
    return LendingState(borrowers={b.mobile_number: b for b in borrowers})
