"""The mail service's one read call (contracts/mail.openapi.yaml, `website/sentMessages`): the
mails and SMS a customer was sent, for the support desk. Asked with the platform's operations key
(OPERATIONS_KEY in `x-operations-key`), apart from the site's mail client (client.py), which only
sends.
"""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import Literal

import msgspec

from gateway.plumbing.errors import UpstreamError
from gateway.upstreams.envelope import Envelope
from gateway.upstreams.http import UpstreamHttp

FAILED = "The mail service could not be asked about messages sent. Please try again later."


class SentMessage(msgspec.Struct, rename="camel", kw_only=True):
    channel: Literal["mail", "sms"]
    to: str
    sent_at: datetime
    kind: str | None = None
    subject: str | None = None
    message: str | None = None
    reference: str | None = None
    attachment: str | None = None


class MailOperations:
    def __init__(self, http: UpstreamHttp, operations_key: str) -> None:
        self.http = http
        self._key = {"x-operations-key": operations_key}

    async def sent_to(self, mobile_number: str | None, emails: list[str] | tuple[str, ...] = ()) -> list[SentMessage]:
        """GET website/sentMessages: the SMS sent to the number and the mails to each address (the
        call takes one address, so once more for each further one), newest first."""
        asks = [(mobile_number, emails[0] if emails else None)] + [(None, email) for email in emails[1:]]
        found = [
            m for messages in await asyncio.gather(*(self._sent(m, e) for m, e in asks if m or e)) for m in messages
        ]
        return sorted(found, key=lambda m: m.sent_at, reverse=True)

    async def _sent(self, mobile_number: str | None, email: str | None) -> list[SentMessage]:
        asked = {name: value for name, value in (("mobileNumber", mobile_number), ("email", email)) if value}
        response = await self.http.request("GET", "website/sentMessages", params=asked, headers=self._key)
        answer = self.http.decode(response, Envelope[list[SentMessage]])
        if response.status_code != 200 or answer.data is None:
            raise UpstreamError(FAILED, upstream=self.http.name, status=response.status_code)
        return answer.data
