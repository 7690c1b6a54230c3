"""The site's rules: each form makes two mail-service calls in sequence (send the mail, then
record it); the second is only made when the first succeeded."""

from __future__ import annotations

from gateway.language.catalog import gateway_texts
from gateway.language.codes import DEFAULT, Language
from gateway.site.schemas import ContactRequest, DeleteDataRequest, NewsletterRequest, SiteAnswer
from gateway.upstreams.mail import MailClient, Subscription, SupportKind, SupportRequest

SUBSCRIBED = "Thank you for subscribing!"
MAIL_SENT = "Mail sent successfully!"
SUBSCRIBED_FLAG = "subscribed"
SUBSCRIBED_MESSAGE = "subscribed user"
DELETE_MESSAGE = "Delete Data Policy"


def contact_subject(product_name: str, language: Language = DEFAULT) -> str:
    return gateway_texts(language).contact_subject.format(product=product_name)


class SiteService:
    """The mails the forms start are in the visitor's language (gateway/language)."""

    def __init__(self, mail: MailClient, product_name: str) -> None:
        self.mail = mail
        self.product_name = product_name

    async def subscribe(self, form: NewsletterRequest, language: Language = DEFAULT) -> SiteAnswer:
        await self.mail.subscribe(
            Subscription(
                email=form.email.strip(),
                subject=gateway_texts(language).subscribe_subject,
                support_request=SUBSCRIBED_FLAG,
                message=SUBSCRIBED_MESSAGE,
            )
        )
        return SiteAnswer(message=SUBSCRIBED)

    async def contact(self, form: ContactRequest, language: Language = DEFAULT) -> SiteAnswer:
        return await self._ask_support(form, form.message.strip(), "supportData", language)

    async def delete_data(self, form: DeleteDataRequest, language: Language = DEFAULT) -> SiteAnswer:
        return await self._ask_support(form, DELETE_MESSAGE, "DeleteUser", language)

    async def _ask_support(
        self, form: ContactRequest | DeleteDataRequest, message: str, kind: SupportKind, language: Language
    ) -> SiteAnswer:
        await self.mail.request_support(
            SupportRequest(
                name=form.name.strip(),
                email=form.email.strip(),
                contact=form.phone,
                message=message,
                subject=contact_subject(self.product_name, language),
                support_request=kind,
            )
        )
        return SiteAnswer(message=MAIL_SENT)
