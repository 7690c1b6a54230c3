"""The lender's reminders of a due instalment, by SMS and mail, in the borrower's language.

Reminders are for days 7, 3 and 1 before an instalment's due date, the day itself, and 1 and 3
days after it (`REMINDER_DAYS`), for every instalment of the borrower's loans still owed, and
leave only between 08:00 and 19:00 India time (`in_hours`), the hours RBI's fair practices allow
for contacting a borrower about dues. They run on the mocks' one clock (upstream_mocks/clock.py): at each step of
a move the lender sends what is due that day, if the hour allows; a day's reminder not sent that
day is not sent later (the next one says more). docs/decisions/complaints-and-reminders.md.
Each reminder, SMS and mail, for an instalment of the loan the portal collects for carries that
instalment's payment link (due_links.py) on the platform's domain (`/l/<code>`: the SMS goes by
its own DLT template, `reminder_*_link`, whose URL is whitelisted), paid without a login, in
parts if the borrower wishes, and each part booked once (link_booking.py). An instalment an
AutoPay debit is raised for, still waiting at the provider, has no reminder before or on its due
date (autopay_cover.py): its pre-debit notice says it will be taken. Before that, a reminder
before the due date of an instalment the loan's active mandate will take (autopay_mandates.py,
read at the provider at the reminder's time) says AutoPay will debit it, and from where, with no
link: paid by the link beside the debit, the instalment would be paid twice.

QA read-out beside the contract: `GET /_mocks/lending/reminders` (every reminder sent, with its
link); QA controls: `POST .../reminders/now` (a borrower's reminders now) and
`POST .../links/followUp` (the follow-up of open links now).
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from decimal import Decimal
from typing import Annotated, Any

import msgspec
from litestar import Response, get, post
from litestar.exceptions import NotFoundException
from litestar.handlers import HTTPRouteHandler
from litestar.params import HeaderParameter, JSONBody

from upstream_mocks.clock import mocks_now, mocks_today, on_tick
from upstream_mocks.ist import IST
from upstream_mocks.lending.autopay_cover import autopay_takes
from upstream_mocks.lending.autopay_mandates import TakenBy, autopay_will_take
from upstream_mocks.lending.due_links import DueLink, link_for_due, short_url
from upstream_mocks.lending.dues import portal_loan
from upstream_mocks.lending.link_booking import follow_links, follow_open_links
from upstream_mocks.lending.loans import MINIMUM_PAYMENT, Loan, payments_of, position
from upstream_mocks.lending.notices import notify
from upstream_mocks.lending.seed import Borrower, LendingState
from upstream_mocks.sms import DLT_TEMPLATES, TemplateKey
from upstream_mocks.texts import Language, style, texts
from upstream_mocks.waiting import changed_read
from upstream_mocks.world import MockWorld

REMINDER_DAYS = (-7, -3, -1, 0, 1, 3)  # days from the due date
OPENS, CLOSES = time(8, 0), time(19, 0)  # India time; a reminder leaves at OPENS <= t < CLOSES


class SentReminder(msgspec.Struct, rename="camel", kw_only=True):
    user_id: int
    loan_number: str
    due_date: date
    days_from_due: int
    amount: Decimal
    sent_at: datetime
    language: Language
    dlt_template_id: str
    link_url: str | None = None  # the instalment's payment link the SMS and mail carried (our domain)
    autopay: bool = False  # it said the loan's AutoPay mandate will debit the instalment (no link)


class RemindersState(msgspec.Struct, kw_only=True):
    sent: list[SentReminder] = msgspec.field(default_factory=list)
    # (loan number, due date, days from due) already handled: sent, or passed unsent.
    handled: set[tuple[str, date, int]] = msgspec.field(default_factory=set)
    languages: dict[int, Language] = msgspec.field(default_factory=dict)  # the borrower's last
    checked: date | None = None  # the last India day whose reminders were sent


def in_hours(moment: datetime) -> bool:
    """Whether a reminder may leave at `moment`: 08:00 to 19:00 India time, whatever the server's zone."""
    return OPENS <= moment.astimezone(IST).time() < CLOSES


def remember_language(world: MockWorld, user_id: int, language: Language) -> None:
    """The language the borrower last used with the lender: their reminders' language."""
    state: RemindersState = world.states["reminders"]
    state.languages[user_id] = language


