"""A delivered order's returns as the order page reads them, and asking for one.

The orders service decides what may come back (each product's window, the quantities left, the
pickup slots, where the money goes) and moves each return; the gateway shows its answer and
sends the shopper's request on, once per Idempotency-Key. Decisions: docs/decisions/returns.md.
"""

from __future__ import annotations

from datetime import date
from typing import Literal

from gateway.orders.schemas import (
    CreditNoteView,
    PayeeRequestBody,
    PayoutProblem,
    PayoutView,
    PickupSlotView,
    RefundToView,
    ReturnLineView,
    ReturnLineWindow,
    ReturnOptionsView,
    ReturnRequestBody,
    ReturnStepView,
    ReturnView,
)
from gateway.orders.tracking import refund_view_of
from gateway.plumbing.errors import InvalidInput
from gateway.upstreams.orders import (
    Order,
    Payout,
    PhotoInput,
    PickupSlot,
    RefundAccountInput,
    ReturnInput,
    ReturnLineInput,
    ReturnOptions,
    ReturnRequest,
    ReturnStatus,
)

STEPS: tuple[ReturnStatus, ...] = ("requested", "approved", "pickedUp", "received", "refunded")


def _money(value: object) -> str:
    return f"{value:.2f}"


def _slot(slot: PickupSlot) -> PickupSlotView:
    return PickupSlotView(date=slot.date.isoformat(), window=slot.window)


def options_view(options: ReturnOptions | None) -> ReturnOptionsView | None:
    if options is None:
        return None
    return ReturnOptionsView(
        lines=[
            ReturnLineWindow(
                product_id=w.product_id,
                return_days=w.return_days,
                return_by=w.return_by.isoformat() if w.return_by else None,
                returnable=w.returnable,
            )
            for w in options.lines
        ],
        pickup_slots=[_slot(s) for s in options.pickup_slots],
        refund_route=options.refund_route,
    )


def can_return(order: Order) -> bool:
    return order.return_options is not None and any(w.returnable > 0 for w in order.return_options.lines)


def _steps(ret: ReturnRequest) -> list[ReturnStepView]:
    """Every step reached with its time (the last one current until refunded), then those to come."""
    reached = {e.status: e.at for e in ret.timeline}
    steps = []
    for status in STEPS:
        at = reached.get(status)
        state: Literal["done", "current", "upcoming"] = "upcoming"
        if at is not None:
            state = "current" if status == ret.status and status != "refunded" else "done"
        steps.append(ReturnStepView(status=status, at=at.isoformat() if at else None, state=state))
    return steps


def return_view(order: Order, ret: ReturnRequest) -> ReturnView:
    note = ret.credit_note
    return ReturnView(
        number=ret.number,
        status=ret.status,
        requested_at=ret.requested_at.isoformat(),
        lines=[
            ReturnLineView(
                product_id=line.product_id,
                product_name=line.product_name,
                quantity=line.quantity,
                taxable_amount=_money(line.taxable_amount),
                gst_amount=_money(line.gst_amount),
                line_total=_money(line.line_total),
            )
            for line in ret.lines
        ],
        reason=ret.reason,
        note=ret.note,
        photo_count=len(ret.photos),
        pickup=_slot(ret.pickup),
        refund_to=RefundToView(
            route=ret.refund_to.route,
            upi_id=ret.refund_to.upi_id,
            account_ending=ret.refund_to.account_ending,
            ifsc=ret.refund_to.ifsc,
        ),
        amount=_money(ret.amount),
        timeline=_steps(ret),
        credit_note=CreditNoteView(
            number=note.number,
            issued_at=note.issued_at.isoformat(),
            invoice_number=order.invoice.number,
            reason=note.reason,
            download_url=f"/api/orders/{order.order_number}/returns/{ret.number}/credit-note",
        )
        if note is not None and order.invoice is not None
        else None,
        refund=refund_view_of(ret.refund),
        payout=payout_view(ret.payout),
    )


_PROBLEMS: dict[str, PayoutProblem] = {
    "INVALID_VPA": "accountInvalid",
    "INVALID_ACCOUNT_FAIL": "accountInvalid",
    "BENEFICIARY_BANK_OFFLINE": "bankOffline",
    "REVERSED": "returnedByBank",
}


def payout_view(payout: Payout | None) -> PayoutView | None:
    if payout is None:
        return None
    problem = _PROBLEMS.get(payout.reason or "", "other") if payout.status == "failed" else None
    return PayoutView(
        status=payout.status,
        utr=payout.utr if payout.status == "paid" else None,
        paid_at=payout.paid_at.isoformat() if payout.paid_at and payout.status == "paid" else None,
        problem=problem,
        another_account=problem in ("accountInvalid", "returnedByBank"),
    )


def payee_input(body: PayeeRequestBody) -> RefundAccountInput:
    given = body.refund_to
    return RefundAccountInput(
        upi_id=given.upi_id, account_number=given.account_number, ifsc=given.ifsc, account_name=given.account_name
    )


def return_input(body: ReturnRequestBody) -> ReturnInput:
    given = body.refund_to
    return ReturnInput(
        lines=[ReturnLineInput(product_id=line.product_id, quantity=line.quantity) for line in body.lines],
        reason=body.reason,
        pickup=PickupSlot(date=_iso_date(body.pickup.date), window=body.pickup.window),
        note=body.note.strip(),
        photos=[PhotoInput(name=p.name, content_type=p.content_type, data=p.data) for p in body.photos],
        refund_to=RefundAccountInput(
            upi_id=given.upi_id, account_number=given.account_number, ifsc=given.ifsc, account_name=given.account_name
        )
        if given is not None
        else None,
    )


def _iso_date(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError as exc:  # the pattern lets "2026-02-31" through
        raise InvalidInput(
            "Please choose one of the pickup times offered.", code="pickup_slot_unavailable", field="pickup.date"
        ) from exc
