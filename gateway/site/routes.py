"""Routes of the site group under /api/site: the newsletter, contact and data-deletion forms.

Each form makes two mail-service calls in sequence (send the mail, then record it); the second
is only made when the first succeeded. Upstream failures come back as the gateway's 502/503 JSON.
"""

from __future__ import annotations

from litestar import Router, post
from litestar.di import NamedDependency, Provide
from litestar.params import JSONBody

from gateway.services import AppServices
from gateway.site.forms import ContactRequest, DeleteDataRequest, NewsletterRequest, SiteAnswer
from gateway.upstreams.mail import MailClient, Subscription, SupportRequest

SUBSCRIBED = "Thank you for subscribing!"
MAIL_SENT = "Mail sent successfully!"
SUBSCRIBE_SUBJECT = "Subscription confirmed"
SUBSCRIBED_FLAG = "subscribed"
SUBSCRIBED_MESSAGE = "subscribed user"
DELETE_MESSAGE = "Delete Data Policy"


def contact_subject(product_name: str) -> str:
    return f"Thank you for contacting at {product_name} Platform"


@post("/newsletter", status_code=200, summary="Subscribe an email address to the newsletter")
async def subscribe(data: JSONBody[NewsletterRequest], mail: NamedDependency[MailClient]) -> SiteAnswer:
    body = Subscription(
        email=data.email.strip(),
        subject=SUBSCRIBE_SUBJECT,
        support_request=SUBSCRIBED_FLAG,
        message=SUBSCRIBED_MESSAGE,
    )
    await mail.subscribe(body)
    return SiteAnswer(message=SUBSCRIBED)


@post("/contact", status_code=200, summary="Send a message from the contact form")
async def contact(
    data: JSONBody[ContactRequest], mail: NamedDependency[MailClient], product_name: NamedDependency[str]
) -> SiteAnswer:
    body = SupportRequest(
        name=data.name.strip(),
        email=data.email.strip(),
        contact=data.phone,
        message=data.message.strip(),
        subject=contact_subject(product_name),
        support_request="supportData",
    )
    await mail.request_support(body)
    return SiteAnswer(message=MAIL_SENT)


@post("/delete-data", status_code=200, summary="Ask for the account's data to be deleted")
async def delete_data(
    data: JSONBody[DeleteDataRequest], mail: NamedDependency[MailClient], product_name: NamedDependency[str]
) -> SiteAnswer:
    body = SupportRequest(
        name=data.name.strip(),
        email=data.email.strip(),
        contact=data.phone,
        message=DELETE_MESSAGE,
        subject=contact_subject(product_name),
        support_request="DeleteUser",
    )
    await mail.request_support(body)
    return SiteAnswer(message=MAIL_SENT)


def build_router(services: AppServices) -> Router:
    mail = MailClient(services.upstreams["mail"])
    product_name = services.settings.product_name
    return Router(
        path="/api/site",
        route_handlers=[subscribe, contact, delete_data],
        dependencies={
            "mail": Provide(lambda: mail, use_cache=True, sync_to_thread=False),
            "product_name": Provide(lambda: product_name, use_cache=True, sync_to_thread=False),
        },
        tags=["site"],
    )
