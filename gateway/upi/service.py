"""Start a UPI payment on a provider order and say how the last one stands.

The provider's "Order Pay" takes the order's payment session (which stays with the gateway) and
answers intent links or a QR; the payment is then PENDING until the payer answers in their UPI
app. No second UPI payment is started while one is pending or after one was taken: a payer who
scans twice is never charged twice. The payer's bank keeps a request open for `UPI_WINDOW`
(docs/decisions/upi-payments.md): the page counts down from the seconds we answer.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from decimal import Decimal

import msgspec
import structlog

from gateway.plumbing.clock import Clock
from gateway.plumbing.errors import Conflict, UpstreamError, UpstreamUnavailable
from gateway.sessions.store import SessionStore, keyspace
from gateway.upi.schemas import UpiApp, UpiAppLink, UpiChannel, UpiPayment, UpiState, UpiStatus
from gateway.upstreams.payments import PaymentsClient
from payments_client import ProviderPayment, ProviderRefused, UpiSession

log = structlog.get_logger(__name__)

UPI_WINDOW = timedelta(minutes=5)
UPI_PENDING = "A UPI payment for this is waiting for your answer in your UPI app. Finish or cancel it there."
ALREADY_PAID = "This has been paid already."
NOT_PAYABLE = "This can no longer be paid by UPI. Please look at it again."
PROVIDER_DOWN = "UPI payments cannot be started right now. Please try again in a minute."
# Only links a phone's UPI apps open, and only a PNG, reach the page: anything else from the
# provider (a javascript: link, an image of another kind) is refused, never shown.
APP_SCHEMES: dict[str, tuple[UpiApp, str]] = {
    "default": ("any", "upi://pay?"),
    "gpay": ("gpay", "tez://upi/pay?"),
    "phonepe": ("phonepe", "phonepe://pay?"),
    "paytm": ("paytm", "paytmmp://pay?"),
}
QR_PREFIX = "data:image/png;base64,"


def _time(stamp: str) -> datetime:
    return datetime.fromisoformat(stamp)


def attempt_state(payment: ProviderPayment) -> UpiState:
    if payment.payment_status == "SUCCESS":
        return "paid"
    if payment.payment_status == "PENDING":
        return "pending"
    if payment.payment_status == "USER_DROPPED":
        return "cancelled"
    ended = payment.payment_completion_time
    # A request the payer's bank let lapse ends FAILED when its window has run: expired, not refused.
    if ended is not None and _time(ended) - _time(payment.payment_time) >= UPI_WINDOW:
        return "expired"
    return "failed"


class UpiService:
    def __init__(self, account: Callable[[str], PaymentsClient], clock: Clock, store: SessionStore) -> None:
        # The provider as the account a provider order was made on: the store's for a store
        # order, its lender's own for a repayment (an account sees only its own orders).
        self.account = account
        self.clock = clock
        # Each click's answer, kept for the payer's window: a retry whose first answer was lost
        # gets the same links or QR again, never a refusal of its own pending payment.
        self._answers, self._prefix = keyspace(store, "upi_answer")

    def _key(self, provider_order_id: str, key: str) -> str:
        return f"{self._prefix}{provider_order_id}:{key}"

    async def _left(self, payment: ProviderPayment) -> int:
        left = _time(payment.payment_time) + UPI_WINDOW - await self.clock.now()
        return max(0, min(int(left.total_seconds()), int(UPI_WINDOW.total_seconds())))

    async def status(self, provider_order_id: str) -> UpiStatus:
        attempts = await self.account(provider_order_id).order_payments(provider_order_id)
        if not attempts:
            return UpiStatus(state="none")
        paid = next((p for p in attempts if p.payment_status == "SUCCESS"), None)
        last = paid or attempts[-1]
        state = attempt_state(last)
        return UpiStatus(state=state, expires_in_seconds=await self._left(last) if state == "pending" else 0)

    async def start(self, provider_order_id: str, payment_session_id: str, channel: UpiChannel, key: str) -> UpiPayment:
        earlier = await self._answers.get(self._key(provider_order_id, key))
        if earlier is not None:
            return msgspec.json.decode(earlier, type=UpiPayment)
        attempts = await self.account(provider_order_id).order_payments(provider_order_id)
        if any(p.payment_status == "SUCCESS" for p in attempts):
            raise Conflict(ALREADY_PAID, code="already_paid")
        if any(p.payment_status == "PENDING" for p in attempts):
            raise Conflict(UPI_PENDING, code="payment_pending")
        try:
            made = await self.account(provider_order_id).provider.pay_by_upi(
                payment_session_id, "link" if channel == "intent" else "qrcode", f"upi-{provider_order_id}-{key}"
            )
        except ProviderRefused as exc:
            if exc.status in (400, 404, 409, 422):
                log.warning("upi_refused", status=exc.status, code=exc.code)
                raise Conflict(NOT_PAYABLE, code="nothing_to_pay") from exc
            raise UpstreamUnavailable(PROVIDER_DOWN, upstream="payments", status=exc.status) from exc
        answer = _view(made, channel, provider_order_id, int(UPI_WINDOW.total_seconds()))
        await self._answers.set(
            self._key(provider_order_id, key), msgspec.json.encode(answer), expires_in=int(UPI_WINDOW.total_seconds())
        )
        return answer


def _view(made: UpiSession, channel: UpiChannel, reference: str, seconds: int) -> UpiPayment:
    payload = made.data.payload
    amount = f"{made.payment_amount.quantize(Decimal('0.01'))}"
    if channel == "qr":
        image = payload.get("qrcode", "")
        if not image.startswith(QR_PREFIX):
            raise UpstreamError(PROVIDER_DOWN, upstream="payments", status=200, code="upstream_error")
        return UpiPayment(
            channel="qr",
            state="pending",
            amount=amount,
            reference=reference,
            expires_in_seconds=seconds,
            qr_image=image,
        )
    apps = [
        UpiAppLink(app=app, link=payload[name])
        for name, (app, prefix) in APP_SCHEMES.items()
        if payload.get(name, "").startswith(prefix)
    ]
    if not any(a.app == "any" for a in apps):
        raise UpstreamError(PROVIDER_DOWN, upstream="payments", status=200, code="upstream_error")
    return UpiPayment(
        channel="intent", state="pending", amount=amount, reference=reference, expires_in_seconds=seconds, apps=apps
    )
