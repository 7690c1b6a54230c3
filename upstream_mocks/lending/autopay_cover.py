"""Instalments an AutoPay debit will take: the lender's reminders to pay by hand leave them out.

A borrower whose instalment the mandate will debit should not be told to pay it themselves as
well (a reminder's link paid beside the debit pays the instalment twice). The lender learns of a
debit when the platform tells it of one raised (mandate_debits.py, with its pre-debit notice) and
keeps which instalment it covers. At a reminder's time it reads that debit at the provider with its
own account, never trusting what it was told days before: still waiting there (INITIALIZED or
PENDING), the reminder before or on the due date is left out; failed, cancelled (the mandate
paused or revoked at the bank), or unreadable, the reminder goes as it would have. A reminder after
the due date always goes (a debit that failed has its own, with the link)."""

from __future__ import annotations

from datetime import date

import httpx
import msgspec
import structlog

from payments_client import ProviderRefused
from upstream_mocks.provider import provider
from upstream_mocks.world import MockWorld

log = structlog.get_logger("upstream_mocks.lending")

STATE = "autopay_cover"
WAITING = ("INITIALIZED", "PENDING")


class AutoPayCover(msgspec.Struct, kw_only=True):
    # "<loan number>/<due date>" -> [subscription id, payment id] of the debit raised for it
    debits: dict[str, list[str]] = msgspec.field(default_factory=dict)


def register(world: MockWorld) -> None:
    world.register(STATE, AutoPayCover)


def _key(loan_number: str, due: date) -> str:
    return f"{loan_number}/{due.isoformat()}"


def covered_by(world: MockWorld, loan_number: str, due: date, subscription_id: str, payment_id: str) -> None:
    """The debit raised for the loan's instalment due on `due`."""
    cover: AutoPayCover | None = world.states.get(STATE)
    if cover is not None:
        cover.debits[_key(loan_number, due)] = [subscription_id, payment_id]


def debit_raised(world: MockWorld, loan_number: str, due: date) -> bool:
    """Whether the lender was told of a debit raised for the instalment due on `due`."""
    cover: AutoPayCover | None = world.states.get(STATE)
    return cover is not None and _key(loan_number, due) in cover.debits


async def autopay_takes(world: MockWorld, loan_number: str, due: date) -> bool:
    """Whether a debit raised for the instalment is still waiting at the provider to take it."""
    cover: AutoPayCover | None = world.states.get(STATE)
    found = cover.debits.get(_key(loan_number, due)) if cover is not None else None
    if found is None:
        return False
    subscription_id, payment_id = found
    try:
        async with provider(world, world.settings.lending_account) as pg:
            payment = await pg.mandate_payment(subscription_id, payment_id)
    except (ProviderRefused, httpx.HTTPError) as exc:  # unreadable: remind all the same
        log.warning("autopay_debit_unread_for_reminder", payment_id=payment_id, error=str(exc))
        return False
    return payment.payment_status in WAITING
