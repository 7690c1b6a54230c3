"""The portal's rules: logging a borrower in, what they owe, creating and confirming payments."""

from __future__ import annotations

import re

import structlog

from gateway.errors import InvalidInput, NotFound, UpstreamError, UpstreamRefused
from gateway.otp import CodeSender
from gateway.portal.idempotency import IdempotencyKeys
from gateway.portal.schemas import (
    CreatePaymentRequest,
    PaymentCreated,
    PaymentOutcome,
    RepaymentView,
    VerifyResponse,
)
from gateway.sessions import PortalLogin, Session
from gateway.sessions.controller import PortalSessionView
from gateway.sessions.logins import forget_login_on_refusal, start_login
from gateway.upstreams.lending import LendingClient

log = structlog.get_logger("gateway.portal")

VERIFIED = "OTP verified successfully!"
VERIFY_FAILED = "Error verifying OTP."
PAYMENT_NOT_MAPPED = "Payment is either not mapped or the financier is not authorized to receive payment"
PAYMENT_COMPLETED = "Payment process completed"
PAYMENT_FAILED = "Payment failed"
PAYMENT_NOT_FOUND = "Payment not found."
AMOUNT_ABOVE_ZERO = "Please enter an amount above 0."
AMOUNT_DECIMALS = "Please enter an amount in rupees with at most 2 decimals."
NOTHING_OWED = "You do not have any pending payment"
KEY_REQUIRED = "An Idempotency-Key header (8 to 128 letters, digits or dashes) is required."

_IDEMPOTENCY_KEY = re.compile(r"^[A-Za-z0-9_-]{8,128}$")


def amount_too_high(owed: float) -> str:
    return f"The amount cannot be more than the overdue amount of ₹{owed:,.2f}."


class PaymentRefused(UpstreamError):
    """The lender would not create a payment for this borrower (e.g. no financier mapped)."""

    status_code = 422
    code = "payment_not_available"


def payable_amount(request: CreatePaymentRequest, owed: float) -> float:
    """The rupees to pay: what is owed, or the partial amount if it is above 0 and not above that."""
    if owed <= 0:
        raise InvalidInput(NOTHING_OWED, code="nothing_owed")
    if request.mode == "totalOverdue":
        return round(owed, 2)
    amount = request.amount or 0.0
    if amount <= 0:
        raise InvalidInput(AMOUNT_ABOVE_ZERO, field="amount")
    if abs(round(amount, 2) - amount) > 1e-9:
        raise InvalidInput(AMOUNT_DECIMALS, field="amount")
    if round(amount, 2) > round(owed, 2):
        raise InvalidInput(amount_too_high(owed), field="amount")
    return round(amount, 2)


def check_idempotency_key(key: str | None) -> str:
    if key is None or not _IDEMPOTENCY_KEY.match(key):
        raise InvalidInput(KEY_REQUIRED, code="idempotency_key_required", field="Idempotency-Key")
    return key


class PortalService:
    def __init__(self, lending: LendingClient, codes: CodeSender, keys: IdempotencyKeys) -> None:
        self.lending = lending
        self.codes = codes
        self.keys = keys

    async def verify(self, session: Session, mobile_number: str, otp: str) -> VerifyResponse:
        await self.codes.attempt("portal", session, mobile_number)
        try:
            token, record = await self.lending.verify_repayment_otp(mobile_number, otp)
        except UpstreamRefused as exc:
            raise InvalidInput(exc.message or VERIFY_FAILED, code="otp_rejected", field="otp") from exc
        session.record.pending.pop("portal", None)
        if record.total_repayment_amount is None:
            # Nothing to repay: the borrower is told so and is not kept logged in.
            await session.save()
            return VerifyResponse(message=NOTHING_OWED, outcome="nopayment")
        login = PortalLogin(
            user_id=str(record.user_id),
            user_name=record.user_name,
            mobile_number=record.mobile_number,
            access_token=token,
            total_repayment_amount=record.total_repayment_amount,
            remaining_amount=record.remaining_amount,
        )
        await start_login(session, login)
        view = PortalSessionView(verified=True, user_name=login.user_name, mobile_number=login.mobile_number)
        return VerifyResponse(message=VERIFIED, outcome="payment", portal=view)

    async def repayment(self, session: Session, login: PortalLogin) -> RepaymentView:
        async with forget_login_on_refusal(session, "portal"):
            detail = await self.lending.repayment_detail(login.access_token, int(login.user_id))
        if login.remaining_amount != detail.remaining_amount:
            # Remembered so an amount can be checked without asking the lender again.
            login.remaining_amount = detail.remaining_amount
            await session.save()
        return RepaymentView(
            user_name=login.user_name,
            mobile_number=login.mobile_number,
            remaining_amount=detail.remaining_amount,
            late_fees=detail.late_fees,
            pending_amount=detail.pending_amount,
        )

    async def create_payment(
        self, session: Session, login: PortalLogin, request: CreatePaymentRequest, key: str | None
    ) -> PaymentCreated:
        idempotency_key = check_idempotency_key(key)
        if login.remaining_amount is None:
            await self.repayment(session, login)
        amount = payable_amount(request, login.remaining_amount or 0.0)
        earlier = await self.keys.begin(login.user_id, idempotency_key, amount)
        if earlier is not None:
            return earlier
        try:
            async with forget_login_on_refusal(session, "portal"):
                try:
                    created = await self.lending.create_payment_session(login.access_token, int(login.user_id), amount)
                except UpstreamRefused as exc:
                    if exc.status == 401:
                        raise  # the token: the login is forgotten
                    log.warning("payment_refused", status=exc.status, upstream_message=exc.message)
                    raise PaymentRefused(PAYMENT_NOT_MAPPED, upstream="lending", status=exc.status) from exc
        except Exception:
            # Any failure frees the key, so the same click may be retried.
            await self.keys.abandon(login.user_id, idempotency_key)
            raise
        payment = PaymentCreated(
            order_id=created.order_id,
            order_amount=created.order_amount,
            payment_session_id=created.payment_session_id,
            payment_log_id=created.id,
        )
        await self.keys.finish(login.user_id, idempotency_key, amount, payment)
        return payment

    async def confirm(self, session: Session, login: PortalLogin, order_id: str, payment_log_id: int) -> PaymentOutcome:
        async with forget_login_on_refusal(session, "portal"):
            try:
                message = await self.lending.update_payment_status(
                    login.access_token, int(login.user_id), payment_log_id, order_id
                )
            except UpstreamRefused as exc:
                if exc.status in (403, 404):  # the lender's way of saying "not this borrower's payment"
                    raise NotFound(PAYMENT_NOT_FOUND, code="payment_not_found") from exc
                raise
        failed = not message or message == PAYMENT_FAILED
        return PaymentOutcome(message=message or PAYMENT_FAILED, status="failed" if failed else "completed")
