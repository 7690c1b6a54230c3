"""Typed client of the mail service (contracts/mail.openapi.yaml)."""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from gateway.upstreams.envelope import Envelope
from gateway.upstreams.http import UpstreamHttp

REJECTED = "The mail service refused the request. Please try again later."

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

    async def _post(self, path: str, body: msgspec.Struct) -> None:
        # Not retried: a repeated call would send the visitor a second mail.
        await self.http.call("POST", path, Envelope[Any], json=body, failure=REJECTED, code="mail_rejected")

    async def subscribe(self, body: Subscription) -> None:
        """The confirmation mail, then the record; the record only once the mail went out."""
        await self._post("website/sendSubscribeMail", body)
        await self._post("website/InsertSubscribeData", body)

    async def request_support(self, body: SupportRequest) -> None:
        """The mail to support, then the record; the record only once the mail went out."""
        await self._post("website/SendMail", body)
        await self._post("website/InsertSupportData", body)
