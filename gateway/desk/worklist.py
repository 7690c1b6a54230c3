"""The desk's reconciliation worklist: the stored daily runs (gateway/reconciliation/runs.py), a
day's findings with how long each has been open on the clock the desk reads, every open dispute
and chargeback whatever the day (their deadlines do not wait for someone to pick their day), and a supervisor
resolving one with a note (who and when kept with it, and in the audit trail, in one transaction).
"""

from __future__ import annotations

from datetime import date, timedelta

import msgspec
from sqlalchemy import select, update

from gateway.desk.audit_trail import AuditTrail
from gateway.desk.schemas import FindingView, RunPass, RunView, StaffView, WorklistDay
from gateway.operations_db import OperationsDatabase
from gateway.operations_db.models import ReconciliationFinding, ReconciliationRun
from gateway.plumbing.clock import Clock
from gateway.plumbing.errors import Conflict, NotFound
from gateway.reconciliation.attention import AttentionRule, days_open
from gateway.reconciliation.schemas import ANSWERED

NO_SUCH_FINDING = "There is no such finding on the worklist."
ALREADY_RESOLVED = "This finding was already resolved by {who}."
RUNS_LISTED = 60  # two months of days


def finding_view(finding: ReconciliationFinding, day: date, today: date) -> FindingView:
    return FindingView(
        id=finding.id,
        day=day,
        kind=finding.kind,
        provider_order_id=finding.provider_order_id,
        owner=finding.owner,
        reference=finding.reference,
        cf_payment_id=finding.cf_payment_id,
        recorded=finding.recorded,
        settled=finding.settled,
        unreconciled=finding.unreconciled,
        found_on=finding.found_on,
        days_open=days_open(finding, today),
        resolved_by=finding.resolved_by,
        resolved_at=finding.resolved_at,
        note=finding.note,
        respond_by=finding.respond_by,
        fee=finding.fee,
        settled_net=finding.settled - finding.fee if finding.settled is not None and finding.fee is not None else None,
        days_to_respond=(finding.respond_by - today).days if finding.respond_by else None,
        last_found_on=finding.last_found_on,
        reason_code=finding.reason_code,
        reason_text=finding.reason_text,
        utr=finding.utr,
        paid_by_retry=finding.paid_by_retry,
    )


def run_view(run: ReconciliationRun, today: date, rule: AttentionRule) -> RunView:
    return RunView(
        day=run.day,
        ran_at=run.ran_at,
        unreconciled=run.unreconciled,
        settled_net=run.settled_net,
        in_transit_net=run.in_transit_net,
        refunds_in_transit=run.refunds_in_transit,
        fees=run.fees,
        findings=len(run.findings),
        open_findings=sum(1 for f in run.findings if f.resolved_at is None),
        attention=rule.reasons(run, today),
        passes=[msgspec.convert(p, RunPass, from_attributes=True) for p in run.passes],
    )


class Worklist:
    def __init__(self, database: OperationsDatabase, trail: AuditTrail, clock: Clock, rule: AttentionRule) -> None:
        self.database = database
        self.rule = rule
        self.trail = trail
        self.clock = clock

    async def runs(self) -> list[RunView]:
        """The stored runs, newest day first."""
        today = await self.clock.today()
        async with self.database.session() as session:
            rows = await session.scalars(
                select(ReconciliationRun).order_by(ReconciliationRun.day.desc()).limit(RUNS_LISTED)
            )
            return [run_view(run, today, self.rule) for run in rows]

    async def day(self, day: date | None) -> WorklistDay:
        """A day's run and findings; no day: yesterday on the clock the desk reads."""
        today = await self.clock.today()
        day = day or today - timedelta(days=1)
        async with self.database.session() as session:
            disputes = await session.execute(
                select(ReconciliationFinding, ReconciliationRun.day)
                .join(ReconciliationRun, ReconciliationFinding.run_id == ReconciliationRun.id)
                .where(ReconciliationFinding.kind.in_(ANSWERED), ReconciliationFinding.resolved_at.is_(None))
            )
            open_disputes = [
                finding_view(f, found_day, today)
                for f, found_day in sorted(
                    disputes.tuples(), key=lambda row: (row[0].respond_by or date.max, row[1], row[0].id)
                )
            ]
            run = await session.scalar(select(ReconciliationRun).where(ReconciliationRun.day == day))
            if run is None:
                return WorklistDay(day=day, today=today, run=None, findings=[], open_disputes=open_disputes)
            # Open first; of those, a dispute nearest its deadline first, then the largest amount.
            findings = sorted(
                {f.id: f for f in [*run.findings, *run.found_again]}.values(),
                key=lambda f: (f.resolved_at is not None, f.respond_by or date.max, -f.unreconciled, f.id),
            )
            return WorklistDay(
                day=day,
                today=today,
                run=run_view(run, today, self.rule),
                findings=[finding_view(f, day, today) for f in findings],
                open_disputes=open_disputes,
            )

    async def resolve(self, staff: StaffView, finding_id: int, note: str) -> FindingView:
        """Mark an open finding resolved; a second resolve (a retry, or another supervisor at the
        same moment) is refused rather than overwrite the first one's note."""
        now = await self.clock.now()
        async with self.database.session() as session:
            finding = await session.get(ReconciliationFinding, finding_id)
            if finding is None:
                raise NotFound(NO_SUCH_FINDING, code="desk_finding_not_found")
            # Conditional, so of two supervisors resolving at once one wins and the other is told.
            changed = await session.execute(
                update(ReconciliationFinding)
                .where(ReconciliationFinding.id == finding_id, ReconciliationFinding.resolved_at.is_(None))
                .values(resolved_by=staff.name, resolved_at=now, note=note)
                .execution_options(synchronize_session=False)
            )
            if changed.rowcount != 1:  # type: ignore[attr-defined]
                await session.refresh(finding)
                raise Conflict(ALREADY_RESOLVED.format(who=finding.resolved_by), code="desk_finding_resolved")
            await session.refresh(finding)
            run = await session.get(ReconciliationRun, finding.run_id)
            day = run.day if run is not None else finding.found_on
            session.add(
                await self.trail.entry(
                    staff,
                    "resolveFinding",
                    "done",
                    reference=finding.reference or finding.provider_order_id,
                    amount=finding.unreconciled,
                    reason=note,
                )
            )
            return finding_view(finding, day, await self.clock.today())
