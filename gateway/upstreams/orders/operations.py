"""The orders service's operations calls (contracts/orders.openapi.yaml, tag `operations`), asked
with the platform's service key (OPERATIONS_KEY in `x-operations-key`) instead of a shopper's
token: the day's online payments and payouts for the reconciliation, and finding, cancelling and re-mailing
orders and finding a shopper's mail address for the support desk. Beside the shopper's client
(client.py), which it shares shapes with (wire.py).
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Literal

import msgspec

from gateway.upstreams.envelope import Envelope
from gateway.upstreams.http import UpstreamHttp
from gateway.upstreams.orders.client import OrdersClient
from gateway.upstreams.orders.wire import Order

FAILED = "The orders service could not be asked. Please try again later."
LookupBy = Literal["mobileNumber", "orderNumber", "providerOrderId", "userId"]


class RefundMoved(msgspec.Struct, rename="camel", kw_only=True):
    reference: str  # the order number (its cancellation) or the return's number
    amount: Decimal
    at: datetime


class MoneyMoved(msgspec.Struct, rename="camel", kw_only=True):
    order_number: str
    user_id: int
    status: str
    payment_state: str
    amount: Decimal
    provider_order_id: str | None = None
    provider_payment_id: str | None = None
    paid_at: datetime | None = None
    refunded_amount: Decimal | None = None  # the cancellation's
    refunded_at: datetime | None = None
    refunds: list[RefundMoved] = msgspec.field(default_factory=list)  # every refund to source, returns' too


class PayoutMoved(msgspec.Struct, rename="camel", kw_only=True):
    """One return's payout to a UPI ID or bank account, as the orders service recorded it."""

    order_number: str
    return_number: str
    transfer_id: str  # the payouts provider's transfer_id
    amount: Decimal
    status: Literal["pending", "paid", "failed"]
    return_status: str
    started_at: datetime  # when it was asked: its day is the day it is reconciled on
    utr: str | None = None
    reason: str | None = None
    paid_at: datetime | None = None


class TransferHeard(msgspec.Struct, rename="camel", kw_only=True):
    """A transfer of the payouts account the provider told the orders service of whose
    transfer_id is no return's payout (money out with nothing owed)."""

    transfer_id: str
    amount: Decimal
    status: str
    heard_at: datetime  # its day is the day it is reconciled on
    utr: str | None = None


class Shopper(msgspec.Struct, rename="camel", kw_only=True):
    user_id: int
    mobile_number: str
    user_name: str
    email: str | None = None  # where the service mails the shopper's orders


class StaffCancel(msgspec.Struct, kw_only=True):
    reason: str
    staff: str


class GivenBack(msgspec.Struct, rename="camel", kw_only=True, omit_defaults=True):
    """A return's refund the bank gave up, given back by staff: asked again under `refund_id`, or
    paid another way (`paid_reference`)."""

    staff: str
    refund_id: str | None = None
    paid_reference: str | None = None


class MailAgain(msgspec.Struct, rename="camel", kw_only=True):
    order_number: str
    status: str
    email: str


class OrdersOperations(OrdersClient):
    def __init__(self, http: UpstreamHttp, operations_key: str) -> None:
        super().__init__(http)
        self._key = {"x-operations-key": operations_key}

    async def money_moved(self, day: date) -> list[MoneyMoved]:
        """GET operations/payments: online orders paid or refunded to the card or UPI on `day`."""
        response = await self.http.request(
            "GET", "operations/payments", params={"date": day.isoformat()}, headers=self._key
        )
        return self._data(response, Envelope[list[MoneyMoved]], FAILED)

    async def money_moved_of(self, provider_order_id: str) -> list[MoneyMoved]:
        """GET operations/payments: the online order paid under one provider order, its every
        refund whatever the day (none when no order has it)."""
        response = await self.http.request(
            "GET", "operations/payments", params={"providerOrderId": provider_order_id}, headers=self._key
        )
        return self._data(response, Envelope[list[MoneyMoved]], FAILED)

    async def payouts(self, day: date) -> list[PayoutMoved]:
        """GET operations/payouts: the returns' payouts to a UPI ID or bank account asked on `day`."""
        response = await self.http.request(
            "GET", "operations/payouts", params={"date": day.isoformat()}, headers=self._key
        )
        return self._data(response, Envelope[list[PayoutMoved]], FAILED)

    async def unknown_payouts(self, day: date) -> list[TransferHeard]:
        """GET operations/payouts/unknown: the payouts account's transfers told of on `day` that
        are no return's."""
        response = await self.http.request(
            "GET", "operations/payouts/unknown", params={"date": day.isoformat()}, headers=self._key
        )
        return self._data(response, Envelope[list[TransferHeard]], FAILED)

    async def find(self, by: LookupBy, value: str) -> list[Order]:
        """GET operations/orders: the orders found by one key, newest first."""
        response = await self.http.request("GET", "operations/orders", params={by: value}, headers=self._key)
        return self._data(response, Envelope[list[Order]], FAILED)

    async def shoppers(self, by: Literal["mobileNumber", "userId"], value: str) -> list[Shopper]:
        """GET operations/shoppers: the shopper's account (none for a number without one)."""
        response = await self.http.request("GET", "operations/shoppers", params={by: value}, headers=self._key)
        return self._data(response, Envelope[list[Shopper]], FAILED)

    async def cancel_for_shopper(self, order_number: str, idempotency_key: str, reason: str, staff: str) -> Order:
        """POST operations/orders/{n}/cancel: the shopper's cancellation and refund, asked by staff;
        a repeat with the key answers the cancelled order again."""
        response = await self.http.request(
            "POST",
            f"operations/orders/{order_number}/cancel",
            json=StaffCancel(reason=reason, staff=staff),
            headers={**self._key, "Idempotency-Key": idempotency_key},
            idempotent=True,  # the key makes a retry safe
        )
        return self._data(response, Envelope[Order], FAILED)

    async def return_refund_given_back(
        self,
        order_number: str,
        return_number: str,
        staff: str,
        *,
        refund_id: str | None = None,
        paid_reference: str | None = None,
    ) -> Order:
        """POST operations/orders/{n}/returns/{r}/refund: the return follows the refund asked again
        (refunded once the provider says so), or is refunded now (paid another way). Told again,
        the same answer."""
        response = await self.http.request(
            "POST",
            f"operations/orders/{order_number}/returns/{return_number}/refund",
            json=GivenBack(staff=staff, refund_id=refund_id, paid_reference=paid_reference),
            headers=self._key,
            idempotent=True,  # the same refund id or reference again changes nothing
        )
        return self._data(response, Envelope[Order], FAILED)

    async def resend(self, order_number: str) -> MailAgain:
        """POST operations/orders/{n}/resend: the order's latest mail (its invoice attached) again."""
        response = await self.http.request("POST", f"operations/orders/{order_number}/resend", headers=self._key)
        return self._data(response, Envelope[MailAgain], FAILED)
