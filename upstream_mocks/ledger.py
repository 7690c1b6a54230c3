"""A QA read-out of where the money is (`GET /_mocks/ledger`): every charge the payment provider
took, the store orders and repayments they could belong to, the credit drawn and the stock
taken. The money-invariant suite (tests/integration/test_money_invariants.py) checks these
against each other after a run of shoppers under faults; QA can read it after any session.
"""

from __future__ import annotations

from decimal import Decimal

import msgspec

from upstream_mocks.lending.dues import dues
from upstream_mocks.orders.records import Order
from upstream_mocks.payments.links import get_link
from upstream_mocks.payments.settlements import rows as report_rows
from upstream_mocks.payments.settlements import settled_on
from upstream_mocks.payments.subscription_refunds import STATE as SUBSCRIPTION_REFUNDS
from upstream_mocks.payments.subscription_refunds import refunds_state
from upstream_mocks.payments.subscriptions import STATE as SUBSCRIPTIONS
from upstream_mocks.payments.subscriptions import subscriptions_state
from upstream_mocks.world import MockWorld


class Charge(msgspec.Struct, rename="camel", kw_only=True):
    cf_payment_id: str
    provider_order_id: str
    account: str  # the merchant account (client id) it was paid into: the store's or a lender's
    amount: Decimal
    refunded: Decimal  # what the provider gave back on its order (successful refunds)


class MandateDebit(msgspec.Struct, rename="camel", kw_only=True):
    """A UPI AutoPay debit (a subscription's CHARGE) at the provider, in any status: only a
    SUCCESS took money, and it is to be booked once as a repayment (`MANDATE_<payment id>`)."""

    cf_payment_id: str
    subscription_id: str
    payment_id: str
    account: str  # the merchant account (client id) the mandate is on: a lender's own
    amount: Decimal
    status: str  # the provider's: INITIALIZED, PENDING, SUCCESS, FAILED, CANCELLED
    retry_attempts: int  # debit attempts the payer's bank declined before this status
    # What the provider gave back of it (a lender that refused its booking refunds it in full);
    # refunds the bank gave up (CANCELLED) count nothing.
    refunded: Decimal = Decimal("0.00")


class OrderLine(msgspec.Struct, rename="camel", kw_only=True):
    product_id: int
    quantity: int


class StoreOrder(msgspec.Struct, rename="camel", kw_only=True):
    order_number: str
    user_id: int
    status: str
    method: str
    payment_state: str
    amount: Decimal
    lines: list[OrderLine]
    refunded: bool  # what the provider took for it was given back (to the card or UPI)


class Repayment(msgspec.Struct, rename="camel", kw_only=True):
    provider_order_id: str
    status: str


class Booking(msgspec.Struct, rename="camel", kw_only=True):
    """A repayment on a lender's books: our lending service's settled payment log, or a repayment
    transaction on a Fineract loan (its external id `pg-<provider payment id>`)."""

    lender: str  # "lending" or "fineract"
    provider_order_id: str
    cf_payment_id: str
    amount: Decimal


class Outstanding(msgspec.Struct, rename="camel", kw_only=True):
    """What a borrower owes a lender now: our lending service's amount to pay, or a Fineract
    client's loans' schedule less what was paid."""

    lender: str
    mobile_number: str
    amount: Decimal


class CreditDrawn(msgspec.Struct, rename="camel", kw_only=True):
    reference: str
    amount: Decimal


class PaymentLinkView(msgspec.Struct, rename="camel", kw_only=True):
    """A payment link at the provider: what it asked, what its orders took, and those orders."""

    link_id: str
    status: str
    amount: Decimal
    amount_paid: Decimal
    provider_order_ids: list[str]


class PayoutEntry(msgspec.Struct, rename="camel", kw_only=True):
    """A transfer at the payouts provider: what it paid (or tries to), and to whose refund."""

    transfer_id: str
    amount: Decimal
    status: str  # the provider's: PENDING, SUCCESS, FAILED, REVERSED, ...
    utr: str | None


class AccountRefund(msgspec.Struct, rename="camel", kw_only=True):
    """A cash order's return refunded to a UPI ID or bank account, as the orders service has it."""

    return_number: str
    amount: Decimal
    status: str  # the return's step
    transfer_id: str | None  # its payout's, once one was asked
    # The transfers of attempts that failed before another account was given: the return's too.
    earlier: list[str] = msgspec.field(default_factory=list)


