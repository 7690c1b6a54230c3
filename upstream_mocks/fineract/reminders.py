"""The Fineract lender's reminders of a due instalment, sent by its companion service, each with
the instalment's payment link as the platform's short link (docs/decisions/reminder-short-links.md).

Fineract keeps the books and sends nothing with a link, so the companion does what our own
lender's service does (upstream_mocks/lending/reminders.py, due_links.py): on the days of
REMINDER_DAYS, between 08:00 and 19:00 India time, for each instalment Fineract says is still owed
(read from the books at the first step of the clock in those hours, once a day), a link at the
provider for what is owed (parts from the lender's minimum), an SMS by the link's DLT template
and a mail. A code is minted per instalment; `partnerPaymentLinks` resolves it (companion.py).

A payment on a link is booked in Fineract by the companion, as a repayment on the loan under
Fineract's own rules: `externalId` `pg-<provider payment id>` (unique across Fineract's loans,
as the gateway's bookings), `receiptNumber` the provider order, so a repeated event or the QA
follow-up books nothing twice (a taken externalId is Fineract's 400, already booked).

An instalment the loan's AutoPay mandate takes is reminded of as our own lender does
(upstream_mocks/lending/reminders.py, autopay_cover.py, autopay_mandates.py, from the mandate
and debits the platform told the companion of: fineract/autopay.py): no reminder before or on the
due date while a raised debit waits at the provider; before that, the AutoPay wording with no
link while the mandate is ACTIVE and may take it; else the usual reminder with its link.

QA controls beside the contract: `POST .../reminders/now {"mobileNumber"}` (a client's reminders
now, whatever the hour) and `POST .../links/followUp` (every open link read and booked now).
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

import httpx
import msgspec
import structlog
from litestar import Request, Response, post
from litestar.handlers import HTTPRouteHandler
from litestar.params import JSONBody

from payments_client import LinkCustomer, ProviderRefused
from upstream_mocks.clock import mocks_now, mocks_today, on_tick
from upstream_mocks.envelope import envelope
from upstream_mocks.fineract.receipts import EMAILS
from upstream_mocks.fineract.seed import Client, FineractState
from upstream_mocks.fineract.seed import Loan as Books
from upstream_mocks.ist import IST
from upstream_mocks.lending.autopay_cover import autopay_takes
from upstream_mocks.lending.autopay_lender import FINERACT
from upstream_mocks.lending.autopay_mandates import autopay_will_take, told_language
from upstream_mocks.lending.due_links import (
    CLOSED,
    DueLink,
    DueLinksState,
    mint_link,
    short_url,
)
from upstream_mocks.lending.loans import Position
from upstream_mocks.lending.reminders import REMINDER_DAYS, autopay_reminder, due_reminder, in_hours
from upstream_mocks.lending.seed import Borrower
from upstream_mocks.loopback import loopback_client
from upstream_mocks.payments.events import LinkEvent
from upstream_mocks.payments.webhooks import verified_event
from upstream_mocks.provider import provider
from upstream_mocks.texts import Language
from upstream_mocks.world import MockWorld

log = structlog.get_logger("upstream_mocks.fineract")

STATE = "fineract_due_links"
LOAN_PREFIX = "FIN-"
Reading = Callable[[Books, date], Position]
FINERACT_API = "/_mocks/fineract/fineract-provider/api/v1"
_NUMBERS = msgspec.json.Encoder(decimal_format="number")


class FineractReminded(msgspec.Struct, kw_only=True):
    links: DueLinksState = msgspec.field(default_factory=DueLinksState)
    handled: set[tuple[str, date, int]] = msgspec.field(default_factory=set)
    checked: date | None = None


class RemindNow(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    mobile_number: str


def reminded(world: MockWorld) -> FineractReminded:
    st: FineractReminded = world.states[STATE]
    return st


def link_of_code(world: MockWorld, code: str) -> DueLink | None:
    st = reminded(world).links
    key = st.codes.get(code)
    return st.links.get(st.current.get(key, "")) if key is not None else None


def _owed(position: Position) -> list[tuple[date, Decimal]]:
    return [(s.instalment.due_on, s.owed) for s in position.instalments if s.owed > 0]


def _books(world: MockWorld) -> FineractState:
    st: FineractState = world.states["fineract"]
    return st


def borrower_of(client: Client) -> Borrower:
    """The client as the notices need them: the number the SMS goes to, the lender's e-mail."""
    return Borrower(
        user_id=client.id,
        user_name=client.display_name,
        mobile_number=client.mobile,
        total_repayment_amount=None,
        remaining_amount=Decimal(0),
        late_fees=Decimal(0),
        pending_amount=Decimal(0),
        email=EMAILS.get(client.id),
    )


