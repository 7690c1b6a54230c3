"""A credit line's AutoPay at our lender: the same partner calls as a loan's (`partnerMandates`,
`partnerMandateDebits`, by the line's number), on the same account at the provider.

A line has no instalments: each purchase drawn on it is due on its own date, and the platform's
mandate debits, on each date one falls due, the least to pay by then (credit_lines.line_dues,
`minimumDue`, the figure the line states). A debit taken is booked as any repayment of the
borrower's account (settlement.settle_paid, oldest draw first), keyed by the provider's payment id,
its receipt mailed. Its pre-debit notice, a debit above the e-mandate limit left to the borrower,
and a failed debit are the line's own texts; the last two carry the platform's repayment page,
where the line's dues are paid by hand (the lender's due links are a loan instalment's).

After any repayment of the borrower's account a debit still waiting to be attempted for a due
date by which nothing is owed any more (paid by hand, or the line ended) is cancelled at the
provider, as a loan's paid instalment's is (autopay_cover.py).
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import httpx
import structlog

from payments_client import ProviderRefused
from upstream_mocks.clock import mocks_today
from upstream_mocks.lending.autopay_cover import STATE as COVER
from upstream_mocks.lending.autopay_cover import AutoPayCover
from upstream_mocks.lending.credit_lines import ApplicationsState, CreditLine, owed_by
from upstream_mocks.lending.notices import notify
from upstream_mocks.lending.seed import Borrower
from upstream_mocks.provider import provider
from upstream_mocks.texts import Language, style, texts
from upstream_mocks.world import MockWorld

log = structlog.get_logger("upstream_mocks.lending")


def pay_page(world: MockWorld) -> str:
    """The platform's repayment page, where a line's dues are paid by hand (its DLT-registered domain)."""
    return f"{world.settings.short_links}/paynow"


async def remind_failed(
    world: MockWorld, line: CreditLine, borrower: Borrower, language: Language, due: date, amount: Decimal
) -> None:
    """A failed debit: the due is an ordinary one, to pay by hand from the repayment page."""
    fields = {
        "amount": style.amount(language, amount),
        "loan": line.line_number,
        "date": style.day(language, due),
        "link": pay_page(world),
    }
    words = texts(language)
    await notify(
        world,
        borrower,
        sms="autopay_line_failed",
        subject=words.autopay_line_failed_subject.format(**fields),
        message=words.autopay_line_failed.format(**fields),
        kind="paymentReminder",
        reference=f"{line.line_number}/{due.isoformat()}/failed",
        language=language,
        fields=fields,
    )


async def cancel_paid_line_debits(world: MockWorld, user_id: int) -> None:
    """After a repayment of the borrower's account: each debit raised for one of their lines' due
    dates by which nothing is owed any more is cancelled while it still waits (INITIALIZED)."""
    cover: AutoPayCover | None = world.states.get(COVER)
    applications: ApplicationsState | None = world.states.get("applications")
    if cover is None or applications is None:
        return
    lines = {line.line_number: line for line in applications.lines.values() if line.user_id == user_id}
    if not lines:
        return
    today = mocks_today(world)
    for key, (subscription_id, payment_id) in list(cover.debits.items()):
        number, _, day = key.rpartition("/")
        line, due = lines.get(number), date.fromisoformat(day)
        if line is None or due < today or owed_by(world, line, due) > 0:
            continue
        try:
            async with provider(world, world.settings.lending_account) as pg:
                payment = await pg.mandate_payment(subscription_id, payment_id)
                if payment.payment_status != "INITIALIZED":
                    continue  # attempted already (or cancelled): booked as it is when taken
                await pg.manage_charge(subscription_id, payment_id, "CANCEL", key=f"{payment_id}-paid")
        except (ProviderRefused, httpx.HTTPError) as exc:  # asked again after the next repayment
            log.warning("autopay_paid_line_debit_not_cancelled", payment_id=payment_id, error=str(exc))
            continue
        log.info("autopay_paid_line_debit_cancelled", payment_id=payment_id, line=number, due=day)
