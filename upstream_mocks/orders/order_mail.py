"""Order confirmation and status e-mails, through the mail service's `website/sendOrderMail`.

Our extension of the mail contract. The delivered mail carries the tax invoice as a PDF, and
the mail of a cancelled or returned order that was invoiced carries its credit note. Mails
go out after the answer (in the world's background work), to the e-mail the store has for the
shopper; a shopper without one gets none. They are in the language the order was placed in
(`Accept-Language` on placement), and so is the invoice or credit note they carry. A failed
mail is not retried: the order page shows everything the mail says.
"""

from __future__ import annotations

import base64
import copy
from typing import Any

from anyio import to_thread

from upstream_mocks.loopback import loopback_client
from upstream_mocks.orders.invoice import (
    credit_note_filename,
    invoice_filename,
    render_credit_note,
    render_invoice,
    render_return_credit_note,
    return_credit_note_filename,
)
from upstream_mocks.orders.records import Order, OrdersState, OrderStatus, ReturnRequest, ReturnStatus
from upstream_mocks.orders.returns import pickup_words
from upstream_mocks.orders.returns import refund_words as return_refund_words
from upstream_mocks.orders.tracking import EXPIRED_NOTE
from upstream_mocks.texts import Language, style, texts
from upstream_mocks.world import MockWorld


def refund_words(order: Order, language: Language) -> str:
    """What the cancelled or returned order gives back, as the mail says it."""
    refund = order.refund
    if refund is None:
        return ""
    if language == "en":
        return refund.message  # written from the English texts when the refund was made
    words = texts(language)
    amount = style.amount(language, refund.amount)
    match refund.kind:
        case "creditReversed":
            return words.refund_credit_reversed.format(amount=amount)
        case "toSource":
            by = style.day(language, refund.expected_by) if refund.expected_by else ""
            return words.refund_to_source.format(amount=amount, timeline=words.refund_timeline, date=by)
        case "nothingPaid":
            expired = any(e.status == "cancelled" and e.note == EXPIRED_NOTE for e in order.timeline)
            return words.refund_expired if expired else words.refund_nothing_paid
        case _:  # a return's refund: its own mails say it (send_return_mails)
            return refund.message


def _subject_and_message(order: Order, status: OrderStatus, language: Language) -> tuple[str, str]:
    words = texts(language)
    number = order.order_number
    refund = refund_words(order, language)
    if order.credit_note is not None:
        refund = f"{refund} {words.credit_note_attached}".strip()
    match status:
        case "placed":
            total = style.amount(language, order.charges.total)
            return (
                words.order_placed_subject.format(number=number),
                words.order_placed_message.format(number=number, total=total),
            )
        case "packed":
            return words.order_packed_subject.format(number=number), words.order_packed_message.format(number=number)
        case "shipped":
            return words.order_shipped_subject.format(number=number), words.order_shipped_message.format(number=number)
        case "outForDelivery":
            return (
                words.order_out_for_delivery_subject.format(number=number),
                words.order_out_for_delivery_message.format(number=number),
            )
        case "delivered":
            return (
                words.order_delivered_subject.format(number=number),
                words.order_delivered_message.format(number=number),
            )
        case "cancelled":
            return (
                words.order_cancelled_subject.format(number=number),
                words.order_cancelled_message.format(number=number, refund=refund).strip(),
            )
        case "returned":
            return (
                words.order_returned_subject.format(number=number),
                words.order_returned_message.format(number=number, refund=refund).strip(),
            )


def order_mail(order: Order, status: OrderStatus, email: str, language: Language = "en") -> dict[str, Any]:
    subject, message = _subject_and_message(order, status, language)
    body: dict[str, Any] = {
        "email": email,
        "subject": subject,
        "message": message,
        "orderNumber": order.order_number,
        "status": status,
    }
    if status == "delivered" and order.invoice is not None:
        body["attachment"] = {
            "filename": invoice_filename(order),
            "contentType": "application/pdf",
            "content": base64.b64encode(render_invoice(order, language)).decode(),
        }
    if status in ("cancelled", "returned") and order.credit_note is not None:
        body["attachment"] = {
            "filename": credit_note_filename(order),
            "contentType": "application/pdf",
            "content": base64.b64encode(render_credit_note(order, language)).decode(),
        }
    return body


