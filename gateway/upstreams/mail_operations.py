"""The mail service's one read call (contracts/mail.openapi.yaml, `website/sentMessages`): the
mails and SMS a customer was sent, for the support desk. Asked with the platform's operations key
(OPERATIONS_KEY in `x-operations-key`), apart from the site's mail client (mail.py), which only
sends.
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal

import msgspec

from gateway.errors import UpstreamError
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

    async def sent_to(self, mobile_number: str | None, email: str | None = None) -> list[SentMessage]:
        """GET website/sentMessages: the SMS sent to the number and the mails to the address, newest first."""
        asked = {name: value for name, value in (("mobileNumber", mobile_number), ("email", email)) if value}
        response = await self.http.request("GET", "website/sentMessages", params=asked, headers=self._key)
        answer = self.http.decode(response, Envelope[list[SentMessage]])
        if response.status_code != 200 or answer.data is None:
            raise UpstreamError(FAILED, upstream=self.http.name, status=response.status_code)
        return answer.data
