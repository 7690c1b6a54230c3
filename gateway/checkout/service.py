"""The checkout's rules: the cart priced by the orders service, credit from the lender, one order per key.

The browser sends only the address, the business details and the way to pay; the lines come
from the shopper's cart here and every figure from the orders service's quote. A GSTIN goes
upstream only in its canonical form and after the gateway's rule (india/gstin.py): format,
check digit, and its state code against the state of the billing address's pin code. City and
state are never the browser's: the orders service fills them from the pin code.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from decimal import Decimal
from typing import TypeVar

import msgspec
import structlog

from gateway.addresses.address_book import AddressBook
from gateway.addresses.delivery_views import delivery_view, pincode_check
from gateway.addresses.schemas import PincodeCheck
from gateway.checkout.cash_limit import CashLimit
from gateway.checkout.placing import PlacementClaims
from gateway.checkout.schemas import (
    BusinessDetails,
    CashOffer,
    CheckoutQuote,
    CheckoutQuoteRequest,
    CreditOffer,
    GstinCheck,
    PlaceOrderRequest,
)
from gateway.language.codes import DEFAULT, Language
from gateway.orders.schemas import PlacedOrder
from gateway.orders.service import ORDER_NOT_FOUND, OrdersService, bearer_call
from gateway.orders.views import address_view, business_view, charges_view, line_view, money
from gateway.plumbing.errors import Conflict, GatewayError, InvalidInput, NotFound, UpstreamError
from gateway.sessions import Session, StoreLogin
from gateway.sessions.store import SessionStore, keyspace
from gateway.store.service import StoreService
from gateway.upstreams.catalogue import CatalogueClient
from gateway.upstreams.lenders.port import CreditPosition, Lender
from gateway.upstreams.orders import (
    AddressInput,
    Business,
    LineInput,
    OrdersClient,
    PlaceRequest,
    Quote,
    QuoteRequest,
)
from india import gstin
from india.money import rupees_text

T = TypeVar("T")
log = structlog.get_logger("gateway.checkout")

CART_EMPTY = "Your cart is empty. Add something to check out."
PINCODE_UNKNOWN = "We could not find this pin code. Please check it."
LEGAL_NAME_MISSING = "Please enter the legal name of the business."
NO_CREDIT_ACCOUNT = "You do not have a {product} Credit account yet. Please choose another way to pay."
CREDIT_UNCHECKED = "Credit cannot be checked right now. Please choose another way to pay."
REPAY_URL = "/paynow"
APPLY_URL = "/credit/apply?from=checkout"
KEY_LIFETIME_SECONDS = 24 * 60 * 60


def quote_view(quote: Quote, credit: CreditOffer, cash: CashOffer) -> CheckoutQuote:
    return CheckoutQuote(
        lines=[line_view(line) for line in quote.lines],
        charges=charges_view(quote.charges),
        delivery=delivery_view(quote.delivery),
        address=address_view(quote.address),
        business=business_view(quote.business),
        payment_method=quote.payment_method,
        credit=credit,
        cash=cash,
    )


def gstin_check(typed: str, billing_state: str | None = None) -> GstinCheck:
    number = gstin.canonical(typed)
    found = gstin.problem(number, billing_state)
    return GstinCheck(
        gstin=number,
        valid=found is None,
        code=found.code if found else None,
        message=found.message if found else None,
        state=gstin.state_of(number),
    )


def checked_business(business: BusinessDetails | None, billing_state: str | None) -> Business | None:
    """The GSTIN in its canonical form, held to the gateway's rule (its state code against the
    billing state), and a legal name that is more than spaces, before anything is sent upstream
    (whose own refusal of a blank name reads as a schema error)."""
    if business is None:
        return None
    legal_name = business.legal_name.strip()
    if not legal_name:
        raise InvalidInput(LEGAL_NAME_MISSING, code="legal_name_missing", field="business.legalName")
    number = gstin.canonical(business.gstin)
    found = gstin.problem(number, billing_state)
    if found is not None:
        raise InvalidInput(found.message, code=found.code, field="business.gstin")
    return Business(gstin=number, legal_name=legal_name)


def credit_offer(position: CreditPosition | None, total: Decimal, product: str) -> CreditOffer:
    if position is None:
        return CreditOffer(
            offered=False,
            available=None,
            message=NO_CREDIT_ACCOUNT.format(product=product),
            repay_url=None,
            reason="noAccount",
            apply_url=APPLY_URL,
        )
    available = money(position.available)
    if position.overdue_amount > 0:
        message = f"You have an overdue amount of {rupees_text(position.overdue_amount)}. Please repay it first."
        return CreditOffer(
            offered=False,
            available=available,
            message=message,
            repay_url=REPAY_URL,
            reason="overdue",
            overdue=money(position.overdue_amount),
        )
    if total > position.available:
        message = (
            f"The order total {rupees_text(total)} is above your available credit of {rupees_text(position.available)}."
        )
        return CreditOffer(offered=False, available=available, message=message, repay_url=None, reason="overLimit")
    return CreditOffer(offered=True, available=available, message=None, repay_url=None)


class KeyRecord(msgspec.Struct, rename="camel", kw_only=True):
    """What one Idempotency-Key asked the orders service for, and the order once it answered."""

    request: PlaceRequest | None  # None only in a record kept before requests were (the order number alone)
    order_number: str | None = None


class PlacedOrders:
    """What each Idempotency-Key sent and placed, in the session store so every replica knows.

    The request is written before it goes upstream: when its answer is lost (a time-out, a
    dropped connection, the store failing afterwards) the order may exist and the cart may
    already be empty, so a retry with the key sends that same request again and the orders
    service answers the order it made, instead of a second one or "your cart is empty".
    """

    def __init__(self, store: SessionStore) -> None:
        self._store, self._prefix = keyspace(store, "checkout_orders")

    async def get(self, user_id: str, key: str) -> KeyRecord | None:
        raw = await self._store.get(f"{self._prefix}{user_id}:{key}")
        if raw is None:
            return None
        if not raw.startswith(b"{"):  # kept by an earlier release: the order number alone
            return KeyRecord(request=None, order_number=raw.decode())
        try:
            return msgspec.json.decode(raw, type=KeyRecord)
        except msgspec.DecodeError:  # unreadable: as if the key were new, and the orders service decides
            log.warning("checkout_key_record_unreadable")
            return None

    async def sending(self, user_id: str, key: str, request: PlaceRequest) -> None:
        await self._save(user_id, key, KeyRecord(request=request))

    async def remember(self, user_id: str, key: str, request: PlaceRequest, order_number: str) -> None:
        await self._save(user_id, key, KeyRecord(request=request, order_number=order_number))

    async def _save(self, user_id: str, key: str, record: KeyRecord) -> None:
        raw = msgspec.json.encode(record)
        await self._store.set(f"{self._prefix}{user_id}:{key}", raw, expires_in=KEY_LIFETIME_SECONDS)


class CheckoutService:
    def __init__(
        self,
        orders: OrdersClient,
        credit: Lender,
        catalogue: CatalogueClient,
        store: StoreService,
        placed: PlacedOrders,
        claims: PlacementClaims,
        product_name: str,
        cash: CashLimit,
        shown: OrdersService,
        book: AddressBook | None = None,
    ) -> None:
        self.orders = orders
        self.credit = credit
        self.catalogue = catalogue
        self.store = store
        self.placed = placed
        self.claims = claims
        self.product_name = product_name
        self.cash = cash
        # The orders group's reading of an order (a pending payment re-checked) and its view: what
        # a placed order answers, as the order page shows it.
        self.shown = shown
        self.book = book  # remembers each order's address

    async def _orders(self, session: Session, call: Awaitable[T]) -> T:
        return await bearer_call(session, call)

    async def pincode(self, pincode: str) -> PincodeCheck:
        info = await self.orders.pincode(pincode)
        if info is None:
            raise NotFound(PINCODE_UNKNOWN, code="pincode_unknown", field="pincode")
        return pincode_check(info)

    async def gstin(self, typed: str, pincode: str | None) -> GstinCheck:
        """The rule's answer for what the user typed; with a pin code, its state is the billing state."""
        info = await self.orders.pincode(pincode) if pincode else None
        return gstin_check(typed, info.state if info else None)

    async def _business(self, data: CheckoutQuoteRequest) -> Business | None:
        """The business details checked; the pin code is asked for its state only once the
        GSTIN is well formed, so a typing mistake goes nowhere upstream."""
        business = checked_business(data.business, None)
        if business is None:
            return None
        info = await self.orders.pincode(data.address.pincode)
        if info is None:
            raise InvalidInput(PINCODE_UNKNOWN, code="pincode_unknown", field="address.pincode")
        return checked_business(data.business, info.state)

    async def _request(self, session: Session, login: StoreLogin, data: CheckoutQuoteRequest) -> QuoteRequest:
        business = await self._business(data)
        cart = await self.store.cart(session, login)
        if not cart.items:
            raise Conflict(CART_EMPTY, code="cart_empty")
        a = data.address
        return QuoteRequest(
            user_id=int(login.user_id),
            lines=[LineInput(product_id=i.product_id, quantity=i.quantity) for i in cart.items],
            address=AddressInput(
                name=a.name,
                mobile_number=a.mobile_number,
                address1=a.address1,
                address2=a.address2,
                pincode=a.pincode,
            ),
            payment_method=data.payment_method,
            business=business,
        )

    async def _credit(self, login: StoreLogin) -> CreditPosition | UpstreamError | None:
        if not login.mobile_number:
            return None
        try:
            return await self.credit.credit_position(login.mobile_number)
        except UpstreamError as exc:  # the quote still shows; credit is just not offered
            log.warning("checkout_credit_unchecked", status=exc.status, code=exc.code)
            return exc

    async def quote(self, session: Session, login: StoreLogin, data: CheckoutQuoteRequest) -> CheckoutQuote:
        body = await self._request(session, login, data)
        quote, position, cash_today = await asyncio.gather(
            self._orders(session, self.orders.quote(body, login.access_token)),
            self._credit(login),
            self._orders(session, self.cash.today(body.user_id, login.access_token)),
        )
        if isinstance(position, UpstreamError):
            offer = CreditOffer(
                offered=False, available=None, message=CREDIT_UNCHECKED, repay_url=None, reason="unchecked"
            )
        else:
            offer = credit_offer(position, quote.charges.total, self.product_name)
        return quote_view(quote, offer, self.cash.offer(cash_today, quote.charges.total))

    async def place(
        self,
        session: Session,
        login: StoreLogin,
        data: PlaceOrderRequest,
        key: str,
        return_url: str,
        language: Language = DEFAULT,
    ) -> PlacedOrder:
        known = await self.placed.get(login.user_id, key)
        if known is not None and known.order_number is not None:
            return await self.shown.order(session, login, known.order_number)
        ended = await self.claims.claim(login.user_id, key)  # 409 order_in_progress while another key places
        if ended is not None:  # a placement that ended with its outcome unknown: its order, if it made one
            found = await self._placed_by(session, login, ended, language)
            if found is not None:
                return found
            await self.claims.take_over(login.user_id, ended, key)
        try:
            # An earlier try with this key may have placed it: then the same request again.
            body = (
                known.request
                if known and known.request
                else await self._new_request(session, login, data, key, return_url)
            )
        except Exception:
            await self._release(login.user_id, key)  # nothing went to the orders service
            raise
        try:
            order = await self._orders(session, self.orders.place(body, login.access_token, key, language))
        except GatewayError as exc:
            # A refusal placed nothing, so the shopper may try again at once; after a 5xx the order
            # may exist: the claim stays, and the next key finds that order before placing anew.
            if exc.status_code < 500:
                await self._release(login.user_id, key)
            else:
                await self._ended(login.user_id, key)
            raise
        log.info("checkout_order_placed", order=order.order_number, payment=order.payment.method)
        try:
            # Placed is placed: what follows only tidies up, within what is left of the request's
            # deadline, and nothing in it may turn the order's answer into a failure. The orders
            # service emptied the cart as it placed the order.
            await self.placed.remember(login.user_id, key, body, order.order_number)
            await self.claims.release(login.user_id, key)
        except Exception as exc:  # logged; the order stands
            log.warning("checkout_after_placing_failed", order=order.order_number, error=type(exc).__name__)
        if self.book is not None and known is None:  # a repeat of the key was remembered the first time
            try:
                await self.book.remember(login, data.address, order.address.city, order.address.state)
            except Exception as exc:  # logged; the order stands, the book just misses it
                log.warning("checkout_address_not_remembered", order=order.order_number, error=type(exc).__name__)
        return await self.shown.view(order)

    async def _new_request(
        self, session: Session, login: StoreLogin, data: PlaceOrderRequest, key: str, return_url: str
    ) -> PlaceRequest:
        """The request for a key's first try, written down before it is sent."""
        try:
            body = await self._place_request(session, login, data, return_url)
        except GatewayError as exc:
            # A simultaneous request with this key may have sent it, and the order emptied the cart.
            known = await self.placed.get(login.user_id, key)
            if known is None or known.request is None or exc.code != "cart_empty":
                raise
            return known.request
        await self.placed.sending(login.user_id, key, body)
        return body

    async def _release(self, user_id: str, key: str) -> None:
        try:
            await self.claims.release(user_id, key)
        except Exception as exc:  # the claim is over by the request's deadline; the refusal is the answer
            log.warning("checkout_claim_kept", error=type(exc).__name__)

    async def _ended(self, user_id: str, key: str) -> None:
        try:
            await self.claims.ended(user_id, key)
        except Exception as exc:  # the claim is over by the request's deadline anyway
            log.warning("checkout_claim_kept", error=type(exc).__name__)

    async def _placed_by(
        self, session: Session, login: StoreLogin, ended: str, language: Language
    ) -> PlacedOrder | None:
        """The order an ended placement under `ended` made, or None when it made none. Its request,
        sent again under its key, is answered the order it made (or, not made, is placed now: the
        same cart, which that order would have emptied); a refusal means nothing was placed."""
        earlier = await self.placed.get(login.user_id, ended)
        if earlier is None or earlier.request is None:
            return None  # nothing was sent: nothing can have been placed
        if earlier.order_number is not None:
            await self._release(login.user_id, ended)
            return await self.shown.order(session, login, earlier.order_number)
        try:
            order = await self._orders(session, self.orders.place(earlier.request, login.access_token, ended, language))
        except GatewayError as exc:
            if exc.status_code < 500:
                return None
            raise
        log.info("checkout_order_found_for_ended_placement", order=order.order_number)
        try:
            await self.placed.remember(login.user_id, ended, earlier.request, order.order_number)
        finally:
            await self._release(login.user_id, ended)
        return await self.shown.view(order)

    async def _place_request(
        self, session: Session, login: StoreLogin, data: PlaceOrderRequest, return_url: str
    ) -> PlaceRequest:
        base = await self._request(session, login, data)
        if base.payment_method == "cod":  # the day's cash with this order, within the limit
            await self._orders(session, self.cash.check(base.user_id, login.access_token, Decimal(data.quoted_total)))
        return PlaceRequest(
            user_id=base.user_id,
            lines=base.lines,
            address=base.address,
            payment_method=base.payment_method,
            business=base.business,
            quoted_total=Decimal(data.quoted_total),
            return_url=return_url,
        )

    async def pay_on_delivery(self, session: Session, login: StoreLogin, order_number: str, key: str) -> PlacedOrder:
        """An unpaid online order changed to cash on delivery, within the day's cash limit: counted
        inside the shopper's placement claim, as a new cash order is, so two at once cannot both pass.
        The orders group's `POST /api/orders/{n}/cash` is handed this method by the app (gateway/app.py):
        the rule is the checkout's, the route the order's, and orders imports nothing of checkout."""
        user_id = int(login.user_id)
        ended = await self.claims.claim(login.user_id, key)
        if ended is not None:  # an ended placement's order, if made, is counted by the orders service
            await self.claims.take_over(login.user_id, ended, key)
        try:
            order = await self._orders(session, self.orders.order(order_number, user_id, login.access_token))
            if order is None:
                raise NotFound(ORDER_NOT_FOUND, code="order_not_found")
            if order.payment.method == "online":  # already cash (a repeat): the orders service answers it
                await self._orders(session, self.cash.check(user_id, login.access_token, order.payment.amount))
            changed = await self._orders(
                session, self.orders.pay_on_delivery(order_number, user_id, login.access_token, key)
            )
        finally:
            await self._release(login.user_id, key)
        log.info("checkout_order_to_cash", order=order_number)
        return await self.shown.view(changed)
