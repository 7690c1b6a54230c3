"""Refunds of a mandate's debits: Cashfree's subscription refunds at x-api-version 2025-01-01
(`POST /pg/subscriptions/{subscription_id}/refunds`, SubsCreateRefund, and
`GET /pg/subscriptions/{subscription_id}/refunds/{refund_id}`, SubsFetchSubscriptionRefund).

A refund gives back all or part of one CHARGE of the subscription that was debited (SUCCESS),
named by the merchant's `payment_id` or Cashfree's `cf_payment_id` (both: the same payment). An
AUTH, a charge not debited (INITIALIZED, PENDING, FAILED, CANCELLED), an unknown payment or
another subscription's is a 400; so is an amount of nothing, of more than two decimals, or of
more than what is left unrefunded of that payment (refunds not CANCELLED count). `refund_id` is
the merchant's, once per subscription: used again it is a 400 `refund_already_exists` (a retry
whose answer was lost sends the same `x-idempotency-key` and gets the first answer again, as
every write of the mock). `refund_speed` is as Cashfree's document says: a UPI mandate's refund
is STANDARD only, an eNACH (or pNACH) one's INSTANT only; none asked, the method's own. The
answer names it in the entity's words, INSTANT or NORMAL (a STANDARD refund answers NORMAL).

A refund is answered INITIATED (the status in the document's SubscriptionPaymentRefundEntity
example; it lists no others, so the rest are its order refunds' words), then the bank pays it
out (SUCCESS) as it does an order's refund (upstream_mocks/payments/app.py): at once, after the
answer, unless QA's scenario on mock "payments", path "refund" (the one of order refunds) holds
it: `onHold` makes it ONHOLD and pays it out after `delayMs` (1 s unless given), `cancelled`
gives it up (CANCELLED) after it, its amount refundable again. Each account sees only its own subscriptions' refunds.
"""

from __future__ import annotations

import asyncio
import re
from decimal import Decimal
from typing import Literal

import msgspec

from upstream_mocks.money import has_paise_only, rupees
from upstream_mocks.payments.orders import REFUND_PATH, provider_now, state
from upstream_mocks.payments.subscriptions import Refused, SubscriptionPayment, get_subscription, payments_of
from upstream_mocks.world import MockWorld

STATE = "payment_subscription_refunds"
RefundStatus = Literal["INITIATED", "ONHOLD", "SUCCESS", "CANCELLED"]
RefundSpeed = Literal["STANDARD", "INSTANT"]
# The request's speed in the answer's words: "Refund speed. Can be INSTANT or NORMAL."
ANSWERED_SPEED: dict[RefundSpeed, Literal["NORMAL", "INSTANT"]] = {"STANDARD": "NORMAL", "INSTANT": "INSTANT"}
# Cashfree's document: "UPI supports only STANDARD refunds, Enach and Pnach supports only INSTANT refunds."
SPEED_OF_METHOD: dict[str, RefundSpeed] = {"upi": "STANDARD", "enach": "INSTANT", "pnach": "INSTANT"}
_REFUND_ID = re.compile(r"^[A-Za-z0-9_.-]{1,250}$")  # as the subscription's own ids (payment_id)
_BANK_WAIT_MS = 1000  # a held refund's outcome without the scenario's delayMs, as an order refund's


