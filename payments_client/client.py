"""ProviderClient: the provider's calls, for one merchant account."""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping
from datetime import datetime
from decimal import Decimal
from typing import Any, Literal, Protocol, TypeVar

import httpx
import msgspec

from payments_client.mandates import (
    EligibleMethod,
    EnachMethod,
    MandateCustomer,
    MandatePayAnswer,
    MandatePayment,
    MandateRefund,
    ProviderMandate,
    ProviderPlan,
)
from payments_client.wire import (
    CustomerDetails,
    LinkCustomer,
    OrderMeta,
    ProviderDispute,
    ProviderLink,
    ProviderLinkOrder,
    ProviderOrder,
    ProviderPayment,
    ProviderRefund,
    ReconPage,
    ReconRow,
    SettlementReconPage,
    SettlementReconRow,
    UpiSession,
)

API_VERSION = "2025-01-01"
PAGE = 1000  # Cashfree's largest page of a report
T = TypeVar("T")
PageT = TypeVar("PageT", ReconPage, SettlementReconPage)
_ENCODER = msgspec.json.Encoder(decimal_format="number")  # amounts as JSON numbers, exact


class Account(msgspec.Struct, frozen=True, kw_only=True):
    """A merchant account at the provider: the store's, or one lender's (money goes straight to
    whoever collects it). `webhook_url` is where the account's refund outcomes are sent."""

    client_id: str
    client_secret: str
    webhook_url: str | None = None


class ProviderRefused(Exception):
    """The provider answered something other than success: its status, code and words."""

    def __init__(self, status: int, code: str | None, message: str) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message


class Answer(Protocol):
    """What the provider answered, as far as this client reads it (httpx's answer is one)."""

    @property
    def status_code(self) -> int: ...

    @property
    def content(self) -> bytes: ...

    @property
    def text(self) -> str: ...


class Sender(Protocol):
    """How a request reaches the provider: `body` is the JSON to send, already encoded."""

    async def __call__(
        self, method: str, path: str, *, body: bytes | None, headers: Mapping[str, str], idempotent: bool
    ) -> Answer: ...


class HttpxSender:
    """Over an httpx client whose base URL is the provider's (ending in `/`): the network, or
    `httpx.ASGITransport` to a provider in the same process."""

    def __init__(self, client: httpx.AsyncClient) -> None:
        self.client = client

    async def __call__(
        self, method: str, path: str, *, body: bytes | None, headers: Mapping[str, str], idempotent: bool
    ) -> httpx.Response:
        sent = {**headers, "content-type": "application/json"} if body is not None else dict(headers)
        return await self.client.request(method, path, content=body, headers=sent)


class _Error(msgspec.Struct):
    message: str = ""
    code: str | None = None


def answered(response: Answer, type_: type[T], *, success: int = 200) -> T:
    """The provider's answer as `type_`; ProviderRefused for anything but `success` (a 200, or
    the 201 of a call that creates)."""
    if response.status_code != success:
        try:
            error = msgspec.json.decode(response.content, type=_Error)
        except (msgspec.DecodeError, msgspec.ValidationError):
            error = _Error(message=response.text[:200])
        raise ProviderRefused(response.status_code, error.code, error.message)
    return msgspec.json.decode(response.content, type=type_, strict=False)


