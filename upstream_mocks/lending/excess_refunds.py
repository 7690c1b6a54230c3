"""Giving back what a repayment brought beyond everything the borrower owed, once.

A payment can bring more than is owed by the time the bank lets it through: the loan was
foreclosed, or its last instalment paid, while this payment was still with the payer's bank.
The lender books what was owed (settlement.py) and refunds the rest to the payer through its own
provider account, on the repayment's own order (Cashfree's `POST /orders/{order_id}/refunds`), or
for an AutoPay debit on the debit itself (`POST /subscriptions/{id}/refunds`), as a lender holding
a credit balance gives it back (Fineract's credit balance refund). The refund's
id and Idempotency-Key come from the provider's payment, so every attempt (at settling, then at
each step of the lender's clock until one is answered) asks for the same refund, never a second.
"""

from __future__ import annotations

from datetime import datetime

import httpx
import structlog

from payments_client import ProviderRefused
from upstream_mocks.clock import on_tick
from upstream_mocks.lending.seed import LendingState, PaymentLog
from upstream_mocks.provider import provider
from upstream_mocks.world import MockWorld

log = structlog.get_logger("upstream_mocks.lending")

EXCESS_REFUND = "excess-"  # and the provider's payment id
MANDATE_ORDER = "MANDATE_"  # and the debit's payment id: the repayment an AutoPay debit is booked as


async def refund_excess(world: MockWorld, payment: PaymentLog) -> None:
    """Refund the payment's excess, unless it was refunded already."""
    if not payment.excess or payment.excess_refund_id is not None or payment.cf_payment_id is None:
        return
    refund_id = f"{EXCESS_REFUND}{payment.cf_payment_id}"
    note = "More than was owed"
    try:
        async with provider(world, world.settings.lending_account) as pg:
            if payment.subscription_id is not None:  # an AutoPay debit: refunded on its mandate
                debit = payment.order_id.removeprefix(MANDATE_ORDER)
                made_on_debit = await pg.refund_mandate_payment(
                    payment.subscription_id,
                    payment_id=debit,
                    refund_id=refund_id,
                    amount=payment.excess,
                    key=refund_id,
                    note=note,
                )
                payment.excess_refund_id = made_on_debit.refund_id
                return
            made = await pg.refund(
                payment.order_id, refund_id=refund_id, amount=payment.excess, key=refund_id, note=note
            )
    except (ProviderRefused, httpx.HTTPError) as exc:  # asked again at the clock's next step
        log.warning("excess_not_refunded", order_id=payment.order_id, error=str(exc))
        return
    payment.excess_refund_id = made.refund_id


def follow_excess_refunds(world: MockWorld) -> None:
    """At each step of the lender's clock, the excesses whose refund was not answered, asked again."""

    async def follow(_: datetime) -> None:
        lending: LendingState = world.states["lending"]
        for payment in list(lending.payment_logs.values()):
            await refund_excess(world, payment)

    on_tick(world, follow)
