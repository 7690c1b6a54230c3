"""Refunds as a desk action: a full or partial refund of any order paid online, with a reason code
and a note. An agent (or a supervisor) asks; a supervisor other than the one who asked approves;
above DESK_REFUND_SECOND_APPROVAL_ABOVE a second supervisor must approve too (four eyes). Then the
refund goes to the provider once: its `refund_id` is made from the request's own key, so asking
again (a retried approval, a replica that died after asking) is answered with the same refund.

Requests and approvals are rows of the operations database; each step is also in the audit
trail. The provider's answer (given back, on hold, cancelled) is read again while it is on hold.

A refund the bank gave up (cancelled: it needs a person, whether the desk asked for it or a
return's was handed over by the provider's webhook) is resolved by any desk user: asked of the
provider again (the same amount, a fresh refund id, once), or recorded as paid another way with
that payment's reference (docs/decisions/desk-refund-resolution.md).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Mapping
from datetime import datetime
from decimal import Decimal, InvalidOperation
from typing import Annotated, Literal, TypeVar

import msgspec
import structlog
from sqlalchemy import Select, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from gateway.desk.audit_trail import AuditTrail
from gateway.desk.schemas import StaffView
from gateway.desk.service import IDEMPOTENCY_KEY, KEY_NEEDED, SUPERVISORS_ONLY, PermissionRefused
from gateway.operations_db import OperationsDatabase
from gateway.operations_db.models import DeskAuditEntry, DeskRefund, DeskRefundApproval
from gateway.plumbing.clock import Clock
from gateway.plumbing.errors import Conflict, GatewayError, InvalidInput, NotFound, UpstreamRefused
from gateway.upstreams.orders import Order
from gateway.upstreams.orders.operations import OrdersOperations
from gateway.upstreams.payments import PaymentsClient

ReasonCode = Literal["goodwill", "damagedGoods", "feeChargedWrongly", "other"]
RefundStatus = Literal[
    "requested", "approved", "refunded", "pending", "cancelled", "rejected", "refused", "paidOtherwise"
]
PROVIDER_STATUS: dict[str, RefundStatus] = {
    "SUCCESS": "refunded",
    "PENDING": "pending",
    "ONHOLD": "pending",  # held by the bank, not yet paid out
    "CANCELLED": "cancelled",
    "FAILED": "cancelled",  # Cashfree's text names it beyond its enum: not given back
}
Shown = TypeVar("Shown")  # what a reader makes of each refund: the desk's view, the shopper's
# Counted against what is left: a refund paid another way was given back too.
OPEN: tuple[RefundStatus, ...] = ("requested", "approved", "refunded", "pending", "paidOtherwise")

AMOUNT_HELP = "Enter the amount to refund in rupees, more than 0, with at most two decimals."
NOT_PAID_ONLINE = "Only an order paid online can be refunded here."
TOO_MUCH = "That is more than is left to refund on this order ({left} left)."
NOTHING_FOUND = "No such refund request."
NOT_YOUR_OWN = "Someone else must approve a refund you asked for."
ALREADY_YOURS = "You have approved this refund already; another supervisor must approve it too."
DECIDED = "This refund has been decided already."
NOT_GIVEN_UP = "Only a refund the bank gave up can be asked again or recorded as paid another way."
REFERENCE_HELP = (
    "Enter the reference of the payment made another way (3 to 64 letters, digits, spaces or - / . _), "
    "such as the bank transfer's UTR."
)
REFERENCE = re.compile(r"[A-Za-z0-9][A-Za-z0-9 /._-]{1,62}[A-Za-z0-9]")
NO_LENDER = (
    "This refund was made at the lender {lender}'s provider account, which this deployment no longer serves; "
    "pay it another way and record it."
)
# Who the trail names when the provider's word hands a refund to the desk.
PROVIDER_ACTOR = "payment provider"
log = structlog.get_logger("gateway.desk.refunds")


class DeskRefundRequest(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    amount: Annotated[str, msgspec.Meta(max_length=16)]  # rupees, exact, e.g. "250.00"
    reason_code: ReasonCode
    note: Annotated[str, msgspec.Meta(min_length=1, max_length=500)]


class PaidOtherwise(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    """A refund the bank gave up, paid to the customer another way (a bank transfer, a cheque)."""

    reference: Annotated[str, msgspec.Meta(max_length=64)]  # that payment's, e.g. the transfer's UTR


class RefundApprovalView(msgspec.Struct, rename="camel", kw_only=True):
    supervisor: str
    decision: Literal["approved", "rejected"]
    at: datetime


class DeskRefundView(msgspec.Struct, rename="camel", kw_only=True):
    id: int
    order_number: str
    customer: str | None
    amount: str
    reason_code: ReasonCode
    note: str
    requested_by: str
    requested_at: datetime
    approvals_needed: int
    approvals: list[RefundApprovalView]
    status: RefundStatus
    provider_refund_id: str | None
    updated_at: datetime
    # The bank gave it up for good (Cashfree's CANCELLED: no retry left): the money is still the
    # customer's due, and a person must give it back (ask again, or pay it another way).
    needs_person: bool = False
    paid_reference: str | None = None  # paid another way: that payment's reference
    # A repayment's refund (then `orderNumber` is the repayment's provider order): the lender (its
    # LENDERS kind) on whose own provider account it was made, and the loan it repaid.
    lender: str | None = None
    loan_number: str | None = None
    # A return's refund the bank gave up: the return (its orders service is told how the desk
    # gives it back).
    return_number: str | None = None


def _view(row: DeskRefund) -> DeskRefundView:
    return DeskRefundView(
        id=row.id,
        order_number=row.order_number,
        customer=row.customer,
        amount=f"{row.amount:.2f}",
        reason_code=row.reason_code,  # type: ignore[arg-type]  # written from ReasonCode only
        note=row.note,
        requested_by=row.requested_by,
        requested_at=row.requested_at,
        approvals_needed=row.approvals_needed,
        approvals=[
            RefundApprovalView(supervisor=a.supervisor, decision=a.decision, at=a.at)  # type: ignore[arg-type]
            for a in row.approvals
        ],
        status=row.status,  # type: ignore[arg-type]  # written from RefundStatus only
        provider_refund_id=row.provider_refund_id,
        updated_at=row.updated_at,
        needs_person=row.status == "cancelled",
        paid_reference=row.paid_reference,
        return_number=row.return_number,
        lender=row.lender,
        loan_number=row.loan_number,
    )


def rupees(text: str) -> Decimal:
    try:
        amount = Decimal(text)
    except InvalidOperation as exc:
        raise InvalidInput(AMOUNT_HELP, field="amount", code="refund_amount_invalid") from exc
    if not amount.is_finite() or amount <= 0 or amount != amount.quantize(Decimal("0.01")):
        raise InvalidInput(AMOUNT_HELP, field="amount", code="refund_amount_invalid")
    return amount.quantize(Decimal("0.01"))


def provider_refund_id(request_key: str) -> str:
    """The refund's id at the provider (at most 40 characters there), the same for every ask."""
    return "desk" + hashlib.sha256(request_key.encode()).hexdigest()[:32]


