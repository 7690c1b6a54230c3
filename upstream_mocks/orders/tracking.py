"""Where an order is: its status machine, the time-based default, cancellation and refunds.

placed -> packed -> shipped -> outForDelivery -> delivered, one step at a time. A failed
delivery attempt sends an order out for delivery back to shipped; the third sends the goods
back to the seller (returned), as the shipping policy and the terms say. The shopper may cancel
while the order is placed, packed or shipped (the FAQ's rule), never after delivery.

Left alone, an order moves by itself: each step falls due at a fixed share of the time between
placing it and the latest delivery promised (so a one-hour order is delivered within the hour,
a standard one within the policy's business days). QA moves it at once with the advance call.
An online order waits for its payment before it moves.

Changes never await, so a status is never read half-changed; mails go out afterwards.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Literal

from upstream_mocks.ist import IST
from upstream_mocks.lending import credit
from upstream_mocks.money import rupees_text
from upstream_mocks.orders import online_payment
from upstream_mocks.orders.pincodes import add_business_days, next_attempt
from upstream_mocks.orders.records import (
    CreditNote,
    Invoice,
    Order,
    OrdersState,
    OrderStatus,
    Refund,
    TimelineEvent,
)
from upstream_mocks.texts import style, texts
from upstream_mocks.world import MockWorld

Step = Literal["next", "deliveryFailed"]

FORWARD: tuple[OrderStatus, ...] = ("placed", "packed", "shipped", "outForDelivery", "delivered")
CANCELLABLE: frozenset[OrderStatus] = frozenset({"placed", "packed", "shipped"})
DELIVERY_ATTEMPTS = 3
# Share of the window from placing to the latest promised delivery at which each step falls due.
SCHEDULE: dict[OrderStatus, float] = {"packed": 1 / 6, "shipped": 2 / 6, "outForDelivery": 4 / 6, "delivered": 5 / 6}
# Refund policy, section 3: online payments here are by card or UPI, both 2 to 4 business days.
REFUND_DAYS = (2, 4)
# An order's own texts (its refund's words) are English data; its mails are in its language.
ENGLISH = texts("en")
REFUND_TIMELINE = ENGLISH.refund_timeline
CANCELLED_REASON = ENGLISH.credit_reason_cancelled
RETURNED_REASON = ENGLISH.credit_reason_returned
EXPIRED_REASON = ENGLISH.credit_reason_expired
EXPIRED_NOTE = EXPIRED_REASON  # the cancelled step's note on the timeline


class CannotChange(Exception):
    """A step or cancellation the order's state does not allow; the message says why."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message


def _record(order: Order, status: OrderStatus, at: datetime, note: str | None = None) -> None:
    order.status = status
    order.updated_at = at
    order.timeline.append(TimelineEvent(status=status, at=at, note=note))


def placed(order: Order) -> None:
    """The first timeline entry, when the order is taken."""
    order.timeline = [TimelineEvent(status="placed", at=order.created_at)]


def _awaiting_payment(order: Order) -> bool:
    return order.payment.method == "online" and order.payment.state == "pending"


def _forward(state: OrdersState, order: Order, at: datetime) -> OrderStatus:
    following = FORWARD[FORWARD.index(order.status) + 1]
    note = None
    if following == "outForDelivery" and order.delivery_attempts:
        note = f"Delivery attempt {order.delivery_attempts + 1} of {DELIVERY_ATTEMPTS}"
    _record(order, following, at, note)
    if following == "shipped" and order.invoice is None:
        # A tax invoice is issued when the goods leave the seller (removal of goods).
        order.invoice = Invoice(number=state.new_invoice_number(at.astimezone(IST).date()), issued_at=at)
    if following == "delivered" and order.payment.method == "cod":
        order.payment.state = "paid"  # the cash was collected at the door
        order.payment.paid_at = at
    return following


async def step(world: MockWorld, state: OrdersState, order: Order, at: datetime, how: Step = "next") -> OrderStatus:
    """Move the order one step (QA's advance call, or the time-based default); answers the new status."""
    if order.status not in FORWARD or order.status == "delivered":
        raise CannotChange("order_closed", f"Order {order.order_number} is {order.status}; it moves no further.")
    if _awaiting_payment(order):
        raise CannotChange("awaiting_payment", f"Order {order.order_number} waits for its online payment.")
    if how == "next":
        return _forward(state, order, at)
    if order.status != "outForDelivery":
        raise CannotChange("not_out_for_delivery", "Only an order out for delivery can have a failed delivery.")
    order.delivery_attempts += 1
    note = f"Delivery attempt {order.delivery_attempts} of {DELIVERY_ATTEMPTS} failed"
    if order.delivery_attempts < DELIVERY_ATTEMPTS:
        _record(order, "shipped", at, note)
        # The promise follows the order: the next attempt's day, never the hour that has passed.
        order.delivery = next_attempt(at)
        return "shipped"
    _record(order, "returned", at, f"{note}; the order went back to the seller")
    await give_back(world, state, order, at, RETURNED_REASON)
    return "returned"


