"""A loan's AutoPay mandate at the lender (contracts/lending.openapi.yaml, `partnerMandates`), and
what its reminders before a due date say of it.

The platform that set up the borrower's mandate (UPI AutoPay or eNACH, a subscription on the
lender's own account at the provider) names it once the provider has it ACTIVE. The lender
believes none of it: it reads the subscription with its own account (made for this loan, ACTIVE)
and keeps it as the loan's mandate. Without it, the lender heard of a mandate only through its
first debit, three days ahead: the reminder seven days before told the borrower to pay by hand,
through a link, what AutoPay would debit, and paid beside the debit the instalment went twice.

At a reminder's time before a due date the lender reads the subscription again (never trusting
what it was told days before): ACTIVE, and the instalment within what it may take (the plan's
maximum; for UPI, RBI's e-mandate limit without fresh authentication), the reminder says AutoPay
will debit it and from where, with no link. Paused, cancelled, revoked at the bank, above what it
may take, unreadable, or an instalment whose debit was raised and did not wait (autopay_cover.py):
the usual reminder with its link.

The Fineract lender's companion serves the same call by the same rules, on its own account at the
provider and from Fineract's books (`AutoPayLender`, autopay_lender.py).
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

import httpx
import msgspec
import structlog
from litestar import Request, Response, get, post
from litestar.handlers import HTTPRouteHandler

from payments_client import ProviderRefused
from payments_client.mandates import ProviderMandate
from upstream_mocks.envelope import envelope
from upstream_mocks.lending.autopay_cover import debit_raised
from upstream_mocks.lending.autopay_lender import OURS, AutoPayAccount, AutoPayLender, Refused
from upstream_mocks.lending.partner_key import partner_refused
from upstream_mocks.provider import provider
from upstream_mocks.sms import TemplateKey
from upstream_mocks.texts import Language
from upstream_mocks.world import MockWorld

log = structlog.get_logger("upstream_mocks.lending")

STATE = "autopay_mandates"
# RBI's e-mandate framework: a recurring UPI debit above this needs the payer's fresh
# authentication. The lender's own figure, whatever the caller believes.
AUTHENTICATION_LIMIT = Decimal("15000.00")


class AutoPayMandates(msgspec.Struct, kw_only=True):
    by_loan: dict[str, str] = msgspec.field(default_factory=dict)  # loan number -> subscription id
    # loan number -> the borrower's language as the platform named it with the mandate or a debit:
    # a lender that keeps none for a client (Fineract) writes its reminders of the loan in it.
    languages: dict[str, Language] = msgspec.field(default_factory=dict)


class MandateBody(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    loan_number: str
    subscription_id: str
    language: Language | None = None  # the borrower's at the mandate's set-up


def told_language(world: MockWorld, loan_number: str, of: AutoPayAccount = OURS) -> Language | None:
    """The borrower's language the platform named with the loan's mandate or its debits; None if
    it named none."""
    mandates: AutoPayMandates | None = world.states.get(of.state(STATE))
    return mandates.languages.get(loan_number) if mandates is not None else None


def keep_language(world: MockWorld, loan_number: str, language: Language | None, of: AutoPayAccount = OURS) -> None:
    """Keep the borrower's language the platform named (the latest wins)."""
    mandates: AutoPayMandates | None = world.states.get(of.state(STATE))
    if mandates is not None and language is not None:
        mandates.languages[loan_number] = language


class MandateKnown(msgspec.Struct, rename="camel", kw_only=True):
    loan_number: str
    subscription_id: str


class TakenBy(msgspec.Struct, frozen=True, kw_only=True):
    """How an active mandate will take an instalment, as the provider's subscription says: the
    reminder's template and what it names of the account."""

    template: TemplateKey
    fields: dict[str, str]


def _for_loan(mandate: ProviderMandate, loan_number: str) -> bool:
    return (mandate.subscription_tags or {}).get("loan_number") == loan_number


async def _read(world: MockWorld, subscription_id: str, of: AutoPayAccount) -> ProviderMandate:
    async with provider(world, of.account(world.settings)) as pg:
        return await pg.mandate(subscription_id)


