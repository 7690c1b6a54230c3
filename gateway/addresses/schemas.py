"""What the address book's screens send and get (camelCase JSON), and a pin code's place with the
delivery promised there, which the checkout's pin code lookup and an order show in the same words.

Some names keep the word "Checkout" they were given when the book was the checkout's
(`CheckoutAddress`, `CheckoutAddresses`): they are the OpenAPI document's schema names, which the
app's types are generated from."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from gateway.plumbing.validation import MobileNumber, TextChecked, whole
from gateway.upstreams.orders import PromiseType, Serviceability, StoreHours

# Whole-string pattern: with a bare `$`, "122103\n" would pass as a pin code and travel upstream.
Pincode = Annotated[str, msgspec.Meta(pattern=whole("[1-9][0-9]{5}"))]


class CheckoutAddress(msgspec.Struct, rename="camel", kw_only=True):
    """City and state are not taken: they always come from the pin code (a `city` or `state`
    sent anyway is ignored), so the invoice never prints a place the pin code is not in."""

    name: Annotated[str, msgspec.Meta(min_length=1, max_length=80)]
    mobile_number: MobileNumber
    address1: Annotated[str, msgspec.Meta(min_length=1, max_length=200)]
    pincode: Pincode
    address2: Annotated[str, msgspec.Meta(max_length=200)] = ""


class DeliveryPromiseView(msgspec.Struct, rename="camel", kw_only=True):
    """The orders service's promise: oneHour only where the area and the hour allow it,
    nextOpening in a one-hour area while its dark store is closed, standard a date range."""

    type: PromiseType
    earliest_by: str
    latest_by: str
    label: str  # 'Get it in 1 Hour', or the shipping policy's date range


class StoreHoursView(StoreHours, kw_only=True):
    """When a one-hour area's dark store takes one-hour orders, India time ('07:00')."""


class PincodeCheck(msgspec.Struct, rename="camel", kw_only=True):
    pincode: str
    city: str
    district: str
    state: str
    serviceability: Serviceability
    delivery: DeliveryPromiseView | None
    message: str
    hours: StoreHoursView | None = None  # one-hour areas only


class SavedAddress(msgspec.Struct, rename="camel", kw_only=True):
    id: int | None
    name: str
    mobile_number: str
    address1: str
    address2: str
    pincode: str
    city: str
    state: str
    last_used: bool
    default: bool = False  # the shopper's chosen default: offered first and selected


class CheckoutAddresses(msgspec.Struct, rename="camel", kw_only=True):
    """The address book: the default first, then the one used last, then the rest."""

    addresses: list[SavedAddress]
    mobile_number: str | None  # the logged-in shopper's, for a new address's form


class AddressBookEntry(TextChecked, rename="camel", kw_only=True):
    """An address to add to the book or to replace one with; `default` makes it the default."""

    address: CheckoutAddress
    default: bool = False


class AddressDraft(TextChecked, rename="camel", kw_only=True):
    """The address form as typed so far, for the gateway's rules (gateway/addresses/address_rules.py)."""

    name: Annotated[str, msgspec.Meta(max_length=400)] = ""
    mobile_number: Annotated[str, msgspec.Meta(max_length=40)] = ""
    address1: Annotated[str, msgspec.Meta(max_length=400)] = ""
    address2: Annotated[str, msgspec.Meta(max_length=400)] = ""
    pincode: Annotated[str, msgspec.Meta(max_length=40)] = ""


class FieldProblem(msgspec.Struct, rename="camel", kw_only=True, frozen=True):
    field: Literal["name", "mobileNumber", "address1", "address2", "pincode"]
    code: str  # the app words each code; message is ours, in English
    message: str


class AddressCheck(msgspec.Struct, rename="camel", kw_only=True):
    """Each field's first problem (none: the address is complete), and the pin code's place
    once its form is right (null while it is not, or when no such pin code exists)."""

    problems: list[FieldProblem]
    place: PincodeCheck | None
