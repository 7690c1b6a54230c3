"""Online payment of a store order at the card-payment provider (the payments mock, in-process).

The orders service creates the provider order (its order id is the order number) and settles
the store order once the provider says PAID, however often it is asked, as the lender does for
repayments.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta

import structlog

from upstream_mocks.clock import mocks_now, mocks_today
from upstream_mocks.money import rupees_text
from upstream_mocks.orders.pincodes import add_business_days
from upstream_mocks.orders.records import Order, Refund, ReturnRequest
from upstream_mocks.payments.delivery import deliver_refund_webhook
from upstream_mocks.payments.orders import (
    CannotChange,
    CustomerDetails,
    OrderMeta,
    create_order,
    find_refund,
    get_order,
    payments_for,
    refund_order,
    settle_refund,
    terminate_order,
)
from upstream_mocks.texts import style, texts
from upstream_mocks.world import MockWorld

# Refund policy, section 3: online payments here are by card or UPI, both 2 to 4 business days.
REFUND_DAYS = (2, 4)
REFUND_TIMELINE = texts("en").refund_timeline
log = structlog.get_logger("upstream_mocks.orders")

WEBHOOK_PATH = "/_mocks/orders/webhooks/payments"


def open_checkout(world: MockWorld, order: Order, return_url: str | None) -> None:
    """A provider order for the order's total; a retry after expiry gets a new provider order id."""
    previous = get_order(world, order.payment.provider_order_id) if order.payment.provider_order_id else None
    attempt = 1 if previous is None else int(previous.order_id.split("-")[-1]) + 1
    return_url = return_url or (previous.order_meta.return_url if previous else None)
    pay_by = mocks_now(world).replace(microsecond=0) + timedelta(minutes=world.settings.order_payment_minutes)
    if return_url:
        return_url = return_url.replace("{order_number}", order.order_number)
    provider = create_order(
        world,
        order_id=f"{order.order_number}-{attempt}",
        # The total is exact to the paisa; the provider keeps it as a Decimal too.
        order_amount=order.payment.amount,
        customer=CustomerDetails(
            customer_id=str(order.user_id),
            customer_phone=order.address.mobile_number,
            customer_name=order.address.name,
        ),
        # The provider tells the orders service's own server how the payment went (signed webhook).
        order_meta=OrderMeta(
            return_url=return_url, notify_url=f"{world.settings.origin}/_mocks/orders/webhooks/payments"
        ),
        order_note=f"Store order {order.order_number}",
        # Unpaid, the order expires with the provider's order and gives its stock back.
        order_expiry_time=pay_by,
    )
    order.payment.provider_order_id = provider.order_id
    order.payment.payment_session_id = provider.payment_session_id
    order.payment.pay_by = pay_by


def settle(world: MockWorld, order: Order, now: datetime) -> bool:
    """Mark a pending online order paid when the provider's order is PAID; True only the once it does.

    A payment that lands on an order already cancelled or expired (it raced the termination of
    the provider's order) is refunded at once instead, and the refund shown on the order."""
    if order.payment.method != "online" or not order.payment.provider_order_id:
        return False
    if order.payment.state == "cancelled":
        return refund_late_payment(world, order, now)
    if order.payment.state != "pending":
        return False
    note_attempts(world, order)
    provider = get_order(world, order.payment.provider_order_id)
    if provider is None or provider.order_status != "PAID":
        return False
    order.payment.state = "paid"
    order.payment.paid_at = now
    order.payment.payment_session_id = None
    order.updated_at = now
    return True


def note_attempts(world: MockWorld, order: Order) -> None:
    """What the provider's attempts say: the paying one's reference, or the last refusal while unpaid."""
    if not order.payment.provider_order_id:
        return
    attempts = payments_for(world, order.payment.provider_order_id)
    paid = next((a for a in attempts if a.payment_status == "SUCCESS"), None)
    if paid is not None:
        order.payment.provider_payment_id = paid.cf_payment_id
        order.payment.failed_at = None
        return
    failed = [a for a in attempts if a.payment_status in ("FAILED", "USER_DROPPED")]
    if failed:
        order.payment.failed_at = datetime.fromisoformat(failed[-1].payment_time)


