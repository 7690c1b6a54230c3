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

A link takes parts (Cashfree's `link_partial_payments`): the first at least the lender's minimum
part-payment (`link_minimum_partial_amount`, the portal's MINIMUM_PAYMENT), each part booked once
as it is paid (link_booking.py); a link whose parts are all that was paid of its instalment
stands, for what is left of it.

The reminders carry the link on the platform's domain, never the provider's address: TRAI's DLT
rules let an SMS carry only the URLs whitelisted with its template, and the lender registers the
platform's short links (`<MOCKS_SHORT_LINK_BASE>/l/<code>`). The lender mints the code (10
characters of base62, unguessable), one per instalment: a later link for the same instalment
keeps its code, so every reminder's link leads to what is owed now. The platform resolves a code
by the partner call `GET webRepayment/partnerPaymentLinks/{code}` (short_links.py).
docs/decisions/reminder-short-links.md.
"""

from __future__ import annotations

import secrets
import string
from datetime import date, datetime, time, timedelta
from decimal import Decimal

import httpx
import msgspec
import structlog

from payments_client import LinkCustomer, ProviderRefused
from upstream_mocks.clock import mocks_now, mocks_today
from upstream_mocks.ist import IST
from upstream_mocks.lending.loans import MINIMUM_PAYMENT, Loan, payments_of, position
from upstream_mocks.lending.seed import Borrower, LendingState
from upstream_mocks.provider import provider
from upstream_mocks.settings import MerchantAccount
from upstream_mocks.world import MockWorld

log = structlog.get_logger("upstream_mocks.lending")

LINK_DAYS_AFTER_DUE = 7  # the last reminder is 3 days after: the link outlives it
CLOSED = ("PAID", "EXPIRED", "CANCELLED")
BASE62 = string.digits + string.ascii_letters
CODE_LENGTH = 10  # 62**10 codes: a code cannot be guessed


def new_code() -> str:
    return "".join(secrets.choice(BASE62) for _ in range(CODE_LENGTH))


class DueLink(msgspec.Struct, kw_only=True):
    link_id: str
    user_id: int
    loan_number: str
    due_on: date
    amount: Decimal
    link_url: str  # the provider's page
    expires_at: datetime
    short_code: str  # the instalment's code on the platform's short links
    takes_parts: bool = False  # made with link_partial_payments
    closed: bool = False  # paid, cancelled or expired at the provider: nothing more to follow


class DueLinksState(msgspec.Struct, kw_only=True):
    links: dict[str, DueLink] = msgspec.field(default_factory=dict)  # by link id
    current: dict[tuple[str, date], str] = msgspec.field(default_factory=dict)  # (loan, due) -> link id
    codes: dict[str, tuple[str, date]] = msgspec.field(default_factory=dict)  # short code -> (loan, due)


DUE_LINKS = "due_links"  # the state's name, registered with the lending mock's


def due_links(world: MockWorld) -> DueLinksState:
    st: DueLinksState = world.states[DUE_LINKS]
    return st


def short_url(world: MockWorld, link: DueLink) -> str:
    """The link as the reminders carry it: on the platform's domain, whitelisted for the SMS."""
    return f"{world.settings.short_links}/l/{link.short_code}"


def link_of_code(world: MockWorld, code: str) -> DueLink | None:
    """The instalment's current link for a short code; None for a code the lender never made."""
    st = due_links(world)
    key = st.codes.get(code)
    return st.links.get(st.current.get(key, "")) if key is not None else None


def paid_through(world: MockWorld, link: DueLink) -> Decimal:
    """What the lender has booked of the link's payments (its parts so far)."""
    lending: LendingState = world.states["lending"]
    paid = (e.amount for e in lending.payment_logs.values() if e.link_id == link.link_id and e.status == "paid")
    return sum(paid, Decimal(0))


def asks(world: MockWorld, link: DueLink) -> Decimal:
    """What the link still asks: its amount less the parts paid on it."""
    return link.amount - paid_through(world, link)


def owed_on(world: MockWorld, loan: Loan, due: date) -> Decimal:
    """What is still owed of the loan's instalment due on `due`, today."""
    lending: LendingState = world.states["lending"]
    at = position(loan, payments_of(loan, lending), mocks_today(world))
    return next((s.owed for s in at.instalments if s.instalment.due_on == due), Decimal(0))


def link_expiry(world: MockWorld, due: date) -> datetime:
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
    if earlier is not None and not earlier.closed and asks(world, earlier) == owed:
        return earlier
    if earlier is not None and not earlier.closed:
        await cancel(world, earlier)
    customer = LinkCustomer(customer_phone=borrower.mobile_number, customer_name=borrower.user_name)
    notify_url = f"{world.settings.origin}/_mocks/lending/webhooks/payments"
    made = await mint_link(world, world.settings.lending_account, st, key, loan.user_id, customer, notify_url, owed)
    return made


async def mint_link(
    world: MockWorld,
    account: MerchantAccount,
    st: DueLinksState,
    key: tuple[str, date],
    user_id: int,
    customer: LinkCustomer,
    notify_url: str,
    owed: Decimal,
) -> DueLink | None:
    """A new link at the provider on the lender's `account` for `owed` of the instalment `key`
    (loan number, due date), kept as its current one (its short code kept from an earlier one);
    None when the provider did not answer. Either lender's (the Fineract companion's too)."""
    loan_number, due = key
    earlier = st.links.get(st.current.get(key, ""))
    made = sum(1 for link in st.links.values() if (link.loan_number, link.due_on) == key)
    link_id = f"{loan_number}-{due:%Y%m%d}" + (f"-{made + 1}" if made else "")
    expires = link_expiry(world, due)
    # Parts when a part can be smaller than the whole: the first at least the lender's minimum.
    minimum = MINIMUM_PAYMENT if owed > MINIMUM_PAYMENT else None
    try:
        async with provider(world, account) as pg:
            try:
                made_link = await pg.create_link(
                    link_id=link_id,
                    amount=owed,
                    purpose=f"Instalment of loan {loan_number} due {due.isoformat()}",
                    customer=customer,
                    notify_url=notify_url,
                    expires_at=expires,
                    notes={"loan": loan_number, "due": due.isoformat()},
                    minimum_part=minimum,
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
        user_id=user_id,
        loan_number=loan_number,
        due_on=due,
        amount=owed,
        link_url=made_link.link_url,
        expires_at=expires,
        short_code=earlier.short_code if earlier is not None else new_code(),
        takes_parts=minimum is not None,
    )
    st.links[link_id] = link
    st.current[key] = link_id
    st.codes[link.short_code] = key
    return link


async def cancel(world: MockWorld, link: DueLink) -> None:
    """Cancel the link at the provider; one already paid, expired or cancelled stays as it is
    (its payment, if any, is booked from its event or the follow-up)."""
    try:
        async with provider(world, world.settings.lending_account) as pg:
            answered = await pg.cancel_link(link.link_id)
        link.closed = answered.link_status in CLOSED
    except ProviderRefused as exc:
        log.info("due_link_not_cancelled", link_id=link.link_id, code=exc.code)
    except httpx.HTTPError as exc:
        log.warning("due_link_not_cancelled", link_id=link.link_id, error=str(exc))


def outlived(world: MockWorld, link: DueLink) -> bool:
    """Whether the link asks more than is now owed of its instalment: one the provider would not
    cancel (paid in part already) still takes a payment there, but the lender sends nobody to it."""
    loans: list[Loan] = world.states.get("loans", {}).get(link.user_id, [])
    loan = next((loan for loan in loans if loan.loan_number == link.loan_number), None)
    return loan is not None and owed_on(world, loan, link.due_on) < asks(world, link)


async def cancel_paid_dues(world: MockWorld, user_id: int) -> None:
    """After a payment is booked: cancel the borrower's open links asking more than is now owed
    of their instalment (paid on the portal, or in part there), so none is paid twice. A link
    paid in part through itself still asks only what is left, and stands."""
    loans: list[Loan] = world.states.get("loans", {}).get(user_id, [])
    by_number = {loan.loan_number: loan for loan in loans}
    for link in list(due_links(world).links.values()):
        loan = by_number.get(link.loan_number)
        if link.user_id != user_id or link.closed or loan is None:
            continue
        if owed_on(world, loan, link.due_on) < asks(world, link):
            await cancel(world, link)
