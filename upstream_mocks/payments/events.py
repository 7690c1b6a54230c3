"""The webhooks' bodies, in Cashfree's shape at 2025-01-01 (`type`, `event_time`, `data.order`,
`data.payment`; `data.refund` for a refund): components PaymentWebhook and RefundWebhook of its
document."""

from __future__ import annotations

from decimal import Decimal
from typing import Literal

import msgspec

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