def send_status_mails(world: MockWorld, order: Order, statuses: list[OrderStatus], email: str | None) -> None:
    """Queue one mail per status reached, in order; the bodies are built from the order as it is
    now (a copy), off the event loop: a Hindi invoice's fonts take a few hundred milliseconds to
    embed, and in the embedded default that loop is the gateway's too."""
    if email is None or not statuses:
        return
    orders: OrdersState = world.states["orders"]
    language = orders.mail_languages.get(order.order_number, "en")
    as_it_is = copy.deepcopy(order)

    def build() -> list[dict[str, Any]]:
        return [order_mail(as_it_is, status, email, language) for status in statuses]

    async def send() -> None:
        bodies = await to_thread.run_sync(build)
        async with loopback_client(world) as client:
            for body in bodies:
                await client.post(f"{world.settings.origin}/_mocks/mail/website/sendOrderMail", json=body)

    world.spawn_in_turn(order.order_number, send)


RETURN_MAIL_STATUS = {
    "requested": "returnRequested",
    "approved": "returnApproved",
    "pickedUp": "returnPickedUp",
    "received": "returnReceived",
    "refunded": "returnRefunded",
}


def return_mail(
    order: Order, ret: ReturnRequest, status: ReturnStatus, email: str, language: Language
) -> dict[str, Any]:
    words = texts(language)
    number, pickup = ret.number, pickup_words(ret.pickup, language)
    refund = return_refund_words(ret, language)
    subject, message = {
        "requested": (
            words.return_requested_subject,
            words.return_requested_message.format(number=number, order=order.order_number, pickup=pickup),
        ),
        "approved": (words.return_approved_subject, words.return_approved_message.format(number=number, pickup=pickup)),
        "pickedUp": (words.return_picked_up_subject, words.return_picked_up_message.format(number=number)),
        "received": (words.return_received_subject, words.return_received_message.format(number=number, refund=refund)),
        "refunded": (words.return_refunded_subject, words.return_refunded_message.format(number=number, refund=refund)),
    }[status]
    body: dict[str, Any] = {
        "email": email,
        "subject": subject.format(number=number),
        "message": message,
        "orderNumber": order.order_number,
        "status": RETURN_MAIL_STATUS[status],
    }
    if status == "received" and ret.credit_note is not None and order.invoice is not None:
        body["attachment"] = {
            "filename": return_credit_note_filename(ret),
            "contentType": "application/pdf",
            "content": base64.b64encode(render_return_credit_note(order, ret, language)).decode(),
        }
    return body


def send_return_mails(world: MockWorld, order: Order, ret: ReturnRequest, statuses: list[ReturnStatus]) -> None:
    """One mail per step of the return, in the order's language, to the shopper's e-mail (if any)."""
    users = world.states["catalogue"].users.values()
    email = next((u.email for u in users if u.user_id == order.user_id), None)
    if email is None or not statuses:
        return
    orders: OrdersState = world.states["orders"]
    language = orders.mail_languages.get(order.order_number, "en")
    as_it_is, ret_now = copy.deepcopy(order), copy.deepcopy(ret)

    def build() -> list[dict[str, Any]]:
        return [return_mail(as_it_is, ret_now, status, email, language) for status in statuses]

    async def send() -> None:
        bodies = await to_thread.run_sync(build)
        async with loopback_client(world) as client:
            for body in bodies:
                await client.post(f"{world.settings.origin}/_mocks/mail/website/sendOrderMail", json=body)

    world.spawn_in_turn(order.order_number, send)
