"""The portal's rules: logging a borrower in, what they owe, creating and confirming payments."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Collection, Mapping
from decimal import Decimal

import msgspec
import structlog

from gateway.language.codes import DEFAULT, Language
from gateway.otp.login import OneLogin
from gateway.plumbing.errors import Conflict, InvalidInput, NotFound, UpstreamError, UpstreamRefused
from gateway.portal.follow_up import FollowUps
from gateway.portal.idempotency import IdempotencyKeys
from gateway.portal.pending import PendingPayment, PendingPayments
from gateway.portal.schemas import (
    CreatePaymentRequest,
    PaymentCreated,
    PaymentOutcome,
    PaymentRecord,
    RecheckResult,
    RepaymentView,
    VerifyResponse,
)
from gateway.sessions import PortalLogin, Session, StoreLogin
from gateway.sessions.controller import portal_view
from gateway.sessions.logins import forget_login_on_refusal
from gateway.upstreams.lenders.port import Allocation, Lender, PaymentHistoryEntry, Settlement
from india.money import MAX_RUPEES, has_paise_only, in_paise, rupees_text

log = structlog.get_logger("gateway.portal")

VERIFIED = "OTP verified successfully!"
VERIFY_FAILED = "Error verifying OTP."
PAYMENT_NOT_MAPPED = "Payment is either not mapped or the financier is not authorized to receive payment"
LOAN_NOT_MAPPED = (
    "Your loan is not linked to a lender that can take payments online yet. No money was taken. "
    "Please contact support with your loan number."
)
PAYMENT_COMPLETED = "Payment process completed"
PAYMENT_FAILED = "Payment failed"
PAYMENT_CANCELLED = "Payment cancelled. No money was taken."
PAYMENT_AWAITING_APPROVAL = "Payment received. The lender is approving it; you do not need to pay again."
PAYMENT_REFUNDED = (
    "The lender did not accept this payment, so it is being refunded in full to the account you paid from. "
    "What you owe has not changed."
)
PAYMENT_BANK_PENDING = (
    "Waiting for your bank to confirm the payment. Do not pay again: if your bank takes the money it will be "
    "shown here; if it does not, no money is taken and you can pay again."
)
PAYMENT_NOT_FOUND = "Payment not found."
AMOUNT_ABOVE_ZERO = "Please enter an amount above 0."
AMOUNT_DECIMALS = "Please enter an amount in rupees with at most 2 decimals."
NOTHING_OWED = "You do not have any pending payment"
KEY_REQUIRED = "An Idempotency-Key header (8 to 128 letters, digits or dashes) is required."
RECEIPT_NOT_FOUND = "There is no receipt for this payment yet."


def pending_same_amount(amount: Decimal) -> str:
    return (
        f"A payment of {rupees_text(amount)} is pending confirmation. Paying again may charge you twice; "
        "confirm to pay again anyway."
    )


_IDEMPOTENCY_KEY = re.compile(r"^[A-Za-z0-9_-]{8,128}$")


def amount_too_high(owed: Decimal) -> str:
    return f"The amount cannot be more than the overdue amount of {rupees_text(owed)}."


def below_minimum(minimum: Decimal) -> str:
    return f"The lender's minimum part-payment is {rupees_text(minimum)}."


def completed(order_id: str, payment_log_id: int, entry: PaymentHistoryEntry | None) -> PaymentOutcome:
    """A payment the lender booked, said with what happened to the money from its record (amount,
    reference, where the receipt went, the split and any part given back): the same whether the
    browser confirmed it or a re-check found it booked."""
    paid = entry is not None and entry.status == "paid"
    return PaymentOutcome(
        message=PAYMENT_COMPLETED,
        status="completed",
        order_id=order_id,
        amount=in_paise(entry.amount) if entry is not None and paid else None,
        provider_reference=entry.provider_reference if entry is not None else None,
        receipt_mailed_to=entry.receipt_mailed_to if entry is not None else None,
        receipt_url=(
            f"/api/portal/payments/{payment_log_id}/receipt"
            if paid and entry is not None and entry.receipt_available
            else None
        ),
        allocation=in_paise_allocation(entry.allocation) if entry is not None else None,
    )


class PaymentRefused(UpstreamError):
    """The lender would not create a payment for this borrower (e.g. no financier mapped)."""

    status_code = 422
    code = "payment_not_available"


class LoanNotMapped(PaymentRefused):
    """The loan is not mapped to a financier allowed to take payments online: the borrower can only
    ask support, so the page says so in its own words (code, not the lender's English)."""

    code = "loan_not_mapped"


def refusal_of(exc: UpstreamRefused) -> PaymentRefused:
    """The lender's refusal for want of a financier (its adapter's code) apart; others stay generic."""
    if exc.code == LoanNotMapped.code:
        return LoanNotMapped(LOAN_NOT_MAPPED, upstream="lending", status=exc.status)
    return PaymentRefused(PAYMENT_NOT_MAPPED, upstream="lending", status=exc.status)


def payable_amount(request: CreatePaymentRequest, owed: Decimal, minimum: Decimal | None = None) -> Decimal:
    """The rupees to pay: what is owed, or the partial amount if it is above 0, not below the
    lender's minimum part-payment (when it says one) and not above what is owed."""
    if owed <= 0:
        raise InvalidInput(NOTHING_OWED, code="nothing_owed")
    if request.mode == "totalOverdue":
        return owed
    amount = request.amount if request.amount is not None else Decimal(0)
    if not amount.is_finite() or amount <= 0:
        raise InvalidInput(AMOUNT_ABOVE_ZERO, field="amount")
    if amount > MAX_RUPEES or amount > owed:
        raise InvalidInput(amount_too_high(owed), field="amount")
    if not has_paise_only(amount):
        raise InvalidInput(AMOUNT_DECIMALS, field="amount")
    if minimum is not None and amount < minimum:
        raise InvalidInput(below_minimum(minimum), code="below_minimum", field="amount")
    return amount


def in_paise_allocation(allocation: Allocation | None) -> Allocation | None:
    if allocation is None:
        return None
    return Allocation(
        charges=in_paise(allocation.charges),
        interest=in_paise(allocation.interest),
        principal=in_paise(allocation.principal),
        refunded=in_paise(allocation.refunded) if allocation.refunded else None,
    )


def check_idempotency_key(key: str | None) -> str:
    if key is None or not _IDEMPOTENCY_KEY.match(key):
        raise InvalidInput(KEY_REQUIRED, code="idempotency_key_required", field="Idempotency-Key")
    return key


def outcome_of(login: PortalLogin | None) -> VerifyResponse:
    """/payment for a borrower who owes something; /nopayment otherwise (logged in or not)."""
    view = portal_view(login) if login is not None else None
    if login is None or login.total_repayment_amount is None:
        return VerifyResponse(message=NOTHING_OWED, outcome="nopayment", portal=view)
    return VerifyResponse(message=VERIFIED, outcome="payment", portal=view)


class PortalService:
    def __init__(
        self,
        lending: Lender,
        login: OneLogin,
        keys: IdempotencyKeys,
        pending: PendingPayments,
        follow_ups: FollowUps,
        paid_otherwise: Callable[[Collection[str]], Awaitable[Mapping[str, str]]],
    ) -> None:
        self.lending = lending
        # The repayments whose given-up refund the desk paid another way, with its reference.
        self.paid_otherwise = paid_otherwise
        self.login = login
        self.keys = keys
        self.pending = pending
        self.follow_ups = follow_ups

    async def verify(
        self, session: Session, mobile_number: str, otp: str, language: Language | None = None
    ) -> VerifyResponse:
        """The one login (gateway/otp/login.py): the store is logged in too; a borrower with
        nothing pending is logged in to the portal (their loans, complaints) and told so."""
        verified = await self.login.verify("portal", session, mobile_number, otp, "otp_rejected", language)
        return outcome_of(verified.portal)

    async def reopen(self, session: Session, store: StoreLogin) -> VerifyResponse:
        """/paynow with the store's verified login and no portal login: something may be owed by now."""
        return outcome_of(await self.login.reopen_portal(session, store))

    async def repayment(self, session: Session, login: PortalLogin) -> RepaymentView:
        async with forget_login_on_refusal(session, "portal"):
            detail = await self.lending.repayment_detail(login.access_token, int(login.user_id))
        owed = in_paise(detail.remaining_amount)
        minimum = await self._minimum_payment(login, detail.loan_number)
        if (login.remaining_amount, login.minimum_payment) != (owed, minimum):
            # Remembered so an amount can be checked without asking the lender again.
            login.remaining_amount, login.minimum_payment = owed, minimum
            await session.save()
        return RepaymentView(
            user_name=login.user_name,
            mobile_number=login.mobile_number,
            remaining_amount=owed,
            late_fees=in_paise(detail.late_fees),
            pending_amount=in_paise(detail.pending_amount),
            due_date=detail.due_date,
            days_overdue=detail.days_overdue,
            lender_name=detail.lender_name,
            loan_number=detail.loan_number,
            minimum_payment=minimum,
            pending_payments=await self.pending.all(login.user_id),
        )

    async def _minimum_payment(self, login: PortalLogin, loan_number: str | None) -> Decimal | None:
        """The lender's minimum part-payment for the loan owed on, from its loan list; None when
        the lender names no loan or its list cannot be read now (the lender's own check stands)."""
        if loan_number is None:
            return None
        try:
            loans = await self.lending.loans(login.access_token, int(login.user_id))
        except UpstreamError as exc:
            log.warning("loan_minimum_unavailable", status=exc.status)
            return None
        loan = next((one for one in loans if one.loan_number == loan_number), None)
        return in_paise(loan.minimum_payment) if loan is not None else None

    async def create_payment(
        self,
        session: Session,
        login: PortalLogin,
        request: CreatePaymentRequest,
        key: str | None,
        language: Language = DEFAULT,
    ) -> PaymentCreated:
        idempotency_key = check_idempotency_key(key)
        if login.remaining_amount is None or (request.mode == "partialPayment" and login.minimum_payment is None):
            await self.repayment(session, login)
        amount = payable_amount(request, login.remaining_amount or Decimal(0), login.minimum_payment)
        earlier = await self.keys.begin(login.user_id, idempotency_key, amount)
        if earlier is not None:
            return earlier
        if not request.pay_while_pending and any(p.amount == amount for p in await self.pending.all(login.user_id)):
            await self.keys.abandon(login.user_id, idempotency_key)
            raise Conflict(pending_same_amount(amount), code="payment_pending")
        try:
            async with forget_login_on_refusal(session, "portal"):
                try:
                    created = await self.lending.create_payment_session(
                        login.access_token, int(login.user_id), amount, language
                    )
                except UpstreamRefused as exc:
                    if exc.status == 401:
                        raise  # the token: the login is forgotten
                    log.warning("payment_refused", status=exc.status, upstream_message=exc.message)
                    refused = refusal_of(exc)
                    if not isinstance(refused, LoanNotMapped):
                        # The lender's figure may have moved since this login read it (a payment
                        # booked from another device): an amount that no longer fits is said so.
                        await self.repayment(session, login)
                        payable_amount(request, login.remaining_amount or Decimal(0), login.minimum_payment)
                    raise refused from exc
        except Exception:
            # Any failure frees the key, so the same click may be retried.
            await self.keys.abandon(login.user_id, idempotency_key)
            raise
        payment = PaymentCreated(
            order_id=created.order_id,
            order_amount=in_paise(created.order_amount),
            payment_session_id=created.payment_session_id,
            payment_log_id=created.id,
        )
        await self.keys.finish(login.user_id, idempotency_key, amount, payment)
        # Remembered until the lender says how it went, whether or not the browser comes back.
        await self.pending.remember(
            login.user_id, payment.order_id, payment.payment_log_id, payment.order_amount, payment.payment_session_id
        )
        # And followed by the gateway itself until the lender has booked it (gateway/portal/follow_up.py).
        await self.follow_ups.add(payment.order_id, payment.payment_log_id)
        return payment

    async def _update_status(
        self, session: Session, login: PortalLogin, order_id: str, payment_log_id: int
    ) -> Settlement:
        async with forget_login_on_refusal(session, "portal"):
            try:
                return await self.lending.update_payment_status(
                    login.access_token, int(login.user_id), payment_log_id, order_id
                )
            except UpstreamRefused as exc:
                if exc.status in (403, 404):  # the lender's way of saying "not this borrower's payment"
                    raise NotFound(PAYMENT_NOT_FOUND, code="payment_not_found") from exc
                raise

    async def _refresh_owed(self, session: Session, login: PortalLogin) -> None:
        """After a payment settles, what is owed is asked again, so the next payment is judged on it."""
        try:
            await self.repayment(session, login)
        except UpstreamError as exc:  # the settled outcome stands; the next load asks again
            log.warning("owed_refresh_failed", status=exc.status)

    async def _entries(self, session: Session, login: PortalLogin) -> dict[int, PaymentHistoryEntry]:
        """The lender's records of this borrower's payments, by id; none when its history cannot
        be read now."""
        try:
            entries = await self._history(session, login)
        except UpstreamError as exc:  # a refused token is NotAuthenticated, not this
            log.warning("history_unavailable", status=exc.status)
            return {}
        return {e.payment_log_id: e for e in entries}

    async def _entry(self, session: Session, login: PortalLogin, payment_log_id: int) -> PaymentHistoryEntry | None:
        """The lender's record of this payment, or None when its history cannot be read now."""
        return (await self._entries(session, login)).get(payment_log_id)

    async def confirm(self, session: Session, login: PortalLogin, order_id: str, payment_log_id: int) -> PaymentOutcome:
        """After the checkout closes, however it closed: settle with the lender and say how it went.

        The outcome is the order's standing, never the browser's word: paid is 'completed'; not
        paid while the lender still lists the payment as pending (order open, no attempt) is
        'cancelled'; anything else is 'failed'. The lender's record of the payment adds what
        happened to the money (amount, reference, where the receipt went; why it failed)."""
        settled = await self._update_status(session, login, order_id, payment_log_id)
        if settled is Settlement.AWAITING_APPROVAL:
            # The lender has the payment and its checker is to approve the booking: it stays
            # pending (the re-check follows it until booked), and is never asked for again.
            return PaymentOutcome(message=PAYMENT_AWAITING_APPROVAL, status="awaitingApproval", order_id=order_id)
        if settled is Settlement.BANK_PENDING:
            # Tried and still with the payer's bank: kept pending (followed by the re-check), never
            # called cancelled or failed, and no second charge offered while it waits.
            return PaymentOutcome(message=PAYMENT_BANK_PENDING, status="bankPending", order_id=order_id)
        if settled is Settlement.REFUNDED:
            return await self._refunded(login, order_id)
        failed = settled is not Settlement.COMPLETED
        # The borrower saw the outcome: the payment is no longer shown as pending.
        await self.pending.forget(login.user_id, order_id)
        if not failed:
            await self._refresh_owed(session, login)
        entry = await self._entry(session, login, payment_log_id)
        if not failed:
            return completed(order_id, payment_log_id, entry)
        if settled is Settlement.EXPIRED:  # the bank never answered before its order expired
            return PaymentOutcome(message=PAYMENT_FAILED, status="failed", order_id=order_id, failure_reason="expired")
        if settled is Settlement.NOT_ATTEMPTED or (entry is not None and entry.status == "pending"):
            return PaymentOutcome(message=PAYMENT_CANCELLED, status="cancelled", order_id=order_id)
        reason = entry.failure_reason if entry is not None else None
        return PaymentOutcome(message=PAYMENT_FAILED, status="failed", order_id=order_id, failure_reason=reason)

    async def _refunded(self, login: PortalLogin, order_id: str) -> PaymentOutcome:
        """The lender refused to book the payment (its checker rejected it) and it is refunded in
        full: no longer pending, nothing owed less, and it may be paid again."""
        pending = await self.pending.one(login.user_id, order_id)
        await self.pending.forget(login.user_id, order_id)
        return PaymentOutcome(
            message=PAYMENT_REFUNDED,
            status="refunded",
            order_id=order_id,
            amount=in_paise(pending.amount) if pending is not None else None,
        )

    async def recheck(self, session: Session, login: PortalLogin) -> RecheckResult:
        """Re-check payments the browser never confirmed (a closed tab): settle what the provider
        took, forget what failed, keep what the lender still calls pending."""
        remembered = await self.pending.all(login.user_id)
        if not remembered:
            return RecheckResult(settled=[], pending=[])
        settled: list[PaymentOutcome] = []
        paid: list[PendingPayment] = []
        still: list[PendingPayment] = []
        statuses: dict[int, str] | None = None
        for payment in remembered:
            try:
                outcome = await self._update_status(session, login, payment.order_id, payment.payment_log_id)
            except NotFound:
                await self.pending.forget(login.user_id, payment.order_id)
                continue
            if outcome in (Settlement.NOT_ATTEMPTED, Settlement.AWAITING_APPROVAL, Settlement.BANK_PENDING):
                # The checkout is still open (it may yet be paid), or the lender's checker is yet
                # to approve the booking: followed at the next re-check.
                still.append(payment)
                continue
            if outcome is Settlement.COMPLETED:
                await self.pending.forget(login.user_id, payment.order_id)
                paid.append(payment)
                continue
            if outcome is Settlement.EXPIRED:  # ended unpaid: no longer pending, whatever the history lists
                await self.pending.forget(login.user_id, payment.order_id)
                continue
            if outcome is Settlement.REFUNDED:
                settled.append(await self._refunded(login, payment.order_id))
                continue
            if statuses is None:  # only asked when something did not complete
                statuses = {e.payment_log_id: e.status for e in await self._history(session, login)}
            if statuses.get(payment.payment_log_id, "pending") == "pending":
                still.append(payment)
            else:
                await self.pending.forget(login.user_id, payment.order_id)
        if paid:
            # Shown as a confirmed payment is: what the lender booked, its split, its receipt.
            await self._refresh_owed(session, login)
            entries = await self._entries(session, login)
            settled[:0] = [completed(p.order_id, p.payment_log_id, entries.get(p.payment_log_id)) for p in paid]
        elif settled:
            await self._refresh_owed(session, login)
        return RecheckResult(settled=settled, pending=still)

    async def _history(self, session: Session, login: PortalLogin) -> list[PaymentHistoryEntry]:
        async with forget_login_on_refusal(session, "portal"):
            return await self.lending.payment_history(login.access_token, int(login.user_id))

    async def history(self, session: Session, login: PortalLogin) -> list[PaymentRecord]:
        entries = await self._history(session, login)
        given_up = [entry.order_id for entry in entries if entry.status == "refundCancelled"]
        paid_otherwise = await self.paid_otherwise(given_up) if given_up else {}
        return [
            PaymentRecord(
                **msgspec.structs.asdict(entry)
                | {
                    "amount": in_paise(entry.amount),
                    "remaining_after": in_paise(entry.remaining_after) if entry.remaining_after is not None else None,
                    "allocation": in_paise_allocation(entry.allocation),
                }
                # Given back all the same, by the desk: the provider goes on saying the refund failed.
                | ({"status": "refunded"} if entry.order_id in paid_otherwise else {}),
                receipt_url=(
                    f"/api/portal/payments/{entry.payment_log_id}/receipt"
                    if entry.status == "paid" and entry.receipt_available
                    else None
                ),
                refund_reference=paid_otherwise.get(entry.order_id) or None,
            )
            for entry in entries
        ]

    async def receipt(
        self, session: Session, login: PortalLogin, payment_log_id: int, language: Language = DEFAULT
    ) -> bytes:
        async with forget_login_on_refusal(session, "portal"):
            try:
                return await self.lending.payment_receipt(
                    login.access_token, int(login.user_id), payment_log_id, language
                )
            except UpstreamRefused as exc:
                if exc.status in (403, 404):
                    raise NotFound(RECEIPT_NOT_FOUND, code="receipt_not_found") from exc
                raise
