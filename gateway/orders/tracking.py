"""How an order's progress reads on its page: labels, the status timeline, cancel, refund, invoice, credit note."""

from __future__ import annotations

import re

from gateway.orders.schemas import (
    CreditNoteView,
    InvoiceView,
    NoteCode,
    RefundView,
    TrackingStep,
)
from gateway.upstreams.orders import Order, OrderStatus, PaymentState, Refund

FORWARD: tuple[OrderStatus, ...] = ("placed", "packed", "shipped", "outForDelivery", "delivered")
CANCELLABLE: frozenset[OrderStatus] = frozenset({"placed", "packed", "shipped"})
# Out for delivery the parcel can no longer be cancelled, but it may be refused at the door.
REFUSABLE: frozenset[OrderStatus] = frozenset({"outForDelivery"})
STATUS_LABELS: dict[OrderStatus, str] = {
    "placed": "Order placed",
    "packed": "Packed",
    "shipped": "Shipped",
    "outForDelivery": "Out for delivery",
    "delivered": "Delivered",
    "cancelled": "Cancelled",
    "returned": "Returned to seller",
}
PAYMENT_LABELS: dict[PaymentState, str] = {
    "pending": "Payment pending",
    "paid": "Paid",
    "onDelivery": "Pay on delivery",
    "onCredit": "On credit",
    "refundInitiated": "Refund started",
    "creditReversed": "Credit reversed",
    "cancelled": "Not charged",
}


# The orders service's timeline notes (its English data), read as codes the app words in the
# shopper's language. A note not matched keeps only its text.
NOTES: tuple[tuple[re.Pattern[str], NoteCode], ...] = (
    (re.compile(r"^Delivery attempt (\d+) of \d+ failed; the order went back to the seller$"), "returnedToSeller"),
    (re.compile(r"^Delivery attempt (\d+) of \d+ failed$"), "deliveryFailed"),
    (re.compile(r"^Delivery attempt (\d+) of \d+$"), "deliveryAttempt"),
    (re.compile(r"^Cancelled by you$"), "cancelledByYou"),
    (re.compile(r"^Not paid in time$"), "notPaidInTime"),
)


def note_code(note: str | None) -> tuple[NoteCode | None, int | None]:
    """What a timeline note says, and the delivery attempt it counts."""
    for pattern, code in NOTES:
        found = pattern.match(note or "")
        if found:
            return code, int(found.group(1)) if found.groups() else None
    return None, None


def money(value: object) -> str:
    return f"{value:.2f}"


def timeline(order: Order) -> list[TrackingStep]:
    """Every status reached, oldest first (the last one current), then the steps still to come."""
    reached = order.timeline
    steps = []
    for index, event in enumerate(reached):
        code, attempt = note_code(event.note)
        steps.append(
            TrackingStep(
                status=event.status,
                label=STATUS_LABELS[event.status],
                at=event.at.isoformat(),
                state="current" if index == len(reached) - 1 and order.status != "delivered" else "done",
                note=event.note,
                note_code=code,
                attempt=attempt,
            )
        )
    if order.status in FORWARD:
        for status in FORWARD[FORWARD.index(order.status) + 1 :]:
            steps.append(TrackingStep(status=status, label=STATUS_LABELS[status], at=None, state="upcoming", note=None))
    return steps


def refund_view(order: Order) -> RefundView | None:
    return refund_view_of(order.refund)


def refund_view_of(refund: Refund | None) -> RefundView | None:
    if refund is None:
        return None
    return RefundView(
        kind=refund.kind,
        amount=money(refund.amount),
        timeline=refund.timeline,
        expected_by=refund.expected_by.isoformat() if refund.expected_by else None,
        message=refund.message,
        paid_after_cancelling=refund.paid_after_cancelling,
    )


def invoice_view(order: Order) -> InvoiceView | None:
    if order.invoice is None:
        return None
    return InvoiceView(
        number=order.invoice.number,
        issued_at=order.invoice.issued_at.isoformat(),
        download_url=f"/api/orders/{order.order_number}/invoice",
    )


def credit_note_view(order: Order) -> CreditNoteView | None:
    if order.credit_note is None or order.invoice is None:
        return None
    return CreditNoteView(
        number=order.credit_note.number,
        issued_at=order.credit_note.issued_at.isoformat(),
        invoice_number=order.invoice.number,
        reason=order.credit_note.reason,
        download_url=f"/api/orders/{order.order_number}/credit-note",
    )


def summary(first_product_name: str, line_count: int) -> str:
    others = line_count - 1
    return first_product_name if others == 0 else f"{first_product_name} and {others} more"
