"""UPI on an order's session, as Cashfree's "Order Pay" (`POST /pg/orders/sessions`) answers it.

`channel: link` answers the intent links a phone opens its UPI app with (`data.payload.default`,
and one per app: `gpay`, `phonepe`, `paytm`, `bhim`), `channel: qrcode` a QR image of the same
`upi://pay` link (`data.payload.qrcode`, a base64 PNG data URL). Either starts a payment that is
PENDING until the payer answers in their app (SUCCESS, or USER_DROPPED when they leave it) or
the request times out (FAILED): Cashfree keeps no expiry on the answer, the UPI request lapses
after `UPI_WINDOW` at the payer's bank. `collect` (a request to a UPI ID) is refused: NPCI
retired collect for merchant payments, and the merchant account the mocks stand for has none.
"""

from __future__ import annotations

import base64
import io
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any, Literal
from urllib.parse import parse_qs, urlencode

import msgspec
import segno

from upstream_mocks.payments.orders import (
    Order,
    Payment,
    PaymentStatus,
    account_of,
    attempt_payment,
    complete_payment,
    find_payment,
    payments_for,
    provider_now,
    state,
)
from upstream_mocks.world import MockWorld

MERCHANT_NAME = "Mock Merchant"
UPI_WINDOW = timedelta(minutes=5)  # how long a payer's bank keeps a UPI request open
# The schemes each app registers on a phone; `default` lets the phone choose.
APP_SCHEMES = {"default": "upi://pay", "gpay": "tez://upi/pay", "phonepe": "phonepe://pay", "paytm": "paytmmp://pay"}
EXPIRED_MESSAGE = "UPI request expired before the payer approved it"

UpiChannel = Literal["link", "qrcode", "collect"]
# What the payer does in their app: approve, or leave. A request left unanswered lapses when the
# provider's clock (the mocks' one clock, which QA moves) passes its window.
UpiOutcome = Literal["paid", "dropped"]
_STATUS: dict[str, PaymentStatus] = {"paid": "SUCCESS", "dropped": "USER_DROPPED"}


class Upi(msgspec.Struct, kw_only=True):
    channel: UpiChannel
    upi_id: str | None = None


class UpiMethod(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    upi: Upi


class PayOrderBody(msgspec.Struct, kw_only=True):
    payment_session_id: str
    payment_method: UpiMethod


class UpiAttempt(msgspec.Struct, kw_only=True):
    """The mock's own note of a UPI attempt: how it was offered and when the request lapses."""

    cf_payment_id: str
    order_id: str
    channel: UpiChannel
    link: str
    lapses_at: datetime


def _amount(value: Decimal) -> str:
    return f"{value:.2f}"


def upi_link(payee: str, order: Order, payment: Payment, scheme: str = "upi://pay") -> str:
    """NPCI's UPI linking spec: payee address (the order's merchant account's own VPA) and name,
    amount, transaction reference, note."""
    query = {
        "pa": payee,
        "pn": MERCHANT_NAME,
        "am": _amount(payment.payment_amount),
        "cu": "INR",
        "tr": payment.cf_payment_id,
        "tn": order.order_id,
    }
    return f"{scheme}?{urlencode(query)}"


def qr_data_url(link: str) -> str:
    image = io.BytesIO()
    segno.make(link, error="m", micro=False).save(image, kind="png", scale=6, border=4)
    return "data:image/png;base64," + base64.b64encode(image.getvalue()).decode()


def _attempts(world: MockWorld) -> dict[str, UpiAttempt]:
    found: dict[str, UpiAttempt] = state(world).upi
    return found


def start_upi(world: MockWorld, order: Order, channel: Literal["link", "qrcode"]) -> dict[str, Any]:
    """A PENDING UPI payment on the order, answered as Cashfree's PayOrderEntity."""
    payment = attempt_payment(world, order, "PENDING")
    payee = account_of(world, order).upi_vpa
    link = upi_link(payee, order, payment)
    _attempts(world)[payment.cf_payment_id] = UpiAttempt(
        cf_payment_id=payment.cf_payment_id,
        order_id=order.order_id,
        channel=channel,
        link=link,
        lapses_at=provider_now(world) + UPI_WINDOW,
    )
    if channel == "link":
        payload = {app: upi_link(payee, order, payment, scheme) for app, scheme in APP_SCHEMES.items()}
    else:
        payload = {"qrcode": qr_data_url(link)}
    return {
        "payment_method": "upi",
        "channel": channel,
        "action": "custom",
        "cf_payment_id": payment.cf_payment_id,
        "payment_amount": payment.payment_amount,
        "data": {"payload": payload},
    }


def lapse_upi(world: MockWorld, order: Order) -> list[Payment]:
    """UPI requests past their window are FAILED (the payer's bank let them lapse); answers the
    payments it changed, for the merchant to be told."""
    now = provider_now(world)
    lapsed: list[Payment] = []
    for payment in payments_for(world, order):
        attempt = _attempts(world).get(payment.cf_payment_id)
        if attempt is None or attempt.lapses_at > now:
            continue
        if complete_payment(world, order, payment, "FAILED"):
            payment.payment_message = EXPIRED_MESSAGE
            lapsed.append(payment)
    return lapsed


def answer_upi(world: MockWorld, cf_payment_id: str, outcome: UpiOutcome) -> tuple[Order, Payment] | str:
    """The payer's answer in their app: the payment and its order, or why not (too late: lapsed)."""
    attempt = _attempts(world).get(cf_payment_id)
    found = find_payment(world, cf_payment_id)
    if attempt is None or found is None:
        return "no such UPI request"
    order, payment = found
    lapse_upi(world, order)  # too late to approve: the bank let it lapse
    if payment.payment_status != "PENDING":
        return f"this UPI request is already {payment.payment_status.lower()}"
    complete_payment(world, order, payment, _STATUS[outcome])
    return order, payment


def attempt_for_link(world: MockWorld, query: str) -> tuple[UpiAttempt, Payment] | None:
    """The UPI request a `upi://pay` link's query names, when its payee and amount are ours."""
    fields = {k: v[0] for k, v in parse_qs(query).items()}
    attempt = _attempts(world).get(fields.get("tr", ""))
    found = find_payment(world, attempt.cf_payment_id) if attempt is not None else None
    if attempt is None or found is None:
        return None
    order, payment = found
    payee = account_of(world, order).upi_vpa
    if fields.get("pa") != payee or fields.get("am") != _amount(payment.payment_amount):
        return None
    return attempt, payment
