"""Payment links, as Cashfree's Payment Gateway has them at x-api-version 2025-01-01
(`POST /pg/links`, `GET /pg/links/{link_id}`, `POST /pg/links/{link_id}/cancel`,
`GET /pg/links/{link_id}/orders`) and its PAYMENT_LINK_EVENT webhook.

A link asks a payer for `link_amount` at `link_url`, without any login. Each visit that pays
makes an order on the link (`CFPay_<code>_<random>`), paid through the hosted checkout. A link
is ACTIVE until paid in full (PAID), until its `link_expiry_time` (EXPIRED; 30 days after
creation unless the merchant says otherwise) or until the merchant cancels it (CANCELLED, only
from ACTIVE); with `link_partial_payments` it is PARTIALLY_PAID between the first part and the
last. `link_amount_paid` is the sum of its orders' successful payments. A paid, expired or
cancelled link takes no payment, and a link with a payment still PENDING at the payer's bank
takes no second one until the bank answers: the same link never charges twice for one amount.
The merchant hears each payment, the expiry and the cancellation by PAYMENT_LINK_EVENT at
`link_meta.notify_url`.
"""

from __future__ import annotations

import re
import secrets
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Literal

import msgspec

from upstream_mocks.money import has_paise_only, rupees
from upstream_mocks.payments.orders import (
    ORDER_LIFETIME,
    CustomerDetails,
    Order,
    OrderExists,
    Payment,
    create_order,
    get_order,
    key_of,
    payments_for,
    provider_now,
    state,
)
from upstream_mocks.payments.upi import qr_data_url
from upstream_mocks.settings import MerchantAccount
from upstream_mocks.world import MockWorld

LinkStatus = Literal["ACTIVE", "PAID", "PARTIALLY_PAID", "EXPIRED", "CANCELLED"]
LINK_LIFETIME = timedelta(days=30)  # Cashfree's default when the merchant sets no expiry
_LINK_ID = re.compile(r"^[A-Za-z0-9_-]{1,50}$")
_PHONE = re.compile(r"^[0-9]{10}$")
OPEN: tuple[LinkStatus, ...] = ("ACTIVE", "PARTIALLY_PAID")


class LinkCustomer(msgspec.Struct, kw_only=True, omit_defaults=True):
    customer_phone: str
    customer_email: str | None = None
    customer_name: str | None = None


class LinkMeta(msgspec.Struct, kw_only=True, omit_defaults=True):
    notify_url: str | None = None
    return_url: str | None = None
    upi_intent: str | None = None
    payment_methods: str | None = None


class LinkNotify(msgspec.Struct, kw_only=True, omit_defaults=True):
    send_sms: bool | None = None
    send_email: bool | None = None


