"""The mail mock's request shapes (from contracts/mail.openapi.yaml) and what it stores."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

Email = Annotated[str, msgspec.Meta(pattern=r"^[^@\s]+@[^@\s]+\.[^@\s]+$", min_length=3, max_length=254)]
Subject = Annotated[str, msgspec.Meta(min_length=1, max_length=200)]
Message = Annotated[str, msgspec.Meta(max_length=5000)]


class Subscription(msgspec.Struct, rename="camel", forbid_unknown_fields=True):
    email: Email
    subject: Subject
    support_request: Annotated[str, msgspec.Meta(min_length=1, max_length=50)]
    message: Message


class SupportRequest(msgspec.Struct, rename="camel", forbid_unknown_fields=True):
    name: Annotated[str, msgspec.Meta(min_length=1, max_length=100)]
    email: Email
    contact: Annotated[str, msgspec.Meta(min_length=1, max_length=20)]
    subject: Subject
    support_request: Literal["supportData", "DeleteUser"]
    message: Message | None = None


class Attachment(msgspec.Struct, rename="camel", forbid_unknown_fields=True):
    filename: Annotated[str, msgspec.Meta(min_length=1, max_length=200)]
    content_type: Literal["application/pdf"]
    content: Annotated[str, msgspec.Meta(min_length=1)]  # Base64


class ReceiptMail(msgspec.Struct, rename="camel", forbid_unknown_fields=True):
    """A payment receipt the lender mails to a borrower (our extension of the mail service)."""

    email: Email
    subject: Subject
    message: Message
    attachment: Attachment


class OrderMail(msgspec.Struct, rename="camel", forbid_unknown_fields=True, kw_only=True):
    """An order's confirmation or status mail from the orders service (our extension)."""

    email: Email
    subject: Subject
    message: Message
    order_number: Annotated[str, msgspec.Meta(pattern=r"^VK[0-9]{8}$")]
    status: Literal["placed", "packed", "shipped", "outForDelivery", "delivered", "cancelled", "returned"]
    attachment: Attachment | None = None  # the tax invoice, on the delivered mail


class OutboxMail(msgspec.Struct, rename="camel", kw_only=True):
    kind: str  # "subscribe", "supportData", "DeleteUser", "receipt" or "order"
    to: str
    subject: str
    at: float
    attachment: str | None = None  # the attached file's name
    order_number: str | None = None  # order mails
    status: str | None = None  # order mails: the status it tells of
    message: str | None = None  # receipt and order mails: the text (QA reads its language, the refund timeline)


class StoredRecord(msgspec.Struct, rename="camel"):
    id: int
    at: float
    data: dict[str, Any]


class MailState(msgspec.Struct):
    outbox: list[OutboxMail] = msgspec.field(default_factory=list)
    subscriptions: list[StoredRecord] = msgspec.field(default_factory=list)
    support: list[StoredRecord] = msgspec.field(default_factory=list)
