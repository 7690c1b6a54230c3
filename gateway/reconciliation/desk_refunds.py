"""The refunds the desk had the provider give (a goodwill refund, a fee charged wrongly, a
repayment's refund), read from the gateway's own database: the orders service never hears of
them, so without them each would show on the provider's report as a refund nobody asked for.

A return's refund the bank gave up and the desk asked anew is left out: the orders service lists
that return's refund already. A refund the provider refused, the bank gave up, or the desk paid
another way moved no money at the provider and is left out too."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from sqlalchemy import or_, select

from gateway.operations_db import OperationsDatabase
from gateway.operations_db.models import DeskRefund

# Asked of the provider: being asked, held by the bank, or paid out.
AT_THE_PROVIDER = ("approved", "pending", "refunded")


@dataclass(frozen=True)
class DeskGiven:
    lender: str | None  # the LENDERS kind whose account a repayment's refund came from; None: the store's
    provider_order_id: str
    reference: str  # the store order's number, or the repayment's loan
    amount: Decimal
    asked_at: datetime  # the approval that sent it to the provider


class DeskRefundsRead:
    def __init__(self, database: OperationsDatabase) -> None:
        self.database = database

    async def given(self, since: datetime, provider_orders: Collection[str]) -> list[DeskGiven]:
        """The desk's refunds at the provider asked since `since`, or on one of `provider_orders`
        (whenever asked: an order's history)."""
        async with self.database.session() as session:
            rows = await session.scalars(
                select(DeskRefund).where(
                    DeskRefund.status.in_(AT_THE_PROVIDER),
                    DeskRefund.return_number.is_(None),
                    or_(DeskRefund.updated_at >= since, DeskRefund.provider_order_id.in_(list(provider_orders))),
                )
            )
            found = []
            for row in rows:
                approved = [a.at for a in row.approvals if a.decision == "approved"]
                asked_at = max(approved) if approved else row.updated_at
                if asked_at < since and row.provider_order_id not in provider_orders:
                    continue
                found.append(
                    DeskGiven(
                        lender=row.lender,
                        provider_order_id=row.provider_order_id,
                        reference=row.loan_number or row.order_number,
                        amount=row.amount,
                        asked_at=asked_at,
                    )
                )
            return found
