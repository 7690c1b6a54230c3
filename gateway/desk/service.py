"""The support desk's rules: staff logins, finding a customer from whatever they quote, one
timeline from every upstream, and the actions each role may take, each logged with who and why.

Staff sessions are apart from shoppers' and borrowers': their own cookie and records (in the
session store's `desk` keyspace), so a staff login never carries a customer's tokens and the
other way round. Actions go through the owning upstream's contract: the orders service for an
order's mail and its cancellation (with the refund it makes), the lender for a receipt (a
Fineract lender's companion service, which draws that lender's receipts).
"""

from __future__ import annotations

import asyncio
import re
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping
from datetime import date, datetime
from decimal import Decimal
from typing import TypeVar

import msgspec

from gateway.clients import Clients
from gateway.desk.audit_trail import AuditTrail
from gateway.desk.borrower_refunds import paid_otherwise
from gateway.desk.login_limits import DeskLoginLimits
from gateway.desk.mandates import desk_mandates
from gateway.desk.schemas import (
    ActionDone,
    CustomerView,
    DeskComplaint,
    DeskOrder,
    DeskRepayment,
    FoundBy,
    StaffView,
    TimelineEntry,
)
from gateway.desk.staff import StaffAccount, secret_matches, staff_accounts
from gateway.otp.code_log import CodeEvent, CodeLog
from gateway.plumbing.clock import Clock
from gateway.plumbing.errors import Conflict, GatewayError, InvalidInput, NotAuthenticated, NotFound
from gateway.reconciliation.schemas import Reconciliation
from gateway.reconciliation.service import ReconciliationService
from gateway.sessions.outage import store_call
from gateway.sessions.store import SessionStore, keyspace
from gateway.settings import Settings
from gateway.upstreams.lenders.port import LenderComplaint, PartnerRepayment
from gateway.upstreams.mail.operations import SentMessage
from gateway.upstreams.orders import Order, OrdersRefused

T = TypeVar("T")

LOGIN_FAILED = "That name and secret do not match a desk account."
LOG_IN_FIRST = "Please log in to the support desk."
SUPERVISORS_ONLY = "Only a supervisor can do this."
NOTHING_FOUND = "No customer, order, loan or payment matches that."
QUERY_HELP = "Enter a mobile number, an order or loan number, or a payment or UPI reference."
KEY_NEEDED = "This action needs an Idempotency-Key header."
# The provider's payment and refund states, as the timeline names them (a state not listed is
# the nearest: a payment that was not taken failed, a refund not ended is pending).
PAYMENT_KINDS = {"SUCCESS": "paymentTaken", "PENDING": "paymentPending", "USER_DROPPED": "paymentDropped"}
REFUND_KINDS = {
    "SUCCESS": "refundSettled",
    "ONHOLD": "refundOnHold",
    "CANCELLED": "refundCancelled",
    "FAILED": "refundFailed",
}

_MOBILE = re.compile(r"^[0-9]{10}$")
_ORDER = re.compile(r"^VK[0-9]{6,12}$", re.IGNORECASE)
# A return's number (VK10000001-R1), or its payout's transfer_id at the payouts provider
# (VK10000001_R1; a later attempt to another account VK10000001_R1_2).
_RETURN = re.compile(r"^(VK[0-9]{6,12})([-_])R[0-9]{1,3}(?:_[0-9]{1,3})?$", re.IGNORECASE)
# A payout as each side has it: our record's status, the payouts provider's transfer status.
OUR_PAYOUT_KINDS = {"pending": "payoutPending", "paid": "payoutPaid", "failed": "payoutFailed"}
TRANSFER_KINDS = {
    "SUCCESS": "payoutPaid",
    "FAILED": "payoutFailed",
    "REJECTED": "payoutFailed",
    "REVERSED": "payoutReversed",
}
_REFERENCE = re.compile(r"^[A-Za-z0-9_-]{3,50}$")
IDEMPOTENCY_KEY = re.compile(r"^[A-Za-z0-9_-]{8,64}$")
CANCELLABLE = ("placed", "packed", "shipped")
STATUS_KINDS = {
    "placed": "orderPlaced",
    "packed": "orderPacked",
    "shipped": "orderShipped",
    "outForDelivery": "orderOutForDelivery",
    "delivered": "orderDelivered",
    "cancelled": "orderCancelled",
    "returned": "orderReturned",
}
COMPLAINT_KINDS = {
    "inProgress": "complaintInProgress",
    "resolved": "complaintResolved",
    "rejected": "complaintRejected",
}
CODE_KINDS = {"sent": "loginCodeSent", "failed": "loginCodeFailed", "refused": "loginCodeRefused"}