class Settlement(msgspec.Struct, rename="camel", kw_only=True):
    """One entry of the provider's settlement report (`POST /pg/recon`, QA's mistakes in it): a
    payment, refund or chargeback, the provider's fee and the tax on it, what reached (or will
    reach) the merchant's bank, and when."""

    event_id: str
    event_type: str  # PAYMENT, REFUND or CHARGEBACK
    provider_order_id: str
    account: str  # the merchant account (client id) whose report lists it
    cf_payment_id: str
    amount: Decimal
    service_charge: Decimal | None  # payments only
    service_tax: Decimal | None
    settlement_amount: Decimal | None  # None while in transit
    settlement_id: str | None
    settles_at: str  # when it was, or will be, settled (India's time)


class Ledger(msgspec.Struct, rename="camel", kw_only=True):
    charges: list[Charge]
    store_orders: list[StoreOrder]
    repayments: list[Repayment]
    credit_draws: list[CreditDrawn]
    stock_taken: dict[int, int]
    bookings: list[Booking]
    outstanding: list[Outstanding]
    payment_links: list[PaymentLinkView]
    payouts: list[PayoutEntry] = msgspec.field(default_factory=list)
    account_refunds: list[AccountRefund] = msgspec.field(default_factory=list)
    settlements: list[Settlement] = msgspec.field(default_factory=list)  # the provider's report
    mandate_debits: list[MandateDebit] = msgspec.field(default_factory=list)


def back(order: Order, product_id: int) -> int:
    """Units of a product received back from the order's returns."""
    return sum(
        line.quantity
        for r in order.returns
        if r.status in ("received", "refunded")
        for line in r.lines
        if line.product_id == product_id
    )


def ledger(world: MockWorld) -> Ledger:
    payments = world.states["payments"]
    orders = world.states["orders"]

    def refunded(key: tuple[str, str]) -> Decimal:
        done = payments.refunds.get(key, [])
        return sum((r.refund_amount for r in done if r.refund_status == "SUCCESS"), Decimal("0.00"))

    charges = [
        Charge(
            cf_payment_id=p.cf_payment_id,
            provider_order_id=p.order_id,
            account=key[0],
            amount=p.payment_amount,
            refunded=refunded(key),
        )
        for key, attempts in payments.payments.items()
        for p in attempts
        if p.payment_status == "SUCCESS"
    ]
    store_orders = [
        StoreOrder(
            order_number=o.order_number,
            user_id=o.user_id,
            status=o.status,
            method=o.payment.method,
            payment_state=o.payment.state,
            amount=o.payment.amount,
            # What the order still holds: units received back from a return are on the shelf again.
            lines=[
                OrderLine(product_id=line.product_id, quantity=line.quantity - back(o, line.product_id))
                for line in o.lines
            ],
            refunded=o.payment.state == "refundInitiated" or (o.refund is not None and o.refund.kind == "toSource"),
        )
        for o in orders.orders.values()
    ]
    repayments = [
        Repayment(provider_order_id=log.order_id, status=log.status)
        for log in world.states["lending"].payment_logs.values()
    ]
    fineract = world.states.get("fineract")
    lending = world.states["lending"]
    bookings = [
        Booking(
            lender="lending",
            provider_order_id=log.order_id,
            cf_payment_id=log.cf_payment_id,
            amount=log.amount - (log.excess or 0),  # what it brought beyond everything owed is given back
        )
        for log in lending.payment_logs.values()
        if log.status == "paid" and log.cf_payment_id is not None
    ]
    outstanding = [
        Outstanding(lender="lending", mobile_number=b.mobile_number, amount=dues(world, b).remaining)
        for b in lending.borrowers.values()
    ]
    if fineract is not None:
        # An overpaid loan's credit given back by a credit balance refund, by the repayment that
        # overpaid it (the adapter's external id `cbr-pg-<provider payment id>`): not kept.
        given_back = {
            t.external_id.removeprefix("cbr-pg-"): t.amount
            for loan in fineract.loans.values()
            for t in loan.transactions
            if t.kind == "creditBalanceRefund" and t.external_id and t.external_id.startswith("cbr-pg-")
        }
        bookings += [
            Booking(
                lender="fineract",
                provider_order_id=t.receipt_number or "",
                cf_payment_id=t.external_id.removeprefix("pg-"),
                amount=t.amount - given_back.get(t.external_id.removeprefix("pg-"), Decimal(0)),
            )
            for loan in fineract.loans.values()
            for t in loan.transactions
            if t.kind == "repayment" and t.external_id and t.external_id.startswith("pg-")
        ]
        outstanding += [
            Outstanding(
                lender="fineract",
                mobile_number=client.mobile,
                amount=sum(
                    (
                        p.total - p.paid
                        for loan in fineract.loans.values()
                        if loan.client_id == client.id
                        for p in loan.periods
                    ),
                    Decimal("0.00"),
                ),
            )
            for client in fineract.clients.values()
        ]
        # A foreclosure is booked as Fineract's foreclosure transaction, its external id the order's.
        closing = {c.provider_order_id: c.cf_payment_id for c in charges if c.provider_order_id.startswith("FINCLOSE_")}
        bookings += [
            Booking(
                lender="fineract",
                provider_order_id=t.external_id,
                cf_payment_id=closing[t.external_id],
                amount=t.amount,
            )
            for loan in fineract.loans.values()
            for t in loan.transactions
            if t.kind == "repayment" and t.external_id in closing
        ]
        # A Fineract lender keeps no record of a checkout: the provider's orders for it are its
        # repayments (and foreclosures), paid once booked.
        booked = {b.provider_order_id for b in bookings if b.lender == "fineract"}
        repayments += [
            Repayment(provider_order_id=order_id, status="paid" if order_id in booked else "unbooked")
            for _, order_id in payments.orders
            if order_id.startswith(("FINREPAY_", "FINCLOSE_"))
        ]
    draws = [CreditDrawn(reference=d.reference, amount=d.amount) for d in world.states["credit"].draws]
    return Ledger(
        charges=charges,
        store_orders=store_orders,
        repayments=repayments,
        credit_draws=draws,
        stock_taken=dict(orders.stock_taken),
        bookings=bookings,
        outstanding=outstanding,
        payment_links=payment_links(world),
        payouts=[
            PayoutEntry(
                transfer_id=kept.transfer.transfer_id,
                amount=kept.transfer.transfer_amount,
                status=kept.transfer.status,
                utr=kept.transfer.transfer_utr,
            )
            for kept in world.states["payouts"].transfers.values()
        ]
        if "payouts" in world.states
        else [],
        account_refunds=[
            AccountRefund(
                return_number=r.number,
                amount=r.amount,
                status=r.status,
                transfer_id=r.payout.transfer_id if r.payout is not None else None,
                earlier=list(r.payout.earlier) if r.payout is not None else [],
            )
            for o in orders.orders.values()
            for r in o.returns
            if r.refund_to.route in ("upi", "bank")
        ],
        settlements=settlements(world),
        mandate_debits=mandate_debits(world),
    )


