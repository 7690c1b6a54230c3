"""Routes of the site group under /api/site: the newsletter, contact and data-deletion forms.

Upstream failures come back as the gateway's 502/503 JSON. The mails they start are in the
visitor's language (the session's, the `lang` cookie's or the browser's).
"""

from __future__ import annotations

from litestar import Router, post
from litestar.di import NamedDependency
from litestar.params import JSONBody

from gateway.language.codes import Language
from gateway.services import AppServices
from gateway.site.schemas import ContactRequest, DeleteDataRequest, NewsletterRequest, SiteAnswer
from gateway.site.service import SiteService


def build_router(services: AppServices) -> Router:
    site = SiteService(services.clients.mail, services.settings.product_name)

    @post("/newsletter", status_code=200, summary="Subscribe an email address to the newsletter")
    async def subscribe(user_language: NamedDependency[Language], data: JSONBody[NewsletterRequest]) -> SiteAnswer:
        return await site.subscribe(data, user_language)

    @post("/contact", status_code=200, summary="Send a message from the contact form")
    async def contact(user_language: NamedDependency[Language], data: JSONBody[ContactRequest]) -> SiteAnswer:
        return await site.contact(data, user_language)

    @post("/delete-data", status_code=200, summary="Ask for the account's data to be deleted")
    async def delete_data(user_language: NamedDependency[Language], data: JSONBody[DeleteDataRequest]) -> SiteAnswer:
        return await site.delete_data(data, user_language)

    return Router(
        path="/api/site",
        route_handlers=[subscribe, contact, delete_data],
        tags=["site"],
    )
