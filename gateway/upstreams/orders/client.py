"""Typed client of the orders service (contracts/orders.openapi.yaml, our extension).

Amounts are exact decimal strings upstream and `Decimal` here. A refusal becomes
`OrdersRefused` with the service's reason code and the field at fault, so the checkout can
show the message beside the right field.
"""

from __future__ import annotations

from typing import TypeVar

import msgspec

from gateway.language.codes import DEFAULT, Language, texts_in
from gateway.plumbing.errors import REFUSALS, UpstreamError, UpstreamRefused, in_our_words
from gateway.upstreams.answer import UpstreamAnswer
from gateway.upstreams.envelope import Envelope
from gateway.upstreams.http import UpstreamHttp
from gateway.upstreams.orders.wire import (
    CancelReason,
    Order,
    OrderPage,
    PincodeInfo,
    PlaceRequest,
    Price,
    PriceRequest,
    Quote,
    QuoteRequest,
    RefundAccountInput,
    Refusal,
    Reorder,
    ReturnInput,
)

T = TypeVar("T")


class OrdersRefused(UpstreamRefused):
    """The orders service refused: `code` is its reason, `field` the request field at fault."""

    def __init__(self, message: str, *, upstream: str, status: int, code: str, field: str | None) -> None:
        super().__init__(message, upstream=upstream, status=status, code=code)
        self.field = field


