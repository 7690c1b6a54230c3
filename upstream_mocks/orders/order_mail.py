"""Order confirmation and status e-mails, through the mail service's `website/sendOrderMail`.

Our extension of the mail contract. The delivered mail carries the tax invoice as a PDF, and
the mail of a cancelled or returned order that was invoiced carries its credit note. Mails
go out after the answer (in the world's background work), to the e-mail the store has for the
shopper; a shopper without one gets none. A failed mail is not retried: the order page shows
everything the mail says.
"""

from __future__ import annotations

import base64
from typing import Any

from upstream_mocks.loopback import loopback_client
from upstream_mocks.money import as_rupees
from upstream_mocks.orders.invoice import credit_note_filename, invoice_filename, render_credit_note, render_invoice
from upstream_mocks.orders.records import Order, OrderStatus
from upstream_mocks.world import MockWorld


def _subject_and_message(order: Order, status: OrderStatus) -> tuple[str, str]:
    number = order.order_number
    refund = order.refund.message if order.refund else ""
    if order.credit_note is not None:
        refund = f"{refund} The GST credit note against its invoice is attached.".strip()
    match status:
        case "placed":
            return (
                f"Order {number} confirmed",
                f"Thank you for your order {number} of {as_rupees(order.charges.total)}. "
                "We will tell you when it is packed.",
            )
        case "packed":
            return f"Order {number} is packed", f"Your order {number} is packed and will ship soon."
        case "shipped":
            return f"Order {number} has shipped", f"Your order {number} is on its way."
        case "outForDelivery":
            return f"Order {number} is out for delivery", f"Your order {number} will reach you today."
        case "delivered":
            return (
                f"Order {number} delivered: your tax invoice",
                f"Your order {number} was delivered. Its GST tax invoice is attached.",
            )
        case "cancelled":
            return f"Order {number} cancelled", f"Your order {number} is cancelled. {refund}".strip()
        case "returned":
            return (
                f"Order {number} returned to the seller",
                f"We could not deliver your order {number} after three attempts, so it went back to the seller. "
                f"{refund}".strip(),
            )


def order_mail(order: Order, status: OrderStatus, email: str) -> dict[str, Any]:
    subject, message = _subject_and_message(order, status)
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
            "content": base64.b64encode(render_invoice(order)).decode(),
        }
    if status in ("cancelled", "returned") and order.credit_note is not None:
        body["attachment"] = {
            "filename": credit_note_filename(order),
            "contentType": "application/pdf",
            "content": base64.b64encode(render_credit_note(order)).decode(),
        }
    return body


def send_status_mails(world: MockWorld, order: Order, statuses: list[OrderStatus], email: str | None) -> None:
    """Queue one mail per status reached, in order; the bodies are built now, from the order as it is."""
    if email is None or not statuses:
        return
    bodies = [order_mail(order, status, email) for status in statuses]

    async def send() -> None:
        async with loopback_client(world) as client:
            for body in bodies:
                await client.post(f"{world.settings.origin}/_mocks/mail/website/sendOrderMail", json=body)

    world.spawn(send())
