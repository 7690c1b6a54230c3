"""Every upstream's typed client, built once by a composition root (the app factory, the
reconciliation command) and handed to what needs it; nothing else asks for a client by name.

`build_upstreams` (gateway/upstreams/http.py) makes each upstream's HTTP client from the
settings; `build_clients` puts the typed clients over them, one of each.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from gateway.plumbing.clock import Clock
from gateway.settings import Settings
from gateway.upstreams.catalogue.cache import CachedCatalogueClient
from gateway.upstreams.http import UpstreamHttp
from gateway.upstreams.lenders import Lender, build_lender
from gateway.upstreams.lenders.choice import build_mandate_debits
from gateway.upstreams.lenders.port import MandateDebitTeller
from gateway.upstreams.mail import MailClient
from gateway.upstreams.mail.operations import MailOperations
from gateway.upstreams.orders.operations import OrdersOperations
from gateway.upstreams.payments.accounts import PaymentsAccounts
from gateway.upstreams.payouts import PayoutsReader


@dataclass(frozen=True, slots=True)
class Clients:
    # The store's reads cached for CATALOGUE_CACHE_SECONDS; logins, carts and addresses never.
    catalogue: CachedCatalogueClient
    # The shoppers' orders, and with the operations key the desk's and the reconciliation's calls.
    orders: OrdersOperations
    # The store's account at the payment provider (`.store`) and each lender's own.
    payments: PaymentsAccounts
    # The payouts account's transfers, read by the reconciliation and the desk.
    payouts: PayoutsReader
    mail: MailClient  # the site's forms
    mail_operations: MailOperations  # what was sent to a customer, for the desk
    # The lending port, chosen by the LENDERS setting (gateway/upstreams/lenders/).
    lender: Lender
    # Each lender kind that takes a loan's AutoPay debits, by its partner call (a Fineract lender's
    # through its companion, when it runs one).
    mandate_debits: dict[str, MandateDebitTeller]


def build_clients(settings: Settings, upstreams: Mapping[str, UpstreamHttp], clock: Clock) -> Clients:
    """The typed clients over `build_upstreams`'s HTTP clients; `clock` is the one the time rules read."""
    return Clients(
        catalogue=CachedCatalogueClient(upstreams["catalogue"], settings.catalogue_cache_seconds),
        orders=OrdersOperations(upstreams["orders"], settings.operations_key),
        payments=PaymentsAccounts(upstreams["payments"], settings),
        payouts=PayoutsReader(upstreams["payouts"], settings.payouts_client_id, settings.payouts_client_secret),
        mail=MailClient(upstreams["mail"]),
        mail_operations=MailOperations(upstreams["mail"], settings.operations_key),
        lender=build_lender(settings, upstreams, clock),
        mandate_debits=build_mandate_debits(settings, upstreams),
    )
