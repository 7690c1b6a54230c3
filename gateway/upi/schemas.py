"""What the store's and the portal's UPI calls take and answer (camelCase on the wire)."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from gateway.plumbing.validation import whole

# intent: links that open the phone's UPI apps; qr: a code for another phone to scan.
UpiChannel = Literal["intent", "qr"]
UpiApp = Literal["gpay", "phonepe", "paytm", "any"]
# pending: waiting for the payer in their app; paid; failed (the bank refused); cancelled (the
# payer left their app); expired (not answered in time); none (no UPI payment tried).
UpiState = Literal["none", "pending", "paid", "failed", "cancelled", "expired"]
Money = Annotated[str, msgspec.Meta(pattern=whole(r"[0-9]{1,9}\.[0-9]{2}"), examples=["1198.99"])]


class UpiRequest(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    channel: UpiChannel


class UpiAppLink(msgspec.Struct, rename="camel", kw_only=True):
    app: UpiApp
    link: str  # upi://pay?..., or the app's own scheme with the same query


class UpiPayment(msgspec.Struct, rename="camel", kw_only=True):
    """A UPI payment started: how to pay it, and how long the payer has (seconds from now,
    counted by the page from this answer, never from the device's clock)."""

    channel: UpiChannel
    state: UpiState
    amount: Money
    reference: str  # the note the payer's app shows: the provider order the money is for
    expires_in_seconds: int
    apps: list[UpiAppLink] = msgspec.field(default_factory=list)  # intent
    qr_image: str | None = None  # qr: a PNG data URL


class UpiStatus(msgspec.Struct, rename="camel", kw_only=True):
    """The last UPI payment tried on an order, as the provider has it now."""

    state: UpiState
    expires_in_seconds: int = 0  # while pending
