"""The payment provider's orders, payment attempts and refunds, kept in `world.states["payments"]`,
as Cashfree's Payment Gateway has them at x-api-version 2025-01-01.

An order is ACTIVE until paid (PAID), until its `order_expiry_time` (EXPIRED; 30 days after
creation unless the merchant says otherwise) or until the merchant terminates it: TERMINATED,
or TERMINATION_REQUESTED while a payment on it is still PENDING at the bank. A PENDING payment
that the bank later confirms makes the order PAID even after it expired or a termination was
asked for: the merchant must book it or refund it. A payment is SUCCESS, FAILED, USER_DROPPED
(the payer left the checkout), PENDING (waiting for the bank), or NOT_ATTEMPTED, VOID or
CANCELLED; `payment_time` is when it started, `payment_completion_time` when it ended. A refund
is PENDING, then SUCCESS or CANCELLED, and may be ONHOLD on the way.

Every order belongs to the merchant account that created it (MockSettings.merchant_accounts):
only that account sees it, its payments, refunds and report rows, and its webhooks are signed
with that account's client secret. Order ids are one namespace across the accounts here.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any, Literal

import msgspec

from upstream_mocks.clock import mocks_now
from upstream_mocks.money import rupees
from upstream_mocks.settings import MerchantAccount
from upstream_mocks.world import MockWorld

OrderStatus = Literal["ACTIVE", "PAID", "EXPIRED", "TERMINATED", "TERMINATION_REQUESTED"]
PaymentStatus = Literal["SUCCESS", "NOT_ATTEMPTED", "FAILED", "USER_DROPPED", "VOID", "CANCELLED", "PENDING"]
RefundStatus = Literal["SUCCESS", "PENDING", "CANCELLED", "ONHOLD"]
ORDER_LIFETIME = timedelta(days=30)  # Cashfree's default when the merchant sets no expiry
PAYMENT_MESSAGES: dict[str, str] = {
    "SUCCESS": "Transaction successful",
    "FAILED": "Payment declined by the card issuer",
    "USER_DROPPED": "User dropped and did not complete the two factor authentication",
    "PENDING": "Transaction pending at the bank",
}


class CustomerDetails(msgspec.Struct, kw_only=True, omit_defaults=True):
    customer_id: str
    customer_phone: str
    customer_name: str | None = None


class OrderMeta(msgspec.Struct, kw_only=True, omit_defaults=True):
    return_url: str | None = None
    notify_url: str | None = None


class Order(msgspec.Struct, kw_only=True, omit_defaults=True):
    cf_order_id: str
    order_id: str
    entity: Literal["order"]
    order_amount: Decimal
    order_currency: str
    order_status: OrderStatus
    payment_session_id: str
    created_at: str
    order_expiry_time: str
    customer_details: CustomerDetails
    order_meta: OrderMeta = msgspec.field(default_factory=OrderMeta)
    order_note: str | None = None


class Payment(msgspec.Struct, kw_only=True, omit_defaults=True):
    cf_payment_id: str
    order_id: str
    entity: Literal["payment"]
    payment_amount: Decimal
    payment_currency: str
    payment_status: PaymentStatus
    payment_message: str
    payment_time: str  # when the payer started it
    payment_completion_time: str | None = None  # when it ended; none while PENDING
    is_captured: bool = False
    # How it was paid, and the bank's own reference (a UPI payment's 12-digit RRN): what a payer
    # reads in their bank's app and quotes when they call support.
    payment_group: str
    bank_reference: str | None = None


class Refund(msgspec.Struct, kw_only=True, omit_defaults=True):
    cf_refund_id: str
    cf_payment_id: str
    refund_id: str
    order_id: str
    entity: Literal["refund"]
    refund_amount: Decimal
    refund_currency: str
    refund_status: RefundStatus
    created_at: str
    refund_type: Literal["MERCHANT_INITIATED"] = "MERCHANT_INITIATED"
    refund_note: str | None = None
    processed_at: str | None = None
    status_description: str | None = None


class WebhookDelivery(msgspec.Struct, kw_only=True):
    """What became of one webhook: attempts made and how the last one went."""

    order_id: str
    cf_payment_id: str
    type: str
    notify_url: str
    outcome: Literal["sending", "delivered", "gave_up", "dropped"] = "sending"
    attempts: int = 0
    last_status: int | None = None  # the receiver's HTTP status; None when it could not be reached


class Remembered(msgspec.Struct, kw_only=True):
    """A write's answer under its x-idempotency-key: the same request again gets it again."""

    request: tuple[str, str, bytes]  # method, path, body
    status: int
    body: bytes


