"""Instalments an AutoPay debit will take: the lender's reminders to pay by hand leave them out.

A borrower whose instalment the mandate will debit should not be told to pay it themselves as
well (a reminder's link paid beside the debit pays the instalment twice). The lender learns of a
debit when the platform tells it of one raised (mandate_debits.py, with its pre-debit notice) and
keeps which instalment it covers. At a reminder's time it reads that debit at the provider with its
own account, never trusting what it was told days before: still waiting there (INITIALIZED or
PENDING), the reminder before or on the due date is left out; failed, cancelled (the mandate
paused or revoked at the bank), or unreadable, the reminder goes as it would have. A reminder after
the due date always goes (a debit that failed has its own, with the link).

The other way round, a debit raised for an instalment the borrower has since paid in full (on the
portal on its due day, before the debit's hour) would take it twice: after each repayment it books
the lender cancels such a debit at the provider while it still waits to be attempted (INITIALIZED:
Cashfree cancels nothing later; `cancel_paid_debits`). An instalment cannot be paid in full before
its due date here (a payment ahead goes to the coming principal; the interest falls due on the day).
Each lender keeps its own cover (`AutoPayAccount`): ours, and the Fineract lender's companion's
(which cancels no paid debit yet: docs/decisions/fineract-autopay-debits.md)."""

from __future__ import annotations

from datetime import date

import httpx
import msgspec
import structlog

from payments_client import ProviderRefused
from upstream_mocks.clock import mocks_today
from upstream_mocks.lending.autopay_lender import OURS, AutoPayAccount
from upstream_mocks.lending.due_links import owed_on
from upstream_mocks.lending.loans import Loan
from upstream_mocks.provider import provider
from upstream_mocks.world import MockWorld

log = structlog.get_logger("upstream_mocks.lending")

STATE = "autopay_cover"
WAITING = ("INITIALIZED", "PENDING")


class AutoPayCover(msgspec.Struct, kw_only=True):
    # "<loan number>/<due date>" -> [subscription id, payment id] of the debit raised for it
    debits: dict[str, list[str]] = msgspec.field(default_factory=dict)
    # Debits taken that the lender refused to book and refunded: their instalments are owed again.
    refunded: set[str] = msgspec.field(default_factory=set)


def given_back(world: MockWorld, payment_id: str, of: AutoPayAccount = OURS) -> None:
    """The lender refunded the debit (its checker refused the booking): its instalment is an
    ordinary due again, reminded of with its link."""
    cover: AutoPayCover | None = world.states.get(of.state(STATE))
    if cover is not None:
        cover.refunded.add(payment_id)


def register(world: MockWorld, of: AutoPayAccount = OURS) -> None:
    world.register(of.state(STATE), AutoPayCover)


def _key(loan_number: str, due: date) -> str:
    return f"{loan_number}/{due.isoformat()}"


def covered_by(
    world: MockWorld, loan_number: str, due: date, subscription_id: str, payment_id: str, of: AutoPayAccount = OURS
) -> None:
    """The debit raised for the loan's instalment due on `due`."""
    cover: AutoPayCover | None = world.states.get(of.state(STATE))
    if cover is not None:
        cover.debits[_key(loan_number, due)] = [subscription_id, payment_id]


def debit_raised(world: MockWorld, loan_number: str, due: date, of: AutoPayAccount = OURS) -> bool:
    """Whether the lender was told of a debit raised for the instalment due on `due`."""
    cover: AutoPayCover | None = world.states.get(of.state(STATE))
    return cover is not None and _key(loan_number, due) in cover.debits


async def autopay_takes(world: MockWorld, loan_number: str, due: date, of: AutoPayAccount = OURS) -> bool:
    """Whether a debit raised for the instalment is still waiting at the provider to take it, or
    has taken it: a lender whose checker holds the debit's booking (Fineract's maker-checker) has
    the money, though the instalment reads unpaid until the checker approves."""
    cover: AutoPayCover | None = world.states.get(of.state(STATE))
    found = cover.debits.get(_key(loan_number, due)) if cover is not None else None
    if found is None:
        return False
    subscription_id, payment_id = found
    if cover is not None and payment_id in cover.refunded:
        return False  # taken and given back: owed again
    try:
        async with provider(world, of.account(world.settings)) as pg:
            payment = await pg.mandate_payment(subscription_id, payment_id)
    except (ProviderRefused, httpx.HTTPError) as exc:  # unreadable: remind all the same
        log.warning("autopay_debit_unread_for_reminder", payment_id=payment_id, error=str(exc))
        return False
    return payment.payment_status in (*WAITING, "SUCCESS")


async def stop_paid_debit(world: MockWorld, loan: Loan, due: date, subscription_id: str, payment_id: str) -> bool:
    """Cancel the debit raised for the instalment due on `due` once nothing of it is owed; True when
    it is cancelled (now, or before). One paid in part is still debited: cancelled, the rest would
    fall overdue unless the borrower paid it by hand; debited, the excess is paid ahead on the
    coming instalments, as the loan's allocation has any amount above what is due. Read at the provider first: only
    a charge not yet attempted can be cancelled, and one already taken is booked as it is. A debit
    whose date is no instalment's due date (raised late, after it) is left to its booking."""
    if not any(instalment.due_on == due for instalment in loan.instalments):
        return False
    try:
        async with provider(world, world.settings.lending_account) as pg:
            payment = await pg.mandate_payment(subscription_id, payment_id)
            if payment.payment_status == "CANCELLED":
                return True
            if payment.payment_status != "INITIALIZED" or owed_on(world, loan, due) > 0:
                return False
            await pg.manage_charge(subscription_id, payment_id, "CANCEL", key=f"{payment_id}-paid")
    except (ProviderRefused, httpx.HTTPError) as exc:  # asked again at the next telling or booking
        log.warning("autopay_paid_debit_not_cancelled", payment_id=payment_id, error=str(exc))
        return False
    log.info("autopay_paid_debit_cancelled", payment_id=payment_id, loan=loan.loan_number, due=due.isoformat())
    return True


async def cancel_paid_debits(world: MockWorld, user_id: int) -> None:
    """After a repayment or a foreclosure is booked: each debit raised for one of the borrower's
    instalments that is now paid in full (or foreclosed: nothing more is owed) is cancelled while
    it still waits."""
    cover: AutoPayCover | None = world.states.get(STATE)
    loans: list[Loan] = world.states.get("loans", {}).get(user_id, [])
    if cover is None or not loans:
        return
    by_number = {loan.loan_number: loan for loan in loans}
    today = mocks_today(world)
    for key, (subscription_id, payment_id) in list(cover.debits.items()):
        loan_number, _, day = key.rpartition("/")
        loan, due = by_number.get(loan_number), date.fromisoformat(day)
        if loan is not None and due >= today:  # a debit of an earlier due date is no longer waiting
            await stop_paid_debit(world, loan, due, subscription_id, payment_id)
