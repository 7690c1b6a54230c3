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
    status: Literal[
        "placed",
        "packed",
        "shipped",
        "outForDelivery",
        "delivered",
        "cancelled",
        "returned",
        "returnRequested",
        "returnApproved",
        "returnPickedUp",
        "returnReceived",
        "returnRefunded",
    ]
    attachment: Attachment | None = (
        None  # the tax invoice (delivered), a credit note (cancelled, returned, returnReceived)
    )


Mobile = Annotated[str, msgspec.Meta(pattern=r"^[0-9]{10}$")]
DltId = Annotated[str, msgspec.Meta(pattern=r"^[0-9]{19}$")]
Reference = Annotated[str, msgspec.Meta(min_length=1, max_length=50)]


class SmsRequest(msgspec.Struct, rename="camel", forbid_unknown_fields=True, kw_only=True):
    """A service SMS with what an Indian SMS gateway needs to send it as it is (our extension)."""

    mobile_number: Mobile
    message: Annotated[str, msgspec.Meta(min_length=1, max_length=1000)]
    sender_id: Annotated[str, msgspec.Meta(pattern=r"^[A-Z]{6}$")]
    dlt_entity_id: DltId
    dlt_template_id: DltId
    category: Literal["transactional", "serviceImplicit", "serviceExplicit"]
    unicode: bool
    language: Literal["en", "hi"]
    reference: Reference | None = None


class SentSms(msgspec.Struct, rename="camel", kw_only=True):
    """An SMS the mock accepted, as QA reads it back (`GET /_mocks/mail/sms`)."""

    sms_id: str
    sent_at: str  # ISO 8601 on the mocks' clock (QA can move it)
    mobile_number: str
    message: str
    sender_id: str
    dlt_entity_id: str
    dlt_template_id: str
    category: str
    unicode: bool
    language: str
    reference: str | None = None


class SentMessage(msgspec.Struct, rename="camel", kw_only=True):
    """A mail or an SMS as the support desk reads it back (`GET website/sentMessages`)."""

    channel: Literal["mail", "sms"]
    to: str
    sent_at: str  # ISO 8601, seconds
    kind: str | None
    subject: str | None
    message: str | None
    reference: str | None
    attachment: str | None


class BorrowerMail(msgspec.Struct, rename="camel", forbid_unknown_fields=True, kw_only=True):
    """A lender's mail to a borrower with no attachment: a complaint's acknowledgement, a reminder (our extension)."""

    email: Email
    subject: Subject
    message: Message
    kind: Literal["complaintReceived", "paymentReminder", "autopayNotice", "autopayAuthenticate", "autopayReminder"]
    reference: Reference


class OutboxMail(msgspec.Struct, rename="camel", kw_only=True):
    kind: str  # "subscribe", "supportData", "DeleteUser", "receipt" or "order"
    to: str
    subject: str
    at: float
    attachment: str | None = None  # the attached file's name
    order_number: str | None = None  # order mails
    status: str | None = None  # order mails: the status it tells of
    message: str | None = None  # receipt and order mails: the text (QA reads its language, the refund timeline)
    reference: str | None = None  # a borrower mail's ticket or due
    mail_id: str = ""  # MAIL00000001 on: its attachment is GET /_mocks/mail/outbox/{mailId}/attachment


class StoredRecord(msgspec.Struct, rename="camel"):
    id: int
    at: float
    data: dict[str, Any]


class MailState(msgspec.Struct):
    outbox: list[OutboxMail] = msgspec.field(default_factory=list)
    subscriptions: list[StoredRecord] = msgspec.field(default_factory=list)
    support: list[StoredRecord] = msgspec.field(default_factory=list)
    sms: list[SentSms] = msgspec.field(default_factory=list)
    attachments: dict[str, Attachment] = msgspec.field(default_factory=dict)  # by mail id, as sent
