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
from gateway.reconciliation.schemas import ANSWERED, Adjustment, Mismatch, Reconciliation


def same(finding: ReconciliationFinding) -> tuple[str, str, str | None]:
    """What makes two runs' findings one: the kind, on the same provider order and payment."""
    return finding.kind, finding.provider_order_id, finding.cf_payment_id


def finding_of(item: Mismatch | Adjustment, day: date, today: date) -> ReconciliationFinding:
    """A mismatch as a finding; a dispute or chargeback too, the amount at stake (what the payer's
    bank takes unless we answer in time) as its unreconciled figure, with its deadline."""
    if isinstance(item, Mismatch):
        recorded, unreconciled, fee, respond_by = item.recorded, item.unreconciled, item.fee, None
    else:
        recorded, unreconciled, fee, respond_by = None, item.amount, None, item.respond_by
    return ReconciliationFinding(
        kind=item.kind,
        provider_order_id=item.provider_order_id,
        owner=item.owner,
        reference=item.reference,
        cf_payment_id=item.cf_payment_id,
        recorded=recorded,
        settled=item.settled,
        unreconciled=unreconciled,
        fee=fee,
        found_on=today,
        last_found_on=day,
        respond_by=respond_by,
    )


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
        answered: list[Mismatch | Adjustment] = [a for a in result.adjustments if a.kind in ANSWERED]
        found = [finding_of(item, result.date, today) for item in [*result.mismatches, *answered]]
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
