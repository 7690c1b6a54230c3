"""A loan's AutoPay debits at the lender (contracts/lending.openapi.yaml, `partnerMandateDebits`):
the platform that set up the borrower's UPI AutoPay mandate on the lender's own account tells the
lender about one of its debits, and the lender reads that debit at the provider with its own
account (never believing the caller) and does what its status asks, once each:

- raised and waiting (INITIALIZED, PENDING): the pre-debit notice, SMS and mail in the borrower's
  language (NPCI: at least 24 hours before the debit; the provider refuses a debit sooner); for a
  loan since closed, nothing is owed: the lender cancels the debit at the provider instead;
- SUCCESS: booked as a repayment of the loan by the same settlement as any other
  (settlement.settle_paid), keyed by the provider's payment id, its receipt mailed; at a lender
  whose checker approves each booking (Fineract's maker-checker), `waiting` until it does, and
  `refunded` (in full, at the provider) when it refuses;
- FAILED: the instalment is an ordinary due again: its reminder, with its payment link (reminders.py);
- not raised (`notRaised`), above RBI's e-mandate limit: the borrower is told to pay it through
  its payment link, once (mandate_authentication.py).

Only the loan the portal collects for takes online payments here (`collects_portal_payments`):
another loan's debit is refused (409), as its repayments are.

The Fineract lender's companion serves the same call by these rules (`AutoPayLender`,
autopay_lender.py): `ours` is our own lender's books, upstream_mocks/fineract/autopay.py Fineract's.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any, Literal

import httpx
import msgspec
import structlog
from litestar import Request, Response, post
from litestar.handlers import HTTPRouteHandler

from payments_client import ProviderRefused
from payments_client.mandates import MandatePayment
from upstream_mocks.clock import mocks_now, mocks_today
from upstream_mocks.envelope import envelope
from upstream_mocks.ist import IST
from upstream_mocks.lending.autopay_cover import covered_by
from upstream_mocks.lending.autopay_cover import register as register_cover
from upstream_mocks.lending.autopay_lender import OURS, AutoPayLender, Booking, L, Refused
from upstream_mocks.lending.autopay_mandates import keep_language, told_language
from upstream_mocks.lending.credit_lines import CreditLine, line_numbered, owed_by
from upstream_mocks.lending.due_links import DueLink, link_for_due, owed_on
from upstream_mocks.lending.dues import loan_numbered, loan_position
from upstream_mocks.lending.excess_refunds import MANDATE_ORDER
from upstream_mocks.lending.line_autopay import remind_failed
from upstream_mocks.lending.loans import Loan
from upstream_mocks.lending.mandate_authentication import NotRaised, ask_to_authenticate
from upstream_mocks.lending.notices import notify
from upstream_mocks.lending.partner_key import partner_refused
from upstream_mocks.lending.reminders import RemindersState, remind
from upstream_mocks.lending.seed import Borrower, PaymentLog
from upstream_mocks.lending.settlement import lending_state, settle_paid
from upstream_mocks.provider import provider
from upstream_mocks.texts import Language, style, texts
from upstream_mocks.world import MockWorld

log = structlog.get_logger("upstream_mocks.lending")

STATE = "mandate_debits"
Done = Literal["noticed", "booked", "reminded", "waiting", "cancelled", "authenticate", "refunded"]


class MandateDebitsState(msgspec.Struct, kw_only=True):
    noticed: set[str] = msgspec.field(default_factory=set)  # payment ids whose notice went
    reminded: set[str] = msgspec.field(default_factory=set)  # failed debits reminded of
    authenticate: set[str] = msgspec.field(default_factory=set)  # debits not raised, the borrower told to pay


class MandateDebitBody(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    loan_number: str
    subscription_id: str
    payment_id: str
    not_raised: NotRaised | None = None  # a debit the caller did not raise, and why
    language: Language | None = None  # the borrower's at the mandate's set-up: the notices' language


class MandateDebitAnswer(msgspec.Struct, rename="camel", kw_only=True):
    payment_id: str
    status: Done
    order_id: str | None = None  # the repayment it was booked as (`MANDATE_<payment id>`)


def due_on(payment: MandatePayment, today: date) -> date:
    """The day the debit is scheduled for, India's calendar."""
    try:
        return datetime.fromisoformat(payment.payment_schedule_date).astimezone(IST).date()
    except ValueError:
        return today


def mandate_order(payment: MandatePayment) -> str:
    """The repayment a debit is booked as, at either lender: the money invariants look for it."""
    return f"{MANDATE_ORDER}{payment.payment_id}"


