"""What the checkout's screens send and get (camelCase JSON; amounts as exact 2-decimal strings):
the quote and the order placed, a GSTIN's check, the store's chosen pin code.

The browser's address is the address book's shape (gateway/addresses/schemas.py), a quote's lines
and figures and the order placed are the orders group's (gateway/orders/schemas.py): one shape
each, whichever screen shows it."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from gateway.addresses.schemas import CheckoutAddress, DeliveryPromiseView, Pincode, PincodeCheck
from gateway.orders.schemas import (
    BusinessDetailsView,
    DeliveryAddressView,
    Money,
    OrderCharges,
    OrderLineView,
)
from gateway.plumbing.validation import TextChecked
from gateway.upstreams.orders import PaymentMethod

# Why credit cannot pay (the app words each): no credit account, an amount overdue, a total above
# what is available, or the lender not answering.
CreditRefusal = Literal["noAccount", "overdue", "overLimit", "unchecked"]


class BusinessDetails(msgspec.Struct, rename="camel", kw_only=True):
    # As typed: spaces, hyphens and dashes are dropped and letters upper-cased (india/gstin.py).
    gstin: Annotated[str, msgspec.Meta(min_length=1, max_length=30)]
    legal_name: Annotated[str, msgspec.Meta(min_length=1, max_length=120)]


class CheckoutQuoteRequest(TextChecked, rename="camel", kw_only=True):
    address: CheckoutAddress
    payment_method: PaymentMethod
    business: BusinessDetails | None = None


class PlaceOrderRequest(CheckoutQuoteRequest, kw_only=True):
    quoted_total: Money


class GstinCheck(msgspec.Struct, rename="camel", kw_only=True):
    """The gateway's GSTIN rule applied to what the user typed (the page shows this answer)."""

    gstin: str  # canonical: upper case, without separators
    valid: bool
    code: str | None  # gstin_invalid, gstin_check_digit, gstin_wrong_state
    message: str | None
    state: str | None  # the state the GSTIN is registered in, when its code is known


class DeliveryAreaRequest(msgspec.Struct, rename="camel", kw_only=True):
    pincode: Pincode


class DeliveryArea(msgspec.Struct, rename="camel", kw_only=True):
    """The pin code the shopper chose at the top of the store, with its promise as of now; `area`
    is null until one is chosen (then no screen claims a delivery time)."""

    area: PincodeCheck | None


class CreditOffer(msgspec.Struct, rename="camel", kw_only=True):
    """Whether 'Pay with {product} Credit' can pay this total, and if not, why."""

    offered: bool
    available: Money | None
    message: str | None
    repay_url: str | None
    reason: CreditRefusal | None = None  # why not offered, for the app's words
    overdue: Money | None = None  # the amount overdue (reason overdue)
    # Where a shopper without credit applies for it (reason noAccount), then comes back to this order.
    apply_url: str | None = None


class CashOffer(msgspec.Struct, rename="camel", kw_only=True):
    """Whether 'Cash on delivery' can take this total today, and if not, why (the daily cash limit)."""

    offered: bool
    message: str | None
    limit: Money  # the buyer's cash limit a day
    used_today: Money  # cash orders placed today and not cancelled


class CheckoutQuote(msgspec.Struct, rename="camel", kw_only=True):
    lines: list[OrderLineView]
    charges: OrderCharges
    delivery: DeliveryPromiseView
    address: DeliveryAddressView
    business: BusinessDetailsView | None
    payment_method: PaymentMethod
    credit: CreditOffer
    cash: CashOffer
