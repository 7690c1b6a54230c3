"""Seed borrowers: one with an overdue loan, one with nothing pending, one whose loan cannot be paid online."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Literal

import msgspec

from upstream_mocks.texts import Language


class Borrower(msgspec.Struct, kw_only=True):
    user_id: int
    user_name: str
    mobile_number: str
    total_repayment_amount: Decimal | None
    remaining_amount: Decimal
    late_fees: Decimal
    pending_amount: Decimal
    # False: the loan is not mapped to a financier allowed to receive payments online.
    financier_mapped: bool = True
    email: str | None = None  # where receipts are mailed; None: no e-mail on record
    # The loan's particulars for 'Loan Details' (our extension; None: the lender does not say).
    due_date: date | None = None
    lender_name: str | None = None
    loan_number: str | None = None


PaymentStatus = Literal["pending", "paid", "failed"]


class PaymentLog(msgspec.Struct, kw_only=True):
    """The lender's record of one payment session, settled at most once."""

    id: int
    user_id: int
    order_id: str
    amount: Decimal
    created_at: str
    status: PaymentStatus = "pending"
    cf_payment_id: str | None = None  # the provider's payment id, once paid
    paid_at: str | None = None
    remaining_after: Decimal | None = None  # what was still owed right after this payment
    # The lender's day it was booked on (its clock, which QA may have moved), and how much of it
    # went to the loan the portal collects for (the rest to the account's other dues).
    booked_on: date | None = None
    to_loan: Decimal | None = None
    settled_by: Literal["webhook", "confirm"] | None = None
    language: Language = "en"  # the borrower's when the payment was made: the receipt mail's
    failure_reason: Literal["declined", "expired"] | None = None  # the provider's, once failed
    # How a settled payment was applied, as the lender books it: charges first, then interest, then principal.
    charges: Decimal | None = None
    interest: Decimal | None = None
    principal: Decimal | None = None
    # A payment that ends a credit line (credit_lines.py): the line and how it ends; None for a repayment.
    line_number: str | None = None
    purpose: Literal["coolingOffExit", "foreclosure"] | None = None
    # A payment that forecloses a term loan (foreclosure.py): that loan; None for any other payment.
    loan_number: str | None = None
    # A payment through a reminder's payment link (due_links.py): the link and the instalment's due
    # date; it goes whole to the portal's loan, whether or not the instalment has fallen due.
    link_id: str | None = None
    due_on: date | None = None
    # What the payment brought beyond everything the borrower owed when it was booked (None: nothing),
    # and the refund that gives it back through the lender's provider account, once made
    # (excess_refunds.py).
    excess: Decimal | None = None
    excess_refund_id: str | None = None
    # An AutoPay debit's mandate (mandate_debits.py): its excess is refunded on the debit, not an order.
    subscription_id: str | None = None


class LendingState(msgspec.Struct, kw_only=True):
    borrowers: dict[str, Borrower]  # by mobile number
    tokens: dict[str, int] = msgspec.field(default_factory=dict)  # access token -> user id
    payment_logs: dict[int, PaymentLog] = msgspec.field(default_factory=dict)
    # Provider payment ids already applied to a loan: the dedupe key for webhooks and confirms.
    settled_payment_ids: set[str] = msgspec.field(default_factory=set)
    # partnerReceipt's Idempotency-Key -> (the order it was for, the answer): a retry mails once.
    receipts_sent: dict[str, tuple[str, dict[str, str]]] = msgspec.field(default_factory=dict)
    next_user_id: int = 5000
    next_payment_log_id: int = 7001

    def borrower_by_id(self, user_id: int) -> Borrower | None:
        return next((b for b in self.borrowers.values() if b.user_id == user_id), None)

    def log_for_order(self, order_id: str) -> PaymentLog | None:
        return next((log for log in self.payment_logs.values() if log.order_id == order_id), None)


# Days Ramesh's first instalment (loan_seed.py) is overdue on any day the mocks start: its due
# date is set relative to today, so the figure tests read is always the same.
RAMESH_DAYS_OVERDUE = 17


def seed() -> LendingState:
    borrowers = [
        Borrower(
            user_id=1001,
            user_name="Ramesh Kumar",
            mobile_number="9876543210",
            # What he owes is his loan LN-1001's overdue (loan_seed.py, dues.py): Rs. 12,450 on
            # the day the mocks start, moving with the mocks' clock. The record holds only
            # what he draws on credit at the checkout.
            total_repayment_amount=None,
            remaining_amount=Decimal("0.00"),
            late_fees=Decimal("0.00"),
            pending_amount=Decimal("0.00"),
            email="ramesh.kumar@shop.example",
            lender_name="Sahyogkosh Finance",
            loan_number="LN-1001",  # as on the receipts (loan account LN-{userId})
        ),
        Borrower(
            user_id=1002,
            user_name="Sunita Sharma",
            mobile_number="9123456780",
            total_repayment_amount=None,
            remaining_amount=Decimal("0.00"),
            late_fees=Decimal("0.00"),
            pending_amount=Decimal("0.00"),
            email="sunita.sharma@shop.example",
        ),
        Borrower(
            user_id=1003,
            user_name="Anil Verma",
            mobile_number="9988776655",
            total_repayment_amount=Decimal("5200.00"),
            remaining_amount=Decimal("5200.00"),
            late_fees=Decimal("200.00"),
            pending_amount=Decimal("5000.00"),
            financier_mapped=False,
        ),
    ]
    return LendingState(borrowers={b.mobile_number: b for b in borrowers})
