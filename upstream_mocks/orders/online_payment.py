"""Online payment of a store order at the payment provider, over HTTP (the one provider client,
upstream_mocks/provider.py): wherever PAYMENTS_URL points, or the payments mock in this suite.

The orders service creates the provider order (its order id is the order number and the
attempt), closes it when the order is cancelled or changed to cash, refunds it, and settles the
store order once the provider says PAID, however often it is asked, as the lender does for
repayments. Each write carries an idempotency key of its own, made from what it is about, so a
retry is the same request.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from decimal import Decimal

import httpx
import structlog

from payments_client import CustomerDetails, OrderMeta, ProviderOrder, ProviderPayment, ProviderRefused
from upstream_mocks.clock import mocks_now, mocks_today
from upstream_mocks.money import rupees_text
from upstream_mocks.orders.pincodes import add_business_days
from upstream_mocks.orders.records import Order, Refund, ReturnRequest
from upstream_mocks.provider import provider, provider_controls
from upstream_mocks.texts import style, texts
from upstream_mocks.world import MockWorld

# Refund policy, section 3: online payments here are by card or UPI, both 2 to 4 business days.
REFUND_DAYS = (2, 4)
REFUND_TIMELINE = texts("en").refund_timeline
log = structlog.get_logger("upstream_mocks.orders")

WEBHOOK_PATH = "/_mocks/orders/webhooks/payments"
PROVIDER_DOWN = "The online payment could not be opened. Please try again."
# What a call to the provider may end in besides an answer: a refusal, or no answer at all.
UNREACHED = (ProviderRefused, httpx.HTTPError)


class CannotPay(Exception):
    """The provider could not open the checkout: nothing was placed."""


class ProviderView:
    """The provider order of a store order and its attempts, as the provider answered them now."""

    def __init__(self, order: ProviderOrder, attempts: list[ProviderPayment]) -> None:
        self.order = order
        self.attempts = attempts

    @property
    def status(self) -> str:
        return self.order.order_status

    @property
    def waiting(self) -> bool:
        """A payment still with the payer's bank: it may yet be taken."""
        return any(p.payment_status == "PENDING" for p in self.attempts)

    @property
    def paid(self) -> ProviderPayment | None:
        return next((p for p in self.attempts if p.payment_status == "SUCCESS"), None)


def awaiting(order: Order) -> bool:
    """An online order still waiting for its payment: what the provider says decides it."""
    return order.payment.method == "online" and order.payment.state == "pending" and order.status == "placed"


async def provider_view(world: MockWorld, order: Order) -> ProviderView | None:
    """GET the provider order and its payments; None when there is none or the provider did not answer."""
    if not order.payment.provider_order_id:
        return None
    try:
        async with provider(world) as pg:
            found = await pg.order(order.payment.provider_order_id)
            return ProviderView(found, await pg.payments(found.order_id))
    except UNREACHED as exc:
        log.warning("provider_order_unread", order=order.order_number, error=str(exc))
        return None


async def open_checkout(world: MockWorld, order: Order, return_url: str | None) -> None:
    """A provider order for the order's total, payable until the store's time to pay runs out.

    Raises CannotPay when the provider refused it or did not answer."""
    attempt = int(order.payment.provider_order_id.rsplit("-", 1)[-1]) + 1 if order.payment.provider_order_id else 1
    pay_by = mocks_now(world).replace(microsecond=0) + timedelta(minutes=world.settings.order_payment_minutes)
    if return_url:
        return_url = return_url.replace("{order_number}", order.order_number)
    provider_order_id = f"{order.order_number}-{attempt}"
    try:
        async with provider(world) as pg:
            made = await pg.create_order(
                key=f"{provider_order_id}-create",
                order_id=provider_order_id,
                # The total is exact to the paisa; the provider keeps it as a Decimal too.
                amount=order.payment.amount,
                customer=CustomerDetails(
                    customer_id=f"shopper-{order.user_id}",  # Cashfree takes 3 to 50 characters
                    customer_phone=order.address.mobile_number,
                    customer_name=order.address.name,
                ),
                # The provider tells the orders service's own server how the payment went (signed webhook).
                meta=OrderMeta(return_url=return_url, notify_url=f"{world.settings.origin}{WEBHOOK_PATH}"),
                note=f"Store order {order.order_number}",
                # Unpaid, the order expires with the provider's order and gives its stock back.
                expires_at=pay_by,
            )
    except UNREACHED as exc:
        log.warning("provider_order_not_created", order=order.order_number, error=str(exc))
        raise CannotPay(PROVIDER_DOWN) from exc
    order.payment.provider_order_id = made.order_id
    order.payment.payment_session_id = made.payment_session_id
    order.payment.pay_by = pay_by


