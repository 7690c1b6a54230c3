"""The site's rules: each form makes two mail-service calls in sequence (send the mail, then
record it); the second is only made when the first succeeded."""

from __future__ import annotations

from gateway.site.schemas import ContactRequest, DeleteDataRequest, NewsletterRequest, SiteAnswer
from gateway.upstreams.mail import MailClient, Subscription, SupportKind, SupportRequest

SUBSCRIBED = "Thank you for subscribing!"
MAIL_SENT = "Mail sent successfully!"
SUBSCRIBE_SUBJECT = "Subscription confirmed"
SUBSCRIBED_FLAG = "subscribed"
SUBSCRIBED_MESSAGE = "subscribed user"
DELETE_MESSAGE = "Delete Data Policy"


def contact_subject(product_name: str) -> str:
    return f"Thank you for contacting at {product_name} Platform"


class SiteService:
    def __init__(self, mail: MailClient, product_name: str) -> None:
        self.mail = mail
        self.subject = contact_subject(product_name)

    async def subscribe(self, form: NewsletterRequest) -> SiteAnswer:
        await self.mail.subscribe(
            Subscription(
                email=form.email.strip(),
                subject=SUBSCRIBE_SUBJECT,
                support_request=SUBSCRIBED_FLAG,
                message=SUBSCRIBED_MESSAGE,
            )
        )
        return SiteAnswer(message=SUBSCRIBED)

    async def contact(self, form: ContactRequest) -> SiteAnswer:
        return await self._ask_support(form, form.message.strip(), "supportData")

    async def delete_data(self, form: DeleteDataRequest) -> SiteAnswer:
        return await self._ask_support(form, DELETE_MESSAGE, "DeleteUser")

    async def _ask_support(
        self, form: ContactRequest | DeleteDataRequest, message: str, kind: SupportKind
    ) -> SiteAnswer:
        await self.mail.request_support(
            SupportRequest(
                name=form.name.strip(),
                email=form.email.strip(),
                contact=form.phone,
                message=message,
                subject=self.subject,
                support_request=kind,
            )
        )
        return SiteAnswer(message=MAIL_SENT)
