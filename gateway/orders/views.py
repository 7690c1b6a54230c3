"""An order as the shopper sees it: its lines, figures, address, payment, timeline, refund,
documents and returns. The order page shows it, and so do the checkout's answer to a placed order
and its quote (the same lines and figures), so it is written once, here."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

import msgspec

from gateway.addresses.delivery_views import delivery_view
from gateway.orders.returns import can_return, options_view, return_view
from gateway.orders.schemas import (
    BusinessDetailsView,
    DeliveryAddressView,
    OrderCharges,
    OrderLineView,
    OrderPaymentView,
    PlacedOrder,
)
from gateway.orders.tracking import (
    CANCELLABLE,
    PAYMENT_LABELS,
    REFUSABLE,
    STATUS_LABELS,
    credit_note_view,
    invoice_view,
    refund_view,
    timeline,
)
from gateway.upstreams.orders import Business, Charges, DeliveryAddress, Line, Order


def money(value: Decimal) -> str:
    return f"{value:.2f}"


def _stamp(value: datetime | date | None) -> str | None:
    return value.isoformat() if value is not None else None


def line_view(line: Line) -> OrderLineView:
    return OrderLineView(
        product_id=line.product_id,
        product_name=line.product_name,
        hsn_code=line.hsn_code,
        gst_rate=str(line.gst_rate),
        unit_price=money(line.unit_price),
        quantity=line.quantity,
        taxable_amount=money(line.taxable_amount),
        gst_amount=money(line.gst_amount),
        line_total=money(line.line_total),
        return_days=line.return_days,
    )


def charges_view(charges: Charges) -> OrderCharges:
    def optional(value: Decimal | None) -> str | None:
        return money(value) if value is not None else None

    return OrderCharges(
        subtotal=money(charges.subtotal),
        convenience_fee=money(charges.convenience_fee),
        platform_fee=money(charges.platform_fee),
        gst_total=money(charges.gst_total),
        total=money(charges.total),
        taxable_total=money(charges.taxable_total),
        cgst=optional(charges.cgst),
        sgst=optional(charges.sgst),
        igst=optional(charges.igst),
        fee_threshold=money(charges.fee_threshold),
        short_of_no_fees=money(charges.short_of_no_fees),
    )


def address_view(address: DeliveryAddress) -> DeliveryAddressView:
    return DeliveryAddressView(
        name=address.name,
        mobile_number=address.mobile_number,
        address1=address.address1,
        address2=address.address2,
        pincode=address.pincode,
        city=address.city,
        state=address.state,
    )


def business_view(business: Business | None) -> BusinessDetailsView | None:
    return BusinessDetailsView(**msgspec.structs.asdict(business)) if business else None  # the port's shape as it is


def _seconds_until(moment: datetime | None, now: datetime) -> int | None:
    return None if moment is None else max(0, int((moment - now).total_seconds()))


def order_view(order: Order, now: datetime) -> PlacedOrder:
    """The order as the shopper sees it; `now` is the world's clock (the gateway's Clock)."""
    payment = order.payment
    pending = payment.state == "pending"
    return PlacedOrder(
        order_number=order.order_number,
        status=order.status,
        status_label=STATUS_LABELS[order.status],
        created_at=order.created_at.isoformat(),
        lines=[line_view(line) for line in order.lines],
        charges=charges_view(order.charges),
        delivery=delivery_view(order.delivery),
        address=address_view(order.address),
        business=business_view(order.business),
        payment=OrderPaymentView(
            method=payment.method,
            state=payment.state,
            label=PAYMENT_LABELS[payment.state],
            amount=money(payment.amount),
            payment_session_id=payment.payment_session_id if payment.state == "pending" else None,
            provider_order_id=payment.provider_order_id,
            credit_due_on=_stamp(payment.credit_due_on),
            paid_at=_stamp(payment.paid_at),
            pay_by=_stamp(payment.pay_by) if pending else None,
            pay_within_seconds=_seconds_until(payment.pay_by, now) if pending else None,
            provider_payment_id=payment.provider_payment_id if payment.method == "online" else None,
            failed_at=_stamp(payment.failed_at) if payment.state == "pending" else None,
            bank_pending_since=_stamp(payment.bank_pending_since) if payment.state == "pending" else None,
            can_pay_on_delivery=payment.method == "online"
            and payment.state == "pending"
            and order.status == "placed"
            and payment.bank_pending_since is None,
        ),
        timeline=timeline(order),
        can_cancel=order.status in CANCELLABLE,
        refund=refund_view(order),
        invoice=invoice_view(order),
        credit_note=credit_note_view(order),
        can_return=can_return(order),
        return_options=options_view(order.return_options),
        returns=[return_view(order, r) for r in order.returns],
        can_refuse_at_delivery=order.status in REFUSABLE,
        cancel_reason=order.cancel_reason,
    )
