"""The provider's reconciliation reports, as Cashfree's API gives them at 2025-01-01, and the
mistakes QA can make them carry (`POST /_mocks/payments/settlements/mistakes`).

- `POST /pg/recon`: every event (a PAYMENT taken, a REFUND given back, a CHARGEBACK a payer's
  bank took back) whose time is in the filters' range, with its settlement once settled;
- `POST /pg/settlement/recon`: the events settled in the range, by settlement.

Both page by cursor (`pagination.limit`, at most 1000, and the `cursor` of the page before). A
payment settles the next day in India's calendar (the provider settles to Indian bank
accounts), less the provider's charge and the tax on it; refunds and chargebacks are taken from
that day's settlement. A real provider's report is sometimes wrong, or our side is: QA seeds each
kind of disagreement the reconciliation (gateway/reconciliation/) must find, without touching
the orders or the lender.
"""

from __future__ import annotations

import base64
import secrets
from collections.abc import Iterator
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from typing import Any, Literal

import msgspec

from upstream_mocks.ist import IST
from upstream_mocks.money import rupees
from upstream_mocks.payments.orders import Order, Payment, Refund, key_of, provider_now, state
from upstream_mocks.payments.subscription_refunds import STATE as SUBSCRIPTION_REFUNDS
from upstream_mocks.payments.subscription_refunds import SubscriptionRefund, refunds_state
from upstream_mocks.payments.subscriptions import STATE as SUBSCRIPTIONS
from upstream_mocks.payments.subscriptions import debited_at, subscriptions_state
from upstream_mocks.settings import MerchantAccount
from upstream_mocks.world import MockWorld

EventType = Literal["PAYMENT", "REFUND", "CHARGEBACK"]
# omitPayment: a payment taken is missing from the report; changeAmount: a payment settled at
# another amount; duplicate: a payment settled twice; strayCharge: a payment for an order
# nobody placed; omitRefund: a refund made is missing from the report; strayRefund: a refund of
# `amount` on `orderId` the provider reports and nobody asked for (on an order with a refund of
# ours, more refunded than we asked).
MistakeKind = Literal["omitPayment", "changeAmount", "duplicate", "strayCharge", "omitRefund", "strayRefund"]
SERVICE_CHARGE = Decimal("0.0190")  # of a payment's amount: the provider's fee
SERVICE_TAX = Decimal("0.18")  # GST on the fee
SETTLES_AT = time(11, 0)  # India's time, the day after the payment
MAX_PAGE = 1000


class ReconRow(msgspec.Struct, kw_only=True, omit_defaults=True):
    """One event as `POST /pg/recon` lists it (Cashfree's ReconEntity data item)."""

    entity: Literal["recon"]
    event_id: str
    event_type: EventType
    event_status: str
    event_amount: Decimal
    event_time: str
    event_currency: str
    sale_type: Literal["CREDIT", "DEBIT"]
    order_id: str
    cf_payment_id: str
    order_amount: Decimal | None = None
    payment_amount: Decimal | None = None
    payment_time: str | None = None
    payment_utr: str | None = None
    payment_service_charge: Decimal | None = None
    payment_service_tax: Decimal | None = None
    customer_phone: str | None = None
    refund_id: str | None = None
    refund_note: str | None = None
    refund_processed_at: str | None = None
    dispute_note: str | None = None
    # Present once the event is settled.
    event_settlement_amount: Decimal | None = None
    cf_settlement_id: str | None = None
    settlement_date: str | None = None
    settlement_utr: str | None = None


class Page(msgspec.Struct, kw_only=True, omit_defaults=True):
    limit: int
    data: list[Any]
    cursor: str | None = None  # none after the last page


RESPOND_WITHIN = timedelta(days=7)  # a chargeback's time to contest, unless QA says otherwise