def stale(world: MockWorld, link: DueLink, left: Decimal, position: Reading) -> bool:
    """Whether the link still asks more than Fineract says is owed of its instalment (paid on the
    portal since, which the gateway books in Fineract directly): nobody is sent to it any more."""
    found = next((b for b in _books(world).loans.values() if f"{LOAN_PREFIX}{b.account_no}" == link.loan_number), None)
    if found is None:
        return False
    owed = dict(_owed(position(found, mocks_today(world)))).get(link.due_on, Decimal(0))
    return owed < left


async def link_for(world: MockWorld, client: Client, books: Books, due: date, owed: Decimal) -> DueLink | None:
    """The instalment's payment link for `owed`, made at the provider once per amount; None when
    the provider did not answer (the reminder then goes without one)."""
    st = reminded(world).links
    number = f"{LOAN_PREFIX}{books.account_no}"
    key = (number, due)
    earlier = st.links.get(st.current.get(key, ""))
    if earlier is not None and not earlier.closed and earlier.amount == owed:
        return earlier
    if earlier is not None and not earlier.closed:
        # Asking another amount now: the old one is closed if the provider lets it.
        try:
            async with provider(world, world.settings.fineract_account) as pg:
                earlier.closed = (await pg.cancel_link(earlier.link_id)).link_status in CLOSED
        except (ProviderRefused, httpx.HTTPError) as exc:
            log.info("due_link_not_cancelled", link_id=earlier.link_id, error=str(exc))
    customer = LinkCustomer(customer_phone=client.mobile, customer_name=client.display_name)
    notify_url = f"{world.settings.origin}/_mocks/companion_fineract/webhooks/payments"
    return await mint_link(world, world.settings.fineract_account, st, key, client.id, customer, notify_url, owed)


def language_of(world: MockWorld, number: str) -> Language:
    """Fineract keeps no language for a client: the one the platform named with the loan's
    AutoPay mandate or its debits (the borrower's at the set-up), else English."""
    return told_language(world, number, FINERACT) or "en"


async def remind(world: MockWorld, client: Client, books: Books, due: date, owed: Decimal, days: int) -> DueLink | None:
    """One reminder of an instalment owed, SMS and mail, with its payment link when it has one;
    in the borrower's language as the platform named it (`language_of`)."""
    link = await link_for(world, client, books, due, owed)
    number = f"{LOAN_PREFIX}{books.account_no}"
    await due_reminder(world, borrower_of(client), language_of(world, number), number, due, owed, days, link)
    return link


async def send_reminder(
    world: MockWorld, client: Client, books: Books, due: date, owed: Decimal, days: int
) -> DueLink | None:
    """The reminder `days` from the instalment's due date, as the loan's AutoPay leaves it (as our
    own lender's, lending/reminders.py `send_reminder`); the link it carried, if any."""
    number = f"{LOAN_PREFIX}{books.account_no}"
    if await autopay_takes(world, number, due, FINERACT):
        # The mandate's raised debit takes it, or took it and its booking waits for the lender's
        # checker (overdue meanwhile): no link to pay it twice.
        return None
    if days < 0:  # not yet raised: the mandate will take it, if the provider says so now
        by = await autopay_will_take(world, number, due, owed, FINERACT)
        if by is not None:
            await autopay_reminder(world, borrower_of(client), language_of(world, number), number, due, owed, by)
            return None
    return await remind(world, client, books, due, owed, days)


async def fineract_post(world: MockWorld, path: str, body: Any = None, key: str | None = None) -> httpx.Response:
    """A call to Fineract's API as the lender's own staff user makes it (Basic auth, the default
    tenant), with its JSON numbers exact and `key` as its Idempotency-Key."""
    basic = base64.b64encode(f"mifos:{world.settings.fineract_password}".encode()).decode()
    headers = {"Authorization": f"Basic {basic}", "Fineract-Platform-TenantId": "default"}
    if body is not None:
        headers["Content-Type"] = "application/json"
    if key is not None:
        headers["Idempotency-Key"] = key
    async with loopback_client(world) as http:
        return await http.post(
            f"{world.settings.origin}{FINERACT_API}/{path}",
            content=_NUMBERS.encode(body) if body is not None else b"",
            headers=headers,
        )


async def book_repayment(
    world: MockWorld, books: Books, order_id: str, cf_payment_id: str, amount: Decimal, on: date, note: str, key: str
) -> bool | None:
    """A payment the provider took, booked as a repayment on the loan through Fineract's API:
    `externalId` `pg-<provider payment id>`, `receiptNumber` its order. True when booked now,
    False when Fineract had it already (a taken externalId is its 400), None when refused."""
    body = {
        "transactionDate": on.strftime("%d %B %Y"),
        "dateFormat": "dd MMMM yyyy",
        "locale": "en",
        "transactionAmount": amount,  # a JSON number, exact (Fineract's)
        "externalId": f"pg-{cf_payment_id}",
        "receiptNumber": order_id,
        "paymentTypeId": 1,
        "note": note,
    }
    answer = await fineract_post(world, f"loans/{books.id}/transactions?command=repayment", body, key)
    if answer.status_code == 200:
        return not answer.headers.get("x-served-from-cache")
    if "externalId" in answer.text:
        return False
    log.warning("repayment_not_booked", order_id=order_id, status=answer.status_code)
    return None


