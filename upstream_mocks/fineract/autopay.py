"""The Fineract lender's AutoPay partner calls, served by its companion (contracts/lending.openapi.yaml,
`partnerMandates` and `partnerMandateDebits`): Fineract's API has no call for a loan's AutoPay
mandate or its debits, so without them a debit taken from the borrower on the lender's own
account at the provider was never booked (docs/decisions/fineract-autopay-debits.md).

The calls are our own lender's (upstream_mocks/lending/mandate_debits.py, autopay_mandates.py,
mandate_authentication.py), over Fineract's books (`fineract_books`): each debit and mandate read
at the provider with the Fineract lender's own account, never believed; the pre-debit notice to
the client's number and the lender's e-mail, in the language the platform names with the debit
(the borrower's at the mandate's set-up: Fineract keeps none for a client; English otherwise);
a debit taken booked in Fineract through its API as a repayment on the loan, `externalId`
`pg-<provider payment id>` and `receiptNumber` `MANDATE_<payment id>` (the companion's rule for a
link's payment: a repeated tell books nothing twice, a taken externalId being Fineract's 400),
its receipt mailed; a failed one reminded of with its payment link (reminders.py).
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

from payments_client.mandates import MandatePayment
from upstream_mocks.clock import mocks_today
from upstream_mocks.fineract.receipts import EMAILS, receipt_facts
from upstream_mocks.fineract.reminders import (
    LOAN_PREFIX,
    Reading,
    book_repayment,
    borrower_of,
    link_for,
    remind,
)
from upstream_mocks.fineract.seed import Client, FineractState
from upstream_mocks.fineract.seed import Loan as Books
from upstream_mocks.ist import IST
from upstream_mocks.lending.autopay_lender import FINERACT, AutoPayLender, Refused
from upstream_mocks.lending.due_links import DueLink
from upstream_mocks.lending.loans import Lender
from upstream_mocks.lending.mandate_debits import mandate_order
from upstream_mocks.lending.receipts import mail_receipt
from upstream_mocks.lending.seed import Borrower
from upstream_mocks.world import MockWorld

Borrowed = tuple[Client, Books]  # a client's loan in Fineract


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

    async def book(loan: Borrowed, payment: MandatePayment) -> str:
        client, found = loan
        order_id = mandate_order(payment)
        key = f"mandate-{payment.cf_payment_id}"
        on = _taken_on(payment, mocks_today(world))
        note = "Taken by the loan's AutoPay mandate"
        booked = await book_repayment(
            world, found, order_id, payment.cf_payment_id, payment.payment_amount, on, note, key
        )
        if booked is None:
            raise Refused(503, "Fineract did not book the debit")
        email = EMAILS.get(client.id)
        external_id = f"pg-{payment.cf_payment_id}"
        t = next((t for t in found.transactions if t.external_id == external_id), None)
        if booked and email is not None and t is not None:  # mailed once, with the booking
            facts = await receipt_facts(world, client, found, t, lender.name, lender.registration)
            world.spawn(mail_receipt(world, facts, email))
        return order_id

    async def remind_of(loan: Borrowed, due: date, amount: Decimal, days: int) -> None:
        await remind(world, loan[0], loan[1], due, amount, days)

    return AutoPayLender(
        of=FINERACT,
        find=find,
        borrower=lambda loan: borrower_of(loan[0]),
        language=lambda loan: "en",  # Fineract keeps none: English unless the platform names the borrower's
        due_of=due_of,
        owed=owed,
        link=link,
        book=book,
        remind=remind_of,
        closed=lambda loan: position(loan[1], mocks_today(world)).status == "closed",
    )
