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
with that account's client secret. As at Cashfree, order ids are the merchant's own, one namespace
per account: two accounts may each have an order "X", and everything is kept by (account, id).
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
# The scenario path that addresses refunds made through the API (an order's, or a mandate debit's:
# subscription_refunds.py): QA's `refund` scenario there holds them at the bank.
REFUND_PATH = "refund"
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


# An order's key: its merchant account's client id and the merchant's own order_id.
OrderKey = tuple[str, str]


class PaymentsState(msgspec.Struct, kw_only=True):
    orders: dict[OrderKey, Order] = msgspec.field(default_factory=dict)
    # The merchant account (client id) each order and payment link belongs to, by the provider's
    # own ids (cf_order_id, cf_link_id), which are one namespace across the accounts.
    owners: dict[str, str] = msgspec.field(default_factory=dict)
    link_owners: dict[str, str] = msgspec.field(default_factory=dict)
    sessions: dict[str, OrderKey] = msgspec.field(default_factory=dict)  # payment_session_id -> order
    payments: dict[OrderKey, list[Payment]] = msgspec.field(default_factory=dict)
    # QA's mistakes for the settlement report (upstream_mocks/payments/settlements.py)
    settlement_mistakes: list[Any] = msgspec.field(default_factory=list)
    refunds: dict[OrderKey, list[Refund]] = msgspec.field(default_factory=dict)
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
    key = (account or world.settings.payments_client_id, order_id)
    if key in st.orders:
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
    st.orders[key] = order
    st.owners[order.cf_order_id] = key[0]
    st.sessions[order.payment_session_id] = key
    st.payments[key] = []
    return order


def key_of(world: MockWorld, order: Order) -> OrderKey:
    """The order's account and id: where its payments and refunds are kept."""
    return state(world).owners.get(order.cf_order_id, world.settings.payments_client_id), order.order_id


def account_of(world: MockWorld, order: Order) -> MerchantAccount:
    """The merchant account the order belongs to: its webhooks are signed with its secret."""
    return world.settings.merchant_account(key_of(world, order)[0])


def get_order(world: MockWorld, account: str, order_id: str) -> Order | None:
    """The order `order_id` of the merchant account `account` (a client id); another account's
    order of the same id is another order."""
    return _current(world, state(world).orders.get((account, order_id)))


def _current(world: MockWorld, order: Order | None) -> Order | None:
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
    key = state(world).sessions.get(payment_session_id)
    return get_order(world, *key) if key else None


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
    st.payments[key_of(world, order)].append(payment)
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


def pending_payment(world: MockWorld, order: Order) -> Payment | None:
    return next((p for p in payments_for(world, order) if p.payment_status == "PENDING"), None)


def find_payment(world: MockWorld, cf_payment_id: str) -> tuple[Order, Payment] | None:
    """A payment by the provider's own id (one namespace across the accounts), and its order."""
    for key, attempts in state(world).payments.items():
        for p in attempts:
            if p.cf_payment_id == cf_payment_id:
                order = get_order(world, *key)
                return (order, p) if order is not None else None
    return None


def payments_for(world: MockWorld, order: Order) -> list[Payment]:
    return list(state(world).payments.get(key_of(world, order), []))


def terminate_order(world: MockWorld, order: Order) -> Order:
    """Close an ACTIVE order so that its checkout can no longer take a payment; with a payment
    still PENDING at the bank it is TERMINATION_REQUESTED until the bank answers."""
    if order.order_status in ("TERMINATED", "TERMINATION_REQUESTED"):
        return order
    if order.order_status == "PAID":
        raise CannotChange(409, "order_already_paid", "order is already paid; refund it instead")
    if order.order_status == "EXPIRED":
        raise CannotChange(409, "order_not_active", "order is expired")
    pending = pending_payment(world, order) is not None
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
    done = st.refunds.setdefault(key_of(world, order), [])
    earlier = next((r for r in done if r.refund_id == refund_id), None)
    if earlier is not None:
        return earlier
    paid = next((p for p in payments_for(world, order) if p.payment_status == "SUCCESS"), None)
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


def find_refund(world: MockWorld, order: Order, refund_id: str) -> Refund | None:
    return next((r for r in refunds_for(world, order) if r.refund_id == refund_id), None)


def refund_by_cf_id(world: MockWorld, cf_refund_id: str) -> tuple[Order, Refund] | None:
    """A refund by the provider's own id (one namespace across the accounts), and its order."""
    for key, refunds in state(world).refunds.items():
        for r in refunds:
            if r.cf_refund_id == cf_refund_id:
                order = get_order(world, *key)
                return (order, r) if order is not None else None
    return None


def refunds_for(world: MockWorld, order: Order) -> list[Refund]:
    return list(state(world).refunds.get(key_of(world, order), []))
