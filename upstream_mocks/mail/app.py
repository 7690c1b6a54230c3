"""Mail mock: the website/* calls of contracts/mail.openapi.yaml, plus QA read-outs.

What it receives is kept in `world.states["mail"]` so QA can read it back:
`GET /_mocks/mail/outbox` (mails "sent"), `/subscriptions` and `/support` (records inserted).
"""

from __future__ import annotations

import time
from typing import Any

import msgspec
from litestar import Litestar, Request, Response, get, post

from upstream_mocks.envelope import envelope
from upstream_mocks.mail.records import (
    MailState,
    OrderMail,
    OutboxMail,
    ReceiptMail,
    StoredRecord,
    Subscription,
    SupportRequest,
)
from upstream_mocks.world import MockWorld


def _decode(body: bytes, type_: type[Any]) -> Any:
    """Validate a request body against its contract schema; the error names the field."""
    return msgspec.json.decode(body, type=type_)


def create_app(world: MockWorld) -> Litestar:
    world.register("mail", MailState)

    def state() -> MailState:
        st: MailState = world.states["mail"]
        return st

    async def accept(request: Request[Any, Any, Any], type_: type[Any]) -> tuple[Any, Response[Any] | None]:
        try:
            return _decode(await request.body(), type_), None
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            return None, envelope(None, f"Invalid request: {exc}", 400)

    @post("/website/sendSubscribeMail", status_code=200)
    async def send_subscribe_mail(request: Request[Any, Any, Any]) -> Response[Any]:
        body, rejected = await accept(request, Subscription)
        if rejected:
            return rejected
        state().outbox.append(OutboxMail(kind="subscribe", to=body.email, subject=body.subject, at=time.time()))
        return envelope(None, "Mail sent successfully")

    @post("/website/InsertSubscribeData", status_code=200)
    async def insert_subscribe_data(request: Request[Any, Any, Any]) -> Response[Any]:
        body, rejected = await accept(request, Subscription)
        if rejected:
            return rejected
        records = state().subscriptions
        records.append(StoredRecord(id=len(records) + 1, at=time.time(), data=msgspec.to_builtins(body)))
        return envelope({"id": len(records)}, "Subscribed successfully")

    @post("/website/SendMail", status_code=200)
    async def send_mail(request: Request[Any, Any, Any]) -> Response[Any]:
        body, rejected = await accept(request, SupportRequest)
        if rejected:
            return rejected
        state().outbox.append(
            OutboxMail(kind=body.support_request, to=body.email, subject=body.subject, at=time.time())
        )
        return envelope(None, "Mail sent successfully")

    @post("/website/InsertSupportData", status_code=200)
    async def insert_support_data(request: Request[Any, Any, Any]) -> Response[Any]:
        body, rejected = await accept(request, SupportRequest)
        if rejected:
            return rejected
        records = state().support
        records.append(StoredRecord(id=len(records) + 1, at=time.time(), data=msgspec.to_builtins(body)))
        return envelope({"id": len(records)}, "Support request saved")

    @post("/website/sendReceiptMail", status_code=200)
    async def send_receipt_mail(request: Request[Any, Any, Any]) -> Response[Any]:
        body, rejected = await accept(request, ReceiptMail)
        if rejected:
            return rejected
        state().outbox.append(
            OutboxMail(
                kind="receipt",
                to=body.email,
                subject=body.subject,
                at=time.time(),
                attachment=body.attachment.filename,
                message=body.message,
            )
        )
        return envelope(None, "Mail sent successfully")

    @post("/website/sendOrderMail", status_code=200)
    async def send_order_mail(request: Request[Any, Any, Any]) -> Response[Any]:
        body, rejected = await accept(request, OrderMail)
        if rejected:
            return rejected
        state().outbox.append(
            OutboxMail(
                kind="order",
                to=body.email,
                subject=body.subject,
                at=time.time(),
                attachment=body.attachment.filename if body.attachment else None,
                order_number=body.order_number,
                status=body.status,
                message=body.message,
            )
        )
        return envelope(None, "Mail sent successfully")

    # QA read-outs (not part of the upstream contract).
    @get("/outbox")
    async def outbox() -> list[OutboxMail]:
        return state().outbox

    @get("/subscriptions")
    async def subscriptions() -> list[StoredRecord]:
        return state().subscriptions

    @get("/support")
    async def support() -> list[StoredRecord]:
        return state().support

    return Litestar(
        route_handlers=[
            send_subscribe_mail,
            insert_subscribe_data,
            send_mail,
            insert_support_data,
            send_receipt_mail,
            send_order_mail,
            outbox,
            subscriptions,
            support,
        ],
        openapi_config=None,
        logging_config=None,  # the host process configures logging
    )
