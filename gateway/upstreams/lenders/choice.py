"""Which lender(s) the gateway talks to, chosen by the LENDERS setting (gateway/settings.py).

One kind is a single-lender deployment: that adapter is the port. Several are put behind one
`LenderRouter` (routing.py), in the order given: the first is the default owner of a loan no
other adapter claims, and sends a later one's codes by SMS (a Fineract lender has none); what
else a lender's API lacks comes from its companion service (settings: FINERACT_COMPANION_URL).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from gateway.plumbing.clock import Clock
from gateway.settings import Settings
from gateway.upstreams.http import UpstreamHttp
from gateway.upstreams.lenders.fineract import FineractLender
from gateway.upstreams.lenders.native import NativeLender
from gateway.upstreams.lenders.native.operations import LenderMandateDebits
from gateway.upstreams.lenders.port import Lender, MandateDebitTeller
from gateway.upstreams.lenders.routing import LenderRouter

# Each adapter kind and how it is built: the settings, the upstream clients (its companion service
# among them, when configured), the first lender (which sends codes for a lender without SMS;
# None when it is the first) and the gateway's clock (a lender keeping no date of its own).
Build = Callable[[Settings, Mapping[str, UpstreamHttp], Lender | None, Clock], Lender]
ADAPTERS: dict[str, Build] = {
    "native": lambda settings, upstreams, first, clock: NativeLender(
        upstreams["lending"], settings.lending_partner_key
    ),
    "fineract": lambda settings, upstreams, first, clock: FineractLender(
        upstreams["fineract"], upstreams["payments"], first, upstreams.get("fineract_companion"), settings, clock
    ),
}


def lender_kinds(settings: Settings) -> list[str]:
    """LENDERS as a list; an unknown or repeated kind stops the start-up with the known ones named."""
    kinds = [kind.strip() for kind in settings.lenders.split(",") if kind.strip()]
    unknown = [kind for kind in kinds if kind not in ADAPTERS]
    if not kinds or unknown or len(set(kinds)) != len(kinds):
        raise ValueError(
            f"LENDERS must list adapter kinds among {', '.join(ADAPTERS)}, each once, not {settings.lenders!r}"
        )
    return kinds


def build_lender(settings: Settings, upstreams: Mapping[str, UpstreamHttp], clock: Clock) -> Lender:
    """The port's implementation for this deployment."""
    kinds = lender_kinds(settings)
    first = ADAPTERS[kinds[0]](settings, upstreams, None, clock)
    if len(kinds) == 1:
        return first
    lenders = {kinds[0]: first} | {kind: ADAPTERS[kind](settings, upstreams, first, clock) for kind in kinds[1:]}
    return LenderRouter(lenders)


def build_mandate_debits(settings: Settings, upstreams: Mapping[str, UpstreamHttp]) -> dict[str, MandateDebitTeller]:
    """Each lender kind served here that takes a loan's AutoPay debits by a partner call: ours, and
    a Fineract lender through its companion service (Fineract's API has no such call). A lender
    missing here is offered no AutoPay: a debit it cannot book must never be taken."""
    kinds = lender_kinds(settings)
    tellers: dict[str, MandateDebitTeller] = {}
    if "native" in kinds:
        tellers["native"] = LenderMandateDebits(upstreams["lending"], settings.lending_partner_key)
    companion = upstreams.get("fineract_companion")
    if "fineract" in kinds and companion is not None:
        tellers["fineract"] = LenderMandateDebits(companion, settings.fineract_companion_key)
    return tellers


def order_owner(lender: Lender, settings: Settings, order_id: str) -> str:
    """The kind (LENDERS) of the lender whose provider order `order_id` is: a repayment's, a
    foreclosure's or a credit line's, paid into that lender's own account at the provider."""
    return lender.order_owner(order_id) if isinstance(lender, LenderRouter) else lender_kinds(settings)[0]


def loan_owner(lender: Lender, settings: Settings, loan_number: str) -> str:
    """The kind (LENDERS) of the lender whose loan `loan_number` is: its AutoPay mandate is on
    that lender's own account at the provider."""
    return lender.loan_owner(loan_number) if isinstance(lender, LenderRouter) else lender_kinds(settings)[0]
