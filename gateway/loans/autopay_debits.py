"""Each AutoPay debit (issue 58): raised at the provider ahead of its instalment's due date (its
pre-debit notice goes at least 24 hours before, NPCI's rule), then told to the loan's lender as
the provider moves it: the lender sends the notice, books a debit taken by the same settlement
as any repayment (once, by the provider's payment id, its receipt mailed) and turns a failed one
into an ordinary due with a reminder and its payment link.

A UPI AutoPay debit above the e-mandate limit without fresh authentication (AUTHENTICATION_LIMIT)
is never raised: it waits, shown as `authenticate`, for the borrower to pay it themselves, and
the loan's lender is told of it in the same window as a raised debit (so more than 24 hours
before its due date): it checks the mandate and its schedule, then sends the borrower, once, the
notice with the instalment's payment link. Told again at each run until the lender confirms it
(`noticed_at`), never after the due date. An
eNACH debit has no such limit (NACH debits are not under RBI's e-mandate framework for cards and
UPI; the mandate's maximum bounds them), so it is raised whatever its amount.

Runs on the one clock (gateway/plumbing/clock.py), as a job and whenever the loan page reads the mandate;
raising again is safe (the payment id is the provider's idempotency key).

A credit line's mandate (`onEachDueDate`) has no schedule to plan from at its set-up: each run
asks the line's lender what falls due on the line's next due date (`minimumDue` less the overdue)
and, within the same window, plans that one debit, once per due date (the database's unique
due date per mandate). The overdue is never debited again: like a loan's failed instalment, it is
an ordinary due, reminded of with the way to pay it by hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta
from decimal import Decimal

import structlog
from sqlalchemy import and_, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from gateway.loans.autopay import AUTHENTICATION_LIMIT, AutoPayService, debit_time, language_of, provider_call
from gateway.operations_db import OperationsDatabase
from gateway.operations_db.models import LoanMandate, LoanMandateDebit
from gateway.plumbing.clock import Clock
from gateway.plumbing.errors import UpstreamError
from gateway.upstreams.lenders.port import MandateDebitTeller

log = structlog.get_logger("gateway.loans.autopay")


RAISE_AHEAD = timedelta(days=3)  # a debit is raised (and its notice sent) this long before it falls due
MIN_NOTICE = timedelta(hours=24, minutes=5)  # NPCI's 24 hours, and a little for the clocks' steps
# A credit line's lender is asked for its next due date at most this often per mandate (on the one
# clock): a due date is planned within RAISE_AHEAD of it, so a few hours late is never too late,
# and an idle line's mandate does not call its lender at every run and page read.
LINE_ASKED_EVERY = timedelta(hours=6)


class AutoPayDebits:
    def __init__(
        self,
        autopay: AutoPayService,
        lenders: Mapping[str, MandateDebitTeller],
        database: OperationsDatabase,
        clock: Clock,
        raise_ahead: timedelta = RAISE_AHEAD,
    ) -> None:
        self.raise_ahead = raise_ahead
        self.autopay = autopay
        self.lenders = lenders  # each lender kind that takes AutoPay debits
        self.database = database
        self.clock = clock
        self.lines_asked: dict[str, datetime] = {}  # mandate id -> when its line's lender last answered

    async def run(self) -> int:
        """The job: mandates awaiting approval read again, every active mandate's debits falling
        due soon raised (or, above the limit, left to the borrower), and debits whose word was lost
        followed up; how many it moved."""
        # Awaiting approval in the UPI app, or an eNACH mandate awaiting its bank's registration.
        awaiting = LoanMandate.status.in_(("INITIALIZED", "BANK_APPROVAL_PENDING"))
        async with self.database.session() as db:
            waiting = list(await db.scalars(select(LoanMandate.mandate_id).where(awaiting)))
        for mandate_id in waiting:  # the approval's (or registration's) webhook may have been lost
            await self._refresh(mandate_id)
        async with self.database.session() as db:
            ids = list(await db.scalars(select(LoanMandate.mandate_id).where(LoanMandate.status == "ACTIVE")))
        raised = 0
        for mandate_id in ids:
            raised += await self.raise_due(mandate_id)
        await self.follow_up()
        return raised

    async def _refresh(self, mandate_id: str) -> None:
        try:
            await self.autopay.refresh(mandate_id)
        except UpstreamError as exc:  # read again at the next run
            log.warning("autopay_mandate_unread", mandate=mandate_id, status=exc.status)

    async def follow_up(self) -> None:
        """Debits in flight (raised and not ended here), and debits ended but not yet acted on by
        the lender (taken and not booked, failed and not reminded of): the provider's webhook or
        the lender's answer may have been lost, or be late. Each such mandate's payments are read
        again at the provider (one call), and each debit that moved is told to the lender, whose
        dedupe by the provider's payment id books it once. Not by our clock: the provider's decides
        when a debit is attempted."""
        open_ = or_(
            LoanMandateDebit.status == "noticed",
            and_(LoanMandateDebit.status.in_(("debited", "failed")), LoanMandateDebit.booked_at.is_(None)),
        )
        async with self.database.session() as db:
            query = select(LoanMandate.mandate_id, LoanMandateDebit.payment_id, LoanMandateDebit.status)
            rows = list((await db.execute(query.join(LoanMandateDebit.mandate).where(open_))).tuples())
        ours: dict[str, dict[str, str]] = {}
        for mandate_id, payment_id, status in rows:
            ours.setdefault(mandate_id, {})[payment_id] = status
        for mandate_id, debits in ours.items():
            try:
                payments = await self.autopay.debits_of(mandate_id)
            except UpstreamError as exc:  # followed up again at the next run
                log.warning("autopay_debits_unread", mandate=mandate_id, status=exc.status)
                continue
            for payment in payments:
                was = debits.get(payment.payment_id)
                if was is None or (was == "noticed" and payment.payment_status in ("INITIALIZED", "PENDING")):
                    continue  # not ours to follow, or still waiting at the provider
                debit = await self.autopay.debit_seen(payment)
                if debit is not None and debit.status == "cancelled":
                    # The provider cancels waiting debits when the mandate leaves ACTIVE (revoked
                    # at the bank, say): the mandate's own webhook may have been lost too.
                    await self._refresh(mandate_id)
                mandate = await self.autopay.mandate_of(mandate_id)
                if debit is not None and mandate is not None and debit.status in ("debited", "failed"):
                    await self.moved(mandate, payment.payment_id)

    async def raise_due(self, mandate_id: str) -> int:
        now = await self.clock.now()
        mandate = await self.autopay.mandate_of(mandate_id)
        if mandate is None or mandate.status != "ACTIVE":
            return 0
        if mandate.lender_told_at is None:  # the word on its activation may have been lost
            await self.autopay.tell_lender(mandate_id)
        if mandate.frequency == "onEachDueDate" and await self._plan_line_debit(mandate, now):
            mandate = await self.autopay.mandate_of(mandate_id)
            if mandate is None:
                return 0
        raised = 0
        for debit in mandate.debits:
            if debit.scheduled_at - now > self.raise_ahead:
                continue
            if mandate.method == "upi" and debit.amount > AUTHENTICATION_LIMIT:
                if debit.status == "planned":
                    await self._mark(debit.payment_id, "authenticate", now)
                    raised += 1  # moved all the same: the page reading it shows it at once
                if (
                    debit.status in ("planned", "authenticate")
                    and debit.noticed_at is None
                    and now < debit.scheduled_at
                ):
                    await self._ask_to_authenticate(mandate, debit, now)
                continue
            if debit.status != "planned":
                continue
            if await self._raise(mandate, debit, now):
                raised += 1
        return raised

    async def _plan_line_debit(self, mandate: LoanMandate, now: datetime) -> bool:
        """A credit line's debit for its next due date, planned once within the raise window: what
        falls due that day, as the line's lender states it, at most the mandate's maximum. True
        when one was planned."""
        asked = self.lines_asked.get(mandate.mandate_id)
        if asked is not None and timedelta(0) <= now - asked < LINE_ASKED_EVERY:
            return False
        try:
            lines = await self.autopay.lending.credit_lines(mandate.customer)
        except UpstreamError as exc:  # planned at the next run or read
            log.warning("autopay_line_unread", mandate=mandate.mandate_id, status=exc.status)
            return False
        self.lines_asked[mandate.mandate_id] = now
        line = next((one for one in lines if one.line_number == mandate.loan_number), None)
        if line is None or line.status in ("exited", "closed") or line.minimum_due_on is None:
            return False
        due = line.minimum_due_on
        falling_due = line.minimum_due - line.overdue
        if falling_due <= 0 or debit_time(due) - now > self.raise_ahead or debit_time(due) < now:
            return False
        if any(debit.due_on == due for debit in mandate.debits):
            return False
        try:
            async with self.database.session() as db:
                db.add(
                    LoanMandateDebit(
                        mandate_ref=mandate.id,
                        payment_id=f"{mandate.mandate_id}d{due:%Y%m%d}",
                        instalment=len(mandate.debits) + 1,
                        due_on=due,
                        amount=min(falling_due, mandate.max_amount).quantize(Decimal("0.01")),
                        scheduled_at=debit_time(due),
                        status="planned",
                        updated_at=now,
                    )
                )
        except IntegrityError:  # planned meanwhile by another run or read: the one debit stands
            return False
        return True

    async def _raise(self, mandate: LoanMandate, debit: LoanMandateDebit, now: datetime) -> bool:
        account = self.autopay.accounts.get(mandate.lender)
        if account is None or mandate.lender not in self.lenders:
            return False  # a lender not told of its debits could not book this one: never taken
        at = max(debit.scheduled_at, now + MIN_NOTICE)
        try:
            async with provider_call(account.http.name):
                made = await account.provider.charge(
                    mandate.mandate_id,
                    payment_id=debit.payment_id,
                    amount=debit.amount,
                    scheduled_at=at,
                    remarks=f"{mandate.loan_number} instalment {debit.instalment}",
                )
        except UpstreamError as exc:  # raised again at the next run
            log.warning("autopay_debit_not_raised", payment_id=debit.payment_id, status=exc.status)
            if exc.status is not None and 400 <= exc.status < 500:
                # Refused: the mandate may have ended at the bank, its webhook lost; read it again.
                await self._refresh(mandate.mandate_id)
            return False
        async with self.database.session() as db:
            found = await self._debit(db, debit.payment_id)
            if found is not None and found.status == "planned":
                found.status, found.cf_payment_id, found.scheduled_at = "noticed", made.cf_payment_id, at
                found.noticed_at = found.updated_at = now
        await self.moved(mandate, debit.payment_id)  # the lender's pre-debit notice
        return True

    @staticmethod
    async def _debit(db: AsyncSession, payment_id: str) -> LoanMandateDebit | None:
        query = select(LoanMandateDebit).where(LoanMandateDebit.payment_id == payment_id)
        found: LoanMandateDebit | None = (await db.scalars(query)).first()
        return found

    async def _mark(self, payment_id: str, status: str, now: datetime) -> None:
        async with self.database.session() as db:
            found = await self._debit(db, payment_id)
            if found is not None:
                found.status, found.updated_at = status, now

    async def _ask_to_authenticate(self, mandate: LoanMandate, debit: LoanMandateDebit, now: datetime) -> None:
        """Tell the loan's lender of a debit above the limit, not raised: it sends the borrower its
        notice with the instalment's payment link (once: telling again is harmless). Its word that
        it did is kept (`noticed_at`), so it is not told again."""
        lender = self.lenders.get(mandate.lender)
        if lender is None:  # a lender without the partner call is told nothing (and none is raised)
            return
        try:
            # A credit line's debit names its due date: the line has no instalments.
            line_due = debit.due_on if mandate.frequency == "onEachDueDate" else None
            done = await lender.ask_to_authenticate(
                mandate.loan_number,
                mandate.mandate_id,
                debit.payment_id,
                debit.instalment,
                language_of(mandate),
                line_due,
            )
        except UpstreamError as exc:  # told again at the next run or read, until the due date
            log.warning("autopay_lender_not_asked", payment_id=debit.payment_id, status=exc.status)
            return
        if done == "authenticate":
            async with self.database.session() as db:
                found = await self._debit(db, debit.payment_id)
                if found is not None and found.noticed_at is None:
                    found.noticed_at = found.updated_at = now

    async def moved(self, mandate: LoanMandate, payment_id: str) -> None:
        """Tell the loan's lender about the debit; a booking it confirms is kept on the debit."""
        lender = self.lenders.get(mandate.lender)
        if lender is None:
            return
        try:
            done = await lender.tell(mandate.loan_number, mandate.mandate_id, payment_id, language_of(mandate))
        except UpstreamError as exc:  # told again by the provider's next event or the next read
            log.warning("autopay_lender_not_told", payment_id=payment_id, status=exc.status)
            return
        # The lender has acted on how the debit ended (`waiting`: its checker has yet to approve
        # the booking, so it is told again); a refund is final: the debit is never booked.
        if done in ("booked", "reminded", "refunded"):
            async with self.database.session() as db:
                found = await self._debit(db, payment_id)
                if found is not None and found.booked_at is None:
                    found.booked_at = await self.clock.now()
                    if done != "reminded":
                        found.status = "debited" if done == "booked" else "refunded"
