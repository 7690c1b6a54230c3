"""The payment provider's orders and payment attempts, kept in `world.states["payments"]`.

The lending mock creates and reads orders through these functions (both mocks live in one
suite), exactly as the real lender calls the provider's API.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any, Literal

import msgspec

from upstream_mocks.clock import mocks_now
from upstream_mocks.money import rupees
from upstream_mocks.world import MockWorld

OrderStatus = Literal["ACTIVE", "PAID", "EXPIRED", "TERMINATED"]
ORDER_LIFETIME = timedelta(minutes=30)


class CustomerDetails(msgspec.Struct, kw_only=True, omit_defaults=True):
    customer_id: str
    customer_phone: str
    customer_name: str | None = None


class OrderMeta(msgspec.Struct, kw_only=True, omit_defaults=True):
    return_url: str | None = None
    notify_url: str | None = None


class Order(msgspec.Struct, kw_only=True):
    cf_order_id: str
    order_id: str
    order_amount: Decimal
    order_currency: str
    order_status: OrderStatus
    payment_session_id: str
    created_at: str
    order_expiry_time: str
    customer_details: CustomerDetails
    order_meta: OrderMeta = msgspec.field(default_factory=OrderMeta)
    order_note: str | None = None
    entity: str = "order"


class Payment(msgspec.Struct, kw_only=True):
    cf_payment_id: str
    order_id: str
    payment_amount: Decimal
    payment_status: Literal["SUCCESS", "FAILED"]
    payment_message: str
    payment_time: str
    # How it was paid, and the bank's own reference (a UPI payment's 12-digit RRN): what a payer
    # reads in their bank's app and quotes when they call support.
    payment_group: str = "upi"
    bank_reference: str | None = None


class Refund(msgspec.Struct, kw_only=True):
    cf_refund_id: str
    refund_id: str
    order_id: str
    refund_amount: Decimal
    refund_currency: str
    refund_status: Literal["PENDING", "SUCCESS", "CANCELLED"]
    created_at: str
    refund_note: str | None = None
    entity: str = "refund"


class WebhookDelivery(msgspec.Struct, kw_only=True):
    """What became of one webhook: attempts made and how the last one went."""

    order_id: str
    cf_payment_id: str
    type: str
    notify_url: str
    outcome: Literal["sending", "delivered", "gave_up", "dropped"] = "sending"
    attempts: int = 0
    last_status: int | None = None  # the receiver's HTTP status; None when it could not be reached


class PaymentsState(msgspec.Struct, kw_only=True):
    orders: dict[str, Order] = msgspec.field(default_factory=dict)  # by order_id
    sessions: dict[str, str] = msgspec.field(default_factory=dict)  # payment_session_id -> order_id
    payments: dict[str, list[Payment]] = msgspec.field(default_factory=dict)  # by order_id
    # QA's mistakes for the settlement report (upstream_mocks/payments/settlements.py)
    settlement_mistakes: list[Any] = msgspec.field(default_factory=list)
    refunds: dict[str, list[Refund]] = msgspec.field(default_factory=dict)  # by order_id
    webhooks: list[WebhookDelivery] = msgspec.field(default_factory=list)  # QA read-out, oldest first
    next_cf_id: int = 3_100_000


class OrderExists(Exception):
    pass


class CannotChange(Exception):
    """A termination or refund the order's state does not allow: `code` and the provider's words."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


def _stamp(moment: datetime) -> str:
    return moment.isoformat(timespec="seconds")


def state(world: MockWorld) -> PaymentsState:
    st: PaymentsState = world.states["payments"]
    return st


def create_order(
    world: MockWorld,
    *,
    order_amount: Decimal,
    customer: CustomerDetails,
    order_id: str | None = None,
    order_meta: OrderMeta | None = None,
    order_note: str | None = None,
    order_expiry_time: datetime | None = None,
) -> Order:
    st = state(world)
    order_id = order_id or f"order_{secrets.token_hex(8)}"
    if order_id in st.orders:
        raise OrderExists(order_id)
    st.next_cf_id += 1
    created = mocks_now(world)
    order = Order(
        cf_order_id=str(st.next_cf_id),
        order_id=order_id,
        order_amount=rupees(order_amount),
        order_currency="INR",
        order_status="ACTIVE",
        payment_session_id=f"session_{secrets.token_urlsafe(24)}",
        created_at=_stamp(created),
        order_expiry_time=_stamp(order_expiry_time or created + ORDER_LIFETIME),
        customer_details=customer,
        order_meta=order_meta or OrderMeta(),
        order_note=order_note,
    )
    st.orders[order_id] = order
    st.sessions[order.payment_session_id] = order_id
    st.payments[order_id] = []
    return order


