"""What a borrower sees of the desk's hand in a repayment's refund. The bank gave the refund up (the
provider says CANCELLED for good, and goes on saying so); the desk then paid it another way and
recorded that payment's reference. The borrower is told it was given back, by that reference, not
"refund failed" for ever. A refund the desk asked again is the provider's to tell (a new refund)."""

from __future__ import annotations

from collections.abc import Collection

from sqlalchemy import select

from gateway.operations_db import OperationsDatabase
from gateway.operations_db.models import DeskRefund


async def paid_otherwise(database: OperationsDatabase, order_ids: Collection[str]) -> dict[str, str]:
    """Each repayment (by its provider order) whose given-up refund the desk paid another way, with
    that payment's reference."""
    if not order_ids:
        return {}
    query = select(DeskRefund.provider_order_id, DeskRefund.paid_reference).where(
        DeskRefund.provider_order_id.in_(order_ids),
        DeskRefund.lender.is_not(None),  # a repayment's refund, made at its lender's own account
        DeskRefund.status == "paidOtherwise",
    )
    async with database.session() as session:
        return {order_id: reference or "" for order_id, reference in await session.execute(query)}