class ProviderClient:
    def __init__(self, send: Sender, account: Account, *, page: int = PAGE) -> None:
        self.send = send
        self.account = account
        self.page = page
        self.headers = {
            "x-client-id": account.client_id,
            "x-client-secret": account.client_secret,
            "x-api-version": API_VERSION,
        }

    async def _call(self, method: str, path: str, type_: type[T], body: Any = None, key: str | None = None) -> T:
        headers = {**self.headers, "x-idempotency-key": key} if key else self.headers
        encoded = _ENCODER.encode(body) if body is not None else None
        # safe to send again: reads (the reports and the eligibility look-up are POSTs) and keyed writes
        reads = method == "GET" or key is not None or path.endswith(("recon", "eligibility/payment_methods"))
        response = await self.send(method, path, body=encoded, headers=headers, idempotent=reads)
        return answered(response, type_)

    async def create_order(
        self,
        *,
        order_id: str,
        amount: Decimal,
        customer: CustomerDetails,
        key: str,
        meta: OrderMeta | None = None,
        note: str | None = None,
        expires_at: datetime | None = None,
    ) -> ProviderOrder:
        """POST pg/orders: a checkout for `amount` (at least 1), payable until `expires_at`
        (the provider's 30 days when None)."""
        body: dict[str, Any] = {
            "order_id": order_id,
            "order_amount": amount,
            "order_currency": "INR",
            "customer_details": customer,
        }
        if meta is not None:
            body["order_meta"] = meta
        if note:
            body["order_note"] = note
        if expires_at is not None:
            body["order_expiry_time"] = expires_at.isoformat(timespec="seconds")
        return await self._call("POST", "pg/orders", ProviderOrder, body, key)

    async def order(self, order_id: str) -> ProviderOrder:
        return await self._call("GET", f"pg/orders/{order_id}", ProviderOrder)

    async def terminate(self, order_id: str, key: str) -> ProviderOrder:
        """PATCH pg/orders/{id}: TERMINATED, or TERMINATION_REQUESTED while a payment is pending."""
        return await self._call("PATCH", f"pg/orders/{order_id}", ProviderOrder, {"order_status": "TERMINATED"}, key)

    async def payments(self, order_id: str) -> list[ProviderPayment]:
        return await self._call("GET", f"pg/orders/{order_id}/payments", list[ProviderPayment])

    async def disputes(self, order_id: str) -> list[ProviderDispute]:
        return await self._call("GET", f"pg/orders/{order_id}/disputes", list[ProviderDispute])

    async def refund(
        self, order_id: str, *, refund_id: str, amount: Decimal, key: str, note: str | None = None
    ) -> ProviderRefund:
        """POST pg/orders/{id}/refunds; a retry sends the same `key` (a refund_id used before is a 409)."""
        body: dict[str, Any] = {"refund_amount": amount, "refund_id": refund_id}
        if note and len(note.strip()) >= 3:  # Cashfree takes a note of 3 to 100 characters
            body["refund_note"] = note.strip()[:100]
        return await self._call("POST", f"pg/orders/{order_id}/refunds", ProviderRefund, body, key)

    async def pay_by_upi(self, payment_session_id: str, channel: Literal["link", "qrcode"], key: str) -> UpiSession:
        """POST pg/orders/sessions (Order Pay): a UPI payment on the order's session, with intent
        links (`link`) or a QR (`qrcode`). Authorised by the session alone, as Cashfree's."""
        body = {"payment_session_id": payment_session_id, "payment_method": {"upi": {"channel": channel}}}
        return await self._call("POST", "pg/orders/sessions", UpiSession, body, key)

    async def create_link(
        self,
        *,
        link_id: str,
        amount: Decimal,
        purpose: str,
        customer: LinkCustomer,
        notify_url: str,
        expires_at: datetime,
        notes: dict[str, str],
        minimum_part: Decimal | None = None,
    ) -> ProviderLink:
        """POST pg/links: a link for `amount`, told to `notify_url` by PAYMENT_LINK_EVENT; the
        link id is the idempotency key, so a retry gets the same link. With `minimum_part` it
        takes parts (`link_partial_payments`), the first at least that much; without, the whole."""
        body: dict[str, Any] = {
            "link_id": link_id,
            "link_amount": amount,
            "link_currency": "INR",
            "link_purpose": purpose,
            "customer_details": customer,
            "link_partial_payments": minimum_part is not None,
            "link_expiry_time": expires_at.isoformat(timespec="seconds"),
            "link_notes": notes,
            "link_meta": {"notify_url": notify_url},
            "link_notify": {"send_sms": False, "send_email": False},  # the merchant sends its own
        }
        if minimum_part is not None:
            body["link_minimum_partial_amount"] = minimum_part
        return await self._call("POST", "pg/links", ProviderLink, body, link_id)

    async def link(self, link_id: str) -> ProviderLink:
        return await self._call("GET", f"pg/links/{link_id}", ProviderLink)

    async def cancel_link(self, link_id: str) -> ProviderLink:
        """POST pg/links/{id}/cancel: only an ACTIVE link can be (400 otherwise)."""
        return await self._call("POST", f"pg/links/{link_id}/cancel", ProviderLink, key=f"cancel-{link_id}")

    async def link_orders(self, link_id: str, *, paid_only: bool = True) -> list[ProviderLinkOrder]:
        status = "PAID" if paid_only else "ALL"
        return await self._call("GET", f"pg/links/{link_id}/orders?status={status}", list[ProviderLinkOrder])

    # Mandates (Cashfree's subscriptions): UPI AutoPay on a plan, each debit a CHARGE.

    async def create_plan(
        self, *, plan_id: str, name: str, max_amount: Decimal, note: str | None = None
    ) -> ProviderPlan:
        """POST pg/plans: an ON_DEMAND plan (each debit raised by us) of at most `max_amount` a debit;
        the plan id is the idempotency key, so a retry gets the same plan."""
        body: dict[str, Any] = {
            "plan_id": plan_id,
            "plan_name": name[:40],
            "plan_type": "ON_DEMAND",
            "plan_currency": "INR",
            "plan_max_amount": max_amount,
        }
        if note:
            body["plan_note"] = note
        return await self._call("POST", "pg/plans", ProviderPlan, body, f"plan-{plan_id}")

    async def plan(self, plan_id: str) -> ProviderPlan:
        return await self._call("GET", f"pg/plans/{plan_id}", ProviderPlan)

    async def create_mandate(
        self,
        *,
        subscription_id: str,
        plan_id: str,
        customer: MandateCustomer,
        expires_at: datetime,
        tags: dict[str, str] | None = None,
        note: str | None = None,
        method: Literal["upi", "enach"] = "upi",
    ) -> ProviderMandate:
        """POST pg/subscriptions: a UPI AutoPay (or eNACH) mandate on the plan, INITIALIZED until the
        payer approves its AUTH (`authorise`); the ₹1 authorisation refunded. Keyed by the subscription id."""
        body: dict[str, Any] = {
            "subscription_id": subscription_id,
            "customer_details": customer,
            "plan_details": {"plan_id": plan_id},
            "authorization_details": {
                "authorization_amount": Decimal(1),
                "authorization_amount_refund": True,
                "payment_methods": [method],
            },
            "subscription_expiry_time": expires_at.isoformat(timespec="seconds"),
        }
        if tags:
            body["subscription_tags"] = tags
        if note:
            body["subscription_note"] = note
        return await self._call("POST", "pg/subscriptions", ProviderMandate, body, f"mandate-{subscription_id}")

    async def mandate(self, subscription_id: str) -> ProviderMandate:
        return await self._call("GET", f"pg/subscriptions/{subscription_id}", ProviderMandate)

    async def authorise(
        self,
        mandate: ProviderMandate,
        *,
        payment_id: str,
        channel: Literal["link", "qrcode"] = "link",
        enach: EnachMethod | None = None,
    ) -> MandatePayAnswer:
        """POST pg/subscriptions/pay (AUTH): the intent links (or QR) the payer's UPI app opens or,
        with `enach`, the url of the payer's bank's authorisation of that account."""
        method: dict[str, Any] = {"enach": enach} if enach is not None else {"upi": {"channel": channel}}
        body = {
            "subscription_id": mandate.subscription_id,
            "subscription_session_id": mandate.subscription_session_id,
            "payment_id": payment_id,
            "payment_type": "AUTH",
            "payment_method": method,
        }
        return await self._call("POST", "pg/subscriptions/pay", MandatePayAnswer, body, payment_id)

    async def eligibility(self, subscription_id: str, methods: list[str] | None = None) -> list[EligibleMethod]:
        """POST pg/subscriptions/eligibility/payment_methods: how the subscription may be authorised,
        each method asked (every one without `methods`); eNACH's item lists its banks and auth modes."""
        body = {"queries": {"subscription_id": subscription_id}, "filters": {"payment_methods": methods or []}}
        return await self._call("POST", "pg/subscriptions/eligibility/payment_methods", list[EligibleMethod], body)

    async def charge(
        self,
        subscription_id: str,
        *,
        payment_id: str,
        amount: Decimal,
        scheduled_at: datetime,
        remarks: str | None = None,
    ) -> MandatePayAnswer:
        """POST pg/subscriptions/pay (CHARGE): a debit of `amount` at `scheduled_at`, at least 24 hours
        ahead (the pre-debit notice; sooner is a 400). The payment id is the idempotency key."""
        body: dict[str, Any] = {
            "subscription_id": subscription_id,
            "payment_id": payment_id,
            "payment_type": "CHARGE",
            "payment_amount": amount,
            "payment_schedule_date": scheduled_at.isoformat(timespec="seconds"),
        }
        if remarks:
            body["payment_remarks"] = remarks
        return await self._call("POST", "pg/subscriptions/pay", MandatePayAnswer, body, payment_id)

    async def manage_mandate(
        self,
        subscription_id: str,
        action: Literal["PAUSE", "ACTIVATE", "CANCEL"],
        *,
        key: str,
        next_scheduled_at: datetime | None = None,
    ) -> ProviderMandate:
        """POST pg/subscriptions/{id}/manage: PAUSE (ON_HOLD), ACTIVATE (with the next time), CANCEL."""
        body: dict[str, Any] = {"subscription_id": subscription_id, "action": action}
        if next_scheduled_at is not None:
            body["action_details"] = {"next_scheduled_time": next_scheduled_at.isoformat(timespec="seconds")}
        return await self._call("POST", f"pg/subscriptions/{subscription_id}/manage", ProviderMandate, body, key)

    async def mandate_payments(self, subscription_id: str) -> list[MandatePayment]:
        return await self._call("GET", f"pg/subscriptions/{subscription_id}/payments", list[MandatePayment])

    async def mandate_payment(self, subscription_id: str, payment_id: str) -> MandatePayment:
        return await self._call("GET", f"pg/subscriptions/{subscription_id}/payments/{payment_id}", MandatePayment)

    async def manage_charge(
        self,
        subscription_id: str,
        payment_id: str,
        action: Literal["CANCEL", "RETRY"],
        *,
        key: str,
        retry_at: datetime | None = None,
    ) -> MandatePayment:
        """POST pg/subscriptions/{id}/payments/{payment_id}/manage: CANCEL a charge not yet debited,
        or RETRY a FAILED one at `retry_at` (at least 24 hours ahead)."""
        body: dict[str, Any] = {"subscription_id": subscription_id, "payment_id": payment_id, "action": action}
        if retry_at is not None:
            body["action_details"] = {"next_scheduled_time": retry_at.isoformat(timespec="seconds")}
        path = f"pg/subscriptions/{subscription_id}/payments/{payment_id}/manage"
        return await self._call("POST", path, MandatePayment, body, key)

    async def refund_mandate_payment(
        self,
        subscription_id: str,
        *,
        payment_id: str,
        refund_id: str,
        amount: Decimal,
        key: str,
        note: str | None = None,
    ) -> MandateRefund:
        """POST pg/subscriptions/{id}/refunds: give back `amount` of the debited CHARGE `payment_id`
        (at most what is left unrefunded of it), PENDING until the bank pays it out. A retry sends
        the same `key`: a `refund_id` the subscription used before is a 400 `refund_already_exists`."""
        body: dict[str, Any] = {
            "subscription_id": subscription_id,
            "payment_id": payment_id,
            "refund_id": refund_id,
            "refund_amount": amount,
        }
        if note and note.strip():
            body["refund_note"] = note.strip()
        return await self._call("POST", f"pg/subscriptions/{subscription_id}/refunds", MandateRefund, body, key)

    async def mandate_refund(self, subscription_id: str, refund_id: str) -> MandateRefund:
        """GET pg/subscriptions/{id}/refunds/{refund_id}: the refund as it stands (404 if none)."""
        return await self._call("GET", f"pg/subscriptions/{subscription_id}/refunds/{refund_id}", MandateRefund)

    async def refunds(self, order_id: str) -> list[ProviderRefund]:
        return await self._call("GET", f"pg/orders/{order_id}/refunds", list[ProviderRefund])

    async def recon(self, start: datetime, end: datetime) -> list[ReconRow]:
        """POST pg/recon, every page: the events whose time is in the range, oldest first."""
        rows: list[ReconRow] = []
        async for page in self._pages("pg/recon", ReconPage, start, end):
            rows += page.data
        return rows

    async def settlement_recon(self, start: datetime, end: datetime) -> list[SettlementReconRow]:
        """POST pg/settlement/recon, every page: the events settled in the range."""
        rows: list[SettlementReconRow] = []
        async for page in self._pages("pg/settlement/recon", SettlementReconPage, start, end):
            rows += page.data
        return rows

    async def _pages(self, path: str, kind: type[PageT], start: datetime, end: datetime) -> AsyncIterator[PageT]:
        """Each page of a report by cursor, until a page names no next one (or is empty)."""
        cursor: str | None = None
        filters = {"start_date": start.isoformat(timespec="seconds"), "end_date": end.isoformat(timespec="seconds")}
        while True:
            pagination: dict[str, Any] = {"limit": self.page} | ({"cursor": cursor} if cursor else {})
            page = await self._call("POST", path, kind, {"filters": filters, "pagination": pagination})
            yield page
            if not page.cursor or not page.data:
                return
            cursor = page.cursor
