"""Typed client of the payment provider (Cashfree's Payment Gateway API at x-api-version
2025-01-01, the subset in contracts/payments.openapi.yaml) for the platform's own operations: a
day's events for the daily reconciliation (`POST pg/recon`, paged by cursor) and the support
desk's look-ups (the payment a payer's UPI reference names, an order's payments and refunds).
Checkout itself stays between the lender or orders service and the provider; the gateway only
reads.

The provider's API takes the merchant's client id and secret in headers on every call
(PAYMENTS_CLIENT_ID, PAYMENTS_CLIENT_SECRET). Its amounts are JSON numbers, decoded straight to
Decimal (never through a float).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from typing import Literal

import msgspec

from gateway.plumbing.errors import UpstreamError, UpstreamRefused
from gateway.upstreams.answer import UpstreamAnswer
from gateway.upstreams.http import UpstreamHttp
from india.time_zone import IST
from payments_client import (
    Account,
    MandateRefund,
    ProviderClient,
    ProviderPayment,
    ProviderRefund,
    ProviderRefused,
    ReconRow,
)

REPORT_FAILED = "The payment provider's settlement report could not be read. Please try again later."
SEARCH_FAILED = "The payment provider could not be asked about this reference. Please try again later."
ORDER_FAILED = "The payment provider could not be asked about this order. Please try again later."
REFUND_REFUSED = "The payment provider refused this refund."
SEARCHED_DAYS = 90  # how far back the desk looks for a payer's reference

__all__ = ["PaymentsClient", "ProviderPayment", "ProviderRefund", "SettlementEvent", "SettlementReport"]


# Every event type Cashfree's report has, but SETTLEMENT (a settlement itself, not money of an order).
EventType = Literal[
    "PAYMENT",
    "REFUND",
    "REFUND_REVERSAL",
    "DISPUTE",
    "DISPUTE_REVERSAL",
    "CHARGEBACK",
    "CHARGEBACK_REVERSAL",
    "OTHER_ADJUSTMENT",
]
EVENT_TYPES: frozenset[str] = frozenset(EventType.__args__)  # type: ignore[attr-defined]
# Money back to us when the report leaves sale_type out: a payment and the reversals of takings.
CREDITS = frozenset({"PAYMENT", "REFUND_REVERSAL", "DISPUTE_REVERSAL", "CHARGEBACK_REVERSAL"})


class SettlementEvent(msgspec.Struct, kw_only=True):
    event_id: str
    event_type: EventType
    order_id: str  # the provider order: a store order's or a repayment's
    cf_payment_id: str
    event_amount: Decimal  # what the event moved, before the provider's fee
    event_time: str
    credit: bool  # money to us (a payment, a reversal) or taken back (a refund, a chargeback)
    fee: Decimal  # the provider's service charge and the tax on it, for this event
    settled: Decimal | None  # what the event added to (or took from) its settlement, once settled
    settlement_date: str | None = None
    bank_reference: str | None = None
    # The merchant account (client id) whose report lists it, set where several accounts' reports
    # are read together (gateway/upstreams/payments_accounts.py): each account's money is its own.
    account: str = ""


class SettlementReport(msgspec.Struct, kw_only=True):
    """A day's events at the provider (by the events' time, in India's calendar), each with its
    settlement once the provider has settled it."""

    settlement_date: date
    events: list[SettlementEvent]
    settled_amount: Decimal  # what the day's settled events added to settlements: net of fees


class UpstreamSender:
    """The provider client's requests through the gateway's UpstreamHttp: its deadlines, circuit
    breakers, retries of what is safe to send again, and the trace id."""

    def __init__(self, http: UpstreamHttp) -> None:
        self.http = http

    async def __call__(
        self, method: str, path: str, *, body: bytes | None, headers: Mapping[str, str], idempotent: bool
    ) -> UpstreamAnswer:
        sent = msgspec.Raw(body) if body is not None else None
        return await self.http.request(method, path, json=sent, headers=headers, idempotent=idempotent)


def provider_client(
    http: UpstreamHttp, client_id: str, client_secret: str, *, page: int | None = None
) -> ProviderClient:
    account = Account(client_id=client_id, client_secret=client_secret)
    sender = UpstreamSender(http)
    return ProviderClient(sender, account) if page is None else ProviderClient(sender, account, page=page)


def _day(day: date) -> tuple[datetime, datetime]:
    start = datetime.combine(day, time.min, IST)
    return start, start + timedelta(days=1) - timedelta(seconds=1)


class PaymentsClient:
    def __init__(self, http: UpstreamHttp, client_id: str, client_secret: str, *, page: int | None = None) -> None:
        self.http = http
        self.provider = provider_client(http, client_id, client_secret, page=page)

    async def _recon(self, start: datetime, end: datetime, failure: str) -> list[ReconRow]:
        try:
            return await self.provider.recon(start, end)
        except ProviderRefused as exc:
            raise UpstreamRefused(failure, upstream=self.http.name, status=exc.status) from exc
        except msgspec.DecodeError as exc:
            raise UpstreamError(failure, upstream=self.http.name, status=200) from exc

    async def settlement_report(self, day: date) -> SettlementReport:
        """The events the provider reports for `day`, by their time, with their settlements (POST pg/recon)."""
        rows = await self._recon(*_day(day), REPORT_FAILED)
        events = [
            SettlementEvent(
                event_id=r.event_id,
                event_type=r.event_type,  # type: ignore[arg-type]  # one of EVENT_TYPES, checked below
                order_id=r.order_id,
                cf_payment_id=r.cf_payment_id or "",
                event_amount=r.event_amount,
                event_time=r.event_time,
                credit=r.sale_type == "CREDIT" if r.sale_type else r.event_type in CREDITS,
                fee=(r.payment_service_charge or Decimal("0.00")) + (r.payment_service_tax or Decimal("0.00")),
                settled=r.event_settlement_amount if r.settlement_date else None,
                settlement_date=r.settlement_date,
                bank_reference=r.payment_utr,
            )
            for r in rows
            if r.event_type in EVENT_TYPES and r.event_status in (None, "SUCCESS")
        ]
        settled = sum(
            (abs(e.settled) if e.credit else -abs(e.settled) for e in events if e.settled is not None), Decimal("0.00")
        )
        return SettlementReport(settlement_date=day, events=events, settled_amount=settled)

    async def credited(self, day: date) -> Decimal:
        """What the provider's settlements on `day` brought, net of its fees and tax: the events it
        settled that day, whenever they happened (POST pg/settlement/recon, every page)."""
        start, end = _day(day)
        try:
            rows = await self.provider.settlement_recon(start, end)
        except ProviderRefused as exc:
            raise UpstreamRefused(REPORT_FAILED, upstream=self.http.name, status=exc.status) from exc
        except msgspec.DecodeError as exc:
            raise UpstreamError(REPORT_FAILED, upstream=self.http.name, status=200) from exc
        total = Decimal("0.00")
        for row in rows:
            e = row.event_details
            if e.event_type == "SETTLEMENT" or e.event_settlement_amount is None:
                continue  # a settlement itself, not an order's money
            credit = e.sale_type == "CREDIT" if e.sale_type else e.event_type in CREDITS
            total += abs(e.event_settlement_amount) if credit else -abs(e.event_settlement_amount)
        return total

    async def search(self, reference: str, today: date) -> list[ProviderPayment]:
        """The payments taken in the SEARCHED_DAYS up to `today` whose provider id or bank (UPI)
        reference is `reference` (Cashfree has no search: its report of events is read and filtered)."""
        start, _ = _day(today - timedelta(days=SEARCHED_DAYS))
        try:
            rows = await self._recon(start, _day(today)[1], SEARCH_FAILED)
        except UpstreamRefused as exc:
            raise UpstreamError(SEARCH_FAILED, upstream=self.http.name, status=exc.status) from exc
        return [
            ProviderPayment(
                cf_payment_id=r.cf_payment_id or "",
                order_id=r.order_id,
                payment_amount=r.payment_amount if r.payment_amount is not None else r.event_amount,
                payment_status="SUCCESS",
                payment_time=r.payment_time or r.event_time,
                bank_reference=r.payment_utr,
            )
            for r in rows
            if r.event_type == "PAYMENT" and reference in (r.cf_payment_id, r.payment_utr)
        ]

    async def order_payments(self, order_id: str) -> list[ProviderPayment]:
        """GET pg/orders/{order_id}/payments: the attempts to pay one provider order (none when unknown)."""
        try:
            return await self.provider.payments(order_id)
        except ProviderRefused as exc:
            _unless_unknown(exc, self.http.name)
            return []

    async def respond_by(self, order_id: str) -> date | None:
        """GET pg/orders/{order_id}/disputes: the nearest day (India's) by which a dispute or
        chargeback on that order must be answered; none when the provider lists none."""
        try:
            disputes = await self.provider.disputes(order_id)
        except ProviderRefused as exc:
            _unless_unknown(exc, self.http.name)
            return None
        except msgspec.DecodeError as exc:
            raise UpstreamError(ORDER_FAILED, upstream=self.http.name, status=200) from exc
        days = [_india_day(d.respond_by) for d in disputes if d.respond_by]
        return min(days) if days else None

    async def mandate_refund(self, subscription_id: str, refund_id: str) -> MandateRefund | None:
        """GET pg/subscriptions/{subscription_id}/refunds/{refund_id}: a debit's refund; None when
        the provider has no such refund."""
        try:
            return await self.provider.mandate_refund(subscription_id, refund_id)
        except ProviderRefused as exc:
            _unless_unknown(exc, self.http.name)
            return None

    async def order_refunds(self, order_id: str) -> list[ProviderRefund]:
        """GET pg/orders/{order_id}/refunds: what was given back on one provider order."""
        try:
            return await self.provider.refunds(order_id)
        except ProviderRefused as exc:
            _unless_unknown(exc, self.http.name)
            return []

    async def refund(self, order_id: str, amount: Decimal, refund_id: str, note: str | None) -> ProviderRefund:
        """POST pg/orders/{order_id}/refunds: give back `amount` of a paid order. `refund_id` is
        made from the caller's own key and is sent as the x-idempotency-key too: asked again, the
        provider answers the same refund (a refund_id alone used again would be a 409)."""
        try:
            return await self.provider.refund(order_id, refund_id=refund_id, amount=amount, key=refund_id, note=note)
        except ProviderRefused as exc:
            raise UpstreamRefused(REFUND_REFUSED, upstream=self.http.name, status=exc.status) from exc


def _india_day(text: str) -> date:
    """A time's day in India; Cashfree's example writes respond_by without an offset: India's."""
    at = datetime.fromisoformat(text)
    return at.date() if at.tzinfo is None else at.astimezone(IST).date()


def _unless_unknown(exc: ProviderRefused, upstream: str) -> None:
    """An order the provider does not know has nothing; any other refusal is the provider's fault."""
    if exc.status != 404:
        raise UpstreamError(ORDER_FAILED, upstream=upstream, status=exc.status) from exc
