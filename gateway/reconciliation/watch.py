"""What needs a person's hands, counted for Prometheus at each look of the daily job: refunds the
bank gave up and handed to the desk, open disputes or chargebacks within their last days to be
answered, and returns' payouts that failed and nobody has resolved (deploy/prometheus/alerts.yaml
alerts on each above 0)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from sqlalchemy import func, select

from gateway.operations_db import OperationsDatabase
from gateway.operations_db.models import DeskRefund, ReconciliationFinding
from gateway.plumbing.clock import Clock
from gateway.reconciliation.schemas import PAYOUT_FAILED

NEAR_DEADLINE_DAYS = 2  # a dispute this close to its response deadline (or past it) is alerted on


class MoneyWatch:
    def __init__(
        self,
        database: OperationsDatabase,
        clock: Clock,
        refunds_needing_person: Callable[[int], None],
        disputes_near_deadline: Callable[[int], None],
        payouts_failed: Callable[[int], None] = lambda count: None,
    ) -> None:
        self.database = database
        self.clock = clock
        self.refunds_needing_person = refunds_needing_person
        self.disputes_near_deadline = disputes_near_deadline
        self.payouts_failed = payouts_failed

    async def look(self) -> tuple[int, int, int]:
        """Count each and set the gauges; the counts, for the caller's log."""
        near = await self.clock.today() + timedelta(days=NEAR_DEADLINE_DAYS)
        async with self.database.session() as session:
            refunds = await session.scalar(
                select(func.count()).select_from(DeskRefund).where(DeskRefund.status == "cancelled")
            )
            disputes = await session.scalar(
                select(func.count())
                .select_from(ReconciliationFinding)
                .where(
                    ReconciliationFinding.resolved_at.is_(None),
                    ReconciliationFinding.respond_by.is_not(None),
                    ReconciliationFinding.respond_by <= near,
                )
            )
            payouts = await session.scalar(
                select(func.count())
                .select_from(ReconciliationFinding)
                .where(ReconciliationFinding.resolved_at.is_(None), ReconciliationFinding.kind == PAYOUT_FAILED)
            )
        self.refunds_needing_person(refunds or 0)
        self.disputes_near_deadline(disputes or 0)
        self.payouts_failed(payouts or 0)
        return refunds or 0, disputes or 0, payouts or 0