class PaymentsState(msgspec.Struct, kw_only=True):
    orders: dict[str, Order] = msgspec.field(default_factory=dict)  # by order_id
    # The merchant account (client id) each order and payment link belongs to, by order_id and
    # by link_id; one missing belongs to the first account (MockSettings.merchant_accounts).
    owners: dict[str, str] = msgspec.field(default_factory=dict)
    link_owners: dict[str, str] = msgspec.field(default_factory=dict)
    sessions: dict[str, str] = msgspec.field(default_factory=dict)  # payment_session_id -> order_id
    payments: dict[str, list[Payment]] = msgspec.field(default_factory=dict)  # by order_id
    # QA's mistakes for the settlement report (upstream_mocks/payments/settlements.py)
    settlement_mistakes: list[Any] = msgspec.field(default_factory=list)
    refunds: dict[str, list[Refund]] = msgspec.field(default_factory=dict)  # by order_id
    webhooks: list[WebhookDelivery] = msgspec.field(default_factory=list)  # QA read-out, oldest first
    idempotency: dict[tuple[str, str], Remembered] = msgspec.field(default_factory=dict)  # (client id, key)
    # QA's chargebacks (a payer's bank took a payment back), for the settlement reports
    chargebacks: list[Any] = msgspec.field(default_factory=list)
    # Where Cashfree's own document and the mock disagreed (provider_document.py), oldest first
    conformance: list[Any] = msgspec.field(default_factory=list)
    # UPI attempts started by "Order Pay", by cf_payment_id (upstream_mocks/payments/upi.py)
    upi: dict[str, Any] = msgspec.field(default_factory=dict)
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