def _template(days_from_due: int, with_link: bool) -> TemplateKey:
    if days_from_due < 0:
        return "reminder_before_link" if with_link else "reminder_before"
    if days_from_due == 0:
        return "reminder_due_link" if with_link else "reminder_due"
    return "reminder_after_link" if with_link else "reminder_after"


def _owed_today(loan: Loan, lending: LendingState, today: date) -> list[tuple[date, Decimal]]:
    """Each instalment of the loan still owed today: its due date and what is owed of it."""
    found = position(loan, payments_of(loan, lending), today)
    return [(s.instalment.due_on, s.owed) for s in found.instalments if s.owed > 0]


async def remind(world: MockWorld, loan: Loan, due: date, owed: Decimal, days: int) -> None:
    """One reminder of an instalment owed, SMS and mail, with its payment link when it has one."""
    lending: LendingState = world.states["lending"]
    borrower = lending.borrower_by_id(loan.user_id)
    if borrower is None:
        return
    st: RemindersState = world.states["reminders"]
    language = st.languages.get(loan.user_id, "en")
    link = await link_for_due(world, borrower, loan, due, owed)
    template = await due_reminder(world, borrower, language, loan.loan_number, due, owed, days, link)
    _sent(world, loan, due, owed, days, language, template, link_url=short_url(world, link) if link else None)


async def due_reminder(
    world: MockWorld,
    borrower: Borrower,
    language: Language,
    loan_number: str,
    due: date,
    owed: Decimal,
    days: int,
    link: DueLink | None,
) -> TemplateKey:
    """SMS and mail of an instalment owed, `days` from its due date, with its payment link (as the
    platform's short link) when it has one; the SMS's template. Either lender's."""
    fields = {"amount": style.amount(language, owed), "loan": loan_number, "date": style.day(language, due)}
    words = texts(language)
    message = getattr(words, _template(days, with_link=False)).format(**fields)
    template = _template(days, with_link=link is not None)
    if link is not None:
        address = short_url(world, link)
        until = style.day(language, link.expires_at.astimezone(IST).date())
        message += "\n\n" + words.reminder_pay_link.format(amount=fields["amount"], link=address, until=until)
        if link.takes_parts:
            message += " " + words.reminder_pay_parts.format(minimum=style.amount(language, MINIMUM_PAYMENT))
        fields["link"] = address  # the SMS template's URL variable
    await notify(
        world,
        borrower,
        sms=template,
        subject=words.reminder_mail_subject.format(**fields),
        message=message,
        kind="paymentReminder",
        reference=f"{loan_number}/{due.isoformat()}",
        language=language,
        fields=fields,
    )
    return template


async def remind_of_autopay(world: MockWorld, loan: Loan, due: date, owed: Decimal, days: int, by: TakenBy) -> None:
    """A reminder before the due date of an instalment the loan's active mandate will debit."""
    lending: LendingState = world.states["lending"]
    borrower = lending.borrower_by_id(loan.user_id)
    if borrower is None:
        return
    st: RemindersState = world.states["reminders"]
    language = st.languages.get(loan.user_id, "en")
    await autopay_reminder(world, borrower, language, loan.loan_number, due, owed, by)
    _sent(world, loan, due, owed, days, language, by.template, autopay=True)


async def autopay_reminder(
    world: MockWorld, borrower: Borrower, language: Language, loan_number: str, due: date, owed: Decimal, by: TakenBy
) -> None:
    """SMS and mail of an instalment the loan's active mandate will debit: the amount, the date,
    where it is debited from, to keep the balance there; no link. Either lender's."""
    fields = {
        "amount": style.amount(language, owed),
        "loan": loan_number,
        "date": style.day(language, due),
        **by.fields,
    }
    words = texts(language)
    await notify(
        world,
        borrower,
        sms=by.template,
        subject=words.reminder_autopay_subject.format(**fields),
        message=getattr(words, by.template).format(**fields),
        kind="autopayReminder",
        reference=f"{loan_number}/{due.isoformat()}",
        language=language,
        fields=fields,
    )