class CreateLinkBody(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """Cashfree's CreateLinkRequest (order_splits aside: the account has no Easy Split)."""

    link_id: str
    link_amount: Decimal
    link_currency: str
    link_purpose: str
    customer_details: LinkCustomer
    link_partial_payments: bool | None = None
    link_minimum_partial_amount: Decimal | None = None
    link_expiry_time: datetime | None = None
    link_notify: LinkNotify | None = None
    link_auto_reminders: bool | None = None
    link_notes: dict[str, str] | None = None
    link_meta: LinkMeta | None = None


class Link(msgspec.Struct, kw_only=True, omit_defaults=True):
    """Cashfree's LinkEntity."""

    cf_link_id: str
    link_id: str
    link_status: LinkStatus
    link_currency: str
    link_amount: Decimal
    link_amount_paid: Decimal
    link_partial_payments: bool
    link_purpose: str
    link_created_at: str
    customer_details: LinkCustomer
    link_meta: LinkMeta
    link_url: str
    link_expiry_time: str
    link_notes: dict[str, str]
    link_auto_reminders: bool
    link_notify: LinkNotify
    link_qrcode: str
    link_minimum_partial_amount: Decimal | None = None


class LinkOrder(msgspec.Struct, kw_only=True, omit_defaults=True):
    """Cashfree's PaymentLinkOrderEntity: an order made on a link."""

    cf_order_id: str
    link_id: str
    order_id: str
    entity: Literal["order"]
    order_currency: str
    order_amount: Decimal
    order_status: str
    payment_session_id: str
    order_expiry_time: str
    created_at: str
    customer_details: CustomerDetails
    order_note: str | None = None


class LinkRefused(Exception):
    """What Cashfree answers instead: its status, code and words."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


# A link's key: its merchant account's client id and the merchant's own link_id (each
# account's link ids are its own, as its order ids are).
LinkKey = tuple[str, str]


class LinksState(msgspec.Struct, kw_only=True):
    links: dict[LinkKey, Link] = msgspec.field(default_factory=dict)
    codes: dict[str, LinkKey] = msgspec.field(default_factory=dict)  # link_url's code -> link
    orders: dict[LinkKey, list[str]] = msgspec.field(default_factory=dict)  # link -> its order ids
    told: set[tuple[str, str]] = msgspec.field(default_factory=set)  # (cf_link_id, status) told by webhook


def links_state(world: MockWorld) -> LinksState:
    st: LinksState = world.states["payment_links"]
    return st


def _stamp(moment: datetime) -> str:
    return moment.isoformat(timespec="seconds")


def _refusal(body: CreateLinkBody, now: datetime) -> LinkRefused | None:
    def bad(field: str, words: str) -> LinkRefused:
        return LinkRefused(400, f"{field}_invalid", f"{field} : {words}")

    if not _LINK_ID.match(body.link_id):
        return bad("link_id", "only letters, digits, - and _, at most 50 characters")
    if body.link_currency != "INR":
        return bad("link_currency", "only INR is enabled for this merchant")
    if body.link_amount < 1 or not has_paise_only(body.link_amount):
        return bad("link_amount", "should be at least 1, with at most two decimals")
    if not 1 <= len(body.link_purpose) <= 500:
        return bad("link_purpose", "should be 1 to 500 characters")
    if not _PHONE.match(body.customer_details.customer_phone):
        return bad("customer_details.customer_phone", "should be 10 digits")
    if body.link_notes is not None and len(body.link_notes) > 5:
        return bad("link_notes", "at most 5 key-value pairs")
    minimum = body.link_minimum_partial_amount
    if minimum is not None and not body.link_partial_payments:
        return bad("link_minimum_partial_amount", "only with link_partial_payments")
    if minimum is not None and not (1 <= minimum < body.link_amount and has_paise_only(minimum)):
        return bad("link_minimum_partial_amount", "should be at least 1 and less than link_amount")
    expiry = body.link_expiry_time
    if expiry is not None and (expiry.tzinfo is None or expiry <= now):
        return bad("link_expiry_time", "should be a time in the future, with its offset")
    return None


def create_link(world: MockWorld, body: CreateLinkBody, account: str | None = None) -> Link:
    """A new link of the merchant account `account` (a client id; none: the first); the orders
    paid through it are that account's."""
    now = provider_now(world)
    if refusal := _refusal(body, now):
        raise refusal
    st = links_state(world)
    key = (account or world.settings.payments_client_id, body.link_id)
    if key in st.links:
        raise LinkRefused(409, "link_already_exists", "link_id : a link with this id already exists")
    payments = state(world)
    payments.next_cf_id += 1
    code = secrets.token_urlsafe(9)
    url = f"{world.settings.origin}/_mocks/payments/links/{code}"
    link = Link(
        cf_link_id=str(payments.next_cf_id),
        link_id=body.link_id,
        link_status="ACTIVE",
        link_currency="INR",
        link_amount=rupees(body.link_amount),
        link_amount_paid=rupees(0),
        link_partial_payments=bool(body.link_partial_payments),
        link_minimum_partial_amount=rupees(body.link_minimum_partial_amount)
        if body.link_minimum_partial_amount is not None
        else None,
        link_purpose=body.link_purpose,
        link_created_at=_stamp(now),
        customer_details=body.customer_details,
        link_meta=body.link_meta or LinkMeta(),
        link_url=url,
        link_expiry_time=_stamp(body.link_expiry_time or now + LINK_LIFETIME),
        link_notes=body.link_notes or {},
        link_auto_reminders=bool(body.link_auto_reminders),
        link_notify=body.link_notify or LinkNotify(send_sms=False, send_email=False),
        link_qrcode=qr_data_url(url),
    )
    st.links[key] = link
    payments.link_owners[link.cf_link_id] = key[0]
    st.codes[code] = key
    st.orders[key] = []
    return link


def link_key(world: MockWorld, link: Link) -> LinkKey:
    return state(world).link_owners.get(link.cf_link_id, world.settings.payments_client_id), link.link_id


def _orders(world: MockWorld, link: Link) -> list[Order]:
    key = link_key(world, link)
    found = (get_order(world, key[0], order_id) for order_id in links_state(world).orders.get(key, []))
    return [order for order in found if order is not None]


def _paid(world: MockWorld, link: Link) -> Decimal:
    paid = (p for order in _orders(world, link) for p in payments_for(world, order))
    return rupees(sum((p.payment_amount for p in paid if p.payment_status == "SUCCESS"), Decimal(0)))


def refresh(world: MockWorld, link: Link) -> Link:
    """The link as it stands now: what its orders took, and expired once its time has passed. A
    payment the bank confirms late still counts, even on a link expired or cancelled meanwhile."""
    link.link_amount_paid = _paid(world, link)
    if link.link_status in OPEN:
        if link.link_amount_paid >= link.link_amount:
            link.link_status = "PAID"
        elif datetime.fromisoformat(link.link_expiry_time) <= provider_now(world):
            link.link_status = "EXPIRED"
        elif link.link_amount_paid > 0:
            link.link_status = "PARTIALLY_PAID"
    return link


def link_account(world: MockWorld, link: Link) -> MerchantAccount:
    """The merchant account the link belongs to: its PAYMENT_LINK_EVENTs are signed with its secret."""
    return world.settings.merchant_account(link_key(world, link)[0])


def get_link(world: MockWorld, account: str, link_id: str) -> Link | None:
    """The link `link_id` of the merchant account `account` (a client id)."""
    link = links_state(world).links.get((account, link_id))
    return refresh(world, link) if link is not None else None


def link_by_code(world: MockWorld, code: str) -> Link | None:
    key = links_state(world).codes.get(code)
    return get_link(world, *key) if key is not None else None


def link_of_order(world: MockWorld, order: Order) -> Link | None:
    account, order_id = key_of(world, order)
    for (owner, link_id), order_ids in links_state(world).orders.items():
        if owner == account and order_id in order_ids:
            return get_link(world, owner, link_id)
    return None


def cancel_link(world: MockWorld, link: Link) -> Link:
    """Only an ACTIVE link can be cancelled, as Cashfree says; no payment is taken on it after."""
    refresh(world, link)
    if link.link_status != "ACTIVE":
        raise LinkRefused(
            400, "link_not_active", f"link is {link.link_status.lower()}; only an ACTIVE link can be cancelled"
        )
    link.link_status = "CANCELLED"
    return link


def link_orders(world: MockWorld, link: Link, status: str | None) -> list[LinkOrder]:
    if status not in (None, "ALL", "PAID"):
        raise LinkRefused(400, "status_invalid", "status : should be ALL or PAID")
    chosen = [o for o in _orders(world, link) if status == "ALL" or o.order_status == "PAID"]
    return [
        LinkOrder(
            cf_order_id=o.cf_order_id,
            link_id=link.link_id,
            order_id=o.order_id,
            entity="order",
            order_currency=o.order_currency,
            order_amount=o.order_amount,
            order_status=o.order_status,
            payment_session_id=o.payment_session_id,
            order_expiry_time=o.order_expiry_time,
            created_at=o.created_at,
            customer_details=o.customer_details,
            order_note=o.order_note,
        )
        for o in chosen
    ]


def order_to_pay(world: MockWorld, link: Link, amount: Decimal | None) -> Order:
    """The order a visit to the link pays: a new one for what is left (or the part the payer
    chose, when the link takes parts), or why the link takes no payment now."""
    refresh(world, link)
    if link.link_status not in OPEN:
        raise LinkRefused(409, "link_not_active", f"this link is {link.link_status.lower().replace('_', ' ')}")
    if any(p.payment_status == "PENDING" for o in _orders(world, link) for p in payments_for(world, o)):
        raise LinkRefused(409, "link_payment_pending", "a payment on this link is pending at the bank")
    left = link.link_amount - link.link_amount_paid
    if amount is None or not link.link_partial_payments:
        amount = left
    first = link.link_amount_paid == 0
    minimum = link.link_minimum_partial_amount if first and link.link_minimum_partial_amount else Decimal(1)
    if not (min(minimum, left) <= amount <= left) or not has_paise_only(amount):
        raise LinkRefused(400, "order_amount_invalid", f"order_amount : between {min(minimum, left)} and {left}")
    key = link_key(world, link)
    code = next(c for c, known in links_state(world).codes.items() if known == key)
    now = provider_now(world)
    while True:
        try:
            order = create_order(
                world,
                order_amount=amount,
                customer=CustomerDetails(
                    customer_id=f"link_{link.cf_link_id}",
                    customer_phone=link.customer_details.customer_phone,
                    customer_name=link.customer_details.customer_name,
                ),
                order_id=f"CFPay_{code}_{secrets.token_hex(5)}"[:45],
                order_note=link.link_purpose[:200],
                # A link's order closes with the link.
                order_expiry_time=min(datetime.fromisoformat(link.link_expiry_time), now + ORDER_LIFETIME),
                account=key[0],
            )
            break
        except OrderExists:
            continue
    links_state(world).orders[key].append(order.order_id)
    return order


def untold(world: MockWorld, link: Link, payment: Payment | None) -> bool:
    """Whether this news of the link is yet to be told (each payment once; the end once)."""
    key = (link.cf_link_id, payment.cf_payment_id if payment is not None else link.link_status)
    told = links_state(world).told
    if key in told:
        return False
    told.add(key)
    return True