def provider_now(world: MockWorld) -> datetime:
    """The provider's clock: the mocks' one clock (upstream_mocks/clock.py), which QA moves."""
    return mocks_now(world)


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
    account: str | None = None,
) -> Order:
    """A new ACTIVE order of the merchant account `account` (a client id; none: the first)."""
    st = state(world)
    order_id = order_id or f"order_{secrets.token_hex(8)}"
    if order_id in st.orders:
        raise OrderExists(order_id)
    st.next_cf_id += 1
    created = provider_now(world)
    order = Order(
        cf_order_id=str(st.next_cf_id),
        order_id=order_id,
        entity="order",
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
    st.owners[order_id] = account or world.settings.payments_client_id
    st.sessions[order.payment_session_id] = order_id
    st.payments[order_id] = []
    return order


def account_of(world: MockWorld, order_id: str) -> MerchantAccount:
    """The merchant account the order belongs to: its webhooks are signed with its secret."""
    owner = state(world).owners.get(order_id, world.settings.payments_client_id)
    return world.settings.merchant_account(owner)


def owns(world: MockWorld, account: MerchantAccount, order_id: str) -> bool:
    return account_of(world, order_id).client_id == account.client_id


def get_order(world: MockWorld, order_id: str) -> Order | None:
    order = state(world).orders.get(order_id)
    expired = order is not None and datetime.fromisoformat(order.order_expiry_time) <= provider_now(world)
    if order is not None and order.order_status == "ACTIVE" and expired:
        order.order_status = "EXPIRED"
    return order


def expire_order(world: MockWorld, order: Order) -> bool:
    """QA: an ACTIVE order's time to pay ends now (True), as if its order_expiry_time had passed."""
    if order.order_status != "ACTIVE":
        return False
    order.order_expiry_time = _stamp(provider_now(world))
    order.order_status = "EXPIRED"
    return True


def order_for_session(world: MockWorld, payment_session_id: str) -> Order | None:
    order_id = state(world).sessions.get(payment_session_id)
    return get_order(world, order_id) if order_id else None


def attempt_payment(world: MockWorld, order: Order, outcome: PaymentStatus) -> Payment:
    """One attempt at the hosted checkout: SUCCESS marks the order PAID; PENDING waits for the
    bank (complete_payment); FAILED and USER_DROPPED leave the order payable."""
    st = state(world)
    st.next_cf_id += 1
    now = _stamp(provider_now(world))
    payment = Payment(
        cf_payment_id=str(st.next_cf_id),
        order_id=order.order_id,
        entity="payment",
        payment_amount=order.order_amount,
        payment_currency=order.order_currency,
        payment_status="PENDING",
        payment_message=PAYMENT_MESSAGES["PENDING"],
        payment_time=now,
        payment_group="upi",
    )
    st.payments[order.order_id].append(payment)
    if outcome != "PENDING":
        complete_payment(world, order, payment, outcome)
    return payment


def complete_payment(world: MockWorld, order: Order, payment: Payment, outcome: PaymentStatus) -> bool:
    """The bank's answer on a PENDING payment (True only the once it changes). A success makes
    the order PAID even when it expired or its termination was asked for meanwhile, as Cashfree's
    does; a failure on an order whose termination was asked for lets it be TERMINATED."""
    if payment.payment_status != "PENDING" or outcome == "PENDING":
        return False
    payment.payment_status = outcome
    payment.payment_message = PAYMENT_MESSAGES.get(outcome, outcome.replace("_", " ").capitalize())
    payment.payment_completion_time = _stamp(provider_now(world))
    if outcome == "SUCCESS":
        payment.is_captured = True
        payment.bank_reference = f"{secrets.randbelow(10**12):012d}"
        order.order_status = "PAID"
    elif order.order_status == "TERMINATION_REQUESTED":
        order.order_status = "TERMINATED"
    return True


def pending_payment(world: MockWorld, order_id: str) -> Payment | None:
    return next((p for p in state(world).payments.get(order_id, []) if p.payment_status == "PENDING"), None)


def find_payment(world: MockWorld, cf_payment_id: str) -> Payment | None:
    for attempts in state(world).payments.values():
        for p in attempts:
            if p.cf_payment_id == cf_payment_id:
                return p
    return None


def payments_for(world: MockWorld, order_id: str) -> list[Payment]:
    return list(state(world).payments.get(order_id, []))


def terminate_order(world: MockWorld, order: Order) -> Order:
    """Close an ACTIVE order so that its checkout can no longer take a payment; with a payment
    still PENDING at the bank it is TERMINATION_REQUESTED until the bank answers."""
    if order.order_status in ("TERMINATED", "TERMINATION_REQUESTED"):
        return order
    if order.order_status == "PAID":
        raise CannotChange(409, "order_already_paid", "order is already paid; refund it instead")
    if order.order_status == "EXPIRED":
        raise CannotChange(409, "order_not_active", "order is expired")
    pending = pending_payment(world, order.order_id) is not None
    order.order_status = "TERMINATION_REQUESTED" if pending else "TERMINATED"
    return order


def refund_order(
    world: MockWorld, order: Order, amount: Decimal, refund_id: str, note: str | None, *, settled: bool = True
) -> Refund:
    """Give back up to what was paid and not yet refunded; the same refund_id answers the same refund
    (the HTTP API refuses a repeated refund_id unless the idempotency key is the same: app.py).

    `settled=False` leaves it PENDING, as a bank takes its time: the bank's word (QA's
    POST refunds/{id}/bank) ends it, and the merchant hears of it by the refund webhook
    (payments.delivery.deliver_refund_webhook)."""
    st = state(world)
    done = st.refunds.setdefault(order.order_id, [])
    earlier = next((r for r in done if r.refund_id == refund_id), None)
    if earlier is not None:
        return earlier
    paid = next((p for p in st.payments.get(order.order_id, []) if p.payment_status == "SUCCESS"), None)
    if order.order_status != "PAID" or paid is None:
        raise CannotChange(409, "order_not_paid", f"order is {order.order_status.lower()}, nothing to refund")
    left = order.order_amount - sum(
        (r.refund_amount for r in done if r.refund_status not in ("CANCELLED", "FAILED")), Decimal("0")
    )
    if amount <= 0 or amount > left:
        raise CannotChange(400, "refund_amount_invalid", f"refund_amount : at most {left} can be refunded")
    st.next_cf_id += 1
    now = _stamp(provider_now(world))
    refund = Refund(
        cf_refund_id=str(st.next_cf_id),
        cf_payment_id=paid.cf_payment_id,
        refund_id=refund_id,
        order_id=order.order_id,
        entity="refund",
        refund_amount=rupees(amount),
        refund_currency="INR",
        refund_status="SUCCESS" if settled else "PENDING",
        refund_note=note,
        created_at=now,
        processed_at=now if settled else None,
    )
    done.append(refund)
    return refund


def set_refund_status(world: MockWorld, refund: Refund, status: RefundStatus) -> bool:
    """The bank's next word on an unfinished refund (True only when it changes): ONHOLD waits,
    SUCCESS is paid out, CANCELLED is given up (the money stays with the merchant)."""
    if refund.refund_status not in ("PENDING", "ONHOLD") or refund.refund_status == status:
        return False
    refund.refund_status = status
    if status in ("SUCCESS", "CANCELLED"):
        refund.processed_at = _stamp(provider_now(world))
    refund.status_description = {
        "ONHOLD": "Refund is on hold at the bank",
        "CANCELLED": "Refund cancelled by the bank",
    }.get(status)
    return True


def find_refund(world: MockWorld, order_id: str, refund_id: str) -> Refund | None:
    return next((r for r in state(world).refunds.get(order_id, []) if r.refund_id == refund_id), None)


def refund_by_cf_id(world: MockWorld, cf_refund_id: str) -> Refund | None:
    for refunds in state(world).refunds.values():
        for r in refunds:
            if r.cf_refund_id == cf_refund_id:
                return r
    return None


def refunds_for(world: MockWorld, order_id: str) -> list[Refund]:
    return list(state(world).refunds.get(order_id, []))