async def settle(world: MockWorld, order: Order, now: datetime, view: ProviderView | None = None) -> bool:
    """Mark a pending online order paid when the provider's order is PAID; True only the once it does.

    A payment that lands on an order already cancelled or expired (it raced the termination of
    the provider's order) is refunded at once instead, and the refund shown on the order."""
    if order.payment.method != "online" or not order.payment.provider_order_id:
        return False
    if order.payment.state == "cancelled":
        return await refund_late_payment(world, order, now)
    if order.payment.state != "pending":
        return False
    view = view or await provider_view(world, order)
    if view is None:
        return False
    note_attempts(order, view)
    if view.status != "PAID" or order.payment.state != "pending":  # another call settled it meanwhile
        return False
    order.payment.state = "paid"
    order.payment.paid_at = now
    order.payment.payment_session_id = None
    order.updated_at = now
    return True


def note_attempts(order: Order, view: ProviderView) -> None:
    """What the provider's attempts say: the paying one's reference, or the last refusal while unpaid."""
    paid = view.paid
    pending = next((a for a in view.attempts if a.payment_status == "PENDING"), None)
    order.payment.bank_pending_since = (
        datetime.fromisoformat(pending.payment_time) if pending is not None and paid is None else None
    )
    if paid is not None:
        order.payment.provider_payment_id = paid.cf_payment_id
        order.payment.failed_at = None
        return
    failed = [a for a in view.attempts if a.payment_status in ("FAILED", "USER_DROPPED")]
    if failed:
        order.payment.failed_at = datetime.fromisoformat(failed[-1].payment_time)