def reminder_routes(world: MockWorld, position: Reading) -> list[HTTPRouteHandler]:
    """`position(books, today)`: the companion's reading of a loan's ledger from Fineract's books."""
    # Its links and the reminders already sent start over on a reset, with the books they name.
    world.register(STATE, FineractReminded)

    def borrowed(client_id: int | None = None) -> list[tuple[Client, Books]]:
        books = _books(world)
        return [
            (books.clients[loan.client_id], loan)
            for loan in books.loans.values()
            if loan.client_id is not None and (client_id is None or loan.client_id == client_id)
        ]

    async def send_due(moment: datetime) -> None:
        if not in_hours(moment):
            return
        today = moment.astimezone(IST).date()
        st = reminded(world)
        if st.checked == today:
            return  # a day's reminders go at its first step in hours
        st.checked = today
        for client, books in borrowed():
            for due, owed in _owed(position(books, today)):
                for days in REMINDER_DAYS:
                    key = (f"{LOAN_PREFIX}{books.account_no}", due, days)
                    day = due + timedelta(days)
                    if key in st.handled or day > today:
                        continue
                    st.handled.add(key)
                    if day == today:
                        await send_reminder(world, client, books, due, owed, days)

    on_tick(world, send_due)

    async def book(link: DueLink) -> int:
        """Each paid order of the link booked in Fineract once; how many were booked now."""
        books = next((b for _, b in borrowed(link.user_id) if f"{LOAN_PREFIX}{b.account_no}" == link.loan_number), None)
        if books is None:
            return 0
        try:
            async with provider(world, world.settings.fineract_account) as pg:
                paid = await pg.link_orders(link.link_id)
                status = (await pg.link(link.link_id)).link_status
                payments = [(o.order_id, p) for o in paid for p in await pg.payments(o.order_id)]
        except (ProviderRefused, httpx.HTTPError) as exc:
            log.warning("due_link_unread", link_id=link.link_id, error=str(exc))
            return 0
        booked = 0
        for order_id, payment in payments:
            if payment.payment_status != "SUCCESS":
                continue
            note = "Paid through a reminder's payment link"
            key = f"link-{payment.cf_payment_id}"
            taken = payment.cf_payment_id, payment.payment_amount
            if await book_repayment(world, books, order_id, *taken, mocks_today(world), note, key):
                booked += 1
        link.closed = status in CLOSED
        return booked

    async def follow_open_links() -> int:
        return sum([await book(link) for link in list(reminded(world).links.links.values()) if not link.closed])

    @post("/webhooks/payments", status_code=200)
    async def payment_webhook(request: Request[Any, Any, Any]) -> Response[Any]:
        """The provider's PAYMENT_LINK_EVENT for this lender's links: what was paid is read back
        from the provider and booked in Fineract, once."""
        settings = world.settings
        event = await verified_event(
            request, settings.fineract_payments_client_secret, tolerance_seconds=settings.webhook_tolerance_seconds
        )
        if not isinstance(event, LinkEvent):
            return event if isinstance(event, Response) else envelope(None, "Noted")
        link = reminded(world).links.links.get(event.data.link_id)
        if link is None:
            return envelope(None, "Payment link not found", 404)
        booked = await book(link)
        return envelope(None, "Payment settled" if booked else "Payment link event noted")

    @post("/reminders/now", status_code=200)
    async def remind_now(data: JSONBody[RemindNow]) -> Response[Any]:
        """QA: the reminder of each instalment the client still owes, now, whatever the hour."""
        today = mocks_today(world)
        sent: list[dict[str, Any]] = []
        for client, books in borrowed():
            if client.mobile != data.mobile_number:
                continue
            for due, owed in _owed(position(books, today)):
                if due <= today - timedelta(REMINDER_DAYS[0]):
                    link = await send_reminder(world, client, books, due, owed, (today - due).days)
                    sent.append(
                        {
                            "loanNumber": f"{LOAN_PREFIX}{books.account_no}",
                            "dueDate": due.isoformat(),
                            "amount": str(owed),
                            "linkUrl": short_url(world, link) if link is not None else None,
                            "sentAt": mocks_now(world).isoformat(),
                        }
                    )
        return Response(sent, status_code=200)

    @post("/links/followUp", status_code=200)
    async def follow_up_now() -> dict[str, int]:
        """QA: every open link read and its payments booked in Fineract, now."""
        return {"booked": await follow_open_links()}

    return [payment_webhook, remind_now, follow_up_now]
