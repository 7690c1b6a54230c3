"""The lender's notices to a borrower by SMS and mail, through the mail/SMS service's contract
(`website/sendSms`, `website/sendBorrowerMail`), as the lender's own service would send them."""

from __future__ import annotations

from typing import Literal

import httpx
import structlog

from upstream_mocks.lending.seed import Borrower
from upstream_mocks.loopback import loopback_client
from upstream_mocks.sms import TemplateKey, service_sms
from upstream_mocks.texts import Language
from upstream_mocks.world import MockWorld

log = structlog.get_logger("upstream_mocks.lending")

MailKind = Literal["complaintReceived", "paymentReminder", "autopayNotice", "autopayAuthenticate", "autopayReminder"]


async def notify(
    world: MockWorld,
    borrower: Borrower,
    *,
    sms: TemplateKey,
    subject: str,
    message: str,
    kind: MailKind,
    reference: str,
    language: Language,
    fields: dict[str, str],
) -> None:
    """One SMS (a registered template) and, when the lender has an e-mail, one mail. A notice
    that fails is logged, never the caller's failure: the complaint or reminder stands."""
    mail_service = f"{world.settings.origin}/_mocks/mail/website"
    async with loopback_client(world) as client:
        try:
            await client.post(
                f"{mail_service}/sendSms",
                json=service_sms(borrower.mobile_number, sms, language, reference, **fields),
            )
            if borrower.email is not None:
                body = {"email": borrower.email, "subject": subject, "message": message, "kind": kind}
                await client.post(f"{mail_service}/sendBorrowerMail", json={**body, "reference": reference})
        except httpx.HTTPError as exc:
            log.warning("notice_not_sent", reference=reference, error=str(exc))
