"""Settling repayments exactly once, whichever arrives first: the webhook or the browser's confirm.

The dedupe key is the provider's payment id (and a log is paid at most once). Nothing here
awaits between checking and marking, so in the mock's single event loop two simultaneous
arrivals cannot both apply the payment; a real lender does the same with a unique index.
After settling, the receipt is mailed in the background when the borrower has an e-mail.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Literal

import httpx
import msgspec
import structlog

from payments_client import ProviderOrder, ProviderPayment, ProviderRefused
from upstream_mocks.clock import mocks_today
from upstream_mocks.lending.autopay_cover import cancel_paid_debits
from upstream_mocks.lending.certificates import mail_certificate
from upstream_mocks.lending.credit_lines import end_line, line_for_log
from upstream_mocks.lending.due_links import cancel_paid_dues
from upstream_mocks.lending.dues import dues, loan_position, other_dues, portal_loan
from upstream_mocks.lending.excess_refunds import refund_excess
from upstream_mocks.lending.line_autopay import cancel_paid_line_debits
from upstream_mocks.lending.loan_seed import LSP
from upstream_mocks.lending.loans import Position
from upstream_mocks.lending.receipts import ReceiptFacts
from upstream_mocks.lending.receipts import mail_receipt as mail_receipt_facts
from upstream_mocks.lending.seed import Borrower, LendingState, PaymentLog
from upstream_mocks.money import rupees
from upstream_mocks.provider import provider
from upstream_mocks.world import MockWorld


def lending_state(world: MockWorld) -> LendingState:
    st: LendingState = world.states["lending"]
    return st


def settle_paid(
    world: MockWorld,
    log: PaymentLog,
    cf_payment_id: str,
    amount: Decimal,
    paid_at: str,
    by: Literal["webhook", "confirm"],
) -> bool:
    """Apply a payment the provider took to the loan; False when it was already applied."""
    st = lending_state(world)
    if log.status == "paid" or cf_payment_id in st.settled_payment_ids:
        return False
    borrower = st.borrower_by_id(log.user_id)
    if borrower is None:
        return False
    st.settled_payment_ids.add(cf_payment_id)
    # The loan's overdue is paid first (its split is the loan's own: the one its statement and the
    # preview show), then the record's other dues, late fees before the rest.
    # A foreclosure pays its own loan alone, split as its quote was (kept on the log).
    repayment = log.line_number is None and log.loan_number is None
    loan_overdue = dues(world, borrower).loan_overdue if repayment else rupees(0)
    if log.due_on is not None:
        # An instalment's own payment (its link, its AutoPay debit) goes whole to the loan, up to
        # what the loan's schedule still asks (nothing once closed: it may have closed while the
        # payment was with the bank).
        due_loan = portal_loan(world, log.user_id) if repayment else None
        to_loan = min(amount, scheduled(loan_position(world, due_loan))) if due_loan is not None else amount
    else:
        to_loan = min(amount, loan_overdue)
    rest = amount - to_loan if log.loan_number is None else rupees(0)
    owed_elsewhere = other_dues(borrower)
    if repayment and rest > owed_elsewhere and (loan := portal_loan(world, log.user_id)) is not None:
        # More than the overdue and the account's other dues (a second payment made while the first
        # was pending): the loan takes the rest as paid ahead on its coming instalments' principal,
        # as a lender books a part-prepayment, never dropped (docs/decisions/allocation-rule.md).
        ahead = min(rest - owed_elsewhere, loan_position(world, loan).balance - to_loan)
        to_loan += ahead
        rest -= ahead
    # Beyond everything owed, the loan's whole balance included (the loan foreclosed or its last
    # instalment paid while this payment was with the bank): booked on nothing, given back.
    excess = max(rupees(0), rest - owed_elsewhere) if repayment else rupees(0)
    rest -= excess
    borrower.remaining_amount = max(rupees(0), owed_elsewhere - rest)
    towards_fees = min(rupees(borrower.late_fees), rest)
    borrower.late_fees = rupees(borrower.late_fees) - towards_fees
    borrower.pending_amount = max(rupees(0), rupees(borrower.pending_amount) - (rest - towards_fees))
    if repayment:
        log.charges, log.interest, log.principal = loan_split(world, log.user_id, amount - excess) or (
            towards_fees,
            rupees(0),
            rupees(amount - excess - towards_fees),
        )
        log.excess = excess or None
    log.booked_on = mocks_today(world)
    log.to_loan = to_loan
    log.status = "paid"
    log.cf_payment_id = cf_payment_id
    log.paid_at = paid_at
    log.settled_by = by
    line = line_for_log(world, log)
    if line is not None and log.purpose is not None:
        # The quote's own split was kept on the log when the payment was asked for.
        end_line(world, line, log.purpose, mocks_today(world), log)
        if borrower.email:
            world.spawn(mail_certificate(world, borrower.email, line, borrower.user_name, log.language))
    log.remaining_after = dues(world, borrower).remaining
    if repayment:  # an instalment now paid takes nothing more through its reminder's link
        world.spawn(cancel_paid_dues(world, log.user_id))
    if log.line_number is None:  # nor through its AutoPay debit (a foreclosure pays every one)
        world.spawn(cancel_paid_debits(world, log.user_id))
    world.spawn(cancel_paid_line_debits(world, log.user_id))  # nor a line's due paid (or the line ended)
    if log.excess:
        world.spawn(refund_excess(world, log))
    if borrower.email:
        world.spawn(mail_receipt(world, borrower, log))
    return True


def scheduled(at: Position) -> Decimal:
    """What a loan's schedule still asks: every instalment's unpaid part, interest not yet due
    included (an instalment paid ahead of its date), and the charges due; nothing once closed."""
    if at.status == "closed":
        return rupees(0)
    return max(at.balance, at.charges_due + sum((s.owed for s in at.instalments), rupees(0)))


def loan_split(world: MockWorld, user_id: int, amount: Decimal) -> tuple[Decimal, Decimal, Decimal] | None:
    """The part payment's split on the loan the portal collects for, before this payment: charges,
    then interest due, then principal (anything beyond is principal of the account's other dues);
    None for a borrower without such a loan."""
    loan = portal_loan(world, user_id)
    if loan is None:
        return None
    at = loan_position(world, loan)
    charges, interest, _ = at.allocate(amount)
    return charges, interest, amount - charges - interest


def mark_failed(log: PaymentLog, reason: Literal["declined", "expired"]) -> None:
    """A payment that did not go through; one the provider later takes still settles."""
    if log.status == "pending":
        log.status = "failed"
        log.failure_reason = reason


class ProviderView(msgspec.Struct, kw_only=True):
    """A repayment's order at the provider and its attempts, as the provider answered now."""

    order: ProviderOrder | None  # None: the provider does not know it
    attempts: list[ProviderPayment]

    @property
    def waiting(self) -> bool:
        """A payment still PENDING at the payer's bank: it may yet succeed, even after expiry."""
        return any(p.payment_status == "PENDING" for p in self.attempts)

    @property
    def paid(self) -> ProviderPayment | None:
        if self.order is None or self.order.order_status != "PAID":
            return None
        return next((p for p in self.attempts if p.payment_status == "SUCCESS"), None)


async def provider_view(world: MockWorld, order_id: str) -> ProviderView | None:
    """GET the order and its payments at the provider (over HTTP); None when it did not answer."""
    try:
        async with provider(world, world.settings.lending_account) as pg:
            try:
                order = await pg.order(order_id)
            except ProviderRefused as exc:
                if exc.status != 404:
                    raise
                return ProviderView(order=None, attempts=[])
            return ProviderView(order=order, attempts=await pg.payments(order_id))
    except (ProviderRefused, httpx.HTTPError) as exc:
        structlog.get_logger("upstream_mocks.lending").warning("provider_unread", order=order_id, error=str(exc))
        return None


# How a repayment stands after the provider was asked: booked, still with the payer's bank, or not paid.
Standing = Literal["paid", "bankPending", "unpaid"]


async def settle_from_provider(
    world: MockWorld, log: PaymentLog, by: Literal["webhook", "confirm"] = "confirm"
) -> Standing:
    """The browser's confirm or a verified webhook: read the order at the provider and settle it
    if it is paid ("paid": now or already settled).

    A payment still PENDING at the payer's bank may yet succeed: "bankPending" while its order
    is open; once the order has expired it is said expired (a success after that is still
    booked, by the webhook or the next confirm). A checkout still open with nothing tried stays
    pending (unpaid) until it expires.
    """
    view = await provider_view(world, log.order_id)
    if view is None:  # the provider did not answer: nothing is known, nothing changes
        return "paid" if log.status == "paid" else "unpaid"
    payment = view.paid
    if payment is None:
        expired = view.order is None or view.order.order_status == "EXPIRED"
        if view.waiting and not expired:
            return "bankPending"
        if any(p.payment_status in ("FAILED", "USER_DROPPED") for p in view.attempts):
            mark_failed(log, "declined")
        elif expired:
            mark_failed(log, "expired")
        return "paid" if log.status == "paid" else "unpaid"
    settle_paid(world, log, payment.cf_payment_id, payment.payment_amount, payment.payment_time, by)
    return "paid"


def masked_email(email: str | None) -> str | None:
    """Where a receipt went, as the history says it: the first letter and the domain."""
    if not email or "@" not in email:
        return None
    name, domain = email.split("@", 1)
    return f"{name[:1]}***@{domain}"


async def view_status(world: MockWorld, log: PaymentLog) -> str:
    """The status history shows: a pending log whose order expired unpaid has failed (expired),
    though a payment the bank has yet to answer on it would still be booked if it succeeds."""
    if log.status == "pending":
        view = await provider_view(world, log.order_id)
        order = view.order if view is not None else None
        if order is not None and order.order_status == "EXPIRED":
            return "failed"
    return log.status


def receipt_facts(world: MockWorld, borrower: Borrower, log: PaymentLog) -> ReceiptFacts | None:
    if log.status != "paid" or log.cf_payment_id is None or log.paid_at is None or log.remaining_after is None:
        return None
    loan_number = log.loan_number or borrower.loan_number or f"LN-{borrower.user_id}"
    loans = world.states["loans"].get(borrower.user_id, []) if "loans" in world.states else []
    loan = next((loan for loan in loans if loan.loan_number == loan_number), None)
    return ReceiptFacts(
        receipt_number=f"RCPT-{log.id}",
        borrower_name=borrower.user_name,
        mobile_number=borrower.mobile_number,
        loan_account=loan_number,
        amount=log.amount,
        paid_at=log.paid_at,
        provider_reference=log.cf_payment_id,
        order_id=log.order_id,
        remaining_after=log.remaining_after,
        lender_name=loan.lender.name if loan else borrower.lender_name,
        lender_registration=loan.lender.registration if loan else None,
        lsp_name=loan.lsp_name if loan else LSP,
        charges=log.charges if log.charges is not None else rupees(0),
        interest=log.interest if log.interest is not None else rupees(0),
        principal=log.principal if log.principal is not None else log.amount,
        refunded=log.excess or rupees(0),
    )


async def mail_receipt(world: MockWorld, borrower: Borrower, log: PaymentLog) -> None:
    """Send the receipt through the mail service, as the lender's own service would."""
    facts = receipt_facts(world, borrower, log)
    if facts is None or borrower.email is None:
        return
    await mail_receipt_facts(world, facts, borrower.email, log.language)
