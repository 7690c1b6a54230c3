"""Mail mock: the website/* calls of contracts/mail.openapi.yaml, plus QA read-outs.

What it receives is kept in `world.states["mail"]` so QA can read it back:
`GET /_mocks/mail/outbox` (mails "sent"), `/subscriptions` and `/support` (records inserted).
The contract's one read call, `GET website/sentMessages` (the platform's operations key), gives the
support desk the mails and SMS a customer was sent.
"""

from __future__ import annotations

import base64
import hmac
import re
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Annotated, Any, TypeVar

import msgspec
from litestar import Request, Response, get, post
from litestar.handlers import HTTPRouteHandler
from litestar.params import FromPath, FromQuery, HeaderParameter

from upstream_mocks.built_on_use import BuiltOnUse, mock_app
from upstream_mocks.clock import mocks_now
from upstream_mocks.envelope import envelope
from upstream_mocks.mail.records import (
    Attachment,
    BorrowerMail,
    MailState,
    OrderMail,
    OutboxMail,
    ReceiptMail,
    SentMessage,
    SentSms,
    SmsRequest,
    StoredRecord,
    Subscription,
    SupportRequest,
)
from upstream_mocks.waiting import changed_read
from upstream_mocks.world import MockWorld

_MOBILE = re.compile(r"^[0-9]{10}$")
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


def _mail(mail: OutboxMail) -> SentMessage:
    return SentMessage(
        channel="mail",
        to=mail.to,
        sent_at=datetime.fromtimestamp(mail.at, UTC).isoformat(timespec="seconds"),
        kind=mail.kind,
        subject=mail.subject,
        message=mail.message,
        reference=mail.reference or mail.order_number,
        attachment=mail.attachment,
    )


def _sms(sms: SentSms) -> SentMessage:
    return SentMessage(
        channel="sms",
        to=sms.mobile_number,
        sent_at=datetime.fromisoformat(sms.sent_at).astimezone(UTC).isoformat(timespec="seconds"),
        kind=None,
        subject=None,
        message=sms.message,
        reference=sms.reference,
        attachment=None,
    )


Body = TypeVar("Body", Subscription, SupportRequest, ReceiptMail, OrderMail, BorrowerMail, SmsRequest)