def _sent(
    world: MockWorld,
    loan: Loan,
    due: date,
    owed: Decimal,
    days: int,
    language: Language,
    template: TemplateKey,
    *,
    link_url: str | None = None,
    autopay: bool = False,
) -> None:
    st: RemindersState = world.states["reminders"]
    st.sent.append(
        SentReminder(
            user_id=loan.user_id,
            loan_number=loan.loan_number,
            due_date=due,
            days_from_due=days,
            amount=owed,
            sent_at=mocks_now(world),
            language=language,
            dlt_template_id=DLT_TEMPLATES[(template, language)],
            link_url=link_url,
            autopay=autopay,
        )
    )


async def send_reminder(world: MockWorld, loan: Loan, due: date, owed: Decimal, days: int) -> None:
    """The reminder the lender sends `days` from the instalment's due date, as AutoPay leaves it:
    none while a raised debit waits to take it, the AutoPay wording before the due date if the
    loan's active mandate will take it, else the usual one with its link. The clock's reminders
    and the QA control's alike."""
    if days <= 0 and await autopay_takes(world, loan.loan_number, due):
        return  # the mandate's debit takes it: no link to pay it twice
    if days < 0:  # not yet raised: the mandate will take it, if the provider says so now
        by = await autopay_will_take(world, loan.loan_number, due, owed)
        if by is not None:
            await remind_of_autopay(world, loan, due, owed, days, by)
            return
    await remind(world, loan, due, owed, days)


def reminder_routes(world: MockWorld) -> list[HTTPRouteHandler]:
    world.register("reminders", RemindersState)

    def state() -> RemindersState:
        st: RemindersState = world.states["reminders"]
        return st

    async def send_due(moment: datetime) -> None:
        if not in_hours(moment):
            return
        today = moment.astimezone(IST).date()
        lending: LendingState = world.states["lending"]
        st = state()
        if st.checked == today:
            return  # a day's reminders go at its first step in hours
        st.checked = today
        loans: dict[int, list[Loan]] = world.states.get("loans", {})
        for loan in (loan for owned in loans.values() for loan in owned):
            for due, owed in _owed_today(loan, lending, today):
                for days in REMINDER_DAYS:
                    key = (loan.loan_number, due, days)
                    day = due + timedelta(days)
                    if key in st.handled or day > today:
                        continue
                    st.handled.add(key)
                    if day != today:  # a day passed unsent stays unsent
                        continue
                    await send_reminder(world, loan, due, owed, days)

    on_tick(world, send_due)
    follow_links(world)  # the links' payments whose event was lost, booked at the clock's steps

    @get("/reminders")
    async def reminders_sent(
        if_none_match: Annotated[str | None, HeaderParameter(name="If-None-Match", required=False)] = None,
        prefer: Annotated[str | None, HeaderParameter(name="Prefer", required=False)] = None,
    ) -> Response[Any]:
        """The reminders sent; with `If-None-Match` and `Prefer: wait=N`, once another is sent."""
        return await changed_read(world, lambda: state().sent, if_none_match, prefer)

    @post("/reminders/now", status_code=200)
    async def remind_now(data: JSONBody[RemindNow]) -> list[SentReminder]:
        """QA: the reminder of each instalment still owed on the borrower's portal loan, now,
        whatever the hour, as the lender would send it (its link made once, as any reminder's;
        none, or the AutoPay wording, for an instalment its mandate takes)."""
        lending: LendingState = world.states["lending"]
        borrower = lending.borrowers.get(data.mobile_number)
        loan = portal_loan(world, borrower.user_id) if borrower is not None else None
        if loan is None:
            raise NotFoundException("no borrower with a portal loan has that mobile number")
        today = mocks_today(world)
        before = len(state().sent)
        for due, owed in _owed_today(loan, lending, today):
            if due <= today - timedelta(REMINDER_DAYS[0]):  # fallen due, or within the first reminder's days
                await send_reminder(world, loan, due, owed, (today - due).days)
        return state().sent[before:]

    @post("/links/followUp", status_code=200)
    async def follow_up_now() -> dict[str, int]:
        """QA: the lender's follow-up of its open payment links, now (it runs on the clock's steps)."""
        return {"booked": await follow_open_links(world)}

    return [reminders_sent, remind_now, follow_up_now]


class RemindNow(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    mobile_number: str