async def notice(
    world: MockWorld,
    borrower: Borrower,
    language: Language,
    loan_number: str,
    payment: MandatePayment,
    line: bool = False,
) -> None:
    """The pre-debit notice, SMS and mail, in the borrower's language (a credit line's its own)."""
    due = due_on(payment, mocks_today(world))
    fields = {
        "amount": style.amount(language, payment.payment_amount),
        "loan": loan_number,
        "date": style.day(language, due),
        "payment": payment.payment_id,
    }
    words = texts(language)
    await notify(
        world,
        borrower,
        sms="autopay_line_notice" if line else "autopay_notice",
        subject=words.autopay_notice_subject.format(**fields),
        message=(words.autopay_line_notice if line else words.autopay_notice).format(**fields),
        kind="autopayNotice",
        reference=payment.payment_id,
        language=language,
        fields=fields,
    )


Account = Loan | CreditLine  # what our lender's mandates pay: a loan's instalments or a line's dues


def ours(world: MockWorld) -> AutoPayLender[Account]:
    """Our own lender's books: the loan the portal collects for, settled as any repayment, and
    each credit line, whose dues by date a mandate may pay (line_autopay.py)."""

    def find(number: str) -> Account:
        found: Account | None = loan_numbered(world, number) or line_numbered(world, number)
        if found is None:
            raise Refused(404, "Loan not found")
        return found

    def language(account: Account) -> Language:
        reminders: RemindersState | None = world.states.get("reminders")
        return reminders.languages.get(account.user_id, "en") if reminders is not None else "en"

    def due_of(account: Account, number: int) -> date | None:
        if isinstance(account, CreditLine):
            return None  # no instalments: the caller names the due date
        return next((i.due_on for i in account.instalments if i.number == number), None)

    def owed(account: Account, due: date) -> Decimal:
        if isinstance(account, CreditLine):
            return owed_by(world, account, due)
        return owed_on(world, account, due)

    async def link(account: Account, borrower: Borrower, due: date, amount: Decimal) -> DueLink | None:
        if isinstance(account, CreditLine):
            return None  # a line's dues are paid on the repayment page (line_autopay.pay_page)
        return await link_for_due(world, borrower, account, due, amount)

    async def book(account: Account, payment: MandatePayment) -> Booking:
        """The debit as a repayment of the loan (or of the line's draws), settled once by the
        provider's payment id."""
        lending = lending_state(world)
        order_id = mandate_order(payment)
        entry = lending.log_for_order(order_id)
        if entry is None:
            entry = PaymentLog(
                id=lending.next_payment_log_id,
                user_id=account.user_id,
                order_id=order_id,
                amount=payment.payment_amount,
                created_at=mocks_now(world).isoformat(timespec="seconds"),
                language=language(account),
                # A loan's instalment is paid to the loan whole; a line's dues as any repayment of the
                # account (the portal loan's overdue, if any, first: the lender's one allocation).
                due_on=None if isinstance(account, CreditLine) else due_on(payment, mocks_today(world)),
                subscription_id=payment.subscription_id,
            )
            lending.next_payment_log_id += 1
            lending.payment_logs[entry.id] = entry
        # Paid when the provider took it (not when it was raised, days before): the day the
        # provider's reports list it on.
        paid_at = payment.debited_at or mocks_now(world).isoformat(timespec="seconds")
        settle_paid(world, entry, payment.cf_payment_id, payment.payment_amount, paid_at, "webhook")
        return Booking("booked", order_id)

    async def remind_of(account: Account, due: date, amount: Decimal, days: int) -> None:
        if isinstance(account, CreditLine):
            borrower = lending_state(world).borrower_by_id(account.user_id)
            if borrower is not None:
                told = told_language(world, account.line_number)
                await remind_failed(world, account, borrower, told or language(account), due, amount)
            return
        await remind(world, account, due, amount, days)

    def closed(account: Account) -> bool:
        if isinstance(account, CreditLine):
            return account.status_on(mocks_today(world)) in ("exited", "closed")
        return loan_position(world, account).status == "closed"

    return AutoPayLender(
        of=OURS,
        find=find,
        borrower=lambda account: lending_state(world).borrower_by_id(account.user_id),
        language=language,
        due_of=due_of,
        owed=owed,
        link=link,
        book=book,
        remind=remind_of,
        takes_debits=lambda account: isinstance(account, CreditLine) or account.collects_portal_payments,
        closed=closed,
        is_line=lambda account: isinstance(account, CreditLine),
    )