def create_app(world: MockWorld) -> BuiltOnUse:
    world.register("mail", MailState)

    def state() -> MailState:
        st: MailState = world.states["mail"]
        return st

    def website_call(path: str, schema: type[Body], answer: Callable[[Body], Response[Any]]) -> HTTPRouteHandler:
        """POST `path`: the body validated against its contract schema (400 naming the field), then
        answered."""

        @post(path, status_code=200)
        async def call(request: Request[Any, Any, Any]) -> Response[Any]:
            try:
                body = msgspec.json.decode(await request.body(), type=schema)
            except (msgspec.ValidationError, msgspec.DecodeError) as exc:
                return envelope(None, f"Invalid request: {exc}", 400)
            return answer(body)

        return call

    def mailed(mail: OutboxMail, attachment: Attachment | None = None) -> Response[Any]:
        outbox = state().outbox
        mail.mail_id = f"MAIL{len(outbox) + 1:08d}"
        outbox.append(mail)
        if attachment is not None:
            state().attachments[mail.mail_id] = attachment
        return envelope(None, "Mail sent successfully")

    def kept(records: list[StoredRecord], body: Subscription | SupportRequest, message: str) -> Response[Any]:
        records.append(
            StoredRecord(id=len(records) + 1, at=mocks_now(world).timestamp(), data=msgspec.to_builtins(body))
        )
        return envelope({"id": len(records)}, message)

    def subscribe_mail(body: Subscription) -> Response[Any]:
        return mailed(
            OutboxMail(
                kind="subscribe",
                to=body.email,
                subject=body.subject,
                at=mocks_now(world).timestamp(),
                message=body.message,
            )
        )

    def subscribe_data(body: Subscription) -> Response[Any]:
        return kept(state().subscriptions, body, "Subscribed successfully")

    def support_mail(body: SupportRequest) -> Response[Any]:
        return mailed(
            OutboxMail(
                kind=body.support_request,
                to=body.email,
                subject=body.subject,
                at=mocks_now(world).timestamp(),
                message=body.message,
            )
        )

    def support_data(body: SupportRequest) -> Response[Any]:
        return kept(state().support, body, "Support request saved")

    def receipt_mail(body: ReceiptMail) -> Response[Any]:
        return mailed(
            OutboxMail(
                kind="receipt",
                to=body.email,
                subject=body.subject,
                at=mocks_now(world).timestamp(),
                attachment=body.attachment.filename,
                message=body.message,
            ),
            body.attachment,
        )

    def order_mail(body: OrderMail) -> Response[Any]:
        return mailed(
            OutboxMail(
                kind="order",
                to=body.email,
                subject=body.subject,
                at=mocks_now(world).timestamp(),
                attachment=body.attachment.filename if body.attachment else None,
                order_number=body.order_number,
                status=body.status,
                message=body.message,
            ),
            body.attachment,
        )

    # Every mail and SMS is stamped on the mocks' one clock, so a reminder sent on a simulated
    # day reads that day.
    def borrower_mail(body: BorrowerMail) -> Response[Any]:
        return mailed(
            OutboxMail(
                kind=body.kind,
                to=body.email,
                subject=body.subject,
                at=mocks_now(world).timestamp(),
                message=body.message,
                reference=body.reference,
            )
        )

    def sms(body: SmsRequest) -> Response[Any]:
        sent = state().sms
        sms_id = f"SMS{len(sent) + 1:08d}"
        sent.append(SentSms(sms_id=sms_id, sent_at=mocks_now(world).isoformat(), **msgspec.structs.asdict(body)))
        return envelope({"smsId": sms_id}, "SMS accepted")

    @get("/website/sentMessages")
    async def sent_messages(request: Request[Any, Any, Any]) -> Response[Any]:
        given = request.headers.get("x-operations-key", "").encode()
        if not hmac.compare_digest(given, world.settings.operations_key.encode()):
            return envelope(None, "Unauthorized", 401)
        mobile = request.query_params.get("mobileNumber")
        email = request.query_params.get("email")
        if mobile is None and email is None:
            return envelope(None, "Give mobileNumber or email", 400)
        if mobile is not None and not _MOBILE.match(mobile):
            return envelope(None, "Invalid request: mobileNumber", 400)
        if email is not None and (len(email) > 254 or not _EMAIL.match(email)):
            return envelope(None, "Invalid request: email", 400)
        found = [_sms(sms) for sms in state().sms if sms.mobile_number == mobile]
        found += [_mail(mail) for mail in state().outbox if email is not None and mail.to.lower() == email.lower()]
        found.sort(key=lambda m: m.sent_at, reverse=True)
        return envelope(msgspec.to_builtins(found), "Messages sent")

    # QA read-outs (not part of the upstream contract).
    @get("/sms")
    async def sms_outbox(mobile: FromQuery[str | None] = None) -> list[SentSms]:
        """Every service SMS accepted, oldest first; `?mobile=` one number's."""
        return [sms for sms in state().sms if mobile is None or sms.mobile_number == mobile]

    @get("/outbox")
    async def outbox(
        if_none_match: Annotated[str | None, HeaderParameter(name="If-None-Match", required=False)] = None,
        prefer: Annotated[str | None, HeaderParameter(name="Prefer", required=False)] = None,
    ) -> Response[Any]:
        """Every mail sent; with `If-None-Match` and `Prefer: wait=N`, once another went."""
        return await changed_read(world, lambda: state().outbox, if_none_match, prefer)

    @get("/outbox/{mail_id:str}/attachment", media_type="application/pdf")
    async def attachment(mail_id: FromPath[str]) -> Response[Any]:
        """A mail's attached PDF as it was sent, to open in the browser (the QA console's Outboxes)."""
        sent = state().attachments.get(mail_id)
        if sent is None:
            refused = {"message": "No attachment: no such mail, or it had none"}
            return Response(refused, status_code=404, media_type="application/json")
        try:
            content = base64.b64decode(sent.content, validate=True)
        except ValueError:
            return Response(
                {"message": "The attachment sent was not Base64"}, status_code=422, media_type="application/json"
            )
        return Response(
            content,
            media_type=sent.content_type,
            headers={"content-disposition": f'inline; filename="{sent.filename}"'},
        )

    @get("/subscriptions")
    async def subscriptions() -> list[StoredRecord]:
        return state().subscriptions

    @get("/support")
    async def support() -> list[StoredRecord]:
        return state().support

    return mock_app(
        [
            website_call("/website/sendSubscribeMail", Subscription, subscribe_mail),
            website_call("/website/InsertSubscribeData", Subscription, subscribe_data),
            website_call("/website/SendMail", SupportRequest, support_mail),
            website_call("/website/InsertSupportData", SupportRequest, support_data),
            website_call("/website/sendReceiptMail", ReceiptMail, receipt_mail),
            website_call("/website/sendOrderMail", OrderMail, order_mail),
            website_call("/website/sendBorrowerMail", BorrowerMail, borrower_mail),
            website_call("/website/sendSms", SmsRequest, sms),
            sent_messages,
            sms_outbox,
            outbox,
            attachment,
            subscriptions,
            support,
        ],
        openapi_config=None,
    )
