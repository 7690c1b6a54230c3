"""A mandate debit the platform did not raise because it is above RBI's e-mandate limit
(contracts/lending.openapi.yaml, `partnerMandateDebits` with `notRaised`): a UPI AutoPay debit
above ₹15,000 needs the borrower's fresh authentication, so AutoPay never takes it and the
borrower pays that instalment themselves, through its payment link, before its due date.

The lender believes none of what the caller says: it reads the mandate at the provider with its
own account (ACTIVE, by UPI, made for this loan) and the instalment in its own schedule (still
owed, not yet past its due date, what is owed of it above the limit). Then, once per payment id,
its notice goes by SMS (its own DLT template, the link its whitelisted URL) and mail, in the
borrower's language: the amount, the due date, that AutoPay cannot take it without their
approval, and the instalment's payment link as its reminders carry it (due_links.py). The
Fineract lender's companion does the same from Fineract's books (`AutoPayLender`).
"""

from __future__ import annotations

from datetime import date
from typing import Literal

import httpx
import msgspec
import structlog

from payments_client import ProviderRefused
from upstream_mocks.clock import mocks_today
from upstream_mocks.lending.autopay_lender import AutoPayAccount, AutoPayLender, L, Refused
from upstream_mocks.lending.autopay_mandates import AUTHENTICATION_LIMIT
from upstream_mocks.lending.due_links import short_url
from upstream_mocks.lending.line_autopay import pay_page
from upstream_mocks.lending.notices import notify
from upstream_mocks.provider import provider
from upstream_mocks.texts import Language, style, texts
from upstream_mocks.world import MockWorld

log = structlog.get_logger("upstream_mocks.lending")


class NotRaised(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    """The caller's word on a debit it did not raise: the instalment's number, and why."""

    instalment: int
    reason: Literal["aboveAuthenticationLimit"]
    due_on: date | None = None  # a credit line's debit: the due date it was for (a line has no instalments)


__all__ = ["NotRaised", "Refused", "ask_to_authenticate"]


async def _check_mandate(world: MockWorld, of: AutoPayAccount, loan_number: str, subscription_id: str) -> None:
    """The mandate as the provider has it on the lender's own account: ACTIVE, UPI, this loan's."""
    try:
        async with provider(world, of.account(world.settings)) as pg:
            mandate = await pg.mandate(subscription_id)
    except ProviderRefused as exc:
        if exc.status == 404:
            raise Refused(404, "No such mandate at the provider") from exc
        raise Refused(503, "The payment provider could not be asked") from exc
    except httpx.HTTPError as exc:
        log.warning("mandate_unread", subscription_id=subscription_id, error=str(exc))
        raise Refused(503, "The payment provider could not be asked") from exc
    if mandate.subscription_status != "ACTIVE":
        raise Refused(409, "The mandate is not active")
    if mandate.authorisation_details.payment_method != "upi":
        raise Refused(409, "Only a UPI AutoPay debit needs the borrower's authentication above the limit")
    if (mandate.subscription_tags or {}).get("loan_number") != loan_number:
        raise Refused(409, "The mandate is not for this loan")


async def ask_to_authenticate(
    world: MockWorld,
    lender: AutoPayLender[L],
    loan: L,
    loan_number: str,
    subscription_id: str,
    payment_id: str,
    not_raised: NotRaised,
    sent: set[str],
    told_in: Language | None = None,
) -> None:
    """The borrower told, once per payment id in `sent`, to pay the instalment themselves, in
    `told_in` (the borrower's language at the set-up) or the lender's own choice; `Refused` when
    the mandate or the schedule says otherwise."""
    await _check_mandate(world, lender.of, loan_number, subscription_id)
    if payment_id in sent:
        return  # told already: nothing is sent twice
    line = lender.is_line(loan)
    due = not_raised.due_on if line else lender.due_of(loan, not_raised.instalment)
    if due is None:
        raise Refused(404, "No such instalment")
    if due < mocks_today(world):
        raise Refused(409, "The instalment is past its due date: its reminders ask for it")
    owed = lender.owed(loan, due)
    if owed <= 0:
        raise Refused(409, "The instalment is paid")
    if owed <= AUTHENTICATION_LIMIT:
        raise Refused(409, "The instalment is within the limit: AutoPay may debit it")
    borrower = lender.borrower(loan)
    if borrower is None:
        raise Refused(404, "No such borrower")
    if line:
        address = pay_page(world)  # a line's dues are paid on the platform's repayment page
    else:
        link = await lender.link(loan, borrower, due, owed)
        if link is None:  # a notice without its link would leave the borrower nothing to pay with
            raise Refused(503, "The instalment's payment link could not be made")
        address = short_url(world, link)
    sent.add(payment_id)
    language = told_in or lender.language(loan)
    fields = {
        "amount": style.amount(language, owed),
        "loan": loan_number,
        "date": style.day(language, due),
        "limit": style.amount(language, AUTHENTICATION_LIMIT),
        "link": address,  # the SMS template's URL variable
    }
    words = texts(language)
    await notify(
        world,
        borrower,
        sms="autopay_line_authenticate" if line else "autopay_authenticate",
        subject=(words.autopay_line_authenticate_subject if line else words.autopay_authenticate_subject).format(
            **fields
        ),
        message=(words.autopay_line_authenticate if line else words.autopay_authenticate).format(**fields),
        kind="autopayAuthenticate",
        reference=payment_id,
        language=language,
        fields=fields,
    )