def _taken_by(mandate: ProviderMandate) -> TakenBy:
    if mandate.authorisation_details.payment_method != "enach":
        return TakenBy(template="reminder_autopay_upi", fields={})
    customer = mandate.customer_details
    number = (customer.customer_bank_account_number or "") if customer is not None else ""
    ifsc = (customer.customer_bank_ifsc or "") if customer is not None else ""
    if len(number) >= 4 and number[-4:].isdigit() and len(ifsc) >= 4:
        # Only the last four digits and the IFSC's bank code: never the whole number in a text.
        return TakenBy(template="reminder_autopay_account", fields={"ending": number[-4:], "bank": ifsc[:4]})
    return TakenBy(template="reminder_autopay_bank", fields={})


async def autopay_will_take(
    world: MockWorld, loan_number: str, due: date, owed: Decimal, of: AutoPayAccount = OURS
) -> TakenBy | None:
    """How the loan's mandate will debit the instalment due on `due`, read at the provider now;
    None when the usual reminder with its link should go."""
    mandates: AutoPayMandates | None = world.states.get(of.state(STATE))
    subscription_id = mandates.by_loan.get(loan_number) if mandates is not None else None
    if subscription_id is None:
        return None
    if debit_raised(world, loan_number, due, of):
        return None  # its debit was raised and no longer waits (failed, cancelled): never raised again
    try:
        mandate = await _read(world, subscription_id, of)
    except (ProviderRefused, httpx.HTTPError) as exc:  # unreadable: the usual reminder
        log.warning("autopay_mandate_unread_for_reminder", subscription_id=subscription_id, error=str(exc))
        return None
    if mandate.subscription_status != "ACTIVE" or not _for_loan(mandate, loan_number):
        return None
    if owed > mandate.plan_details.plan_max_amount:
        return None
    if mandate.authorisation_details.payment_method != "enach" and owed > AUTHENTICATION_LIMIT:
        return None  # UPI needs the borrower's fresh authentication: they pay it by its link
    return _taken_by(mandate)


def mandate_routes(world: MockWorld, lender: AutoPayLender[Any]) -> list[HTTPRouteHandler]:
    of = lender.of
    world.register(of.state(STATE), AutoPayMandates)

    def state() -> AutoPayMandates:
        st: AutoPayMandates = world.states[of.state(STATE)]
        return st

    @post("/webRepayment/partnerMandates", status_code=200)
    async def mandate_known(request: Request[Any, Any, Any]) -> Response[Any]:
        refused = partner_refused(request, of.key(world.settings))
        if refused is not None:
            return refused
        try:
            body = msgspec.json.decode(await request.body(), type=MandateBody)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            return envelope(None, f"Invalid request: {exc}", 400)
        try:
            lender.find(body.loan_number)
        except Refused as exc:
            return envelope(None, exc.message, exc.status)
        number = body.loan_number
        try:
            mandate = await _read(world, body.subscription_id, of)
        except ProviderRefused as exc:
            if exc.status == 404:
                return envelope(None, "No such mandate at the provider", 404)
            return envelope(None, "The payment provider could not be asked", 503)
        except httpx.HTTPError as exc:
            log.warning("mandate_unread", subscription_id=body.subscription_id, error=str(exc))
            return envelope(None, "The payment provider could not be asked", 503)
        if not _for_loan(mandate, number):
            return envelope(None, "The mandate is not for this loan", 409)
        keep_language(world, number, body.language, of)
        known = MandateKnown(loan_number=number, subscription_id=body.subscription_id)
        st = state()
        if st.by_loan.get(number) == body.subscription_id:
            return envelope(msgspec.to_builtins(known), "Mandate known")  # told again: nothing changes
        if mandate.subscription_status != "ACTIVE":
            return envelope(None, "The mandate is not active", 409)
        st.by_loan[number] = body.subscription_id  # a later mandate of the loan replaces one before
        return envelope(msgspec.to_builtins(known), "Mandate known")

    # QA read-out (not part of the contract): the mandates the lender keeps, by loan, so a tester
    # sees whether its reminders will say AutoPay takes an instalment.
    @get("/mandates")
    async def kept() -> list[MandateKnown]:
        return [MandateKnown(loan_number=loan, subscription_id=sid) for loan, sid in sorted(state().by_loan.items())]

    return [mandate_known, kept]