class Chargeback(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    """QA: a payer's bank took a payment back (in full unless `amount` says less); the merchant has
    `respondInDays` (7 unless said) to contest it, Cashfree's dispute `respond_by`."""

    cf_payment_id: str
    amount: Decimal | None = None
    respond_in_days: int | None = msgspec.field(default=None)
    at: str | None = None  # set by the mock
    dispute_id: int | None = None  # set by the mock


class Dispute(msgspec.Struct, kw_only=True):
    """One dispute as Cashfree's `GET /pg/orders/{order_id}/disputes` lists it (DisputesEntity)."""

    dispute_id: int
    dispute_type: Literal["DISPUTE", "CHARGEBACK", "RETRIEVAL", "PRE_ARBITRATION", "ARBITRATION"]
    reason_code: str
    reason_description: str
    dispute_amount: Decimal
    dispute_amount_currency: str
    created_at: str
    respond_by: str
    updated_at: str
    dispute_status: str
    cf_dispute_remarks: str
    order_details: dict[str, Any]


def disputes_for(world: MockWorld, order: Order) -> list[Dispute]:
    """The order's chargebacks as disputes, oldest first; `respond_by` is the day's end in India."""
    st = state(world)
    attempts = st.payments.get(key_of(world, order), [])
    found = []
    for back in st.chargebacks:
        paid = next((p for p in attempts if p.cf_payment_id == back.cf_payment_id), None)
        if paid is None or back.at is None or back.dispute_id is None:
            continue
        opened = datetime.fromisoformat(back.at)
        within = timedelta(days=back.respond_in_days) if back.respond_in_days is not None else RESPOND_WITHIN
        respond_by = datetime.combine((opened.astimezone(IST) + within).date(), time(23, 59, 59), IST)
        found.append(
            Dispute(
                dispute_id=back.dispute_id,
                dispute_type="CHARGEBACK",
                reason_code="4855",
                reason_description="Goods or services not provided",
                dispute_amount=rupees(back.amount or paid.payment_amount),
                dispute_amount_currency="INR",
                created_at=back.at,
                respond_by=respond_by.isoformat(timespec="seconds"),
                updated_at=back.at,
                dispute_status="CHARGEBACK_CREATED",
                cf_dispute_remarks="Chargeback raised by the payer's bank",
                order_details={
                    "order_id": paid.order_id,
                    "order_currency": "INR",
                    "cf_payment_id": paid.cf_payment_id,
                    "payment_currency": "INR",
                    "payment_amount": paid.payment_amount,
                },
            )
        )
    return found


class Mistake(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    """One mistake QA wants in the report; `orderId` is the provider order it bends, in the
    report of the merchant account `clientId` names (order ids are each account's own): of any
    account with that order when none is named. A strayCharge or strayRefund lands in `clientId`'s
    report, the store's when none is named."""

    kind: MistakeKind
    order_id: str | None = None
    amount: Decimal | None = None  # changeAmount: the settled amount; strayCharge, strayRefund: its amount
    client_id: str | None = None


class MistakeRefused(ValueError):
    pass


class RangeRefused(ValueError):
    pass


def check_mistake(mistake: Mistake) -> None:
    if mistake.kind != "strayCharge" and not mistake.order_id:
        raise MistakeRefused(f"{mistake.kind} needs the provider order's orderId")
    if mistake.kind in ("changeAmount", "strayCharge", "strayRefund") and (
        mistake.amount is None or mistake.amount <= 0
    ):
        raise MistakeRefused(f"{mistake.kind} needs an amount above 0")


def _moment(text: str) -> datetime:
    return datetime.fromisoformat(text).astimezone(IST)


def settled_on(event_time: str) -> datetime:
    """When an event is settled: the next day in India, at SETTLES_AT."""
    return datetime.combine(_moment(event_time).date() + timedelta(days=1), SETTLES_AT, IST)


def _settle(row: ReconRow, now: datetime) -> ReconRow:
    """The row with its settlement, once the settlement has happened."""
    when = settled_on(row.event_time)
    if when > now:
        return row
    day = when.date()
    charge = row.payment_service_charge or Decimal("0.00")
    tax = row.payment_service_tax or Decimal("0.00")
    return msgspec.structs.replace(
        row,
        event_settlement_amount=rupees(row.event_amount - charge - tax),
        cf_settlement_id=f"{day:%Y%m%d}01",
        settlement_date=when.isoformat(timespec="seconds"),
        settlement_utr=f"UTIB{day:%Y%m%d}0001",
    )


def _payment_row(payment: Payment, order_amount: Decimal, phone: str | None) -> ReconRow:
    return _sale_row(
        cf_payment_id=payment.cf_payment_id,
        order_id=payment.order_id,
        amount=payment.payment_amount,
        order_amount=order_amount,
        at=payment.payment_completion_time or payment.payment_time,
        paid_at=payment.payment_time,
        utr=payment.bank_reference,
        phone=phone,
    )


def _sale_row(
    *,
    cf_payment_id: str,
    order_id: str,
    amount: Decimal,
    order_amount: Decimal,
    at: str,
    paid_at: str | None,
    utr: str | None,
    phone: str | None,
) -> ReconRow:
    """A payment taken, as the report lists it: its fee and the tax on the fee beside it."""
    charge = rupees(amount * SERVICE_CHARGE)
    return ReconRow(
        entity="recon",
        event_id=f"PAY-{cf_payment_id}",
        event_type="PAYMENT",
        event_status="SUCCESS",
        event_amount=amount,
        event_time=at,
        event_currency="INR",
        sale_type="CREDIT",
        order_id=order_id,
        cf_payment_id=cf_payment_id,
        order_amount=order_amount,
        payment_amount=amount,
        payment_time=paid_at,
        payment_utr=utr,
        payment_service_charge=charge,
        payment_service_tax=rupees(charge * SERVICE_TAX),
        customer_phone=phone,
    )


def _rows(world: MockWorld, account: str) -> Iterator[ReconRow]:
    """The events of the account's own orders: an account's reports show nothing of another's."""
    st = state(world)
    for key, attempts in st.payments.items():
        order = st.orders.get(key)
        for p in attempts:
            if key[0] == account and p.payment_status == "SUCCESS" and order is not None:
                yield _payment_row(p, order.order_amount, order.customer_details.customer_phone)
    yield from _debit_rows(world, account)
    yield from _debit_refund_rows(world, account)
    for (owner, order_id), refunds in st.refunds.items():
        if owner != account:
            continue
        for r in refunds:
            if r.refund_status == "SUCCESS":
                yield _refund_row(r, order_id, r.processed_at or r.created_at)
    for back in st.chargebacks:
        own = (p for (owner, _), a in st.payments.items() if owner == account for p in a)
        paid = next((p for p in own if p.cf_payment_id == back.cf_payment_id), None)
        if paid is None or back.at is None:
            continue
        yield ReconRow(
            entity="recon",
            event_id=f"CB-{paid.cf_payment_id}",
            event_type="CHARGEBACK",
            event_status="SUCCESS",
            event_amount=rupees(back.amount or paid.payment_amount),
            event_time=back.at,
            event_currency="INR",
            sale_type="DEBIT",
            order_id=paid.order_id,
            cf_payment_id=paid.cf_payment_id,
            payment_amount=paid.payment_amount,
            payment_utr=paid.bank_reference,
            dispute_note="Chargeback raised by the payer's bank",
        )


def _debit_rows(world: MockWorld, account: str) -> Iterator[ReconRow]:
    """The account's UPI AutoPay debits taken (its subscriptions' SUCCESS charges), as payments:
    Cashfree settles them with the account's other payments. The order id is the merchant's own
    payment id of the charge (Cashfree's recon rows carry no subscription fields)."""
    if SUBSCRIPTIONS not in world.states:
        return
    found = subscriptions_state(world)
    for (owner, subscription_id), payments in found.payments.items():
        if owner != account:
            continue
        mandate = found.subscriptions.get((owner, subscription_id))
        for p in payments:
            if p.payment_type != "CHARGE" or p.payment_status != "SUCCESS":
                continue
            at = debited_at(p)
            yield _sale_row(
                cf_payment_id=p.cf_payment_id,
                order_id=p.payment_id,
                amount=p.payment_amount,
                order_amount=p.payment_amount,
                at=at,
                paid_at=at,
                utr=p.cf_txn_id,
                phone=mandate.customer_details.customer_phone if mandate is not None else None,
            )


def _refund_row(refund: Refund | SubscriptionRefund, order_id: str, at: str) -> ReconRow:
    """A refund its bank paid out at `at`, as the report lists it: against the order (a debit's
    payment id for a mandate's debit) whose payment it gives back."""
    return ReconRow(
        entity="recon",
        event_id=f"REF-{refund.cf_refund_id}",
        event_type="REFUND",
        event_status="SUCCESS",
        event_amount=refund.refund_amount,
        event_time=at,
        event_currency="INR",
        sale_type="DEBIT",
        order_id=order_id,
        cf_payment_id=refund.cf_payment_id,
        refund_id=refund.refund_id,
        refund_note=refund.refund_note,
        refund_processed_at=at,
    )


def _debit_refund_rows(world: MockWorld, account: str) -> Iterator[ReconRow]:
    """The refunds of the account's AutoPay debits its bank paid out, as refunds of their debit
    (the order id the debit's payment row carries)."""
    if SUBSCRIPTION_REFUNDS not in world.states:
        return
    given = refunds_state(world)
    for (owner, _), refunds in given.refunds.items():
        if owner != account:
            continue
        for r in refunds:
            at = given.paid_out_at.get(r.cf_refund_id)
            if r.refund_status == "SUCCESS" and at is not None:
                yield _refund_row(r, r.payment_id, at)


def account_rows(world: MockWorld, account: MerchantAccount) -> list[ReconRow]:
    """The account's events, QA's mistakes for it applied, settled where its settlement has come,
    oldest first."""
    found = list(_rows(world, account.client_id))
    now = provider_now(world).astimezone(IST)
    store = world.settings.payments_client_id
    for mistake in state(world).settlement_mistakes:
        named = mistake.client_id or (store if mistake.kind in ("strayCharge", "strayRefund") else None)
        if named in (None, account.client_id):
            found = _apply(mistake, found, now)
    found = [_settle(r, now) for r in found]
    found.sort(key=lambda r: (_moment(r.event_time), r.event_id))
    return found


def rows(world: MockWorld) -> list[tuple[str, ReconRow]]:
    """Every account's events (its client id beside each), each account's report as it stands."""
    found = [(a.client_id, r) for a in world.settings.merchant_accounts for r in account_rows(world, a)]
    return sorted(found, key=lambda pair: (_moment(pair[1].event_time), pair[1].event_id))


def in_range(filters: dict[str, object]) -> tuple[datetime, datetime]:
    try:
        start, end = _moment(str(filters["start_date"])), _moment(str(filters["end_date"]))
    except (KeyError, ValueError) as exc:
        raise RangeRefused("filters.start_date and filters.end_date : should be ISO 8601 date-times") from exc
    if end < start:
        raise RangeRefused("filters.end_date : should not be before start_date")
    return start, end


def page(chosen: list[Any], limit: int, cursor: str | None) -> Page:
    """One page of `chosen`; the cursor names where the next begins."""
    if limit < 1 or limit > MAX_PAGE:
        raise RangeRefused(f"pagination.limit : should be between 1 and {MAX_PAGE}")
    start = 0
    if cursor:
        try:
            start = int(base64.urlsafe_b64decode(cursor.encode()).decode().removeprefix("after:"))
        except (ValueError, UnicodeDecodeError) as exc:
            raise RangeRefused("pagination.cursor : is not a cursor this API gave") from exc
    taken = chosen[start : start + limit]
    more = start + limit < len(chosen)
    next_cursor = base64.urlsafe_b64encode(f"after:{start + limit}".encode()).decode() if more else None
    return Page(limit=limit, data=taken, cursor=next_cursor)


def events_between(world: MockWorld, start: datetime, end: datetime, account: MerchantAccount) -> list[ReconRow]:
    """POST /pg/recon: the account's events whose time is in the range."""
    return [r for r in account_rows(world, account) if start <= _moment(r.event_time) <= end]


def settled_between(
    world: MockWorld, start: datetime, end: datetime, account: MerchantAccount
) -> list[dict[str, object]]:
    """POST /pg/settlement/recon: the account's events settled in the range, in Cashfree's nested shape."""
    return [
        {
            "event_details": _drop_none(
                {
                    "entity": "recon",
                    "event_id": r.event_id,
                    "event_type": r.event_type,
                    "event_status": r.event_status,
                    "event_amount": r.event_amount,
                    "event_time": r.event_time,
                    "event_currency": r.event_currency,
                    "event_settlement_amount": r.event_settlement_amount,
                    "sale_type": r.sale_type,
                }
            ),
            "order_details": _drop_none(
                {"order_id": r.order_id, "order_amount": r.order_amount, "order_currency": "INR"}
            ),
            "payment_details": _drop_none(
                {
                    "cf_payment_id": r.cf_payment_id,
                    "payment_amount": r.payment_amount,
                    "payment_time": r.payment_time,
                    "bank_reference": r.payment_utr,
                    "payment_service_charge": r.payment_service_charge,
                    "payment_service_tax": r.payment_service_tax,
                    "payment_currency": "INR",
                }
            ),
            "refund_details": _drop_none(
                {"refund_id": r.refund_id, "refund_note": r.refund_note, "refund_processed_at": r.refund_processed_at}
            ),
            "settlement_details": _drop_none(
                {"cf_settlement_id": r.cf_settlement_id, "settlement_date": r.settlement_date, "utr": r.settlement_utr}
            ),
        }
        for r in account_rows(world, account)
        if r.settlement_date is not None and start <= _moment(r.settlement_date) <= end
    ]


def _drop_none(fields: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in fields.items() if v is not None}


def _apply(mistake: Mistake, events: list[ReconRow], now: datetime) -> list[ReconRow]:
    def is_payment(e: ReconRow) -> bool:
        return e.event_type == "PAYMENT" and e.order_id == mistake.order_id

    match mistake.kind:
        case "omitPayment":
            return [e for e in events if not is_payment(e)]
        case "omitRefund":
            return [e for e in events if not (e.event_type == "REFUND" and e.order_id == mistake.order_id)]
        case "changeAmount":
            amount = rupees(mistake.amount or Decimal(0))
            return [msgspec.structs.replace(e, event_amount=amount) if is_payment(e) else e for e in events]
        case "duplicate":
            twice = [msgspec.structs.replace(e, event_id=f"{e.event_id}-2") for e in events if is_payment(e)]
            return events + twice
        case "strayCharge":
            cf_id = f"9{secrets.randbelow(10**8):08d}"
            when = datetime.combine(now.date(), time(12, 0), IST).isoformat(timespec="seconds")
            stray = ReconRow(
                entity="recon",
                event_id=f"PAY-{cf_id}",
                event_type="PAYMENT",
                event_status="SUCCESS",
                event_amount=rupees(mistake.amount or Decimal(0)),
                event_time=when,
                event_currency="INR",
                sale_type="CREDIT",
                order_id=mistake.order_id or f"stray_{secrets.token_hex(6)}",
                cf_payment_id=cf_id,
                payment_amount=rupees(mistake.amount or Decimal(0)),
                payment_time=when,
                payment_utr=f"{secrets.randbelow(10**12):012d}",
            )
            return [*events, stray]
        case "strayRefund":
            refund_id = f"stray_refund_{secrets.token_hex(4)}"
            when = datetime.combine(now.date(), time(12, 0), IST).isoformat(timespec="seconds")
            paid = next((e.cf_payment_id for e in events if is_payment(e)), "")
            given = ReconRow(
                entity="recon",
                event_id=f"REF-{refund_id}",
                event_type="REFUND",
                event_status="SUCCESS",
                event_amount=rupees(mistake.amount or Decimal(0)),
                event_time=when,
                event_currency="INR",
                sale_type="DEBIT",
                order_id=mistake.order_id or "",
                cf_payment_id=paid,
                refund_id=refund_id,
                refund_processed_at=when,
            )
            return [*events, given]
    return events


def day_range(day: date) -> tuple[datetime, datetime]:
    """A day in India's calendar, as a range."""
    start = datetime.combine(day, time.min, IST)
    return start, start + timedelta(days=1) - timedelta(seconds=1)