class OrdersClient:
    def __init__(self, http: UpstreamHttp) -> None:
        self.http = http

    def _check(self, response: UpstreamAnswer, fallback: str) -> None:
        if response.status_code == 200:
            return
        answer = self.http.decode(response, Envelope[Refusal | None])
        refusal = answer.data or Refusal()
        # Our code and words for the refusal; the service's own text goes to the log.
        code, message = in_our_words(refusal.reason, answer.message, self.http.name)
        raise OrdersRefused(
            message if code in REFUSALS else fallback,
            upstream=self.http.name,
            status=response.status_code,
            code=code,
            field=refusal.field if code in REFUSALS else None,
        )

    def _data(self, response: UpstreamAnswer, type_: type[Envelope[T]], fallback: str) -> T:
        self._check(response, fallback)
        answer = self.http.decode(response, type_)
        if answer.data is None:
            raise UpstreamError(fallback, upstream=self.http.name, status=response.status_code)
        return answer.data

    async def pincode(self, pincode: str) -> PincodeInfo | None:
        """GET electrician/pincode/{pincode}: None for a pin code India Post does not know."""
        response = await self.http.request("GET", f"electrician/pincode/{pincode}")
        if response.status_code == 404:
            return None
        return self._data(response, Envelope[PincodeInfo], "The pin code could not be checked.")

    async def price(self, body: PriceRequest, token: str) -> Price:
        """POST electrician/order/price: a cart's fees and GST before an address; reads only."""
        response = await self.http.request("POST", "electrician/order/price", json=body, token=token, idempotent=True)
        return self._data(response, Envelope[Price], "The cart could not be priced.")

    async def quote(self, body: QuoteRequest, token: str) -> Quote:
        """POST electrician/order/quote: reads only, so it may be repeated."""
        response = await self.http.request("POST", "electrician/order/quote", json=body, token=token, idempotent=True)
        return self._data(response, Envelope[Quote], "The order could not be priced.")

    async def place(self, body: PlaceRequest, token: str, idempotency_key: str, language: Language = DEFAULT) -> Order:
        """POST electrician/order/place: safe to retry with the same key, which makes one order.
        The order's mails, now and later, are in `language`."""
        response = await self.http.request(
            "POST",
            "electrician/order/place",
            json=body,
            token=token,
            headers={"Idempotency-Key": idempotency_key, **texts_in(language)},
            idempotent=True,
        )
        return self._data(response, Envelope[Order], "The order could not be placed.")

    async def order(self, order_number: str, user_id: int, token: str) -> Order | None:
        response = await self.http.request(
            "GET", f"electrician/order/{order_number}", params={"userId": user_id}, token=token
        )
        if response.status_code == 404:
            return None
        return self._data(response, Envelope[Order], "The order could not be loaded.")

    async def recheck_payment(self, order_number: str, user_id: int, token: str) -> Order:
        """Ask the provider about a pending online payment; settled once when paid."""
        return await self._payment_call(order_number, "recheck", user_id, token, "The payment could not be checked.")

    async def payment_session(self, order_number: str, user_id: int, token: str, idempotency_key: str) -> Order:
        """A live checkout session to pay a pending order (again); a repeated key answers the first result."""
        return await self._payment_call(
            order_number,
            "session",
            user_id,
            token,
            "The payment could not be started.",
            {"Idempotency-Key": idempotency_key},
        )

    async def pay_on_delivery(self, order_number: str, user_id: int, token: str, idempotency_key: str) -> Order:
        """An unpaid online order becomes cash on delivery; a repeated key answers the first result."""
        return await self._payment_call(
            order_number,
            "cash",
            user_id,
            token,
            "The order could not be changed to cash on delivery.",
            {"Idempotency-Key": idempotency_key},
        )

    async def _payment_call(
        self,
        order_number: str,
        action: str,
        user_id: int,
        token: str,
        fallback: str,
        headers: dict[str, str] | None = None,
    ) -> Order:
        # Both are safe to repeat: a recheck settles at most once, a session is reused while live.
        response = await self.http.request(
            "POST",
            f"electrician/order/{order_number}/payment/{action}",
            params={"userId": user_id},
            token=token,
            headers=headers,
            idempotent=True,
        )
        return self._data(response, Envelope[Order], fallback)

    async def orders(self, user_id: int, token: str, page: int, page_size: int) -> OrderPage:
        """GET electrician/orders: newest first."""
        response = await self.http.request(
            "GET", "electrician/orders", params={"userId": user_id, "page": page, "pageSize": page_size}, token=token
        )
        return self._data(response, Envelope[OrderPage], "Your orders could not be loaded.")

    async def cancel(
        self, order_number: str, user_id: int, token: str, idempotency_key: str, reason: CancelReason | None = None
    ) -> Order:
        """POST electrician/order/{n}/cancel: never applied twice; a repeat with the key that
        cancelled it answers the cancelled order again, so it is safe to retry."""
        response = await self.http.request(
            "POST",
            f"electrician/order/{order_number}/cancel",
            params={"userId": user_id},
            json={"reason": reason} if reason else None,
            token=token,
            headers={"Idempotency-Key": idempotency_key},
            idempotent=True,
        )
        return self._data(response, Envelope[Order], "The order could not be cancelled.")

    async def ask_return(
        self, order_number: str, user_id: int, token: str, body: ReturnInput, idempotency_key: str
    ) -> Order:
        """POST electrician/order/{n}/returns: one return per Idempotency-Key; a repeat answers
        the order with it, so it is safe to retry."""
        response = await self.http.request(
            "POST",
            f"electrician/order/{order_number}/returns",
            params={"userId": user_id},
            token=token,
            json=msgspec.to_builtins(body),
            headers={"Idempotency-Key": idempotency_key},
            idempotent=True,
        )
        return self._data(response, Envelope[Order], "The return could not be asked for.")

    async def give_payee(
        self,
        order_number: str,
        return_number: str,
        user_id: int,
        token: str,
        refund_to: RefundAccountInput,
        idempotency_key: str,
    ) -> Order:
        """POST electrician/order/{n}/returns/{r}/payee: another account for a failed payout, one new
        transfer per Idempotency-Key; a repeat answers the order again, so it is safe to retry."""
        response = await self.http.request(
            "POST",
            f"electrician/order/{order_number}/returns/{return_number}/payee",
            params={"userId": user_id},
            token=token,
            json={"refundTo": msgspec.to_builtins(refund_to)},
            headers={"Idempotency-Key": idempotency_key},
            idempotent=True,
        )
        return self._data(response, Envelope[Order], "The refund account could not be changed.")

    async def return_credit_note(
        self, order_number: str, return_number: str, user_id: int, token: str, language: Language = DEFAULT
    ) -> bytes:
        """GET electrician/order/{n}/returns/{r}/credit-note: the return's credit note PDF."""
        return await self._pdf(
            f"electrician/order/{order_number}/returns/{return_number}/credit-note",
            user_id,
            token,
            "The credit note",
            language,
        )

    async def invoice(self, order_number: str, user_id: int, token: str, language: Language = DEFAULT) -> bytes:
        """GET electrician/order/{n}/invoice: the tax invoice's PDF bytes, in `language`."""
        return await self._pdf(f"electrician/order/{order_number}/invoice", user_id, token, "The invoice", language)

    async def credit_note(self, order_number: str, user_id: int, token: str, language: Language = DEFAULT) -> bytes:
        """GET electrician/order/{n}/credit-note: the PDF bytes of the credit note against its invoice."""
        return await self._pdf(
            f"electrician/order/{order_number}/credit-note", user_id, token, "The credit note", language
        )

    async def _pdf(self, path: str, user_id: int, token: str, what: str, language: Language) -> bytes:
        response = await self.http.request(
            "GET", path, params={"userId": user_id}, token=token, headers=texts_in(language)
        )
        failure = f"{what} could not be loaded."
        self._check(response, failure)
        if not response.content.startswith(b"%PDF"):
            raise UpstreamError(failure, upstream=self.http.name, status=response.status_code)
        return response.content

    async def reorder(self, order_number: str, user_id: int, token: str) -> Reorder:
        """POST electrician/order/{n}/reorder: reads only, so it may be repeated."""
        response = await self.http.request(
            "POST",
            f"electrician/order/{order_number}/reorder",
            params={"userId": user_id},
            token=token,
            idempotent=True,
        )
        return self._data(response, Envelope[Reorder], "The order could not be bought again.")
