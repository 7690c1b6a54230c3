"""Giving back what an AutoPay debit brought beyond everything its Fineract loan owed, once.

A debit already with the payer's bank cannot be cancelled: when the loan is foreclosed or paid off
by hand meanwhile, the bank still lets it through. Fineract takes such a repayment, the rest as its
`overpaymentPortion`, and turns the loan Overpaid (700). The companion books AutoPay debits itself,
so the gateway's adapter, which gives the rest back for a payment it books, never sees this one:
the companion does the same. The provider refunds that part of the debit on the Fineract lender's
own account (Cashfree's `POST /subscriptions/{id}/refunds`, refund id and key `overpaid-<payment
id>`), then Fineract's credit balance refund records it (external id and key `cbr-pg-<provider
payment id>`, the adapter's) and closes the loan. Each is keyed by the debit, so every ask (the
debit told again, each step of the clock until both are answered) makes each once.
"""

from __future__ import annotations

from decimal import Decimal

import httpx
import msgspec
import structlog

from payments_client import ProviderRefused
from payments_client.mandates import MandatePayment
from upstream_mocks.clock import mocks_today, on_tick
from upstream_mocks.fineract.reminders import fineract_post
from upstream_mocks.fineract.seed import FineractState
from upstream_mocks.lending.autopay_lender import FINERACT
from upstream_mocks.provider import provider
from upstream_mocks.world import MockWorld

log = structlog.get_logger("upstream_mocks.fineract")

STATE = "fineract_overpaid_debits"  # payment id -> the debit whose overpaid part is not yet given back
OVERPAID_REFUND = "overpaid-"  # and the debit's payment id: the provider's refund of that part
CREDIT_BALANCE_REFUND = "cbr-pg-"  # and the provider's payment id, as the gateway's adapter names it


class OverpaidDebit(msgspec.Struct, kw_only=True):
    loan_id: int
    subscription_id: str
    payment_id: str
    cf_payment_id: str
    refunded: bool = False  # the provider answered the refund


def register(world: MockWorld) -> None:
    world.register(STATE, dict)
    on_tick(world, lambda _: follow(world))


def _waiting(world: MockWorld) -> dict[str, OverpaidDebit]:
    waiting: dict[str, OverpaidDebit] = world.states[STATE]
    return waiting


async def refund_debit(
    world: MockWorld, subscription_id: str, payment_id: str, refund_id: str, amount: Decimal, note: str
) -> None:
    """`amount` of a debit refunded at the provider on the Fineract lender's own account, once:
    the refund's id is also its key."""
    async with provider(world, FINERACT.account(world.settings)) as pg:
        await pg.refund_mandate_payment(
            subscription_id, payment_id=payment_id, refund_id=refund_id, amount=amount, key=refund_id, note=note
        )


async def give_back(world: MockWorld, loan_id: int, payment: MandatePayment) -> None:
    """The debit booked on `loan_id`: its part beyond what the loan owed given back, if any and
    not given back already. Never raises: the debit is booked whatever happens here."""
    waiting = _waiting(world)
    debit = waiting.get(payment.payment_id) or OverpaidDebit(
        loan_id=loan_id,
        subscription_id=payment.subscription_id,
        payment_id=payment.payment_id,
        cf_payment_id=payment.cf_payment_id,
    )
    waiting[payment.payment_id] = debit
    if await _give_back(world, debit):
        waiting.pop(payment.payment_id, None)


async def follow(world: MockWorld) -> None:
    """At each step of the clock, the overpaid debits not yet given back, asked again."""
    waiting = _waiting(world)
    for payment_id, debit in list(waiting.items()):
        if await _give_back(world, debit):
            waiting.pop(payment_id, None)


async def _give_back(world: MockWorld, debit: OverpaidDebit) -> bool:
    """True once nothing of the debit is left to give back."""
    books: FineractState = world.states["fineract"]
    loan = books.loans.get(debit.loan_id)
    if loan is None:
        return True
    mine = next((t for t in loan.transactions if t.external_id == f"pg-{debit.cf_payment_id}"), None)
    recorded = f"{CREDIT_BALANCE_REFUND}{debit.cf_payment_id}"
    if mine is None or mine.overpayment <= 0 or any(t.external_id == recorded for t in loan.transactions):
        return True
    if loan.overpaid <= 0:  # given back another way (the lender's own credit balance refund)
        return True
    amount = min(loan.overpaid, mine.overpayment)
    if not debit.refunded:
        try:
            refund = (debit.subscription_id, debit.payment_id, f"{OVERPAID_REFUND}{debit.payment_id}")
            await refund_debit(world, *refund, amount, "More than was owed")
        except (ProviderRefused, httpx.HTTPError) as exc:  # asked again at the clock's next step
            log.warning("overpaid_debit_not_refunded", payment_id=debit.payment_id, error=str(exc))
            return False
        debit.refunded = True
    body = {
        "transactionDate": mocks_today(world).strftime("%d %B %Y"),
        "dateFormat": "dd MMMM yyyy",
        "locale": "en",
        "transactionAmount": amount,
        "externalId": recorded,
        "note": f"Refunded at the provider: {OVERPAID_REFUND}{debit.payment_id}",
    }
    path = f"loans/{debit.loan_id}/transactions?command=creditBalanceRefund"
    try:
        answer = await fineract_post(world, path, body, key=recorded)
    except httpx.HTTPError as exc:
        log.warning("overpaid_debit_not_recorded", payment_id=debit.payment_id, error=str(exc))
        return False
    if answer.status_code != 200:
        log.warning("overpaid_debit_not_recorded", payment_id=debit.payment_id, status=answer.status_code)
        return False
    log.info("overpaid_debit_given_back", payment_id=debit.payment_id, amount=str(amount))
    return True
