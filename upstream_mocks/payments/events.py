"""The webhooks' bodies, in Cashfree's shape at 2025-01-01 (`type`, `event_time`, `data.order`,
`data.payment`; `data.refund` for a refund): components PaymentWebhook and RefundWebhook of its
document."""

from __future__ import annotations

from decimal import Decimal
from typing import Literal

import msgspec

from upstream_mocks.payments.links import Link
from upstream_mocks.payments.orders import CustomerDetails, Order, Payment, PaymentStatus, Refund, RefundStatus

EventType = Literal["PAYMENT_SUCCESS_WEBHOOK", "PAYMENT_FAILED_WEBHOOK", "PAYMENT_USER_DROPPED_WEBHOOK"]
EVENT_TYPES: dict[str, EventType] = {
    "SUCCESS": "PAYMENT_SUCCESS_WEBHOOK",
    "FAILED": "PAYMENT_FAILED_WEBHOOK",
    "USER_DROPPED": "PAYMENT_USER_DROPPED_WEBHOOK",
}


class EventOrder(msgspec.Struct, kw_only=True):
    order_id: str
    order_amount: Decimal
    order_currency: str


class EventPayment(msgspec.Struct, kw_only=True, omit_defaults=True):
    cf_payment_id: str
    payment_status: PaymentStatus
    payment_amount: Decimal
    payment_currency: str
    payment_message: str
    payment_time: str
    payment_completion_time: str | None = None
    payment_group: str | None = None
    bank_reference: str | None = None


class EventData(msgspec.Struct, kw_only=True):
    order: EventOrder
    payment: EventPayment
    customer_details: CustomerDetails


class PaymentEvent(msgspec.Struct, kw_only=True):
    type: EventType
    event_time: str
    data: EventData


def payment_event(order: Order, payment: Payment) -> PaymentEvent:
    """The event for a payment that ended (SUCCESS, FAILED or USER_DROPPED)."""
    return PaymentEvent(
        type=EVENT_TYPES.get(payment.payment_status, "PAYMENT_FAILED_WEBHOOK"),
        event_time=payment.payment_completion_time or payment.payment_time,
        data=EventData(
            order=EventOrder(
                order_id=order.order_id, order_amount=order.order_amount, order_currency=order.order_currency
            ),
            payment=EventPayment(
                cf_payment_id=payment.cf_payment_id,
                payment_status=payment.payment_status,
                payment_amount=payment.payment_amount,
                payment_currency=order.order_currency,
                payment_message=payment.payment_message,
                payment_time=payment.payment_time,
                payment_completion_time=payment.payment_completion_time,
                payment_group=payment.payment_group,
                bank_reference=payment.bank_reference,
            ),
            customer_details=order.customer_details,
        ),
    )


class EventRefund(msgspec.Struct, kw_only=True, omit_defaults=True):
    cf_refund_id: str
    cf_payment_id: str | None = None
    refund_id: str
    order_id: str
    refund_amount: Decimal
    refund_currency: str
    # Cashfree's text names FAILED beyond its enum: a receiver accepts it.
    refund_status: RefundStatus | Literal["FAILED"]
    refund_note: str | None = None
    status_description: str | None = None


class RefundEventData(msgspec.Struct, kw_only=True):
    refund: EventRefund


class RefundEvent(msgspec.Struct, kw_only=True):
    """A refund's result (Cashfree's REFUND_STATUS_WEBHOOK), sent to the account's refund webhook URL."""

    type: Literal["REFUND_STATUS_WEBHOOK"]
    event_time: str
    data: RefundEventData


def refund_event(refund: Refund, at: str) -> RefundEvent:
    return RefundEvent(
        type="REFUND_STATUS_WEBHOOK",
        event_time=at,
        data=RefundEventData(
            refund=EventRefund(
                cf_refund_id=refund.cf_refund_id,
                cf_payment_id=refund.cf_payment_id,
                refund_id=refund.refund_id,
                order_id=refund.order_id,
                refund_amount=refund.refund_amount,
                refund_currency=refund.refund_currency,
                refund_status=refund.refund_status,
                refund_note=refund.refund_note,
                status_description=refund.status_description,
            )
        ),
    )


class LinkEventOrder(msgspec.Struct, kw_only=True):
    """The order a payment on a link was made on, as PAYMENT_LINK_EVENT tells it."""

    order_amount: str
    order_id: str
    order_expiry_time: str
    order_hash: str
    transaction_id: int
    transaction_status: PaymentStatus


class LinkEventData(msgspec.Struct, kw_only=True, omit_defaults=True):
    cf_link_id: int
    link_id: str
    link_status: str
    link_currency: str
    link_amount: str
    link_amount_paid: str
    link_partial_payments: bool
    link_purpose: str
    link_created_at: str
    customer_details: dict[str, str]
    link_meta: dict[str, str]
    link_url: str
    link_expiry_time: str
    link_notes: dict[str, str]
    link_auto_reminders: bool
    link_notify: dict[str, bool]
    link_minimum_partial_amount: str | None = None
    order: LinkEventOrder | None = None  # none when the event is the link's expiry or cancellation


class LinkEvent(msgspec.Struct, kw_only=True):
    """Cashfree's PAYMENT_LINK_EVENT: a payment on a link (in part or in full), or the link's
    expiry or cancellation; amounts are strings with two decimals, ids numbers, as Cashfree sends."""

    type: Literal["PAYMENT_LINK_EVENT"]
    version: int
    event_time: str
    data: LinkEventData


def _text(amount: Decimal) -> str:
    return f"{amount:.2f}"


def link_event(link: Link, at: str, order: Order | None = None, payment: Payment | None = None) -> LinkEvent:
    """The event for a payment on `link` (with its order), or for the link's expiry or cancellation."""
    told = None
    if order is not None and payment is not None:
        told = LinkEventOrder(
            order_amount=_text(order.order_amount),
            order_id=order.order_id,
            order_expiry_time=order.order_expiry_time,
            order_hash=order.payment_session_id[-20:],
            transaction_id=int(payment.cf_payment_id),
            transaction_status=payment.payment_status,
        )
    return LinkEvent(
        type="PAYMENT_LINK_EVENT",
        version=1,
        event_time=at,
        data=LinkEventData(
            cf_link_id=int(link.cf_link_id),
            link_id=link.link_id,
            link_status=link.link_status,
            link_currency=link.link_currency,
            link_amount=_text(link.link_amount),
            link_amount_paid=_text(link.link_amount_paid),
            link_partial_payments=link.link_partial_payments,
            link_minimum_partial_amount=_text(link.link_minimum_partial_amount)
            if link.link_minimum_partial_amount is not None
            else None,
            link_purpose=link.link_purpose,
            link_created_at=link.link_created_at,
            customer_details=msgspec.to_builtins(link.customer_details),
            link_meta=msgspec.to_builtins(link.link_meta),
            link_url=link.link_url,
            link_expiry_time=link.link_expiry_time,
            link_notes=link.link_notes,
            link_auto_reminders=link.link_auto_reminders,
            link_notify=msgspec.to_builtins(link.link_notify),
            order=told,
        ),
    )
