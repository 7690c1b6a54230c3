"""The daily reconciliation as a scheduled job (gateway/jobs/): every few minutes each replica
checks that yesterday (India's, on the clock the rules read: the mocks' while mocks are in use)
has its stored run, and runs and stores it if not; and runs again every earlier day whose stored
run left money in transit, until its settlement came or its expected day passed (the day is then
finished: gateway/reconciliation/runs.py). A day whose sources could not all be read stores
nothing and is tried again on the next look. The scheduler's lock keeps replicas from running it
side by side; the run table's one row per day keeps it stored once even so."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import structlog

from gateway.plumbing.clock import Clock
from gateway.plumbing.errors import GatewayError
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
        """True when this call stored yesterday's reconciliation or brought an unfinished day's up
        to date. Every call also says which stored runs need attention: findings age as the days
        pass with no new run. A day whose source could not be read does not stop the others; the
        first such error is raised once they are done (the job's failure, for its alert)."""
        yesterday = await self.clock.today() - timedelta(days=1)
        days = [day for day in await self.book.unfinished() if day < yesterday]
        if not await self.book.has(yesterday):
            days.insert(0, yesterday)  # the new day first: a stuck old one never holds it up
        stored = False
        failed: GatewayError | None = None
        for day in days:
            try:
                result = await self.service.run(day)
            except GatewayError as exc:
                log.warning("reconciliation_source_unread", day=day.isoformat(), error=exc.message)
                failed = failed or exc
                continue
            kept = await self.book.keep(result)
            stored = stored or kept
            log.info(
                "reconciliation_run_stored" if kept else "reconciliation_run_already_stored",
                day=day.isoformat(),
                in_transit=str(result.in_transit_net),
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
        if failed is not None:
            raise failed
        return stored
