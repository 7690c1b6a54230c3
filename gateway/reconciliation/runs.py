"""The stored reconciliation runs: one per day (the table's unique day makes a second replica's
store of the same day fail, so a day is stored once whoever ran it), each with its mismatches as
findings for the desk's worklist."""

from __future__ import annotations

from datetime import date

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from gateway.clock import Clock
from gateway.operations_db import OperationsDatabase
from gateway.operations_db.models import ReconciliationFinding, ReconciliationRun, ReconciliationSighting
from gateway.reconciliation.attention import Attention, AttentionRule
from gateway.reconciliation.schemas import ANSWERED, Reconciliation


def same(finding: ReconciliationFinding) -> tuple[str, str, str | None]:
    """What makes two runs' findings one: the kind, on the same provider order and payment."""
    return finding.kind, finding.provider_order_id, finding.cf_payment_id


class RunBook:
    def __init__(self, database: OperationsDatabase, clock: Clock) -> None:
        self.database = database
        self.clock = clock

    async def has(self, day: date) -> bool:
        async with self.database.session() as session:
            found = await session.scalar(select(ReconciliationRun.id).where(ReconciliationRun.day == day))
        return found is not None

    async def keep(self, result: Reconciliation) -> bool:
        """Store a day's run and its findings: False when that day was stored already. A mismatch
        an earlier run found and nobody has resolved (the same kind, provider order and payment)
        stays that one finding, seen again by this run; disputes and chargebacks are findings too,
        with the day they must be answered by."""
        now = await self.clock.now()
        today = await self.clock.today()
        found = [
            ReconciliationFinding(
                kind=m.kind,
                provider_order_id=m.provider_order_id,
                owner=m.owner,
                reference=m.reference,
                cf_payment_id=m.cf_payment_id,
                recorded=m.recorded,
                settled=m.settled,
                unreconciled=m.unreconciled,
                found_on=today,
                last_found_on=result.date,
            )
            for m in result.mismatches
        ] + [
            ReconciliationFinding(
                kind=a.kind,
                provider_order_id=a.provider_order_id,
                owner=a.owner,
                reference=a.reference,
                cf_payment_id=a.cf_payment_id,
                recorded=None,
                settled=a.settled,
                unreconciled=a.amount,  # what the payer's bank takes unless we answer in time
                found_on=today,
                last_found_on=result.date,
                respond_by=a.respond_by,
            )
            for a in result.adjustments
            if a.kind in ANSWERED
        ]
        run = ReconciliationRun(
            day=result.date,
            ran_at=now,
            unreconciled=result.unreconciled,
            settled_net=result.settled_net,
            in_transit_net=result.in_transit_net,
            fees=result.fees,
        )
        try:
            async with self.database.session() as session:
                session.add(run)
                await session.flush()
                still_open = {
                    same(f): f
                    for f in await session.scalars(
                        select(ReconciliationFinding).where(ReconciliationFinding.resolved_at.is_(None))
                    )
                }
                for finding in found:
                    earlier = still_open.get(same(finding))
                    if earlier is None:
                        finding.run_id = run.id
                        session.add(finding)
                    else:
                        earlier.last_found_on = max(earlier.last_found_on or result.date, result.date)
                        session.add(ReconciliationSighting(run_id=run.id, finding_id=earlier.id))
        except IntegrityError:  # another replica stored this day first
            return False
        return True

    async def needing_attention(self, rule: AttentionRule) -> list[tuple[ReconciliationRun, list[Attention]]]:
        """Every stored run that needs attention now, with why."""
        today = await self.clock.today()
        async with self.database.session() as session:
            with_open = (
                select(ReconciliationRun)
                .where(ReconciliationRun.findings.any(ReconciliationFinding.resolved_at.is_(None)))
                .order_by(ReconciliationRun.day)
            )
            runs = list(await session.scalars(with_open))
        return [(run, reasons) for run in runs if (reasons := rule.reasons(run, today))]