def is_the_desks(refund_id: str) -> bool:
    """Whether a provider refund_id was made by provider_refund_id (the desk's, not a return's)."""
    return refund_id.startswith("desk")


def asked_as(row: DeskRefund) -> str:
    """The refund_id of the row's latest ask at the provider: the request's own, or a fresh one."""
    return row.provider_key or provider_refund_id(row.request_key)


class Accounts:
    """The provider account a refund on the desk is at: the store's, or (a repayment's) its
    lender's own, the only account that knows its order (docs/decisions/lender-provider-accounts.md)."""

    def __init__(self, store: PaymentsClient, lenders: Mapping[str, PaymentsClient]) -> None:
        self.store = store
        self.lenders = lenders

    def of(self, row: DeskRefund) -> PaymentsClient:
        if row.lender is None:
            return self.store
        found = self.lenders.get(row.lender)
        if found is None:  # a lender this deployment no longer serves: nothing there to ask
            raise Conflict(NO_LENDER.format(lender=row.lender), code="refund_lender_unknown")
        return found


class DeskRefunds:
    def __init__(
        self,
        database: OperationsDatabase,
        orders: OrdersOperations,
        payments: PaymentsClient | Accounts,
        trail: AuditTrail,
        clock: Clock,
        second_approval_above: Decimal,
    ) -> None:
        self.database = database
        self.orders = orders
        self.accounts = payments if isinstance(payments, Accounts) else Accounts(payments, {})
        self.payments = self.accounts.store
        self.trail = trail
        self.clock = clock
        self.second_approval_above = second_approval_above

    async def request(
        self, staff: StaffView, order_number: str, asked: DeskRefundRequest, key: str | None
    ) -> DeskRefundView:
        """One request per key: the same key answers the request it made."""
        if key is None or not IDEMPOTENCY_KEY.fullmatch(key):
            raise InvalidInput(KEY_NEEDED, field="Idempotency-Key", code="idempotency_key_missing")
        amount = rupees(asked.amount)
        async with self.database.session() as session:
            existing = await session.scalar(select(DeskRefund).where(DeskRefund.request_key == key))
            if existing is not None:
                return _view(existing)
        order = await self._paid_order(order_number)
        provider_order_id = order.payment.provider_order_id or ""
        given = await self.payments.order_refunds(provider_order_id)
        reason = f"{asked.reason_code}: {asked.note}"
        customer = order.address.mobile_number
        now = await self.clock.now()
        try:
            async with self.database.session() as session:
                asked_before = await session.scalars(
                    select(DeskRefund).where(DeskRefund.order_number == order.order_number)
                )
                left = order.charges.total - sum(
                    (r.refund_amount for r in given if r.refund_status != "CANCELLED"), Decimal("0")
                )
                # What the desk has asked for and the provider has not yet given counts too.
                at_provider = {g.refund_id for g in given}
                left -= sum(
                    (
                        r.amount
                        for r in asked_before
                        if r.status in OPEN and (r.status == "paidOtherwise" or asked_as(r) not in at_provider)
                    ),
                    Decimal("0"),
                )
                if amount > left:
                    raise Conflict(TOO_MUCH.format(left=f"₹{max(left, Decimal(0)):.2f}"), code="refund_too_much")
                row = DeskRefund(
                    order_number=order.order_number,
                    provider_order_id=provider_order_id,
                    customer=customer,
                    amount=amount,
                    reason_code=asked.reason_code,
                    note=asked.note,
                    requested_by=staff.name,
                    requested_at=now,
                    request_key=key,
                    approvals_needed=2 if amount > self.second_approval_above else 1,
                    status="requested",
                    provider_refund_id=None,
                    updated_at=now,
                    approvals=[],
                )
                session.add(row)
                await session.flush()
                view = _view(row)
                # In the request's own transaction: a replica dying now keeps both or neither.
                session.add(
                    await self.trail.entry(
                        staff, "requestRefund", "done", customer=customer, reference=order.order_number,
                        amount=amount, reason=reason, idempotency_key=key,
                    )
                )  # fmt: skip
        except IntegrityError:  # the same key at once on another replica: that one's request
            async with self.database.session() as session:
                made = await session.scalar(select(DeskRefund).where(DeskRefund.request_key == key))
                if made is None:
                    raise
                return _view(made)
        except GatewayError as exc:
            await self.trail.record(
                staff, "requestRefund", f"refused: {exc.code}", customer=customer, reference=order.order_number,
                amount=amount, reason=reason, idempotency_key=key,
            )  # fmt: skip
            raise
        return view

    async def _paid_order(self, order_number: str) -> Order:
        found = await self.orders.find("orderNumber", order_number.upper())
        if not found:
            raise NotFound("No order matches that.", code="desk_nothing_found")
        order = found[0]
        if order.payment.method != "online" or not order.payment.provider_order_id or order.payment.paid_at is None:
            raise Conflict(NOT_PAID_ONLINE, code="refund_not_paid_online")
        return order

    async def _supervisors_only(self, staff: StaffView, action: str, refund_id: int) -> None:
        if staff.role == "supervisor":
            return
        async with self.database.session() as session:
            refund = _view(await self._row(session, refund_id))
        await self._kept(staff, action, "refused: desk_supervisors_only", refund)
        raise PermissionRefused(SUPERVISORS_ONLY, code="desk_supervisors_only")

    async def approve(self, staff: StaffView, refund_id: int) -> DeskRefundView:
        """A supervisor's approval; the last one needed sends the refund to the provider."""
        await self._supervisors_only(staff, "approveRefund", refund_id)
        now = await self.clock.now()
        async with self.database.session() as session:
            row = await self._row(session, refund_id)
            mine = any(a.supervisor == staff.name for a in row.approvals)
            refusal = None
            if row.requested_by == staff.name:
                refusal = Conflict(NOT_YOUR_OWN, code="refund_own_request")
            elif row.status in ("rejected", "refused", "cancelled", "paidOtherwise"):
                refusal = Conflict(DECIDED, code="refund_decided")
            elif mine and row.status == "requested":
                refusal = Conflict(ALREADY_YOURS, code="refund_second_approval_needed")
            if refusal is None and not mine:
                row.approvals.append(DeskRefundApproval(supervisor=staff.name, decision="approved", at=now))
                if sum(a.decision == "approved" for a in row.approvals) >= row.approvals_needed:
                    row.status = "approved"
                row.updated_at = now
            await session.flush()
            view = _view(row)
            if refusal is None and not mine:
                # In the approval's own transaction: a replica dying now keeps both or neither (a
                # retried approval finds it made, and writes no entry of its own).
                outcome = "done: a second approval needed" if view.status == "requested" else "done"
                session.add(await self._entry(staff, "approveRefund", outcome, view))
        if refusal is not None:
            await self._kept(staff, "approveRefund", f"refused: {refusal.code}", view)
            raise refusal
        if view.status == "approved":  # now, or again after a provider that did not answer
            return await self._to_provider(staff, refund_id)
        return view

    async def _to_provider(self, staff: StaffView, refund_id: int) -> DeskRefundView:
        async with self.database.session() as session:
            row = await self._row(session, refund_id)
            asked, order_id, refund_key = _view(row), row.provider_order_id, asked_as(row)
            account = self.accounts.of(row)
        try:
            given = await account.refund(order_id, Decimal(asked.amount), refund_key, asked.note)
        except UpstreamRefused as exc:
            status: RefundStatus = "refused"
            outcome, provider_id = f"refused: {exc.code}", None
        else:
            status, provider_id = PROVIDER_STATUS[given.refund_status], given.cf_refund_id
            outcome = f"done: {status}"
        now = await self.clock.now()
        async with self.database.session() as session:
            row = await self._row(session, refund_id)
            row.status, row.provider_refund_id, row.updated_at = status, provider_id, now
            # With the answer it records: a replica dying before this asks the provider again on
            # the retried approval (the same refund back), and writes the entry then, once.
            session.add(await self._entry(staff, "refund", outcome, asked, refund_key))
            await session.flush()
            return _view(row)

    async def ask_again(self, staff: StaffView, refund_id: int, key: str | None) -> DeskRefundView:
        """A refund the bank gave up, asked of the provider anew: the same amount under a fresh
        refund id (and x-idempotency-key) made from this click's key. The click that moves it
        off "cancelled" holds the row while it does, so another click elsewhere is refused; this
        click retried (its answer lost) asks the provider the same refund again, or reads it."""
        if key is None or not IDEMPOTENCY_KEY.fullmatch(key):
            raise InvalidInput(KEY_NEEDED, field="Idempotency-Key", code="idempotency_key_missing")
        fresh = provider_refund_id(f"{refund_id}:again:{key}")
        now = await self.clock.now()
        async with self.database.session() as session:
            row = await self._row(session, refund_id)
            refusal, started = None, False
            answered = row.provider_key == fresh and row.status != "approved"  # this click's, answered already
            if answered:
                pass
            elif row.provider_key != fresh and row.status != "cancelled":
                refusal = Conflict(NOT_GIVEN_UP, code="refund_not_given_up")
            elif row.status == "cancelled":
                row.status, row.provider_key, row.updated_at, started = "approved", fresh, now, True
                await session.flush()
            view = _view(row)
            if started:  # in the change's own transaction: both or neither
                session.add(await self._entry(staff, "retryRefund", "done", view, fresh))
        if answered:  # told again: the orders service's answer may have been lost
            await self._tell_return(staff, view, refund_id=fresh)
            return view
        if refusal is not None:
            await self._kept(staff, "retryRefund", f"refused: {refusal.code}", view)
            raise refusal
        asked = await self._to_provider(staff, refund_id)
        await self._tell_return(staff, asked, refund_id=fresh)
        return asked

    async def paid_otherwise(self, staff: StaffView, refund_id: int, paid: PaidOtherwise) -> DeskRefundView:
        """A refund the bank gave up, recorded as paid to the customer another way, with that
        payment's reference: no longer the desk's to do, and shown so to the shopper. The same
        reference again (a retried click) answers what it recorded."""
        reference = paid.reference.strip()
        if not REFERENCE.fullmatch(reference):
            raise InvalidInput(REFERENCE_HELP, field="reference", code="refund_reference_invalid")
        now = await self.clock.now()
        async with self.database.session() as session:
            row = await self._row(session, refund_id)
            answered = row.status == "paidOtherwise" and row.paid_reference == reference  # a retried click
            recording = row.status == "cancelled"
            refusal = None if recording or answered else Conflict(NOT_GIVEN_UP, code="refund_not_given_up")
            if recording:
                row.status, row.paid_reference, row.updated_at = "paidOtherwise", reference, now
                await session.flush()
            view = _view(row)
            if recording:
                session.add(await self._entry(staff, "refundPaidOtherwise", "done", view, reference))
        if refusal is not None:
            await self._kept(staff, "refundPaidOtherwise", f"refused: {refusal.code}", view, reference)
            raise refusal
        await self._tell_return(staff, view, paid_reference=reference)
        return view

    async def _tell_return(
        self, staff: StaffView, view: DeskRefundView, *, refund_id: str | None = None, paid_reference: str | None = None
    ) -> None:
        """A return's refund given back by the desk, told to the orders service, whose return it is:
        it follows the refund asked again (refunded when the provider says so) or is refunded now
        (paid another way), so the shopper's return says what the desk did. The desk's action has
        happened either way: an orders service that cannot be told is logged, and told again when
        the click is (the same answer there)."""
        if view.return_number is None or view.status not in ("refunded", "pending", "paidOtherwise"):
            return
        try:
            await self.orders.return_refund_given_back(
                view.order_number, view.return_number, staff.name, refund_id=refund_id, paid_reference=paid_reference
            )
        except GatewayError as exc:
            log.warning("return_refund_untold", order=view.order_number, ret=view.return_number, code=exc.code)

    async def reject(self, staff: StaffView, refund_id: int) -> DeskRefundView:
        await self._supervisors_only(staff, "rejectRefund", refund_id)
        now = await self.clock.now()
        async with self.database.session() as session:
            row = await self._row(session, refund_id)
            if row.status != "requested":
                refusal: GatewayError | None = Conflict(DECIDED, code="refund_decided")
            else:
                refusal = None
                row.approvals.append(DeskRefundApproval(supervisor=staff.name, decision="rejected", at=now))
                row.status, row.updated_at = "rejected", now
                await session.flush()
            view = _view(row)
        await self._kept(staff, "rejectRefund", f"refused: {refusal.code}" if refusal else "done", view)
        if refusal is not None:
            raise refusal
        return view

    async def listed(self, customer: str | None, order_number: str | None) -> list[DeskRefundView]:
        """Newest first; one on hold at the provider is asked about again."""
        query = select(DeskRefund).order_by(DeskRefund.id.desc()).limit(200)
        if customer:
            query = query.where(DeskRefund.customer == customer)
        if order_number:
            query = query.where(DeskRefund.order_number == order_number.upper())
        return await settle_on_hold(self.database, self.accounts, self.clock, query, _view)

    async def _kept(
        self, staff: StaffView, action: str, outcome: str, refund: DeskRefundView, key: str | None = None
    ) -> None:
        async with self.database.session() as session:
            session.add(await self._entry(staff, action, outcome, refund, key))

    async def _entry(
        self, staff: StaffView, action: str, outcome: str, refund: DeskRefundView, key: str | None = None
    ) -> DeskAuditEntry:
        return await self.trail.entry(
            staff, action, outcome, customer=refund.customer, reference=refund.order_number,
            amount=Decimal(refund.amount), reason=f"{refund.reason_code}: {refund.note}", idempotency_key=key,
        )  # fmt: skip

    @staticmethod
    async def _row(session: AsyncSession, refund_id: int) -> DeskRefund:
        row = await session.scalar(select(DeskRefund).where(DeskRefund.id == refund_id).with_for_update())
        if row is None:
            raise NotFound(NOTHING_FOUND, code="refund_not_found")
        return row


