"""A QA read-out of where the money is (`GET /_mocks/ledger`): every charge the payment provider
took, the store orders and repayments they could belong to, the credit drawn and the stock
taken. The money-invariant suite (tests/integration/test_money_invariants.py) checks these
against each other after a run of shoppers under faults; QA can read it after any session.
"""

from __future__ import annotations

from decimal import Decimal

import msgspec

from upstream_mocks.world import MockWorld


class Charge(msgspec.Struct, rename="camel", kw_only=True):
    cf_payment_id: str
    provider_order_id: str
    amount: Decimal
    refunded: Decimal  # what the provider gave back on its order (successful refunds)


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


class CreditDrawn(msgspec.Struct, rename="camel", kw_only=True):
    reference: str
    amount: Decimal


class Ledger(msgspec.Struct, rename="camel", kw_only=True):
    charges: list[Charge]
    store_orders: list[StoreOrder]
    repayments: list[Repayment]
    credit_draws: list[CreditDrawn]
    stock_taken: dict[int, int]


def ledger(world: MockWorld) -> Ledger:
    payments = world.states["payments"]
    orders = world.states["orders"]

    def refunded(provider_order_id: str) -> Decimal:
        done = payments.refunds.get(provider_order_id, [])
        return sum((r.refund_amount for r in done if r.refund_status == "SUCCESS"), Decimal("0.00"))

    charges = [
        Charge(
            cf_payment_id=p.cf_payment_id,
            provider_order_id=p.order_id,
            amount=p.payment_amount,
            refunded=refunded(p.order_id),
        )
        for attempts in payments.payments.values()
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
            lines=[OrderLine(product_id=line.product_id, quantity=line.quantity) for line in o.lines],
            refunded=o.payment.state == "refundInitiated" or (o.refund is not None and o.refund.kind == "toSource"),
        )
        for o in orders.orders.values()
    ]
    repayments = [
        Repayment(provider_order_id=log.order_id, status=log.status)
        for log in world.states["lending"].payment_logs.values()
    ]
    draws = [CreditDrawn(reference=d.reference, amount=d.amount) for d in world.states["credit"].draws]
    return Ledger(
        charges=charges,
        store_orders=store_orders,
        repayments=repayments,
        credit_draws=draws,
        stock_taken=dict(orders.stock_taken),
    )
