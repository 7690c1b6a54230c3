"""The lender's payment link for each due instalment, sent in its reminders.

One link per instalment of the loan the portal collects for (the lender books link payments as
it books the portal's), made at the payment provider (`POST /pg/links`) for exactly what is owed
of it, the first time a reminder goes out: the link id, `<loan>-<due date>`, is the write's
idempotency key, so a retried or repeated reminder carries the same link. Should what is owed
change before it is paid (a part paid on the portal), the link for the old amount is cancelled
and the next reminder carries a new one (`-2`, `-3`, ...); a link whose instalment is paid
otherwise is cancelled, so nobody pays an instalment twice. A link closes
LINK_DAYS_AFTER_DUE days after its due date (after the last reminder). Other loans' reminders
carry no link: their lender takes no payment through this portal.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from decimal import Decimal

import httpx
import msgspec
import structlog

from payments_client import LinkCustomer, ProviderRefused
from upstream_mocks.clock import mocks_now, mocks_today
from upstream_mocks.ist import IST
from upstream_mocks.lending.loans import Loan, payments_of, position
from upstream_mocks.lending.seed import Borrower, LendingState
from upstream_mocks.provider import provider
from upstream_mocks.world import MockWorld

log = structlog.get_logger("upstream_mocks.lending")

LINK_DAYS_AFTER_DUE = 7  # the last reminder is 3 days after: the link outlives it
CLOSED = ("PAID", "EXPIRED", "CANCELLED")


class DueLink(msgspec.Struct, kw_only=True):
    link_id: str
    user_id: int
    loan_number: str
    due_on: date
    amount: Decimal
    link_url: str
    expires_at: datetime
    closed: bool = False  # paid, cancelled or expired at the provider: nothing more to follow


class DueLinksState(msgspec.Struct, kw_only=True):
    links: dict[str, DueLink] = msgspec.field(default_factory=dict)  # by link id
    current: dict[tuple[str, date], str] = msgspec.field(default_factory=dict)  # (loan, due) -> link id


def due_links(world: MockWorld) -> DueLinksState:
    found = world.states.get("due_links")
    if found is None:
        found = world.states["due_links"] = DueLinksState()
    st: DueLinksState = found
    return st


def owed_on(world: MockWorld, loan: Loan, due: date) -> Decimal:
    """What is still owed of the loan's instalment due on `due`, today."""
    lending: LendingState = world.states["lending"]
    at = position(loan, payments_of(loan, lending), mocks_today(world))
    return next((s.owed for s in at.instalments if s.instalment.due_on == due), Decimal(0))


def _expiry(world: MockWorld, due: date) -> datetime:
    closes = datetime.combine(due + timedelta(days=LINK_DAYS_AFTER_DUE), time(23, 59, 59), IST)
    return max(closes, mocks_now(world).astimezone(IST) + timedelta(days=1))


async def link_for_due(world: MockWorld, borrower: Borrower, loan: Loan, due: date, owed: Decimal) -> DueLink | None:
    """The due's link for `owed`, made at the provider the first time; None when the loan takes
    no link payments or the provider did not answer (the reminder then goes without one)."""
    if not loan.collects_portal_payments or owed < 1:
        return None
    st = due_links(world)
    key = (loan.loan_number, due)
    earlier = st.links.get(st.current.get(key, ""))
    if earlier is not None and not earlier.closed and earlier.amount == owed:
        return earlier
    if earlier is not None and not earlier.closed:
        await cancel(world, earlier)
    made = sum(1 for link in st.links.values() if (link.loan_number, link.due_on) == key)
    link_id = f"{loan.loan_number}-{due:%Y%m%d}" + (f"-{made + 1}" if made else "")
    expires = _expiry(world, due)
    try:
        async with provider(world) as pg:
            try:
                made_link = await pg.create_link(
                    link_id=link_id,
                    amount=owed,
                    purpose=f"Instalment of loan {loan.loan_number} due {due.isoformat()}",
                    customer=LinkCustomer(customer_phone=borrower.mobile_number, customer_name=borrower.user_name),
                    notify_url=f"{world.settings.origin}/_mocks/lending/webhooks/payments",
                    expires_at=expires,
                    notes={"loan": loan.loan_number, "due": due.isoformat()},
                )
            except ProviderRefused as exc:
                if exc.code != "link_already_exists":
                    raise
                made_link = await pg.link(link_id)
    except (ProviderRefused, httpx.HTTPError) as exc:
        log.warning("due_link_not_made", link_id=link_id, error=str(exc))
        return None
    link = DueLink(
        link_id=link_id,
        user_id=loan.user_id,
        loan_number=loan.loan_number,
        due_on=due,
        amount=owed,
        link_url=made_link.link_url,
        expires_at=expires,
    )
    st.links[link_id] = link
    st.current[key] = link_id
    return link


async def cancel(world: MockWorld, link: DueLink) -> None:
    """Cancel the link at the provider; one already paid, expired or cancelled stays as it is
    (its payment, if any, is booked from its event or the follow-up)."""
    try:
        async with provider(world) as pg:
            answered = await pg.cancel_link(link.link_id)
        link.closed = answered.link_status in CLOSED
    except ProviderRefused as exc:
        log.info("due_link_not_cancelled", link_id=link.link_id, code=exc.code)
    except httpx.HTTPError as exc:
        log.warning("due_link_not_cancelled", link_id=link.link_id, error=str(exc))


async def cancel_paid_dues(world: MockWorld, user_id: int) -> None:
    """After a payment is booked: cancel the borrower's open links asking more than is now owed
    of their instalment (paid on the portal, or in part), so none is paid twice."""
    loans: list[Loan] = world.states.get("loans", {}).get(user_id, [])
    by_number = {loan.loan_number: loan for loan in loans}
    for link in list(due_links(world).links.values()):
        loan = by_number.get(link.loan_number)
        if link.user_id != user_id or link.closed or loan is None:
            continue
        if owed_on(world, loan, link.due_on) < link.amount:
            await cancel(world, link)
