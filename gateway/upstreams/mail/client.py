"""Typed client of the mail service (contracts/mail.openapi.yaml)."""

from __future__ import annotations

from typing import Any

import msgspec

from gateway.upstreams.envelope import Envelope
from gateway.upstreams.http import UpstreamHttp
from gateway.upstreams.mail.wire import Subscription, SupportRequest

REJECTED = "The mail service refused the request. Please try again later."


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
