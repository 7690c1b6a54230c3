"""Typed client of the card-payment provider (contracts/payments.openapi.yaml) for the platform's
own operations: the day's settlement report (the daily reconciliation) and the payments a payer's
reference names (the support desk). Checkout itself stays between the lender or orders service
and the provider; the gateway only reads.

The provider's API takes the merchant's client id and secret in headers on every call
(PAYMENTS_CLIENT_ID, PAYMENTS_CLIENT_SECRET).
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Literal, TypeVar

import msgspec

from gateway.errors import UpstreamError, UpstreamRefused
from gateway.upstreams.http import UpstreamHttp

T = TypeVar("T")
API_VERSION = "2023-08-01"
REPORT_FAILED = "The payment provider's settlement report could not be read. Please try again later."
SEARCH_FAILED = "The payment provider could not be asked about this reference. Please try again later."
REFUND_REFUSED = "The payment provider refused this refund."


class SettlementEvent(msgspec.Struct, kw_only=True):
    event_id: str
    event_type: Literal["PAYMENT", "REFUND"]
    order_id: str  # the provider order: a store order's or a repayment's
    cf_payment_id: str
    event_amount: Decimal
    event_time: str
    cf_refund_id: str | None = None
    bank_reference: str | None = None
    payment_group: str | None = None


class SettlementReport(msgspec.Struct, kw_only=True):
    settlement_date: date
    events: list[SettlementEvent]
    settled_amount: Decimal


class ProviderPayment(msgspec.Struct, kw_only=True):
    cf_payment_id: str
    order_id: str
    payment_amount: Decimal
    payment_status: Literal["SUCCESS", "FAILED"]
    payment_time: str
    payment_message: str | None = None
    payment_group: str | None = None
    bank_reference: str | None = None


class PaymentsClient:
    def __init__(self, http: UpstreamHttp, client_id: str, client_secret: str) -> None:
        self.http = http
        self._headers = {"x-client-id": client_id, "x-client-secret": client_secret, "x-api-version": API_VERSION}

    async def settlement_report(self, day: date) -> SettlementReport:
        """GET pg/settlements/recon: every payment and refund the provider settled on `day`."""
        response = await self.http.request(
            "GET", "pg/settlements/recon", params={"settlement_date": day.isoformat()}, headers=self._headers
        )
        if response.status_code != 200:
            raise UpstreamRefused(REPORT_FAILED, upstream=self.http.name, status=response.status_code)
        return self.http.decode(response, SettlementReport)

    async def search(self, reference: str) -> list[ProviderPayment]:
        """GET pg/payments/search: the payments whose provider id or bank (UPI) reference is `reference`."""
        response = await self.http.request(
            "GET", "pg/payments/search", params={"reference": reference}, headers=self._headers
        )
        if response.status_code != 200:
            raise UpstreamError(SEARCH_FAILED, upstream=self.http.name, status=response.status_code)
        return self.http.decode(response, list[ProviderPayment])

    async def order_payments(self, order_id: str) -> list[ProviderPayment]:
        """GET pg/orders/{order_id}/payments: the attempts to pay one provider order (none when unknown)."""
        return await _listed(self.http, f"pg/orders/{order_id}/payments", self._headers, list[ProviderPayment])

    async def order_refunds(self, order_id: str) -> list[ProviderRefund]:
        """GET pg/orders/{order_id}/refunds: what was given back on one provider order."""
        return await _listed(self.http, f"pg/orders/{order_id}/refunds", self._headers, list[ProviderRefund])

    async def refund(self, order_id: str, amount: Decimal, refund_id: str, note: str | None) -> ProviderRefund:
        """POST pg/orders/{order_id}/refunds: give back `amount` of a paid order. `refund_id` is the
        refund's idempotency key at the provider: asked again, the provider answers the same refund."""
        body = RefundAsked(refund_amount=msgspec.Raw(f"{amount:.2f}".encode()), refund_id=refund_id, refund_note=note)
        response = await self.http.request(
            "POST", f"pg/orders/{order_id}/refunds", json=body, headers=self._headers, idempotent=True
        )
        if response.status_code != 200:
            raise UpstreamRefused(REFUND_REFUSED, upstream=self.http.name, status=response.status_code)
        return self.http.decode(response, ProviderRefund)


class RefundAsked(msgspec.Struct, kw_only=True):
    refund_amount: msgspec.Raw  # a JSON number, written from the exact rupees
    refund_id: str
    refund_note: str | None = None


class ProviderRefund(msgspec.Struct, kw_only=True):
    cf_refund_id: str
    refund_id: str
    order_id: str
    refund_amount: Decimal
    refund_status: Literal["PENDING", "SUCCESS", "CANCELLED"]
    created_at: str
    refund_note: str | None = None


ORDER_FAILED = "The payment provider could not be asked about this order. Please try again later."


async def _listed(http: UpstreamHttp, path: str, headers: dict[str, str], type_: type[list[T]]) -> list[T]:
    response = await http.request("GET", path, headers=headers)
    if response.status_code == 404:
        return []
    if response.status_code != 200:
        raise UpstreamError(ORDER_FAILED, upstream=http.name, status=response.status_code)
    return http.decode(response, type_)
