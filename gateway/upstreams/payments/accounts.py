"""Every merchant account the deployment serves at the payment provider, read as one.

The store's orders are paid into the store's account (PAYMENTS_CLIENT_ID/_SECRET), each lender's
repayments straight into that lender's own (LENDING_PAYMENTS_CLIENT_*, FINERACT_PAYMENTS_CLIENT_*),
so no lender's money passes through ours (docs/decisions/lender-provider-accounts.md). A provider
account sees only its own orders (another's is 404), so what reads reports or looks a payment up
(the desk, the daily reconciliation) asks each account and puts the answers together; a repayment's
own UPI payment and state are asked of its lender's account alone (`for_lender`).
"""

from __future__ import annotations

import asyncio
from datetime import date
from decimal import Decimal

import msgspec

from gateway.settings import Settings
from gateway.upstreams.http import UpstreamHttp
from gateway.upstreams.payments.client import PaymentsClient, ProviderPayment, ProviderRefund, SettlementReport

# Each lender adapter kind (LENDERS) and the settings naming its own account.
LENDER_ACCOUNTS = {
    "native": ("lending_payments_client_id", "lending_payments_client_secret"),
    "fineract": ("fineract_payments_client_id", "fineract_payments_client_secret"),
}


def lender_account(http: UpstreamHttp, settings: Settings, kind: str) -> PaymentsClient:
    """The provider as the lender `kind`'s own account."""
    client_id, client_secret = LENDER_ACCOUNTS[kind]
    return PaymentsClient(http, getattr(settings, client_id), getattr(settings, client_secret))


class PaymentsAccounts:
    """The store's account first, then each lender's in LENDERS order (one id named twice is asked once)."""

    def __init__(self, http: UpstreamHttp, settings: Settings) -> None:
        kinds = [kind.strip() for kind in settings.lenders.split(",") if kind.strip() in LENDER_ACCOUNTS]
        self.store = PaymentsClient(http, settings.payments_client_id, settings.payments_client_secret)
        self.lenders = {kind: lender_account(http, settings, kind) for kind in kinds}
        every: dict[str, PaymentsClient] = {settings.payments_client_id: self.store}
        for client in self.lenders.values():
            every.setdefault(client.provider.account.client_id, client)
        self.every = list(every.values())

    def for_lender(self, kind: str) -> PaymentsClient:
        return self.lenders.get(kind, self.store)

    @property
    def store_account(self) -> str:
        """The store's account's client id: its orders are paid into it."""
        return self.store.provider.account.client_id

    def lender_account(self, kind: str) -> str:
        """The client id of the account the lender `kind`'s repayments are paid into."""
        return self.for_lender(kind).provider.account.client_id

    async def settlement_report(self, day: date) -> SettlementReport:
        """A day's events at every account, each event marked with the account whose report lists
        it (an order's events are at its own account only; order ids are each account's own)."""
        reports = await asyncio.gather(*(a.settlement_report(day) for a in self.every))
        return SettlementReport(
            settlement_date=day,
            events=[
                msgspec.structs.replace(e, account=a.provider.account.client_id)
                for a, r in zip(self.every, reports, strict=True)
                for e in r.events
            ],
            settled_amount=sum((r.settled_amount for r in reports), Decimal("0.00")),
        )

    async def credited(self, day: date) -> Decimal:
        """What the day's settlements brought to every account's bank account, net of fees."""
        return sum(await asyncio.gather(*(a.credited(day) for a in self.every)), Decimal("0.00"))

    async def search(self, reference: str, today: date) -> list[ProviderPayment]:
        found = await asyncio.gather(*(a.search(reference, today) for a in self.every))
        return [p for payments in found for p in payments]

    async def order_payments(self, order_id: str) -> list[ProviderPayment]:
        """The order's payments at whichever account has it (the others do not know it)."""
        for payments in await asyncio.gather(*(a.order_payments(order_id) for a in self.every)):
            if payments:
                return payments
        return []

    async def order_refunds(self, order_id: str) -> list[ProviderRefund]:
        for refunds in await asyncio.gather(*(a.order_refunds(order_id) for a in self.every)):
            if refunds:
                return refunds
        return []

    async def respond_by(self, order_id: str) -> date | None:
        days = [d for d in await asyncio.gather(*(a.respond_by(order_id) for a in self.every)) if d is not None]
        return min(days) if days else None