async def settle_on_hold(
    database: OperationsDatabase,
    payments: PaymentsClient | Accounts,
    clock: Clock,
    query: Select[tuple[DeskRefund]],
    view: Callable[[DeskRefund], Shown],
) -> list[Shown]:
    """The refunds `query` finds, each still on hold asked about at the provider again and kept as
    it now stands (given back, or cancelled by the bank): the desk and the shopper both read them
    so. One the bank gave up is handed to the desk (needs a person), its trail entry written with
    the change, once. A provider that does not answer leaves them as they were."""
    accounts = payments if isinstance(payments, Accounts) else Accounts(payments, {})
    async with database.session() as session:
        rows = list(await session.scalars(query))
        # Each at its own account: order ids are each account's own.
        on_hold = {(r.lender, r.provider_order_id): r for r in rows if r.status == "pending"}
        if not on_hold:
            return [view(r) for r in rows]
    try:
        answers = {at: await accounts.of(row).order_refunds(at[1]) for at, row in on_hold.items()}
    except GatewayError as exc:
        log.warning("refunds_on_hold_unread", code=exc.code)
        answers = {}
    now = await clock.now()
    async with database.session() as session:
        for row in rows:
            mine = asked_as(row)
            given = answers.get((row.lender, row.provider_order_id), [])
            found = next((g for g in given if g.refund_id == mine), None)
            if row.status == "pending" and found is not None and PROVIDER_STATUS[found.refund_status] != "pending":
                current = await DeskRefunds._row(session, row.id)
                if current.status != "pending":  # another reader moved it first, and wrote the entry
                    continue
                current.status, current.updated_at = PROVIDER_STATUS[found.refund_status], now
                if current.status == "cancelled":
                    session.add(await handed_over(AuditTrail(database, clock), current, found.refund_status))
        await session.flush()
        return [view(r) for r in await session.scalars(query)]


async def handed_over(trail: AuditTrail, row: DeskRefund, provider_status: str) -> DeskAuditEntry:
    """The trail's entry for a refund the bank gave up, now on the desk as needing a person."""
    return await trail.entry(
        PROVIDER_ACTOR, "refundFailed", f"handed to the desk: {provider_status}", customer=row.customer,
        reference=row.order_number, amount=row.amount, reason=f"{row.reason_code}: {row.note}",
        idempotency_key=row.provider_refund_id,
    )  # fmt: skip