class CannotSwitch(Exception):
    """The order cannot become cash on delivery: `code` says why."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


def switch_to_cash(world: MockWorld, order: Order, now: datetime) -> None:
    """An unpaid online order becomes cash on delivery: its provider order is closed first, so
    the checkout can take nothing after; a payment that landed meanwhile keeps the order online."""
    if order.payment.method != "online" or order.payment.state != "pending" or order.status != "placed":
        raise CannotSwitch(
            409, "not_switchable", "Only an unpaid online order not yet packed can change to cash on delivery."
        )
    close_checkout(world, order)
    if settle(world, order, now):  # paid meanwhile
        raise CannotSwitch(409, "already_paid", "This order was paid online meanwhile, so it stays paid online.")
    provider = get_order(world, order.payment.provider_order_id) if order.payment.provider_order_id else None
    if provider is not None and provider.order_status == "TERMINATION_REQUESTED":
        # A payment is still with the payer's bank: it may yet be taken, so the order stays online.
        raise CannotSwitch(
            409,
            "not_switchable",
            "A payment for this order is still waiting for your bank, so it cannot change to cash on delivery yet.",
        )
    if provider is not None and provider.order_status == "ACTIVE":  # the provider did not close it
        raise CannotSwitch(503, "provider_unavailable", "The online payment could not be closed. Please try again.")
    order.payment.method = "cod"
    order.payment.state = "onDelivery"
    order.payment.payment_session_id = None
    order.payment.pay_by = None
    order.updated_at = now


def expire_checkout(world: MockWorld, order: Order, now: datetime) -> bool:
    """QA: the provider's order of an unpaid order expires now (True), as its time ran out."""
    if order.payment.method != "online" or order.payment.state != "pending" or order.status != "placed":
        return False
    provider = get_order(world, order.payment.provider_order_id) if order.payment.provider_order_id else None
    if provider is None or provider.order_status != "ACTIVE":
        return False
    provider.order_expiry_time = now.isoformat(timespec="seconds")
    provider.order_status = "EXPIRED"
    return True


def close_checkout(world: MockWorld, order: Order) -> None:
    """Terminate the provider's order of an unpaid order, so its checkout takes no payment.

    A QA scenario `{"mock": "payments", "path": "terminate", "status": 503}` makes it fail, as a
    provider that is down would: the cancellation stands, and a payment that still lands is
    refunded when the orders service next hears of it (webhook or status check)."""
    provider = get_order(world, order.payment.provider_order_id) if order.payment.provider_order_id else None
    if provider is None or provider.order_status != "ACTIVE":
        return
    scenario = world.scenario_for("payments", "PATCH", "terminate")
    if scenario is not None and scenario.status:
        log.warning("provider_order_not_terminated", order=order.order_number, status=scenario.status)
        return
    try:
        terminate_order(world, provider)
    except CannotChange as exc:  # paid meanwhile: the caller's settle refunds it
        log.info("provider_order_not_terminated", order=order.order_number, code=exc.code)


def refund_to_source(world: MockWorld, order: Order, note: str) -> date:
    """Refund the provider's payment in full (once: the refund id is the provider order's); the last day expected."""
    provider = get_order(world, order.payment.provider_order_id) if order.payment.provider_order_id else None
    if provider is not None and provider.order_status == "PAID":
        refund_order(world, provider, provider.order_amount, f"{provider.order_id}-refund", note)
    return add_business_days(mocks_today(world), REFUND_DAYS[1])


def refund_late_payment(world: MockWorld, order: Order, now: datetime) -> bool:
    provider = get_order(world, order.payment.provider_order_id) if order.payment.provider_order_id else None
    if provider is None or provider.order_status != "PAID":
        return False
    amount = order.payment.amount
    last = refund_to_source(world, order, "Paid after the order was cancelled")
    order.payment.state = "refundInitiated"
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


def pay_time_over(world: MockWorld, order: Order) -> bool:
    """An unpaid online order whose provider order expired: it is to be cancelled as expired."""
    if order.payment.method != "online" or order.payment.state != "pending" or order.status != "placed":
        return False
    provider = get_order(world, order.payment.provider_order_id) if order.payment.provider_order_id else None
    if provider is None or provider.order_status != "EXPIRED":
        return False
    # A payment still with the payer's bank may yet be taken: the order waits for its answer.
    return not any(p.payment_status == "PENDING" for p in payments_for(world, provider.order_id))


def refund_return(world: MockWorld, order: Order, ret: ReturnRequest) -> str | None:
    """Refund a return's amount at the provider, keyed by the return (a repeat answers the same
    refund); it is PENDING until the bank pays it out, which the refund webhook reports."""
    provider = get_order(world, order.payment.provider_order_id) if order.payment.provider_order_id else None
    if provider is None or provider.order_status != "PAID":
        log.warning("return_refund_without_payment", order=order.order_number, ret=ret.number)
        return None
    refund = refund_order(world, provider, ret.amount, f"{ret.number}-refund", f"Return {ret.number}", settled=False)
    world.spawn(deliver_refund_webhook(world, provider, refund))
    return refund.refund_id


def settle_return_refund(world: MockWorld, order: Order, ret: ReturnRequest) -> None:
    """QA's next step after 'received': the bank pays the return's refund out now, if it has not."""
    if order.payment.provider_order_id and ret.provider_refund_id:
        refund = find_refund(world, order.payment.provider_order_id, ret.provider_refund_id)
        if refund is not None:
            settle_refund(world, refund)
