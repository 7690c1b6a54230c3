"""The gateway's own follow-up of repayments (a scheduled job, gateway/jobs/): every checkout the
portal created is followed, whether or not the borrower's browser ever comes back, until its
lender has booked it or it ended unpaid. A lender without the provider's webhook (Fineract) gets
each paid one booked by the port's `settle_order`, the same idempotent booking as the borrower's
confirm, within FOLLOW_UP_SECONDS plus one run (docs/decisions/scheduled-jobs.md).

The checkouts followed are one table for the deployment (a Redis hash), each kept for a day at
most: the provider's order has long since closed by then, and what is still unsettled is the
reconciliation's to find.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import msgspec
import structlog

from gateway.plumbing.errors import UpstreamError
from gateway.sessions.store import SessionStore
from gateway.upstreams.lenders.port import Lender, Settlement

log = structlog.get_logger("gateway.portal.follow_up")

TABLE = "repayment-follow-ups"
KEPT = timedelta(days=1)
# EXPIRED is not among them: its order may still become PAID, so it is followed for the day.
# REFUNDED is: the lender refused it and it is refunded in full.
SETTLED = (Settlement.COMPLETED, Settlement.FAILED, Settlement.REFUNDED)


class FollowedCheckout(msgspec.Struct, rename="camel", kw_only=True):
    order_id: str
    payment_log_id: int
    started_at: datetime


class FollowUps:
    """The repayment checkouts the deployment follows, by provider order id."""

    def __init__(self, store: SessionStore) -> None:
        self.store = store
        self._decode = msgspec.json.Decoder(FollowedCheckout).decode

    async def add(self, order_id: str, payment_log_id: int) -> None:
        started = datetime.now(UTC).replace(microsecond=0)  # real time: how long it is kept, a record
        entry = FollowedCheckout(order_id=order_id, payment_log_id=payment_log_id, started_at=started)
        await self.store.put_field(TABLE, order_id, msgspec.json.encode(entry))

    async def all(self) -> list[FollowedCheckout]:
        return sorted(
            (self._decode(raw) for raw in (await self.store.fields(TABLE)).values()), key=lambda e: e.started_at
        )

    async def drop(self, order_id: str) -> None:
        await self.store.drop_field(TABLE, order_id)


class RepaymentFollowUp:
    """One run of the job: each followed checkout asked of its lender once."""

    def __init__(self, lender: Lender, follow_ups: FollowUps, after_seconds: float) -> None:
        self.lender = lender
        self.follow_ups = follow_ups
        # A checkout younger than this is the browser's to confirm (it is at the checkout or just
        # back): the job and the browser never post the same booking at one moment, which would
        # answer the browser "in flight, not yet" (Fineract's 425).
        self.after = timedelta(seconds=after_seconds)

    async def run(self) -> dict[str, int]:
        counts = {"booked": 0, "ended": 0, "followed": 0, "unanswered": 0}
        now = datetime.now(UTC)  # real time: a day's keeping, whatever QA's clock says
        for entry in await self.follow_ups.all():
            if now - entry.started_at < self.after:
                continue
            try:
                settled = await self.lender.settle_order(entry.order_id)
            except UpstreamError as exc:
                # The lender or provider did not answer (or not yet booked): asked again next run;
                # 404 is an order no lender knows, never to be booked.
                if exc.status == 404:
                    await self.follow_ups.drop(entry.order_id)
                    counts["ended"] += 1
                    continue
                log.warning("follow_up_unanswered", order_id=entry.order_id, status=exc.status, code=exc.code)
                settled = None
                counts["unanswered"] += 1
            if settled in SETTLED:
                await self.follow_ups.drop(entry.order_id)
                counts["booked" if settled is Settlement.COMPLETED else "ended"] += 1
            elif now - entry.started_at > KEPT:
                log.warning("follow_up_given_up", order_id=entry.order_id, last=settled and settled.value)
                await self.follow_ups.drop(entry.order_id)
            elif settled is not None:
                counts["followed"] += 1
        if any(counts.values()):
            log.info("repayments_followed_up", **counts)
        return counts
