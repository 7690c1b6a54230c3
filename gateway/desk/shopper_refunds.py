"""What a shopper sees of the refunds support gave on their order: each one the provider has (given
back, on hold, cancelled by the provider, or paid another way with its reference), from the operations
database; never who asked or why.
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal

import msgspec
from sqlalchemy import select

from gateway.desk.refunds import settle_on_hold
from gateway.operations_db import OperationsDatabase
from gateway.operations_db.models import DeskRefund
from gateway.plumbing.clock import Clock
from gateway.upstreams.payments import PaymentsClient

SHOWN = ("refunded", "pending", "cancelled", "paidOtherwise")


class SupportRefund(msgspec.Struct, rename="camel", kw_only=True):
    amount: str  # rupees, exact
    status: Literal["refunded", "pending", "cancelled", "paidOtherwise"]
    at: datetime  # when it last changed: asked of the provider, told by the bank, or paid another way
    reference: str | None = None  # paid another way: that payment's reference, to find it by


async def support_refunds(
    database: OperationsDatabase, payments: PaymentsClient, clock: Clock, order_number: str
) -> list[SupportRefund]:
    """Oldest first; one on hold at the provider is asked about again, so the shopper hears the
    bank's word (given back, or cancelled) without anyone at the desk looking first."""
    query = (
        select(DeskRefund)
        .where(DeskRefund.order_number == order_number.upper(), DeskRefund.status.in_(SHOWN))
        .order_by(DeskRefund.id)
    )
    return await settle_on_hold(database, payments, clock, query, _shown)


def _shown(row: DeskRefund) -> SupportRefund:
    return SupportRefund(
        amount=f"{row.amount:.2f}",
        status=row.status,  # type: ignore[arg-type]  # one of SHOWN
        at=row.updated_at,
        reference=row.paid_reference,
    )
