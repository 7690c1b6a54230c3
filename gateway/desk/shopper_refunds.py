"""What a shopper sees of the refunds support gave on their order: each one the provider has (given
back, on hold, or cancelled by the provider), from the operations database; never who asked or why.
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal

import msgspec
from sqlalchemy import select

from gateway.operations_db import OperationsDatabase
from gateway.operations_db.models import DeskRefund

SHOWN = ("refunded", "pending", "cancelled")


class SupportRefund(msgspec.Struct, rename="camel", kw_only=True):
    amount: str  # rupees, exact
    status: Literal["refunded", "pending", "cancelled"]
    at: datetime  # when the provider was asked


async def support_refunds(database: OperationsDatabase, order_number: str) -> list[SupportRefund]:
    """Oldest first."""
    async with database.session() as session:
        rows = await session.scalars(
            select(DeskRefund)
            .where(DeskRefund.order_number == order_number.upper(), DeskRefund.status.in_(SHOWN))
            .order_by(DeskRefund.id)
        )
        return [
            SupportRefund(amount=f"{r.amount:.2f}", status=r.status, at=r.updated_at)  # type: ignore[arg-type]
            for r in rows
        ]