class CreateRefundBody(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """Cashfree's CreateSubscriptionRefundRequest (`cf_payment_id` a JSON number there)."""

    subscription_id: str
    refund_id: str
    refund_amount: Decimal
    payment_id: str | None = None
    cf_payment_id: int | None = None
    refund_note: str | None = None
    refund_speed: str | None = None


class SubscriptionRefund(msgspec.Struct, kw_only=True, omit_defaults=True):
    """Cashfree's SubscriptionPaymentRefundEntity."""

    payment_id: str
    cf_payment_id: str
    refund_id: str
    cf_refund_id: str
    refund_amount: Decimal
    refund_speed: Literal["NORMAL", "INSTANT"]
    refund_status: RefundStatus
    refund_note: str | None = None


Key = tuple[str, str]  # (merchant account's client id, subscription_id)


class RefundsState(msgspec.Struct, kw_only=True):
    refunds: dict[Key, list[SubscriptionRefund]] = msgspec.field(default_factory=dict)
    # When the bank paid each out (by cf_refund_id), on the one clock: the settlement report's
    # REFUND event is dated by it (the entity itself carries no time).
    paid_out_at: dict[str, str] = msgspec.field(default_factory=dict)


def refunds_state(world: MockWorld) -> RefundsState:
    st: RefundsState = world.states[STATE]
    return st


def _bad(field: str, words: str) -> Refused:
    return Refused(400, f"{field}_invalid", f"{field} : {words}")


def _refunded_payment(world: MockWorld, account: str, body: CreateRefundBody) -> SubscriptionPayment:
    """The debit the refund gives back: a SUCCESS CHARGE of this subscription."""
    if body.payment_id is None and body.cf_payment_id is None:
        raise _bad("payment_id", "payment_id or cf_payment_id is required")
    payments = payments_of(world, account, body.subscription_id)
    by_id = next((p for p in payments if p.payment_id == body.payment_id), None)
    by_cf_id = next((p for p in payments if p.cf_payment_id == str(body.cf_payment_id)), None)
    if body.payment_id is not None and by_id is None:
        raise _bad("payment_id", "no payment of this subscription with this id")
    if body.cf_payment_id is not None and by_cf_id is None:
        raise _bad("cf_payment_id", "no payment of this subscription with this id")
    if by_id is not None and by_cf_id is not None and by_id is not by_cf_id:
        raise _bad("cf_payment_id", "names another payment than payment_id")
    payment = by_id or by_cf_id
    assert payment is not None  # one of the two was given and found
    field = "payment_id" if body.payment_id is not None else "cf_payment_id"
    if payment.payment_type != "CHARGE":
        raise _bad(field, f"payment is an {payment.payment_type}; only a CHARGE can be refunded")
    if payment.payment_status != "SUCCESS":
        raise _bad(field, f"payment is {payment.payment_status}; only a SUCCESS payment can be refunded")
    return payment


def create_refund(world: MockWorld, account: str, subscription_id: str, body: CreateRefundBody) -> SubscriptionRefund:
    """An INITIATED refund of a debited charge, checked as Cashfree checks it (module doc)."""
    if body.subscription_id != subscription_id:
        raise _bad("subscription_id", "does not match the path")
    subscription = get_subscription(world, account, subscription_id)
    if not _REFUND_ID.match(body.refund_id):
        raise _bad("refund_id", "letters, digits, dot, - and _, 1 to 250 characters")
    done = refunds_state(world).refunds.setdefault((account, subscription_id), [])
    if any(r.refund_id == body.refund_id for r in done):
        raise Refused(400, "refund_already_exists", "refund_id : a refund with this id exists")
    payment = _refunded_payment(world, account, body)
    amount = body.refund_amount
    if amount <= 0 or not has_paise_only(amount):
        raise _bad("refund_amount", "should be more than 0, with at most two decimals")
    given = sum(
        (r.refund_amount for r in done if r.payment_id == payment.payment_id and r.refund_status != "CANCELLED"),
        Decimal("0"),
    )
    left = payment.payment_amount - given
    if amount > left:
        raise _bad("refund_amount", f"at most {left} can be refunded")
    method = subscription.authorisation_details.payment_method or "upi"
    speed = SPEED_OF_METHOD.get(method, "STANDARD")
    if body.refund_speed is not None and body.refund_speed != speed:
        raise _bad("refund_speed", f"a {method} mandate's refund can only be {speed}")
    payments = state(world)
    payments.next_cf_id += 1
    refund = SubscriptionRefund(
        payment_id=payment.payment_id,
        cf_payment_id=payment.cf_payment_id,
        refund_id=body.refund_id,
        cf_refund_id=str(payments.next_cf_id),
        refund_amount=rupees(amount),
        refund_speed=ANSWERED_SPEED[speed],
        refund_status="INITIATED",
        refund_note=body.refund_note,
    )
    done.append(refund)
    _bank_decides(world, refund)
    return refund


def _bank_decides(world: MockWorld, refund: SubscriptionRefund) -> None:
    """The bank's word on a new refund, after its answer: paid out at once, or as QA's refund
    scenario holds it (ONHOLD then paid out, or CANCELLED, after its delayMs), as order refunds."""
    held = world.scenario_for("payments", "POST", REFUND_PATH)
    word = held.refund if held is not None else None
    wait = ((held.delay_ms if held is not None else 0) or _BANK_WAIT_MS) / 1000

    async def decide() -> None:
        if word is not None:
            if word == "onHold":
                refund.refund_status = "ONHOLD"
            await asyncio.sleep(wait)
        refund.refund_status = "CANCELLED" if word == "cancelled" else "SUCCESS"
        if refund.refund_status == "SUCCESS":
            refunds_state(world).paid_out_at[refund.cf_refund_id] = provider_now(world).isoformat(timespec="seconds")

    world.spawn(decide())


def get_refund(world: MockWorld, account: str, subscription_id: str, refund_id: str) -> SubscriptionRefund:
    get_subscription(world, account, subscription_id)
    done = refunds_state(world).refunds.get((account, subscription_id), [])
    found = next((r for r in done if r.refund_id == refund_id), None)
    if found is None:
        raise Refused(404, "refund_not_found", "refund does not exist")
    return found
