"""Typed client of the mail service (contracts/mail.openapi.yaml)."""

from __future__ import annotations

from typing import Any, Literal

import msgspec
import structlog

from gateway.errors import UpstreamError
from gateway.upstreams.envelope import Envelope
from gateway.upstreams.http import UpstreamHttp

log = structlog.get_logger("gateway.upstream.mail")

SupportKind = Literal["supportData", "DeleteUser"]


class Subscription(msgspec.Struct, rename="camel", frozen=True):
    email: str
    subject: str
    support_request: str
    message: str


class SupportRequest(msgspec.Struct, rename="camel", frozen=True, omit_defaults=True):
    name: str
    email: str
    contact: str
    subject: str
    support_request: SupportKind
    message: str | None = None


class MailClient:
    def __init__(self, http: UpstreamHttp) -> None:
        self.http = http

    async def _post(self, path: str, body: msgspec.Struct) -> Envelope[Any]:
        # Not retried: a repeated call would send the visitor a second mail.
        response = await self.http.request("POST", path, json=body)
        answer = self.http.decode(response, Envelope[Any])
        if not answer.ok:
            log.warning("mail_rejected", path=path, status=answer.status_code, reason=answer.message)
            raise UpstreamError(
                "The mail service refused the request. Please try again later.",
                upstream=self.http.name,
                status=response.status_code,
                code="mail_rejected",
            )
        return answer

    async def subscribe(self, body: Subscription) -> None:
        """The confirmation mail, then the record; the record only once the mail went out."""
        await self.send_subscribe_mail(body)
        await self.insert_subscribe_data(body)

    async def request_support(self, body: SupportRequest) -> None:
        """The mail to support, then the record; the record only once the mail went out."""
        await self.send_mail(body)
        await self.insert_support_data(body)

    async def send_subscribe_mail(self, body: Subscription) -> Envelope[Any]:
        return await self._post("website/sendSubscribeMail", body)

    async def insert_subscribe_data(self, body: Subscription) -> Envelope[Any]:
        return await self._post("website/InsertSubscribeData", body)

    async def send_mail(self, body: SupportRequest) -> Envelope[Any]:
        return await self._post("website/SendMail", body)

    async def insert_support_data(self, body: SupportRequest) -> Envelope[Any]:
        return await self._post("website/InsertSupportData", body)
