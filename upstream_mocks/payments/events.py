"""The payment webhook's body, in Cashfree's shape (`type`, `event_time`, `data.order`, `data.payment`)."""

from __future__ import annotations

from decimal import Decimal
from typing import Literal

import msgspec

from upstream_mocks.payments.orders import CustomerDetails, Order, Payment, Refund

EventType = Literal["PAYMENT_SUCCESS_WEBHOOK", "PAYMENT_FAILED_WEBHOOK"]


class EventOrder(msgspec.Struct, kw_only=True):
    order_id: str
    order_amount: Decimal
    order_currency: str


class EventPayment(msgspec.Struct, kw_only=True):
    cf_payment_id: str
    payment_status: Literal["SUCCESS", "FAILED"]
    payment_amount: Decimal
    payment_currency: str
    payment_message: str
    payment_time: str


class EventData(msgspec.Struct, kw_only=True):
    order: EventOrder
    payment: EventPayment
    customer_details: CustomerDetails


class PaymentEvent(msgspec.Struct, kw_only=True):
    type: EventType
    event_time: str
    data: EventData


def payment_event(order: Order, payment: Payment) -> PaymentEvent:
    success = payment.payment_status == "SUCCESS"
    return PaymentEvent(
        type="PAYMENT_SUCCESS_WEBHOOK" if success else "PAYMENT_FAILED_WEBHOOK",
        event_time=payment.payment_time,
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
            ),
            customer_details=order.customer_details,
        ),
    )


class EventRefund(msgspec.Struct, kw_only=True):
    cf_refund_id: str
    refund_id: str
    order_id: str
    refund_amount: Decimal
    refund_currency: str
    refund_status: Literal["PENDING", "SUCCESS", "CANCELLED"]
    refund_note: str | None = None


class RefundEventData(msgspec.Struct, kw_only=True):
    refund: EventRefund


class RefundEvent(msgspec.Struct, kw_only=True):
    """A refund's result (Cashfree's REFUND_STATUS_WEBHOOK), sent to the order's notify_url."""

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
                refund_id=refund.refund_id,
                order_id=refund.order_id,
                refund_amount=refund.refund_amount,
                refund_currency=refund.refund_currency,
                refund_status=refund.refund_status,
                refund_note=refund.refund_note,
            )
        ),
    )