def mandate_debit_routes(world: MockWorld, lender: AutoPayLender[L]) -> list[HTTPRouteHandler]:
    of = lender.of
    world.register(of.state(STATE), MandateDebitsState)
    register_cover(world, of)

    def state() -> MandateDebitsState:
        st: MandateDebitsState = world.states[of.state(STATE)]
        return st

    @post("/webRepayment/partnerMandateDebits", status_code=200)
    async def mandate_debit(request: Request[Any, Any, Any]) -> Response[Any]:
        refused = partner_refused(request, of.key(world.settings))
        if refused is not None:
            return refused
        try:
            body = msgspec.json.decode(await request.body(), type=MandateDebitBody)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            return envelope(None, f"Invalid request: {exc}", 400)
        try:
            loan = lender.find(body.loan_number)
        except Refused as exc:
            return envelope(None, exc.message, exc.status)
        keep_language(world, body.loan_number, body.language, of)
        if not lender.takes_debits(loan):
            return envelope(None, "This loan's instalments are not collected online", 409)
        if body.not_raised is not None:  # no payment at the provider to read: the mandate and the schedule
            try:
                await ask_to_authenticate(
                    world,
                    lender,
                    loan,
                    body.loan_number,
                    body.subscription_id,
                    body.payment_id,
                    body.not_raised,
                    state().authenticate,
                    body.language,
                )
            except Refused as exc:
                return envelope(None, exc.message, exc.status)
            told = MandateDebitAnswer(payment_id=body.payment_id, status="authenticate")
            return envelope(msgspec.to_builtins(told), "Mandate debit")
        try:
            async with provider(world, of.account(world.settings)) as pg:
                payment = await pg.mandate_payment(body.subscription_id, body.payment_id)
        except ProviderRefused as exc:
            if exc.status == 404:
                return envelope(None, "No such debit at the provider", 404)
            return envelope(None, "The payment provider could not be asked", 503)
        except httpx.HTTPError as exc:
            log.warning("mandate_debit_unread", payment_id=body.payment_id, error=str(exc))
            return envelope(None, "The payment provider could not be asked", 503)
        if payment.payment_type != "CHARGE":
            return envelope(None, "Not a debit", 400)
        st = state()
        answer = MandateDebitAnswer(payment_id=body.payment_id, status="waiting")
        if payment.payment_status == "INITIALIZED" and lender.closed(loan):
            # A debit raised for a loan since closed (foreclosed, its confirmation never seen by
            # the platform): nothing is owed, so it is cancelled at the provider, never noticed.
            try:
                async with provider(world, of.account(world.settings)) as pg:
                    await pg.manage_charge(
                        body.subscription_id, body.payment_id, "CANCEL", key=f"{body.payment_id}-closed"
                    )
            except (ProviderRefused, httpx.HTTPError) as exc:
                log.warning("mandate_debit_of_closed_loan_not_cancelled", payment_id=body.payment_id, error=str(exc))
                return envelope(None, "The payment provider could not be asked", 503)
            answer.status = "cancelled"
        elif payment.payment_status in ("INITIALIZED", "PENDING"):
            if body.payment_id not in st.noticed:
                st.noticed.add(body.payment_id)
                due = due_on(payment, mocks_today(world))
                covered_by(world, body.loan_number, due, body.subscription_id, body.payment_id, of)
                borrower = lender.borrower(loan)
                if borrower is not None:
                    language = body.language or lender.language(loan)
                    await notice(world, borrower, language, body.loan_number, payment, lender.is_line(loan))
            answer.status = "noticed"
        elif payment.payment_status == "SUCCESS":
            try:
                booking = await lender.book(loan, payment)
            except Refused as exc:  # not booked now: the platform tells the lender again
                return envelope(None, exc.message, exc.status)
            # `waiting`: its booking awaits the lender's checker; told again, it is followed.
            answer.status, answer.order_id = booking.status, booking.order_id
        elif payment.payment_status == "FAILED":
            if body.payment_id not in st.reminded:
                st.reminded.add(body.payment_id)
                due = due_on(payment, mocks_today(world))
                days = (mocks_today(world) - due).days
                await lender.remind(loan, due, payment.payment_amount, days)
            answer.status = "reminded"
        elif payment.payment_status == "CANCELLED":
            answer.status = "cancelled"
        return envelope(msgspec.to_builtins(answer), "Mandate debit")

    return [mandate_debit]