class CannotSwitch(Exception):
    """The order cannot become cash on delivery: `code` says why."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


async def switch_to_cash(world: MockWorld, order: Order, now: datetime) -> None:
    """An unpaid online order becomes cash on delivery: its provider order is closed first, so
    the checkout can take nothing after; a payment that landed meanwhile keeps the order online."""
    if order.payment.method != "online" or order.payment.state != "pending" or order.status != "placed":
        raise CannotSwitch(
            409, "not_switchable", "Only an unpaid online order not yet packed can change to cash on delivery."
        )
    await close_checkout(world, order)
    if await settle(world, order, now):  # paid meanwhile
        raise CannotSwitch(409, "already_paid", "This order was paid online meanwhile, so it stays paid online.")
    view = await provider_view(world, order)
    if view is not None and view.status == "TERMINATION_REQUESTED":
        # A payment is still with the payer's bank: it may yet be taken, so the order stays online.
        raise CannotSwitch(
            409,
            "not_switchable",
            "A payment for this order is still waiting for your bank, so it cannot change to cash on delivery yet.",
        )
    if view is None or view.status == "ACTIVE":  # the provider did not close it, or did not say
        raise CannotSwitch(503, "provider_unavailable", "The online payment could not be closed. Please try again.")
    if order.payment.method != "online" or order.payment.state != "pending":  # changed meanwhile
        raise CannotSwitch(409, "not_switchable", "This order's payment changed meanwhile. Please look at it again.")
    order.payment.method = "cod"
    order.payment.state = "onDelivery"
    order.payment.payment_session_id = None
    order.payment.pay_by = None
    order.updated_at = now


async def expire_checkout(world: MockWorld, order: Order) -> bool:
    """QA: the provider's order of an unpaid order expires now (True), as its time ran out.

    A control of the payments mock (no provider has such a call), asked over HTTP wherever the
    provider is: another provider answers it not, and its own clock expires the order."""
    if order.payment.method != "online" or order.payment.state != "pending" or order.status != "placed":
        return False
    if not order.payment.provider_order_id:
        return False
    try:
        async with provider_controls(world) as controls:
            answer = await controls.post(f"orders/{order.payment.provider_order_id}/expire")
    except httpx.HTTPError as exc:
        log.warning("provider_order_not_expired", order=order.order_number, error=str(exc))
        return False
    return answer.status_code == 200


async def close_checkout(world: MockWorld, order: Order) -> None:
    """Terminate the provider's order of an unpaid order, so its checkout takes no payment.

    A provider that refuses or does not answer leaves it open (a QA scenario
    `{"mock": "payments", "path": "terminate", "status": 503}` does so as a provider that is
    down would): the cancellation stands, and a payment that still lands is refunded when the
    orders service next hears of it (webhook or status check)."""
    provider_order_id = order.payment.provider_order_id
    if not provider_order_id:
        return
    scenario = world.scenario_for("payments", "PATCH", "terminate")
    if scenario is not None and scenario.status:
        log.warning("provider_order_not_terminated", order=order.order_number, status=scenario.status)
        return
    try:
        async with provider(world) as pg:
            if (await pg.order(provider_order_id)).order_status != "ACTIVE":
                return
            await pg.terminate(provider_order_id, key=f"{provider_order_id}-terminate")
    except UNREACHED as exc:  # paid meanwhile (409): the caller's settle refunds it
        log.info("provider_order_not_terminated", order=order.order_number, error=str(exc))


async def give_back(world: MockWorld, order: Order, refund_id: str, amount: Decimal, note: str) -> str | None:
    """Refund `amount` of the provider's paid order once: the refund id (and its idempotency key)
    is made from what is given back, and one the provider already has is not asked again.
    Answers the refund id, None when the order is not paid at the provider or it did not answer."""
    provider_order_id = order.payment.provider_order_id
    if not provider_order_id:
        return None
    try:
        async with provider(world) as pg:
            if (await pg.order(provider_order_id)).order_status != "PAID":
                return None
            if any(r.refund_id == refund_id for r in await pg.refunds(provider_order_id)):
                return refund_id
            await pg.refund(provider_order_id, refund_id=refund_id, amount=amount, key=refund_id, note=note)
    except UNREACHED as exc:
        log.warning("provider_refund_not_made", order=order.order_number, refund_id=refund_id, error=str(exc))
        return None
    return refund_id


async def refund_to_source(world: MockWorld, order: Order, note: str) -> date:
    """Refund the provider's payment in full (once: the refund id is the provider order's); the last day expected."""
    await give_back(world, order, f"{order.payment.provider_order_id}-refund", order.payment.amount, note)
    return add_business_days(mocks_today(world), REFUND_DAYS[1])


async def refund_late_payment(world: MockWorld, order: Order, now: datetime) -> bool:
    view = await provider_view(world, order)
    if view is None or view.status != "PAID" or order.payment.state != "cancelled":
        return False
    order.payment.state = "refundInitiated"  # before the await: a second caller finds it refunding
    amount = order.payment.amount
    last = await refund_to_source(world, order, "Paid after the order was cancelled")
    order.payment.paid_at = now
    order.payment.payment_session_id = None
    order.updated_at = now
    order.refund = Refund(
        kind="toSource",
        amount=amount,
        initiated_at=now,
        expected_by=last,
        timeline=REFUND_TIMELINE,
        paid_after_cancelling=True,
        # The order's data, in English like its other texts; a mail words it in the order's language.
        message=texts("en").refund_late_payment.format(
            amount=rupees_text(amount), timeline=REFUND_TIMELINE, date=style.day("en", last)
        ),
    )
    return True


async def pay_time_over(world: MockWorld, order: Order, now: datetime, view: ProviderView | None = None) -> bool:
    """An unpaid online order whose provider order expired: it is to be cancelled as expired.

    A payment still with the payer's bank may yet be taken: the order waits for the bank's
    answer, up to `order_bank_wait_minutes` past its time to pay; then it is cancelled as
    expired all the same (a success after that is refunded: `settle`)."""
    if order.payment.method != "online" or order.payment.state != "pending" or order.status != "placed":
        return False
    view = view or await provider_view(world, order)
    if view is None or view.status != "EXPIRED":
        return False
    bank_wait = timedelta(minutes=world.settings.order_bank_wait_minutes)
    if view.waiting and order.payment.pay_by is not None and now < order.payment.pay_by + bank_wait:
        return False
    return order.payment.state == "pending" and order.status == "placed"


async def refund_return(world: MockWorld, order: Order, ret: ReturnRequest) -> str | None:
    """Refund a return's amount at the provider, keyed by the return (a repeat answers the same
    refund); the provider's REFUND_STATUS_WEBHOOK says when the bank has paid it out."""
    made = await give_back(world, order, f"{ret.number}-refund", ret.amount, f"Return {ret.number}")
    if made is None:
        log.warning("return_refund_without_payment", order=order.order_number, ret=ret.number)
    return made


