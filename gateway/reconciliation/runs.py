"""The stored reconciliation runs: one per day (the table's unique day makes a second replica's
store of the same day fail, so a day is stored once whoever ran it), each with its mismatches as
findings for the desk's worklist.

A day whose run left money in transit (a payment the provider settles on a later day, a payout or
a refund the bank has yet to answer) is not finished: it is run again and its stored run brought
up to date until nothing is in transit (the settlement came, or its expected day passed and the
payment became a `notSettled` finding). A
source that could not be read stores nothing, so that day is simply run again on the next look.
Re-running keeps what people did: a finding a supervisor resolved stays resolved with its note, a
finding found again stays one finding; an open finding the new run no longer finds is dropped
(what it stood for, an early reading of the day, is gone). Each run of a day is kept with the
figures it found then (a pass), beside the stored run's latest."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import delete, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from gateway.operations_db import OperationsDatabase
from gateway.operations_db.models import (
    ReconciliationFinding,
    ReconciliationPass,
    ReconciliationRun,
    ReconciliationSighting,
)
from gateway.plumbing.clock import Clock
from gateway.reconciliation.attention import Attention, AttentionRule
from gateway.reconciliation.schemas import (
    ANSWERED,
    PAYOUT_FAILED,
    Adjustment,
    Mismatch,
    PayoutFailed,
    Reconciliation,
)


def unfinished(run: ReconciliationRun) -> bool:
    """Money of the day still in transit when it was last run (payments to be settled, payouts the
    bank has yet to answer, refunds it has yet to pay out): the day must be run again."""
    return run.in_transit_net != 0 or run.payouts_in_transit != 0 or run.refunds_in_transit != 0


def same(finding: ReconciliationFinding) -> tuple[str, str, str | None]:
    """What makes two runs' findings one: the kind, on the same provider order and payment; a
    failed payout's, on the same return (what is owed), whichever attempt's transfer failed: a
    retry that fails again is the one finding seen again, ageing from the first failure."""
    if finding.kind == PAYOUT_FAILED and finding.reference is not None:
        return finding.kind, finding.reference, None
    return finding.kind, finding.provider_order_id, finding.cf_payment_id


# Who closed a failed payout's finding when a later attempt paid the return: no person did.
PAID_BY_RETRY = "reconciliation"


def payout_failed_finding(item: PayoutFailed, day: date, today: date) -> ReconciliationFinding:
    """A payout that failed on both sides: what the shopper is still owed, until a person has them
    paid another way (a new account, the bank tried again) and resolves it."""
    return ReconciliationFinding(
        kind=PAYOUT_FAILED,
        provider_order_id=item.transfer_id,
        owner="storeReturn",
        reference=item.reference,
        cf_payment_id=None,
        recorded=item.amount,
        settled=None,
        unreconciled=item.amount,
        fee=None,
        found_on=today,
        last_found_on=day,
        respond_by=None,
        reason_code=item.reason,
        reason_text=item.description,
    )


def finding_of(item: Mismatch | Adjustment, day: date, today: date) -> ReconciliationFinding:
    """A mismatch as a finding; a dispute or chargeback too, the amount at stake (what the payer's
    bank takes unless we answer in time) as its unreconciled figure, with its deadline."""
    if isinstance(item, Mismatch):
        recorded, unreconciled, fee, respond_by, utr = item.recorded, item.unreconciled, item.fee, None, item.utr
    else:
        recorded, unreconciled, fee, respond_by, utr = None, item.amount, None, item.respond_by, None
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
        utr=utr,
    )


class RunBook:
    def __init__(self, database: OperationsDatabase, clock: Clock) -> None:
        self.database = database
        self.clock = clock

    async def has(self, day: date) -> bool:
        async with self.database.session() as session:
            found = await session.scalar(select(ReconciliationRun.id).where(ReconciliationRun.day == day))
        return found is not None

    async def unfinished(self) -> list[date]:
        """The stored days to run again (money in transit when last run), oldest first."""
        async with self.database.session() as session:
            days = await session.scalars(
                select(ReconciliationRun.day)
                .where(
                    or_(
                        ReconciliationRun.in_transit_net != 0,
                        ReconciliationRun.payouts_in_transit != 0,
                        ReconciliationRun.refunds_in_transit != 0,
                    )
                )
                .order_by(ReconciliationRun.day)
            )
            return list(days)

    async def keep(self, result: Reconciliation) -> bool:
        """Store a day's run and its findings, or bring an unfinished day's stored run up to date:
        False when that day was stored already and finished. A mismatch an earlier run found and
        nobody has resolved (the same kind, provider order and payment) stays that one finding,
        seen again by this run; disputes and chargebacks are findings too, with the day they must
        be answered by; so are payouts that failed, waiting on a person."""
        now = await self.clock.now()
        today = await self.clock.today()
        answered: list[Mismatch | Adjustment] = [a for a in result.adjustments if a.kind in ANSWERED]
        found = [finding_of(item, result.date, today) for item in [*result.mismatches, *answered]]
        found += [payout_failed_finding(item, result.date, today) for item in result.payouts_failed]
        # A return the provider paid (matched, or not yet shown paid on our side): by that transfer.
        paid: dict[str, tuple[str, str | None]] = {p.reference: (p.transfer_id, p.utr) for p in result.payouts_matched}
        paid |= {
            m.reference: (m.provider_order_id, m.utr)
            for m in result.mismatches
            if m.kind == "payoutNotShown" and m.reference is not None
        }
        figures = {
            "ran_at": now,
            "unreconciled": result.unreconciled,
            "settled_net": result.settled_net,
            "in_transit_net": result.in_transit_net,
            "payouts_in_transit": sum((p.amount for p in result.payouts_in_transit), Decimal("0.00")),
            "refunds_in_transit": sum((r.amount for r in result.refunds_in_transit), Decimal("0.00")),
            "fees": result.fees,
        }
        try:
            async with self.database.session() as session:
                # Locked: two replicas bringing one day up to date one after the other, never interleaved.
                run = await session.scalar(
                    select(ReconciliationRun).where(ReconciliationRun.day == result.date).with_for_update()
                )
                if run is None:
                    run = ReconciliationRun(day=result.date, **figures)
                    session.add(run)
                    await session.flush()
                    again = False
                elif unfinished(run):
                    for name, value in figures.items():
                        setattr(run, name, value)
                    again = True
                else:
                    return False
                unpaid = await self._unpaid(session, found)
                await self._found(session, run, unpaid, result.date, again=again)
                # This run kept beside the latest figures: a day run again shows each of its runs.
                kept = {name: value for name, value in figures.items() if name != "fees"}
                session.add(ReconciliationPass(run_id=run.id, found=len(unpaid), **kept))
                await self._paid_by_retry(session, paid, now)
        except IntegrityError:  # another replica stored this day first
            return False
        return True

    @staticmethod
    async def _unpaid(session: AsyncSession, found: list[ReconciliationFinding]) -> list[ReconciliationFinding]:
        """The run's findings less failed attempts a later attempt's payment already closed: an
        orders service listing an earlier, failed transfer again never re-opens what a retry
        closed (a retry's own failure, a later reversal of it say, is still found)."""
        attempts = {f.provider_order_id for f in found if f.kind == PAYOUT_FAILED}
        if not attempts:
            return found
        closed = set(
            await session.scalars(
                select(ReconciliationFinding.provider_order_id).where(
                    ReconciliationFinding.kind == PAYOUT_FAILED,
                    ReconciliationFinding.provider_order_id.in_(attempts),
                    ReconciliationFinding.paid_by_retry.is_not(None),
                )
            )
        )
        return [f for f in found if not (f.kind == PAYOUT_FAILED and f.provider_order_id in closed)]

    @staticmethod
    async def _paid_by_retry(session: AsyncSession, paid: dict[str, tuple[str, str | None]], now: datetime) -> None:
        """Each open failed payout of a return the provider has now paid under a later attempt's
        transfer is closed by the reconciliation, showing that transfer and its UTR: the shopper
        has their money, nothing is left for a person to do."""
        if not paid:
            return
        waiting = await session.scalars(
            select(ReconciliationFinding).where(
                ReconciliationFinding.kind == PAYOUT_FAILED,
                ReconciliationFinding.resolved_at.is_(None),
                ReconciliationFinding.reference.in_(list(paid)),
            )
        )
        for finding in waiting:
            transfer_id, utr = paid[finding.reference or ""]
            if transfer_id == finding.provider_order_id:  # a failed transfer is final: never this one
                continue
            finding.resolved_at, finding.resolved_by = now, PAID_BY_RETRY
            finding.paid_by_retry, finding.utr = transfer_id, utr

    async def _found(
        self,
        session: AsyncSession,
        run: ReconciliationRun,
        found: list[ReconciliationFinding],
        day: date,
        *,
        again: bool,
    ) -> None:
        """The run's findings: new ones added, those already on the worklist seen again, and on a
        run again of the day, its open findings no longer found dropped."""
        own: dict[tuple[str, str, str | None], ReconciliationFinding] = {}
        sighted: dict[tuple[str, str, str | None], ReconciliationFinding] = {}
        if again:
            own = {same(f): f for f in run.findings}
            sighted = {same(f): f for f in run.found_again}
        still_open = {
            same(f): f
            for f in await session.scalars(
                select(ReconciliationFinding).where(
                    ReconciliationFinding.resolved_at.is_(None), ReconciliationFinding.run_id != run.id
                )
            )
        }
        kept: set[tuple[str, str, str | None]] = set()
        for finding in found:
            key = same(finding)
            kept.add(key)
            mine = own.get(key)
            if mine is not None:
                if mine.resolved_at is None:  # a supervisor's resolution keeps the figures they saw
                    mine.provider_order_id = finding.provider_order_id  # a failed payout's latest attempt
                    mine.recorded, mine.settled = finding.recorded, finding.settled
                    mine.unreconciled, mine.fee = finding.unreconciled, finding.fee
                    mine.respond_by = finding.respond_by or mine.respond_by
                    mine.reason_code, mine.reason_text = finding.reason_code, finding.reason_text
                    mine.utr = finding.utr
                continue
            if key in sighted:
                continue
            earlier = still_open.get(key)
            if earlier is None:
                finding.run_id = run.id
                session.add(finding)
            else:
                earlier.last_found_on = max(earlier.last_found_on or day, day)
                if finding.kind == PAYOUT_FAILED:  # a retry failed too: the one finding shows its transfer and why
                    earlier.provider_order_id = finding.provider_order_id
                    earlier.reason_code, earlier.reason_text = finding.reason_code, finding.reason_text
                session.add(ReconciliationSighting(run_id=run.id, finding_id=earlier.id))
        gone_sightings = [f.id for key, f in sighted.items() if key not in kept]
        if gone_sightings:
            await session.execute(
                delete(ReconciliationSighting).where(
                    ReconciliationSighting.run_id == run.id, ReconciliationSighting.finding_id.in_(gone_sightings)
                )
            )
        for key, finding in own.items():
            # A failed payout is final at the provider, never an early reading: not found again, it
            # was retried under a later transfer, whose payment closes it (or whose failure is it again).
            if key in kept or finding.resolved_at is not None or finding.kind == PAYOUT_FAILED:
                continue
            later = await session.scalar(
                select(ReconciliationSighting)
                .where(ReconciliationSighting.finding_id == finding.id)
                .order_by(ReconciliationSighting.run_id)
                .limit(1)
            )
            if later is None:
                await session.delete(finding)
            else:  # a later day found it too: it stays, that day's own
                finding.run_id = later.run_id
                await session.delete(later)

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
