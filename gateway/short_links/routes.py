"""`GET /l/{code}`: a reminder's payment link on our own domain.

The lender's reminder SMS may carry only URLs whitelisted with its DLT template (TRAI), so it
carries ours, never the provider's: the lender mints the code, one per instalment, and says here
where it leads (the lending port's `payment_link`, asked of each lender in turn). An open link
(or a paid one: the provider's page says it is paid and takes nothing) is a 302 to the provider's
page; a code of the wrong form or no lender's is our 404 page, an expired or closed link our 410
page, a lender that cannot say now our 503 page, each in the visitor's language. Never cached:
the same code leads elsewhere once paid or replaced. docs/decisions/reminder-short-links.md.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import urlsplit

import structlog
from litestar import MediaType, Response, Router, get
from litestar.di import NamedDependency
from litestar.params import FromPath

from gateway.language.codes import Language
from gateway.plumbing.errors import UpstreamError
from gateway.services import AppServices
from gateway.short_links.page import Why, link_page

log = structlog.get_logger("gateway.short_links")

CODE = re.compile(r"^[0-9A-Za-z]{10}$")  # the lenders' codes: 10 letters and digits
_STATUS: dict[Why, int] = {"unknown": 404, "expired": 410, "cancelled": 410, "unavailable": 503}
_NOT_KEPT = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}


def build_router(services: AppServices, browser_address: Callable[[str], str]) -> Router:
    """`browser_address`: a provider's page as a browser reaches it (gateway/embedded.py)."""
    lender, product = services.clients.lender, services.settings.product_name

    def page(why: Why, language: Language) -> Response[str]:
        return Response(
            link_page(why, language, product),
            status_code=_STATUS[why],
            media_type=MediaType.HTML,
            headers={**_NOT_KEPT, "Vary": "Cookie, Accept-Language"},
        )

    @get("/{code:str}", summary="A reminder's payment link: to the provider's page, or why it takes no payment")
    async def short_link(code: FromPath[str], user_language: NamedDependency[Language]) -> Response[str]:
        if not CODE.match(code):
            return page("unknown", user_language)
        try:
            found = await lender.payment_link(code)
        except UpstreamError as exc:
            log.warning("short_link_unresolved", error=str(exc))
            return page("unavailable", user_language)
        if found is None:
            return page("unknown", user_language)
        if found.status in ("expired", "cancelled"):
            return page(found.status, user_language)
        target = browser_address(found.link_url)
        if urlsplit(target).scheme not in ("https", "http", ""):  # a lender's odd answer goes nowhere
            log.warning("short_link_target_refused", code=code)
            return page("unavailable", user_language)
        return Response("", status_code=302, headers={**_NOT_KEPT, "Location": target})

    return Router(path="/l", route_handlers=[short_link], tags=["short links"], include_in_schema=False)