async def settle_return_refund(world: MockWorld, order: Order, ret: ReturnRequest) -> None:
    """QA's next step after 'received': the bank pays the return's refund out now, if it has not,
    and the provider says so by webhook. A control of the payments mock, asked over HTTP wherever
    the provider is; another provider pays out in its own time."""
    provider_order_id = order.payment.provider_order_id
    if not provider_order_id or not ret.provider_refund_id:
        return
    try:
        async with provider(world) as pg:
            made = [r for r in await pg.refunds(provider_order_id) if r.refund_id == ret.provider_refund_id]
        if not made or made[0].refund_status not in ("PENDING", "ONHOLD"):
            return
        async with provider_controls(world) as controls:
            answer = await controls.post(f"refunds/{made[0].cf_refund_id}/bank", json={"refund_status": "SUCCESS"})
    except UNREACHED as exc:
        log.warning("return_refund_not_paid_out", order=order.order_number, ret=ret.number, error=str(exc))
        return
    if answer.status_code != 200:
        log.warning("return_refund_not_paid_out", order=order.order_number, ret=ret.number, status=answer.status_code)


async def follow_refund(world: MockWorld, paid_out: set[str], order: Order) -> None:
    """A cancelled order's refund is followed until the bank has paid it out: one it gave up
    (CANCELLED, or FAILED as Cashfree's text names it), or one never made (the provider did not
    answer), is asked again under the next refund id; one PENDING or ONHOLD is waited for."""
    provider_order_id = order.payment.provider_order_id
    if order.payment.method != "online" or order.payment.state != "refundInitiated" or not provider_order_id:
        return
    if provider_order_id in paid_out:
        return
    base = f"{provider_order_id}-refund"
    try:
        async with provider(world) as pg:
            made = [
                r for r in await pg.refunds(provider_order_id) if r.refund_id.split("-refund")[0] == provider_order_id
            ]
    except UNREACHED as exc:
        log.warning("provider_refunds_unread", order=order.order_number, error=str(exc))
        return
    if any(r.refund_status == "SUCCESS" for r in made):
        paid_out.add(provider_order_id)
        return
    if any(r.refund_status in ("PENDING", "ONHOLD") for r in made):
        return
    refund_id = base if not made else f"{base}-{len(made) + 1}"
    log.warning("refund_asked_again", order=order.order_number, refund_id=refund_id, given_up=len(made))
    await give_back(world, order, refund_id, order.payment.amount, "Refund of a cancelled order")