def get_order(world: MockWorld, order_id: str) -> Order | None:
    order = state(world).orders.get(order_id)
    expired = order is not None and datetime.fromisoformat(order.order_expiry_time) <= mocks_now(world)
    if order is not None and order.order_status == "ACTIVE" and expired:
        order.order_status = "EXPIRED"
    return order


def order_for_session(world: MockWorld, payment_session_id: str) -> Order | None:
    order_id = state(world).sessions.get(payment_session_id)
    return get_order(world, order_id) if order_id else None


def attempt_payment(world: MockWorld, order: Order, success: bool) -> Payment:
    """One attempt at the hosted checkout; a successful one marks the order PAID."""
    st = state(world)
    st.next_cf_id += 1
    payment = Payment(
        cf_payment_id=str(st.next_cf_id),
        order_id=order.order_id,
        payment_amount=order.order_amount,
        payment_status="SUCCESS" if success else "FAILED",
        payment_message="Transaction successful" if success else "Payment declined by the card issuer",
        payment_time=_stamp(mocks_now(world)),
        bank_reference=f"{secrets.randbelow(10**12):012d}" if success else None,
    )
    st.payments[order.order_id].append(payment)
    if success:
        order.order_status = "PAID"
    return payment


def payments_for(world: MockWorld, order_id: str) -> list[Payment]:
    return list(state(world).payments.get(order_id, []))


def terminate_order(world: MockWorld, order: Order) -> Order:
    """Close an ACTIVE order so that its checkout can no longer take a payment."""
    if order.order_status == "PAID":
        raise CannotChange(409, "order_already_paid", "order is already paid; refund it instead")
    if order.order_status == "EXPIRED":
        raise CannotChange(409, "order_not_active", "order is expired")
    order.order_status = "TERMINATED"
    return order


def refund_order(
    world: MockWorld, order: Order, amount: Decimal, refund_id: str, note: str | None, *, settled: bool = True
) -> Refund:
    """Give back up to what was paid and not yet refunded; the same refund_id answers the same refund.

    `settled=False` leaves it PENDING, as a bank takes its time: `settle_refund` completes it and
    the merchant hears of it by the refund webhook (payments.delivery.deliver_refund_webhook)."""
    st = state(world)
    done = st.refunds.setdefault(order.order_id, [])
    earlier = next((r for r in done if r.refund_id == refund_id), None)
    if earlier is not None:
        return earlier
    if order.order_status != "PAID":
        raise CannotChange(409, "order_not_paid", f"order is {order.order_status.lower()}, nothing to refund")
    left = order.order_amount - sum((r.refund_amount for r in done if r.refund_status != "CANCELLED"), Decimal("0"))
    if amount <= 0 or amount > left:
        raise CannotChange(400, "refund_amount_invalid", f"refund_amount : at most {left} can be refunded")
    st.next_cf_id += 1
    refund = Refund(
        cf_refund_id=str(st.next_cf_id),
        refund_id=refund_id,
        order_id=order.order_id,
        refund_amount=rupees(amount),
        refund_currency="INR",
        refund_status="SUCCESS" if settled else "PENDING",
        refund_note=note,
        created_at=_stamp(mocks_now(world)),
    )
    done.append(refund)
    return refund


def settle_refund(refund: Refund) -> bool:
    """The bank has paid a PENDING refund out: SUCCESS (True only the once it changes)."""
    if refund.refund_status != "PENDING":
        return False
    refund.refund_status = "SUCCESS"
    return True


def find_refund(world: MockWorld, order_id: str, refund_id: str) -> Refund | None:
    return next((r for r in state(world).refunds.get(order_id, []) if r.refund_id == refund_id), None)


def refunds_for(world: MockWorld, order_id: str) -> list[Refund]:
    return list(state(world).refunds.get(order_id, []))
