"""Seed borrowers: one with an overdue loan, one with nothing pending, one whose loan cannot be paid online."""

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
    # False: the loan is not mapped to a financier allowed to receive payments online.
    financier_mapped: bool = True


class PaymentLog(msgspec.Struct, kw_only=True):
    """The lender's record of one payment session, settled at most once."""

    id: int
    user_id: int
    order_id: str
    amount: float
    settled: bool = False


class LendingState(msgspec.Struct, kw_only=True):
    borrowers: dict[str, Borrower]  # by mobile number
    tokens: dict[str, int] = msgspec.field(default_factory=dict)  # access token -> user id
    payment_logs: dict[int, PaymentLog] = msgspec.field(default_factory=dict)
    next_user_id: int = 5000
    next_payment_log_id: int = 7001

    def borrower_by_id(self, user_id: int) -> Borrower | None:
        return next((b for b in self.borrowers.values() if b.user_id == user_id), None)


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
        Borrower(
            user_id=1003,
            user_name="Anil Verma",
            mobile_number="9988776655",
            total_repayment_amount=5200.0,
            remaining_amount=5200.0,
            late_fees=200.0,
            pending_amount=5000.0,
            financier_mapped=False,
        ),
    ]
    return LendingState(borrowers={b.mobile_number: b for b in borrowers})
