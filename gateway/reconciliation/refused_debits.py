"""AutoPay debits their lender refused to book (its checker rejected the booking) and refunded in
full at the provider, read from the gateway's database: the lender answered `refunded` when told
of the debit (gateway/loans/autopay_debits.py), and its day's list of repayments names only what it
booked. Without them each such debit would show on the provider's report as taken and never
booked, and its refund as one nobody recorded."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import select

from gateway.operations_db import OperationsDatabase
from gateway.operations_db.models import LoanMandate, LoanMandateDebit


@dataclass(frozen=True)
class RefusedDebit:
    lender: str  # the LENDERS kind whose account the mandate is on
    payment_id: str  # the debit's: the order id the provider's report names it by
    loan_number: str
    amount: Decimal


class RefusedDebitsRead:
    def __init__(self, database: OperationsDatabase) -> None:
        self.database = database

    async def refused(self, payment_ids: Collection[str]) -> list[RefusedDebit]:
        """Those of `payment_ids` (debits on the provider's report) their lender refunded."""
        if not payment_ids:
            return []
        async with self.database.session() as session:
            rows = await session.execute(
                select(
                    LoanMandate.lender, LoanMandateDebit.payment_id, LoanMandate.loan_number, LoanMandateDebit.amount
                )
                .join(LoanMandateDebit.mandate)
                .where(LoanMandateDebit.status == "refunded", LoanMandateDebit.payment_id.in_(list(payment_ids)))
            )
            return [
                RefusedDebit(lender, payment_id, loan, amount) for lender, payment_id, loan, amount in rows.tuples()
            ]