class PermissionRefused(GatewayError):
    """Logged in, but the role may not do this."""

    status_code = 403
    code = "forbidden"


class StaffSession(msgspec.Struct, kw_only=True):
    name: str
    role: str
    started_at: float


def mask_email(email: str) -> str:
    local, _, domain = email.partition("@")
    return f"{local[:1]}***@{domain}" if domain else "***"


# A credit order's refund is no money moving: the amount goes back on (or off) the credit line.
CREDIT_KINDS = ("creditReversed", "creditReduced")


def _desk_order(order: Order) -> DeskOrder:
    return DeskOrder(
        order_number=order.order_number,
        status=order.status,
        total=str(order.charges.total),
        payment_method=order.payment.method,
        payment_state=order.payment.state,
        provider_order_id=order.payment.provider_order_id,
        created_at=order.created_at,
        refund_kind=order.refund.kind if order.refund is not None else None,
        cancellable=order.status in CANCELLABLE,
    )


def _repayment(rep: PartnerRepayment, paid_otherwise: Mapping[str, str]) -> DeskRepayment:
    """`paid_otherwise`: the repayments whose given-up refund the desk paid another way."""
    given_back = rep.status == "refundCancelled" and rep.order_id in paid_otherwise
    return DeskRepayment(
        order_id=rep.order_id,
        loan_number=rep.loan_number,
        amount=str(rep.amount),
        status="refunded" if given_back else rep.status,
        refund_reference=(paid_otherwise[rep.order_id] or None) if given_back else None,
        cf_payment_id=rep.cf_payment_id,
        receipt_resendable=rep.receipt_resendable,
        excess_refunded=str(rep.refunded) if rep.refunded else None,
        paid_at=None
        if rep.paid_at is None
        else rep.paid_at.isoformat()
        if rep.time_known
        else rep.paid_at.date().isoformat(),
    )


def _complaint(c: LenderComplaint) -> DeskComplaint:
    return DeskComplaint(
        ticket_number=c.ticket_number,
        category=c.category,
        text=c.text,
        status=c.status,
        raised_at=c.raised_at,
        updated_at=c.updated_at,
        answer_due_by=c.answer_due_by,
        loan_number=c.loan_number,
    )


def _complaint_entries(c: LenderComplaint) -> list[TimelineEntry]:
    """Raised, and where it stands now when that has changed since."""
    raised = TimelineEntry(
        at=c.raised_at, source="lender", kind="complaintRaised", reference=c.ticket_number, note=c.text
    )
    if c.status == "received":
        return [raised]
    now = TimelineEntry(
        at=c.updated_at,
        source="lender",
        kind=COMPLAINT_KINDS[c.status],
        reference=c.ticket_number,
        note=c.answer or c.rejection_reason,
    )
    return [now, raised]  # newest first even when the lender's clock gives both one moment


def _message_entry(m: SentMessage) -> TimelineEntry:
    """A mail by its subject, an SMS by its words; to whom, masked as everywhere on the desk."""
    to = mask_email(m.to) if m.channel == "mail" else m.to
    return TimelineEntry(
        at=m.sent_at,
        source="mail",
        kind="mailSent" if m.channel == "mail" else "smsSent",
        reference=m.reference or to,
        note=m.subject if m.channel == "mail" else m.message,
        sent_to=to,
    )


