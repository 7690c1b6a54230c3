"""The Fineract lender's AutoPay partner calls, served by its companion (contracts/lending.openapi.yaml,
`partnerMandates` and `partnerMandateDebits`): Fineract's API has no call for a loan's AutoPay
mandate or its debits, so without them a debit taken from the borrower on the lender's own
account at the provider was never booked (docs/decisions/fineract-autopay-debits.md).

The calls are our own lender's (upstream_mocks/lending/mandate_debits.py, autopay_mandates.py,
mandate_authentication.py), over Fineract's books (`fineract_books`): each debit and mandate read
at the provider with the Fineract lender's own account, never believed; the pre-debit notice to
the client's number and the lender's e-mail, in the language the platform names with the debit
(the borrower's at the mandate's set-up; Fineract keeps none for a client, so the companion keeps
the one named with the mandate or a debit for its reminders and receipts; English otherwise);
a debit taken booked in Fineract through its API as a repayment on the loan, `externalId`
`pg-<provider payment id>` and `receiptNumber` `MANDATE_<payment id>` (the companion's rule for a
link's payment: a repeated tell books nothing twice, a taken externalId being Fineract's 400),
its receipt mailed once it is booked, and what it brought beyond everything the loan owed given
back (overpaid_debits.py); with Fineract's maker-checker on, the booking waits for the
lender's checker (`waiting`, never posted again), and a rejected one is refunded in full at the
provider (`refunded`); a failed one reminded of with its payment link (reminders.py).
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

import httpx
import structlog

from payments_client import ProviderRefused
from payments_client.mandates import MandatePayment
from upstream_mocks.clock import mocks_today
from upstream_mocks.fineract import commands, overpaid_debits
from upstream_mocks.fineract.receipts import EMAILS, receipt_facts
from upstream_mocks.fineract.reminders import (
    LOAN_PREFIX,
    Reading,
    book_repayment,
    borrower_of,
    language_of,
    link_for,
    remind,
)
from upstream_mocks.fineract.seed import Client, FineractState, Transaction
from upstream_mocks.fineract.seed import Loan as Books
from upstream_mocks.ist import IST
from upstream_mocks.lending.autopay_cover import given_back
from upstream_mocks.lending.autopay_lender import FINERACT, AutoPayLender, Booking, Refused
from upstream_mocks.lending.due_links import DueLink
from upstream_mocks.lending.loans import Lender
from upstream_mocks.lending.mandate_debits import mandate_order
from upstream_mocks.lending.receipts import mail_receipt
from upstream_mocks.lending.seed import Borrower
from upstream_mocks.world import MockWorld

Borrowed = tuple[Client, Books]  # a client's loan in Fineract
RECEIPTS = "fineract_mandate_receipts"  # the external ids whose receipt went
CHECKED = ("awaitingApproval", "rejected")  # a command the lender's checker holds, or refused
KEYS = 3  # a debit's booking keys: its first, then two more after kept failures


def _keys(cf_payment_id: str) -> list[str]:
    return [f"mandate-{cf_payment_id}", *(f"mandate-{cf_payment_id}-{n}" for n in range(2, KEYS + 1))]


log = structlog.get_logger("upstream_mocks.fineract")


def _taken_on(payment: MandatePayment, today: date) -> date:
    """The day the provider took the debit, India's calendar: the repayment's day in Fineract."""
    try:
        return datetime.fromisoformat(payment.debited_at or "").astimezone(IST).date()
    except ValueError:
        return today


def fineract_books(world: MockWorld, position: Reading, lender: Lender) -> AutoPayLender[Borrowed]:
    """The AutoPay calls over Fineract's books; `position` the companion's reading of a loan."""

    def books() -> FineractState:
        st: FineractState = world.states["fineract"]
        return st

    def find(loan_number: str) -> Borrowed:
        for loan in books().loans.values():
            if loan.client_id is not None and f"{LOAN_PREFIX}{loan.account_no}" == loan_number:
                return books().clients[loan.client_id], loan
        raise Refused(404, "Loan not found")  # a group's own loan is no client's: never offered AutoPay

    def due_of(loan: Borrowed, number: int) -> date | None:
        return next((p.due for p in loan[1].periods if p.number == number), None)

    def owed(loan: Borrowed, due: date) -> Decimal:
        at = position(loan[1], mocks_today(world))
        return sum((s.owed for s in at.instalments if s.instalment.due_on == due), Decimal(0))

    async def link(loan: Borrowed, borrower: Borrower, due: date, amount: Decimal) -> DueLink | None:
        return await link_for(world, loan[0], loan[1], due, amount)

    world.register(RECEIPTS, set)
    overpaid_debits.register(world)

    async def refund_refused(payment: MandatePayment) -> Booking:
        """The lender's checker refused the debit's booking: the money is returned in full at the
        provider, on the lender's own account, once (the refund's id, also its key, is the
        debit's); never posted again, as the gateway's checkout payments are."""
        refund_id = f"rejected-{payment.payment_id}"
        try:
            await overpaid_debits.refund_debit(
                world,
                payment.subscription_id,
                payment.payment_id,
                refund_id,
                payment.payment_amount,
                "Not accepted by the lender",
            )
        except (ProviderRefused, httpx.HTTPError) as exc:
            log.warning("mandate_debit_not_refunded", payment_id=payment.payment_id, error=str(exc))
            raise Refused(503, "The payment provider could not be asked") from exc
        given_back(world, payment.payment_id, FINERACT)
        return Booking("refunded")

    async def book(loan: Borrowed, payment: MandatePayment) -> Booking:
        """Booked in Fineract through its API, once. With maker-checker on, Fineract answers the
        repayment 200 and books nothing: the debit waits for the checker (the key stays taken, so
        it is never posted again), is booked when approved and refunded when rejected. Fineract
        keeps a failure under its key for ever: a debit not booked whose key failed is posted
        under the next of its keys at the next tell (as the gateway's own bookings are; the
        external id keeps any two from booking twice)."""
        client, found = loan
        order_id = mandate_order(payment)
        external_id = f"pg-{payment.cf_payment_id}"

        def booked() -> tuple[Books, Transaction | None]:
            now = books().loans.get(found.id, found)  # a checked command's rollback replaces the loan
            return now, next((t for t in now.transactions if t.external_id == external_id), None)

        command = None
        if booked()[1] is None:
            for key in _keys(payment.cf_payment_id):
                command = commands.find(books(), "REPAYMENT", "LOAN", key)
                if command is not None and command.status == "error":
                    continue  # its failure is answered again for ever under that key
                if command is None:
                    on = _taken_on(payment, mocks_today(world))
                    note = "Taken by the loan's AutoPay mandate"
                    posted = await book_repayment(
                        world, found, order_id, payment.cf_payment_id, payment.payment_amount, on, note, key
                    )
                    command = commands.find(books(), "REPAYMENT", "LOAN", key)
                    if posted is None and (command is None or command.status not in CHECKED):
                        raise Refused(503, "Fineract did not book the debit")
                break
        books_now, t = booked()
        if t is None:
            if command is not None and command.status == "awaitingApproval":
                return Booking("waiting")
            if command is not None and command.status == "rejected":
                return await refund_refused(payment)
            raise Refused(503, "Fineract did not book the debit")
        if t.overpayment > 0:  # the loan foreclosed or paid off while the debit was with the bank
            await overpaid_debits.give_back(world, books_now.id, payment)
        email = EMAILS.get(client.id)
        receipted: set[str] = world.states[RECEIPTS]
        if email is not None and external_id not in receipted:  # mailed once, when first seen booked
            receipted.add(external_id)
            facts = await receipt_facts(world, client, books_now, t, lender.name, lender.registration)
            language = language_of(world, f"{LOAN_PREFIX}{found.account_no}")
            world.spawn(mail_receipt(world, facts, email, language))
        return Booking("booked", order_id)

    async def remind_of(loan: Borrowed, due: date, amount: Decimal, days: int) -> None:
        await remind(world, loan[0], loan[1], due, amount, days)

    return AutoPayLender(
        of=FINERACT,
        find=find,
        borrower=lambda loan: borrower_of(loan[0]),
        language=lambda loan: language_of(world, f"{LOAN_PREFIX}{loan[1].account_no}"),
        due_of=due_of,
        owed=owed,
        link=link,
        book=book,
        remind=remind_of,
        closed=lambda loan: position(loan[1], mocks_today(world)).status == "closed",
    )