def mandate_debits(world: MockWorld) -> list[MandateDebit]:
    if SUBSCRIPTIONS not in world.states:
        return []
    given: dict[tuple[str, str], Decimal] = {}
    if SUBSCRIPTION_REFUNDS in world.states:
        for (account, _), refunds in refunds_state(world).refunds.items():
            for r in refunds:
                if r.refund_status != "CANCELLED":
                    key = (account, r.cf_payment_id)
                    given[key] = given.get(key, Decimal("0.00")) + r.refund_amount
    return [
        MandateDebit(
            cf_payment_id=p.cf_payment_id,
            subscription_id=p.subscription_id,
            payment_id=p.payment_id,
            account=account,
            amount=p.payment_amount,
            status=p.payment_status,
            retry_attempts=p.retry_attempts,
            refunded=given.get((account, p.cf_payment_id), Decimal("0.00")),
        )
        for (account, _), found in subscriptions_state(world).payments.items()
        for p in found
        if p.payment_type == "CHARGE"
    ]


def settlements(world: MockWorld) -> list[Settlement]:
    """The provider's report as it stands on the one clock, oldest first."""
    return [
        Settlement(
            event_id=row.event_id,
            event_type=row.event_type,
            provider_order_id=row.order_id,
            account=account,
            cf_payment_id=row.cf_payment_id,
            amount=row.event_amount,
            service_charge=row.payment_service_charge,
            service_tax=row.payment_service_tax,
            settlement_amount=row.event_settlement_amount,
            settlement_id=row.cf_settlement_id,
            settles_at=row.settlement_date or settled_on(row.event_time).isoformat(timespec="seconds"),
        )
        for account, row in report_rows(world)
    ]


def payment_links(world: MockWorld) -> list[PaymentLinkView]:
    if "payment_links" not in world.states:
        return []
    found = world.states["payment_links"]
    return [
        PaymentLinkView(
            link_id=link.link_id,
            status=link.link_status,
            amount=link.link_amount,
            amount_paid=link.link_amount_paid,
            provider_order_ids=list(found.orders.get(key, [])),
        )
        for key in list(found.links)
        if (link := get_link(world, *key)) is not None
    ]
