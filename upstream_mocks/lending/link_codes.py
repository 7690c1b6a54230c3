"""The partner call by which the platform resolves a reminder's short link (our extension).

`GET webRepayment/partnerPaymentLinks/{code}` (the store's partner key): the instalment's current
payment link for a code the lender minted (due_links.py), as the provider says it stands now
(`GET /pg/links/{id}`): `open` (ACTIVE, or PARTIALLY_PAID: what is left can still be paid),
`paid`, `expired` or `cancelled`, with the provider's page and what it still asks. 404 for a code
the lender never made; 503 when the provider cannot say. The platform redirects an open or paid
link's visitor to the provider's page and says itself why any other takes no payment.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal
from typing import Any, Literal

import httpx
import msgspec
from litestar import Request, Response, get
from litestar.handlers import HTTPRouteHandler
from litestar.params import FromPath

from payments_client import ProviderRefused
from upstream_mocks.envelope import envelope
from upstream_mocks.lending.due_links import BASE62, CODE_LENGTH, DueLink, link_of_code, outlived
from upstream_mocks.lending.partner_key import partner_refused
from upstream_mocks.money import rupees
from upstream_mocks.provider import provider
from upstream_mocks.settings import MerchantAccount
from upstream_mocks.world import MockWorld

_CODE = re.compile(rf"^[{BASE62}]{{{CODE_LENGTH}}}$")
LinkState = Literal["open", "paid", "expired", "cancelled"]
OPEN = ("ACTIVE", "PARTIALLY_PAID")
_STATES: dict[str, LinkState] = {
    "ACTIVE": "open",
    "PARTIALLY_PAID": "open",
    "PAID": "paid",
    "EXPIRED": "expired",
    "CANCELLED": "cancelled",
}


class PaymentLinkView(msgspec.Struct, rename="camel", kw_only=True):
    code: str
    status: LinkState
    link_url: str  # the provider's page
    amount_left: str  # what the link still asks, in rupees with paise
    expires_at: str


def link_code_routes(world: MockWorld) -> list[HTTPRouteHandler]:
    @get("/webRepayment/partnerPaymentLinks/{code:str}")
    async def partner_payment_link(request: Request[Any, Any, Any], code: FromPath[str]) -> Response[Any]:
        return await answer_code(
            world,
            request,
            code,
            world.settings.partner_key,
            link_of_code,
            lambda w, link, _left: outlived(w, link),
            world.settings.lending_account,
        )

    return [partner_payment_link]


async def answer_code(
    world: MockWorld,
    request: Request[Any, Any, Any],
    code: str,
    key: str,
    find: Callable[[MockWorld, str], DueLink | None],
    stale: Callable[[MockWorld, DueLink, Decimal], bool],
    account: MerchantAccount,
) -> Response[Any]:
    """The partner call's answer, for a lender whose links `find` looks up by code (ours, or the
    Fineract lender's companion: the same contract). A link `stale` (given what it still asks) for its instalment's due
    (paid otherwise since) is told as cancelled, whatever the provider still takes on it. The
    link is read on `account`, the lender's own, which made it."""
    refused = partner_refused(request, key)
    if refused is not None:
        return refused
    if not _CODE.match(code):
        return envelope(None, f"A link code is {CODE_LENGTH} letters and digits", 400)
    link = find(world, code)
    if link is None:
        return envelope(None, "No payment link has that code", 404)
    try:
        async with provider(world, account) as pg:
            found = await pg.link(link.link_id)
    except (ProviderRefused, httpx.HTTPError):
        return envelope(None, "The payment provider could not be reached", 503)
    view = PaymentLinkView(
        code=code,
        status="cancelled"
        if found.link_status in OPEN and stale(world, link, found.link_amount - found.link_amount_paid)
        else _STATES.get(found.link_status, "expired"),
        link_url=found.link_url,
        amount_left=str(rupees(found.link_amount - found.link_amount_paid)),
        expires_at=link.expires_at.isoformat(timespec="seconds"),
    )
    return envelope(msgspec.to_builtins(view), "Payment link")
