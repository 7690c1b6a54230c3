"""The daily reconciliation as a scheduled job (gateway/jobs/): every few minutes each replica
checks that yesterday (India's, on the clock the rules read: the mocks' while mocks are in use)
has its stored run, and runs and stores it if not. The scheduler's lock keeps replicas from
running it side by side; the run table's one row per day keeps it stored once even so."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import structlog

from gateway.clock import Clock
from gateway.reconciliation.attention import AttentionRule
from gateway.reconciliation.runs import RunBook
from gateway.reconciliation.service import ReconciliationService
from gateway.reconciliation.watch import MoneyWatch

log = structlog.get_logger("gateway.reconciliation")


class DailyReconciliation:
    def __init__(
        self,
        service: ReconciliationService,
        book: RunBook,
        clock: Clock,
        rule: AttentionRule,
        needing_attention: Callable[[int], None] = lambda count: None,
        watch: MoneyWatch | None = None,
    ) -> None:
        self.service = service
        self.book = book
        self.clock = clock
        self.rule = rule
        self.needing_attention = needing_attention  # the gauge's setter
        self.watch = watch  # refunds and disputes waiting on a person, as gauges

    async def run(self) -> bool:
        """True when this call ran and stored yesterday's reconciliation. Every call also says
        which stored runs need attention: findings age as the days pass with no new run."""
        day = await self.clock.today() - timedelta(days=1)
        stored = False
        if not await self.book.has(day):
            result = await self.service.run(day)
            stored = await self.book.keep(result)
            log.info(
                "reconciliation_run_stored" if stored else "reconciliation_run_already_stored", day=day.isoformat()
            )
        flagged = await self.book.needing_attention(self.rule)
        for run, reasons in flagged:
            log.error(
                "reconciliation_run_needs_attention",
                day=run.day.isoformat(),
                reasons=reasons,
                open_findings=sum(1 for f in run.findings if f.resolved_at is None),
            )
        self.needing_attention(len(flagged))
        if self.watch is not None:
            await self.watch.look()
        return stored
