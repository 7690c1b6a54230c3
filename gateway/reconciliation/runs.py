"""The stored reconciliation runs: one per day (the table's unique day makes a second replica's
store of the same day fail, so a day is stored once whoever ran it), each with its mismatches as
findings for the desk's worklist."""

from __future__ import annotations

from datetime import date

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from gateway.clock import Clock
from gateway.operations_db import OperationsDatabase
from gateway.operations_db.models import ReconciliationFinding, ReconciliationRun
from gateway.reconciliation.attention import Attention, AttentionRule
from gateway.reconciliation.schemas import Reconciliation


class RunBook:
    def __init__(self, database: OperationsDatabase, clock: Clock) -> None:
        self.database = database
        self.clock = clock

    async def has(self, day: date) -> bool:
        async with self.database.session() as session:
            found = await session.scalar(select(ReconciliationRun.id).where(ReconciliationRun.day == day))
        return found is not None

    async def keep(self, result: Reconciliation) -> bool:
        """Store a day's run and its findings: False when that day was stored already."""
        now = await self.clock.now()
        run = ReconciliationRun(
            day=result.date,
            ran_at=now,
            unreconciled=result.unreconciled,
            settled_net=result.settled_net,
            in_transit_net=result.in_transit_net,
            fees=result.fees,
            findings=[
                ReconciliationFinding(
                    kind=m.kind,
                    provider_order_id=m.provider_order_id,
                    owner=m.owner,
                    reference=m.reference,
                    cf_payment_id=m.cf_payment_id,
                    recorded=m.recorded,
                    settled=m.settled,
                    unreconciled=m.unreconciled,
                    found_on=await self.clock.today(),
                )
                for m in result.mismatches
            ],
        )
        try:
            async with self.database.session() as session:
                session.add(run)
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