def _code_entry(event: CodeEvent, mobile: str) -> TimelineEntry:
    """A login code asked for: sent (or not) by the lender's SMS, or refused by our own limits;
    never the code."""
    if event.outcome == "refused":
        return TimelineEntry(
            at=event.at, source="gateway", kind=CODE_KINDS[event.outcome], reference=mobile, note=event.reason
        )
    return TimelineEntry(at=event.at, source="lender", kind=CODE_KINDS[event.outcome], reference=mobile, sent_to=mobile)


def _at(moment: str) -> datetime:
    return datetime.fromisoformat(moment)


class DeskService:
    def __init__(
        self,
        settings: Settings,
        store: SessionStore,
        clients: Clients,
        login_limits: DeskLoginLimits,
        code_log: CodeLog,
        clock: Clock,
        trail: AuditTrail,
    ) -> None:
        self.trail = trail
        self.lender = clients.lender
        self.code_log = code_log
        self.login_limits = login_limits
        self.accounts: dict[str, StaffAccount] = staff_accounts(settings)
        self.orders = clients.orders
        self.mail = clients.mail_operations
        # The store's account (its refunds), and every account the deployment serves for the look-ups:
        # a repayment is paid into its lender's own account, which alone knows it.
        self.every_account = clients.payments
        self.payments = self.every_account.store
        self.clock = clock  # the desk's today (gateway/plumbing/clock.py)
        self.payouts = clients.payouts
        self.reconciliation = ReconciliationService.over(clients, clock, trail.database)
        self.store, self.prefix = keyspace(store, "desk")
        self.timeout = settings.store_timeout
        self.lifetime = settings.desk_session_seconds

    # Logins

    async def log_in(self, name: str, secret: str, client: str) -> tuple[str, StaffView]:
        try:
            await self.login_limits.check(name, client)
        except GatewayError as exc:
            await self.trail.record(name, "login", f"refused: {exc.code}")
            raise
        account = self.accounts.get(name)
        # A name that does not exist costs the same hashing as a wrong secret. scrypt is slow on
        # purpose: it runs in a worker thread, so other requests are not held up behind it.
        matched = await asyncio.to_thread(secret_matches, secret, account.secret_hash if account else "scrypt$00$00")
        if account is None or not matched:
            await self.trail.record(name, "login", "refused")
            await self.login_limits.failed(name, client)
            raise NotAuthenticated(LOGIN_FAILED, code="desk_login_failed")
        await self.login_limits.succeeded(name)
        session_id = secrets.token_urlsafe(32)
        # real time: a staff session's life
        record = StaffSession(name=account.name, role=account.role, started_at=time.time())
        async with store_call(self.timeout):
            await self.store.set(self.prefix + session_id, msgspec.json.encode(record), expires_in=self.lifetime)
        await self.trail.record(StaffView(name=account.name, role=account.role), "login", "done")
        return session_id, StaffView(name=account.name, role=account.role)

    async def staff(self, session_id: str | None) -> StaffView:
        """Who is logged in to the desk; 401 otherwise."""
        raw = None
        if session_id:
            async with store_call(self.timeout):
                raw = await self.store.get(self.prefix + session_id)
        if raw is None:
            raise NotAuthenticated(LOG_IN_FIRST, code="desk_login_required")
        record = msgspec.json.decode(raw, type=StaffSession)
        account = self.accounts.get(record.name)
        if account is None:  # removed from DESK_STAFF since: the session ends with the account
            raise NotAuthenticated(LOG_IN_FIRST, code="desk_login_required")
        return StaffView(name=account.name, role=account.role)

    async def log_out(self, session_id: str | None, staff: StaffView | None) -> None:
        if session_id:
            async with store_call(self.timeout):
                await self.store.delete(self.prefix + session_id)
        if staff is not None:
            await self.trail.record(staff, "logout", "done")

    # Finding a customer

    async def find(self, staff: StaffView, query: str) -> CustomerView:
        q = query.strip()
        if not q or len(q) > 50:
            raise InvalidInput(QUERY_HELP, field="q", code="desk_query_invalid")
        try:
            view = await self._find(q)
        except GatewayError as exc:
            await self.trail.record(staff, "lookup", f"refused: {exc.code}", reference=q)
            raise
        await self.trail.record(staff, "lookup", "found", customer=view.mobile_number, reference=q)
        return view

    async def _find(self, q: str) -> CustomerView:
        if _MOBILE.match(q):
            return await self._by_mobile(q, q, "mobile")
        returned = _RETURN.match(q)
        if _ORDER.match(q) or returned:
            found = await self.orders.find("orderNumber", (returned.group(1) if returned else q).upper())
            if not found:
                raise NotFound(NOTHING_FOUND, code="desk_nothing_found")
            by: FoundBy = "paymentReference" if returned and returned.group(2) == "_" else "orderNumber"
            return await self._by_mobile(found[0].address.mobile_number, q, by, found[0].user_id)
        if self.lender.owns_loan(q.upper()):  # the lenders know their loan numbers' forms
            repayments = await self.lender.partner_repayments("loanNumber", q.upper())
            if not repayments:
                raise NotFound(NOTHING_FOUND, code="desk_nothing_found")
            return await self._by_mobile(repayments[0].mobile_number, q, "loanNumber")
        if not _REFERENCE.match(q):
            raise InvalidInput(QUERY_HELP, field="q", code="desk_query_invalid")
        return await self._by_reference(q)

    async def _by_reference(self, q: str) -> CustomerView:
        """A provider payment id or a bank (UPI) reference, else a provider order id itself."""
        payments = await self.every_account.search(q, await self.clock.today())
        provider_orders = [p.order_id for p in payments] or [q]
        for provider_order_id in provider_orders:
            repayments, orders = await asyncio.gather(
                self.lender.partner_repayments("orderId", provider_order_id),
                self.orders.find("providerOrderId", provider_order_id),
            )
            if repayments:
                return await self._by_mobile(repayments[0].mobile_number, q, "paymentReference")
            if orders:
                order = orders[0]
                return await self._by_mobile(order.address.mobile_number, q, "paymentReference", order.user_id)
        raise NotFound(NOTHING_FOUND, code="desk_nothing_found")

    async def _by_mobile(self, mobile: str, query: str, found_by: FoundBy, user_id: int | None = None) -> CustomerView:
        by_user = self.orders.find("userId", str(user_id)) if user_id is not None else None
        orders_found, repayments, complaints, shoppers, codes = await asyncio.gather(
            by_user if by_user is not None else self.orders.find("mobileNumber", mobile),
            self.lender.partner_repayments("mobileNumber", mobile),
            self.lender.partner_complaints(mobile),
            self.orders.shoppers("mobileNumber", mobile),
            self.code_log.recent(mobile),
        )
        # A caller whose login code never came has nothing else yet: the codes alone find them.
        if not orders_found and not repayments and not complaints and not codes:
            raise NotFound(NOTHING_FOUND, code="desk_nothing_found")
        provider_orders = [o.payment.provider_order_id for o in orders_found if o.payment.provider_order_id]
        provider_orders += [r.order_id for r in repayments]
        # Every address the customer is mailed at: the orders service's for the shopper (an order
        # found by its number may be another account's than the number's) and the lender's.
        known = {s.user_id for s in shoppers}
        others = sorted({o.user_id for o in orders_found} - known)
        for more in await asyncio.gather(*(self.orders.shoppers("userId", str(u)) for u in others)):
            shoppers += more
        emails = list(
            {e.lower(): e for e in [*(s.email for s in shoppers), *(r.email for r in repayments)] if e}.values()
        )
        paid_out = [(r, r.payout) for o in orders_found for r in o.returns if r.payout is not None]
        attempts, refunds, messages, transfers = await asyncio.gather(
            asyncio.gather(*(self.every_account.order_payments(p) for p in provider_orders)),
            asyncio.gather(*(self.every_account.order_refunds(p) for p in provider_orders)),
            self.mail.sent_to(mobile, emails),
            asyncio.gather(*(self.payouts.transfer(p.transfer_id) for _, p in paid_out)),
        )
        timeline: list[TimelineEntry] = []
        for order in orders_found:
            for event in order.timeline:
                timeline.append(
                    TimelineEntry(
                        at=event.at,
                        source="orders",
                        kind=STATUS_KINDS[event.status],
                        reference=order.order_number,
                        amount=str(order.charges.total) if event.status == "placed" else None,
                        note=event.note,
                    )
                )
            if order.refund is not None and order.refund.kind != "nothingPaid":
                timeline.append(
                    TimelineEntry(
                        at=order.refund.initiated_at,
                        source="orders",
                        # The same story as the order's card and the cancellation's result.
                        kind="creditRestored" if order.refund.kind in CREDIT_KINDS else "refundStarted",
                        reference=order.order_number,
                        amount=str(order.refund.amount),
                        note=order.refund.message,
                    )
                )
        owner = {o.payment.provider_order_id: o.order_number for o in orders_found if o.payment.provider_order_id}
        for rep in repayments:
            owner[rep.order_id] = rep.order_id
            timeline.append(
                TimelineEntry(
                    at=rep.created_at,
                    source="lender",
                    kind="repaymentStarted",
                    reference=rep.order_id,
                    amount=str(rep.amount),
                    note=rep.loan_number,
                    time_known=rep.time_known,
                )
            )
            if rep.paid_at:
                timeline.append(
                    TimelineEntry(
                        at=rep.paid_at,
                        source="lender",
                        kind="repaymentApplied",
                        reference=rep.order_id,
                        amount=str(rep.amount),
                        note=rep.loan_number,
                        provider_reference=rep.cf_payment_id,
                        time_known=rep.time_known,
                    )
                )
        for provider_order_id, tried, given in zip(provider_orders, attempts, refunds, strict=True):
            for p in tried:
                timeline.append(
                    TimelineEntry(
                        at=_at(p.payment_time),
                        source="provider",
                        kind=PAYMENT_KINDS.get(p.payment_status, "paymentFailed"),
                        reference=owner.get(provider_order_id, provider_order_id),
                        amount=str(p.payment_amount),
                        note=p.payment_group,
                        provider_reference=p.bank_reference or p.cf_payment_id,
                    )
                )
            for r in given:
                timeline.append(
                    TimelineEntry(
                        at=_at(r.created_at),
                        source="provider",
                        kind=REFUND_KINDS.get(r.refund_status, "refundPending"),
                        reference=owner.get(provider_order_id, provider_order_id),
                        amount=str(r.refund_amount),
                        note=r.refund_note,
                        provider_reference=r.cf_refund_id,
                    )
                )
        for (ret, payout), transfer in zip(paid_out, transfers, strict=True):
            # Both sides of a return's payout: our record, and the payouts provider's transfer.
            started = ret.refund.initiated_at if ret.refund is not None else ret.requested_at
            timeline.append(
                TimelineEntry(
                    at=payout.paid_at or started,
                    source="orders",
                    kind=OUR_PAYOUT_KINDS[payout.status],
                    reference=ret.number,
                    amount=str(ret.amount),
                    note=payout.reason,
                    provider_reference=payout.utr or payout.transfer_id,
                )
            )
            if transfer is not None:
                timeline.append(
                    TimelineEntry(
                        at=_at(transfer.updated_on) if transfer.updated_on else started,
                        source="provider",
                        kind=TRANSFER_KINDS.get(transfer.status, "payoutPending"),
                        reference=ret.number,
                        amount=str(transfer.transfer_amount),
                        note=transfer.status_code,
                        provider_reference=transfer.transfer_utr or transfer.cf_transfer_id,
                    )
                )
        for complaint in complaints:
            timeline += _complaint_entries(complaint)
        timeline += [_message_entry(m) for m in messages]
        timeline += [_code_entry(c, mobile) for c in codes]
        timeline.sort(key=lambda e: e.at, reverse=True)
        given_up = [r.order_id for r in repayments if r.status == "refundCancelled"]
        paid = await paid_otherwise(self.trail.database, given_up)
        name = repayments[0].user_name if repayments else orders_found[0].address.name if orders_found else None
        return CustomerView(
            query=query,
            found_by=found_by,
            mobile_number=mobile,
            name=name,
            orders=[_desk_order(o) for o in orders_found],
            repayments=[_repayment(r, paid) for r in repayments],
            complaints=[_complaint(c) for c in complaints],
            timeline=timeline,
            mandates=await desk_mandates(self.trail.database, mobile) if mobile else [],
        )

    # Actions

    async def _acted(
        self,
        staff: StaffView,
        action: str,
        work: Awaitable[T],
        *,
        reference: str,
        reason: str,
        customer: str | None,
        key: str | None = None,
        about: Callable[[T], tuple[str, Decimal]] | None = None,
    ) -> T:
        """Do `work` and keep it in the audit trail, done or refused; `about` reads the customer
        and the amount off what the work answered, when it says them."""
        outcome, amount = "failed", None  # anything but a refusal in our words
        try:
            done = await work
        except GatewayError as exc:
            outcome = f"refused: {exc.code}"
            raise
        else:
            outcome = "done"
            if about is not None:
                customer, amount = about(done)
            return done
        finally:
            await self.trail.record(
                staff, action, outcome, customer=customer, reference=reference, amount=amount, reason=reason,
                idempotency_key=key,
            )  # fmt: skip

    async def resend_order_mail(
        self, staff: StaffView, order_number: str, reason: str, customer: str | None = None
    ) -> ActionDone:
        sent = await self._acted(
            staff,
            "resendOrderMail",
            self.orders.resend(order_number),
            reference=order_number,
            reason=reason,
            customer=customer,
        )
        return ActionDone(action="orderMailResent", reference=order_number, sent_to=mask_email(sent.email))

    async def resend_receipt(
        self, staff: StaffView, order_id: str, reason: str, idempotency_key: str | None, customer: str | None = None
    ) -> ActionDone:
        """Through the lender that owns the repayment (a Fineract lender's companion draws its
        receipts), once per key: a retried click mails once."""
        if idempotency_key is None or not IDEMPOTENCY_KEY.fullmatch(idempotency_key):
            raise InvalidInput(KEY_NEEDED, field="Idempotency-Key", code="idempotency_key_missing")
        sent = await self._acted(
            staff,
            "resendReceipt",
            self.lender.resend_receipt(order_id, idempotency_key),
            reference=order_id,
            reason=reason,
            customer=customer,
            key=idempotency_key,
        )
        return ActionDone(action="receiptResent", reference=order_id, sent_to=mask_email(sent.email))

    async def cancel_order(
        self,
        staff: StaffView,
        order_number: str,
        reason: str,
        idempotency_key: str | None,
        customer: str | None = None,
    ) -> ActionDone:
        if staff.role != "supervisor":
            await self.trail.record(
                staff, "cancelOrder", "refused: desk_supervisors_only", customer=customer, reference=order_number,
                reason=reason, idempotency_key=idempotency_key,
            )  # fmt: skip
            raise PermissionRefused(SUPERVISORS_ONLY, code="desk_supervisors_only")
        if idempotency_key is None or not IDEMPOTENCY_KEY.fullmatch(idempotency_key):
            raise InvalidInput(KEY_NEEDED, field="Idempotency-Key", code="idempotency_key_missing")
        try:
            order = await self._acted(
                staff,
                "cancelOrder",
                self.orders.cancel_for_shopper(order_number, idempotency_key, reason, staff.name),
                reference=order_number,
                reason=reason,
                customer=customer,
                key=idempotency_key,
                about=lambda o: (o.address.mobile_number, o.charges.total),
            )
        except OrdersRefused as exc:
            if exc.status == 404:
                raise NotFound(NOTHING_FOUND, code="desk_nothing_found") from exc
            if exc.status == 409:
                raise Conflict(exc.message, code=exc.code) from exc
            raise
        return ActionDone(action="orderCancelled", reference=order_number, order=_desk_order(order))

    async def reconcile(self, staff: StaffView, day: date) -> Reconciliation:
        await self.trail.record(staff, "reconcile", "asked", reference=day.isoformat())
        return await self.reconciliation.run(day)
