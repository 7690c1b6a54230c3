"""The daily reconciliation as a scheduled job (gateway/jobs/): every few minutes each replica
checks that yesterday (India's, on the clock the rules read: the mocks' while mocks are in use)
has its stored run, and runs and stores it if not. The scheduler's lock keeps replicas from
running it side by side; the run table's one row per day keeps it stored once even so."""

from __future__ import annotations

from datetime import timedelta

import structlog

from gateway.clock import Clock
from gateway.reconciliation.runs import RunBook
from gateway.reconciliation.service import ReconciliationService

log = structlog.get_logger("gateway.reconciliation")


class DailyReconciliation:
    def __init__(self, service: ReconciliationService, book: RunBook, clock: Clock) -> None:
        self.service = service
        self.book = book
        self.clock = clock

    async def run(self) -> bool:
        """True when this call ran and stored yesterday's reconciliation."""
        day = await self.clock.today() - timedelta(days=1)
        if await self.book.has(day):
            return False
        result = await self.service.run(day)
        stored = await self.book.keep(result)
        log.info("reconciliation_run_stored" if stored else "reconciliation_run_already_stored", day=day.isoformat())
        return stored