def due_at(order: Order, status: OrderStatus) -> datetime:
    window = order.delivery.latest_by - order.created_at
    return order.created_at + window * SCHEDULE[status]


def catch_up(state: OrdersState, order: Order, now: datetime) -> list[OrderStatus]:
    """Apply every step that has fallen due by `now`, each at its due time; answers the new statuses."""
    reached: list[OrderStatus] = []
    while order.status in FORWARD and order.status != "delivered" and not _awaiting_payment(order):
        following = FORWARD[FORWARD.index(order.status) + 1]
        when = max(due_at(order, following), order.updated_at)
        if when > now or order.delivery_attempts:  # after a failed attempt QA drives the order
            break
        reached.append(_forward(state, order, when))
    return reached


def refund_for(order: Order, at: datetime) -> Refund:
    """What the payment used gets back (refund policy, sections 1.4 and 3)."""
    payment = order.payment
    amount = payment.amount
    if payment.method == "credit" and payment.state == "onCredit":
        payment.state = "creditReversed"
        return Refund(
            kind="creditReversed",
            amount=amount,
            initiated_at=at,
            expected_by=None,
            timeline="at once",
            message=ENGLISH.refund_credit_reversed.format(amount=rupees_text(amount)),
        )
    if payment.method == "online" and payment.state == "paid":
        payment.state = "refundInitiated"
        last: date = add_business_days(at.astimezone(IST).date(), REFUND_DAYS[1])
        return Refund(
            kind="toSource",
            amount=amount,
            initiated_at=at,
            expected_by=last,
            timeline=REFUND_TIMELINE,
            message=ENGLISH.refund_to_source.format(
                amount=rupees_text(amount), timeline=REFUND_TIMELINE, date=style.day("en", last)
            ),
        )
    payment.state = "cancelled"
    payment.payment_session_id = None
    return Refund(
        kind="nothingPaid",
        amount=Decimal("0.00"),
        initiated_at=at,
        expected_by=None,
        timeline="nothing to refund",
        message=ENGLISH.refund_nothing_paid,
    )


async def give_back(world: MockWorld, state: OrdersState, order: Order, at: datetime, reason: str) -> None:
    """Stock back on the shelf, the credit owed cancelled or the payment refunded (at the
    provider), an unpaid checkout closed, and the invoice, if one was issued, answered by a
    credit note (GST: an issued invoice is never withdrawn)."""
    for line in order.lines:
        state.stock_taken[line.product_id] = max(state.stock_taken.get(line.product_id, 0) - line.quantity, 0)
    if order.payment.method == "credit" and order.payment.state == "onCredit":
        credit.reverse(world, order.order_number)
    if order.payment.method == "online" and order.payment.state == "pending":
        await online_payment.close_checkout(world, order)
        await online_payment.settle(world, order, at)  # paid meanwhile: then it is refunded below
    if order.payment.method == "online" and order.payment.state == "paid":
        await online_payment.refund_to_source(world, order, reason)
    order.refund = refund_for(order, at)
    if order.invoice is not None and order.credit_note is None:
        number = state.new_credit_note_number(at.astimezone(IST).date())
        order.credit_note = CreditNote(number=number, issued_at=at, reason=reason)


async def expire(world: MockWorld, state: OrdersState, order: Order, at: datetime) -> None:
    """An unpaid online order whose time to pay ran out: cancelled, its stock released."""
    _record(order, "cancelled", at, EXPIRED_NOTE)
    await give_back(world, state, order, at, EXPIRED_REASON)
    if order.refund is not None and order.refund.kind == "nothingPaid":
        order.refund.message = ENGLISH.refund_expired


async def cancel(world: MockWorld, state: OrdersState, order: Order, at: datetime) -> None:
    if order.status not in CANCELLABLE:
        if order.status == "cancelled":
            raise CannotChange("already_cancelled", "This order is already cancelled.")
        if order.status in ("outForDelivery", "delivered"):
            raise CannotChange(
                "not_cancellable",
                "This order is out for delivery or delivered and can no longer be cancelled. "
                "You can refuse the delivery or ask for a return from My Orders.",
            )
        raise CannotChange("not_cancellable", f"This order is {order.status} and can no longer be cancelled.")
    _record(order, "cancelled", at, "Cancelled by you")
    await give_back(world, state, order, at, CANCELLED_REASON)
