"""A loan's AutoPay (issue 58): a UPI AutoPay or eNACH mandate for the loan's instalments, on the
loan's lender's own account at the provider (Cashfree's subscriptions; docs/decisions/autopay-mandates.md).

The gateway keeps the mandate and its debits (gateway/operations_db). Setting it up asks the
lender for the loan's schedule and makes an ON_DEMAND plan of at most the largest instalment, the
subscription and its authorisation (the intent link the borrower approves in their UPI app, or
for eNACH the page of the borrower's bank where they authorise their account's debits);
each instalment left is a planned debit. The provider's subscription webhooks move the mandate
(`apply`), always as the provider says when asked again, never as the event says.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import asynccontextmanager
from datetime import date, datetime, time, timedelta
from decimal import ROUND_CEILING, Decimal
from typing import Literal

import msgspec
import structlog
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from gateway.language.codes import DEFAULT, Language
from gateway.loans.autopay_schemas import AuthMode as OurAuthMode
from gateway.loans.autopay_schemas import (
    AutoPay,
    AutoPayAction,
    AutoPayDebit,
    AutoPayMandate,
    AutoPayRequest,
    AutoPayStatus,
    AutoPayTerms,
    DebitedAccount,
    DebitStatus,
    EnachBank,
    EnachBankOption,
    EnachBanks,
)
from gateway.operations_db import OperationsDatabase
from gateway.operations_db.models import LoanMandate, LoanMandateDebit
from gateway.plumbing.clock import Clock
from gateway.plumbing.errors import REFUSALS, Conflict, InvalidInput, NotFound, UpstreamError, UpstreamRefused
from gateway.sessions import PortalLogin, Session
from gateway.sessions.logins import forget_login_on_refusal
from gateway.upstreams.lenders.port import Lender, MandateDebitTeller
from gateway.upstreams.payments import PaymentsClient
from india.time_zone import IST
from payments_client import ProviderRefused
from payments_client.mandates import EligibleBank, EnachMethod, MandateCustomer, MandatePayment, ProviderMandate

log = structlog.get_logger("gateway.loans.autopay")

# RBI's e-mandate framework: a recurring debit above this needs the payer's fresh authentication.
AUTHENTICATION_LIMIT = Decimal("15000.00")
DEBIT_HOUR = time(10, 0)  # each instalment is debited at 10:00 in India on its due date
EXPIRY_DAYS = 31  # the mandate stays valid a month past the last instalment (a retried debit)
# A lender that did not confirm it keeps a mandate is asked again after this long on the one clock,
# whatever reads or runs come between: a lender down or refusing is not asked at every page read.
TELL_AGAIN_AFTER = timedelta(minutes=15)

LOAN_NOT_FOUND = "Loan not found."
NOTHING_TO_COLLECT = "This loan has no instalments left to collect by AutoPay."
ALREADY_SET_UP = "AutoPay is already set up for this loan."
NO_AUTOPAY = "AutoPay is not set up for this loan."
UNAVAILABLE = "AutoPay is not offered for this lender's loans yet."
NOT_NOW = "AutoPay cannot be changed this way now."
RESUME_IN_APP = "You paused AutoPay in your UPI app: please resume it there."
PROVIDER_REFUSED = "The payment provider refused this AutoPay request. Please try again later."
EMAIL_INVALID = "Please enter a valid e-mail address."
# RBI's IFSC: 4 letters (the bank), a zero, 6 letters or digits (the branch); account numbers as
# Indian banks issue them, 9 to 18 digits (the words are the returns' own, gateway/plumbing/errors.py).
IFSC = re.compile(r"^[A-Z]{4}0[A-Z0-9]{6}$")
ACCOUNT_NUMBER = re.compile(r"^[0-9]{9,18}$")
AUTH_MODES = {"netBanking": "net_banking", "debitCard": "debit_card", "aadhaar": "aadhaar"}  # ours to Cashfree's
# The provider's eligibility list names the modes otherwise: its words to ours.
LISTED_AUTH_MODES: Mapping[str, OurAuthMode] = {
    "NET_BANKING": "netBanking",
    "DEBIT_CARD": "debitCard",
    "AADHAAR": "aadhaar",
}
# The eligibility list is the lender's account's, not a borrower's: kept this long per account, so
# that a loan page's look-up and the set-up after it ask the provider once.
BANKS_KEPT = timedelta(hours=1)
ENACH_BANK_UNSUPPORTED = (
    "This bank does not offer eNACH mandates. Please choose UPI AutoPay, or an account at another bank."
)
ENACH_AUTH_MODE_UNSUPPORTED = "Your bank does not offer this way of approving an eNACH mandate. Please choose another."
# The provider's refusal of an eNACH AUTH at a bank (or by a mode) it does not take, in our words.
BANK_REFUSALS = {
    "account_ifsc_invalid": ("enach_bank_unsupported", ENACH_BANK_UNSUPPORTED, "bank.ifsc"),
    "account_bank_code_invalid": ("enach_bank_unsupported", ENACH_BANK_UNSUPPORTED, "bank.ifsc"),
    "auth_mode_invalid": ("enach_auth_mode_unsupported", ENACH_AUTH_MODE_UNSUPPORTED, "bank.authMode"),
}

LIVE = frozenset({"INITIALIZED", "BANK_APPROVAL_PENDING", "ACTIVE", "ON_HOLD", "CUSTOMER_PAUSED"})
SHOWN: Mapping[str, AutoPayStatus] = {
    "INITIALIZED": "pendingApproval",
    "BANK_APPROVAL_PENDING": "pendingApproval",
    "ACTIVE": "active",
    "ON_HOLD": "paused",
    "CUSTOMER_PAUSED": "paused",
    "CUSTOMER_CANCELLED": "cancelled",
    "CANCELLED": "cancelled",
    "COMPLETED": "completed",
    "EXPIRED": "expired",
    "LINK_EXPIRED": "expired",
}
# A debit's provider status, in our words (INITIALIZED and PENDING: raised and waiting).
DEBIT_STATUS: Mapping[str, DebitStatus] = {
    "INITIALIZED": "noticed",
    "PENDING": "noticed",
    "SUCCESS": "debited",
    "FAILED": "failed",
    "CANCELLED": "cancelled",
}


def language_of(mandate: LoanMandate) -> Language | None:
    """The borrower's language at the mandate's set-up; None for one set up before it was kept."""
    return "hi" if mandate.language == "hi" else "en" if mandate.language == "en" else None


def view_of(mandate: LoanMandate) -> AutoPayMandate:
    return AutoPayMandate(
        mandate_id=mandate.mandate_id,
        status=SHOWN.get(mandate.status, "pendingApproval"),
        provider_status=mandate.status,
        method="enach" if mandate.method == "enach" else "upi",
        max_amount=mandate.max_amount,
        frequency="onEachDueDate" if mandate.frequency == "onEachDueDate" else "monthly",
        start_on=mandate.start_on,
        end_on=mandate.end_on,
        lender_name=mandate.lender_name,
        email=mandate.email,
        debits=[
            AutoPayDebit(
                payment_id=d.payment_id,
                instalment=d.instalment,
                due_on=d.due_on,
                amount=d.amount,
                status=d.status,  # type: ignore[arg-type]  # one of DebitStatus, as written here
                failure_reason=d.failure_reason,
            )
            for d in mandate.debits
        ],
        approval_link=mandate.approval_link if mandate.status == "INITIALIZED" else None,
        bank_approval_pending=mandate.status == "BANK_APPROVAL_PENDING",
        cf_subscription_id=mandate.cf_subscription_id,
        debited_account=(
            DebitedAccount(ending=mandate.account_ending, bank=mandate.bank_code)
            if mandate.account_ending is not None and mandate.bank_code is not None
            else None
        ),
    )


class BankList(msgspec.Struct, kw_only=True, frozen=True):
    """The banks an account's eNACH mandates may be set up at, as the provider listed them."""

    asked_at: datetime
    banks: tuple[EligibleBank, ...]
    frequent: frozenset[str]
    account_types: tuple[str, ...]

    def bank(self, code: str) -> EligibleBank | None:
        return next((bank for bank in self.banks if bank.bank_id == code), None)


def bank_refusal(code: str) -> InvalidInput:
    ours, words, field = BANK_REFUSALS[code]
    return InvalidInput(words, code=ours, field=field)


def checked_at_bank(banks: BankList, enach: EnachMethod) -> None:
    """A bank the provider does not list for eNACH, or a mode it does not offer there, refused in our words."""
    bank = banks.bank(enach.account_ifsc[:4])
    if bank is None:
        raise bank_refusal("account_ifsc_invalid")
    if enach.auth_mode.upper() not in bank.account_auth_modes:
        raise bank_refusal("auth_mode_invalid")


def debit_time(due_on: date) -> datetime:
    return datetime.combine(due_on, DEBIT_HOUR, IST)


class Payer(msgspec.Struct, frozen=True, kw_only=True):
    """Whose mandate: the borrower's mobile number (the mandates are kept by it), name and id at
    the lender (empty when the caller has none, as a credit line's store login)."""

    mobile_number: str
    name: str | None
    user_id: str


class PlannedDebit(msgspec.Struct, frozen=True, kw_only=True):
    """A debit known at the set-up: a loan's instalment left (a credit line's are planned as each
    due date nears, `plan_line_debit`)."""

    instalment: int
    due_on: date
    amount: Decimal


# What a mandate would be for an account, and the debits known now; None: nothing to collect.
Plan = Callable[[], Awaitable[tuple[AutoPayTerms | None, list[PlannedDebit]]]]


def valid_email(email: str) -> str:
    email = email.strip()
    local, _, domain = email.partition("@")
    if not local or "." not in domain or len(email) > 120 or " " in email:
        raise InvalidInput(EMAIL_INVALID, code="email_invalid", field="email")
    return email


def valid_bank(bank: EnachBank | None) -> EnachMethod:
    """The borrower's account for an eNACH mandate, in Cashfree's words; a 422 in ours when it
    cannot be an Indian bank account (spaces a borrower types in the number or IFSC are dropped)."""
    if bank is None:  # the app's form always sends one: a malformed request, in the generic words
        raise InvalidInput(REFUSALS["invalid_request"].message, code="invalid_request", field="bank")
    holder = " ".join(bank.account_holder_name.split())
    if not holder or len(holder) > 100:
        raise InvalidInput(
            REFUSALS["account_name_missing"].message, code="account_name_missing", field="bank.accountHolderName"
        )
    number = "".join(bank.account_number.split())
    if not ACCOUNT_NUMBER.fullmatch(number):
        raise InvalidInput(
            REFUSALS["account_number_invalid"].message, code="account_number_invalid", field="bank.accountNumber"
        )
    ifsc = "".join(bank.ifsc.split()).upper()
    if not IFSC.fullmatch(ifsc):
        raise InvalidInput(REFUSALS["ifsc_invalid"].message, code="ifsc_invalid", field="bank.ifsc")
    return EnachMethod(
        auth_mode=AUTH_MODES[bank.auth_mode],
        account_holder_name=holder,
        account_number=number,
        account_ifsc=ifsc,
        account_type=bank.account_type.upper(),
    )


@asynccontextmanager
async def provider_call(upstream: str) -> AsyncIterator[None]:
    """The provider's refusal in our words (its message is for us, not the borrower)."""
    try:
        yield
    except ProviderRefused as exc:
        log.warning("autopay_provider_refused", status=exc.status, upstream_message=str(exc))
        raise UpstreamRefused(PROVIDER_REFUSED, upstream=upstream, status=exc.status) from exc


class AutoPayService:
    def __init__(
        self,
        lending: Lender,
        accounts: Mapping[str, PaymentsClient],
        owner: Callable[[str], str],
        database: OperationsDatabase,
        clock: Clock,
        tellers: Mapping[str, MandateDebitTeller],
    ) -> None:
        self.lending = lending
        self.tellers = tellers  # each lender kind told of its loans' mandates (by its partner call)
        self.accounts = accounts  # each lender kind's own account at the provider
        self.owner = owner  # the LENDERS kind whose loan a loan number is
        self.database = database
        self.clock = clock
        self.bank_lists: dict[str, BankList] = {}  # each lender kind's account's, for BANKS_KEPT

    def _account(self, kind: str) -> PaymentsClient:
        account = self.accounts.get(kind)
        if account is None:
            raise Conflict(UNAVAILABLE, code="autopay_unavailable")
        return account

    def offered_for(self, number: str) -> None:
        """Conflict (autopay_unavailable) unless a new mandate may be made for the account's lender."""
        self._offered(self.owner(number))

    def _offered(self, kind: str) -> PaymentsClient:
        """The account a new mandate of the lender's loan is made on. Only a lender told of each
        debit (by its partner call: a Fineract lender's through its companion) is offered AutoPay:
        a debit a lender cannot book must never be taken from the borrower."""
        if kind not in self.tellers:
            raise Conflict(UNAVAILABLE, code="autopay_unavailable")
        return self._account(kind)

    async def _bank_list(
        self, kind: str, account: PaymentsClient, subscription_id: str | None = None
    ) -> BankList | None:
        """The account's eNACH banks: kept for BANKS_KEPT, else asked of the provider with one of the
        account's subscriptions (Cashfree's eligibility call is per subscription; its bank list is
        the account's): `subscription_id`, or the newest mandate made on the account. None when the
        account has none yet, or the provider no longer knows it."""
        now = await self.clock.now()
        kept = self.bank_lists.get(kind)
        if kept is not None and timedelta(0) <= now - kept.asked_at < BANKS_KEPT:
            return kept
        if subscription_id is None:
            async with self.database.session() as db:
                subscription_id = (
                    await db.scalars(
                        select(LoanMandate.mandate_id)
                        .where(LoanMandate.lender == kind)
                        .order_by(LoanMandate.id.desc())
                        .limit(1)
                    )
                ).first()
        if subscription_id is None:
            return None
        try:
            async with provider_call(account.http.name):
                methods = await account.provider.eligibility(subscription_id, ["enach"])
        except UpstreamRefused as exc:
            if exc.status == 404:
                return None
            raise
        enach = next((m for m in methods if m.entity_value == "enach" and m.eligibility), None)
        details = enach.entity_details if enach is not None else None
        listed = {b.bank_id: b for b in (details.frequent_bank_details if details else [])}
        listed.update({b.bank_id: b for b in (details.all_bank_details if details else [])})
        kept = BankList(
            asked_at=now,
            banks=tuple(b for b in listed.values() if b.account_auth_modes),
            frequent=frozenset(b.bank_id for b in (details.frequent_bank_details if details else [])),
            account_types=tuple(details.account_types) if details else (),
        )
        self.bank_lists[kind] = kept
        return kept

    async def enach_banks(self, session: Session, login: PortalLogin, loan_number: str) -> EnachBanks:
        """The banks an eNACH mandate for the borrower's loan may be set up at, each one's ways of
        approving it (in our words) and the account types taken."""
        async with forget_login_on_refusal(session, "portal"):
            loans = await self.lending.loans(login.access_token, int(login.user_id))
        if not any(one.loan_number == loan_number for one in loans):
            raise NotFound(LOAN_NOT_FOUND, code="loan_not_found")
        return await self.enach_banks_for(loan_number)

    async def enach_banks_for(self, number: str) -> EnachBanks:
        """The eNACH banks of the account the lender of `number` (a loan's or a credit line's) is paid into."""
        kind = self.owner(number)
        listed = await self._bank_list(kind, self._offered(kind))
        if listed is None:
            return EnachBanks(known=False, banks=[])
        types: list[Literal["savings", "current"]] = [
            "savings" if listed_type == "SAVINGS" else "current"
            for listed_type in listed.account_types
            if listed_type in ("SAVINGS", "CURRENT")
        ]
        return EnachBanks(
            known=True,
            banks=[
                EnachBankOption(
                    code=bank.bank_id,
                    name=bank.bank_name,
                    auth_modes=[LISTED_AUTH_MODES[m] for m in bank.account_auth_modes if m in LISTED_AUTH_MODES],
                    account_types=types,
                    frequent=bank.bank_id in listed.frequent,
                )
                for bank in listed.banks
            ],
        )

    async def _check_bank(
        self, kind: str, account: PaymentsClient, enach: EnachMethod, subscription_id: str | None = None
    ) -> bool:
        """Whether the bank and the auth mode were held to the provider's list (a 422 in our words
        when it lacks them). Unchecked when no list can be had: the provider's AUTH refuses them then."""
        try:
            listed = await self._bank_list(kind, account, subscription_id)
        except UpstreamError as exc:  # the list is a courtesy: the AUTH is the provider's own check
            log.warning("autopay_enach_banks_unread", status=exc.status)
            return False
        if listed is None:
            return False
        checked_at_bank(listed, enach)
        return True

    async def terms(self, session: Session, login: PortalLogin, loan_number: str) -> AutoPayTerms | None:
        """What a mandate would be: the largest instalment left, each one's due date, the lender."""
        return (await self._terms(session, login, loan_number))[0]

    async def _terms(self, session: Session, login: PortalLogin, loan_number: str) -> tuple[AutoPayTerms | None, bool]:
        """The terms, and whether the loan is closed."""
        async with forget_login_on_refusal(session, "portal"):
            try:
                loans = await self.lending.loans(login.access_token, int(login.user_id))
                loan = next((one for one in loans if one.loan_number == loan_number), None)
                if loan is None:
                    raise NotFound(LOAN_NOT_FOUND, code="loan_not_found")
                self._offered(self.owner(loan_number))
                if loan.status == "closed":
                    return None, True
                schedule = await self.lending.schedule(login.access_token, int(login.user_id), loan_number)
            except UpstreamRefused as exc:
                if exc.status == 404:
                    raise NotFound(LOAN_NOT_FOUND, code="loan_not_found") from exc
                raise
        today = await self.clock.today()
        left = [i for i in schedule.instalments if i.status in ("due", "upcoming") and i.due_on > today]
        if not left:
            return None, False
        largest = max(i.amount - i.paid for i in left).quantize(Decimal(1), rounding=ROUND_CEILING)
        terms = AutoPayTerms(
            max_amount=largest.quantize(Decimal("0.01")),
            frequency="monthly",
            start_on=min(i.due_on for i in left),
            end_on=max(i.due_on for i in left),
            lender_name=loan.lender.name,
            authentication_limit=AUTHENTICATION_LIMIT,
        )
        return terms, False

    @staticmethod
    async def _latest(db: AsyncSession, customer: str, loan_number: str) -> LoanMandate | None:
        found = await db.scalars(
            select(LoanMandate)
            .where(LoanMandate.loan_number == loan_number, LoanMandate.customer == customer)
            .order_by(LoanMandate.id.desc())
            .limit(1)
        )
        return found.first()

    async def latest(self, customer: str, number: str) -> AutoPayMandate | None:
        """The newest mandate the borrower set up for the account (a loan's or a credit line's)."""
        async with self.database.session() as db:
            mandate = await self._latest(db, customer, number)
            return view_of(mandate) if mandate is not None else None

    async def read(self, session: Session, login: PortalLogin, loan_number: str) -> AutoPay:
        refused: Conflict | None = None
        closed = False
        try:
            terms, closed = await self._terms(session, login, loan_number)
        except Conflict as exc:
            if exc.code != "autopay_unavailable":
                raise
            refused, terms = exc, None
        if closed:
            # Closed without its closing seen here (a foreclosure settled by the provider's webhook,
            # its confirmation never asked for): a live mandate is cancelled now, raising nothing more.
            await self.cancel_for_loan(loan_number)
        async with self.database.session() as db:
            mandate = await self._latest(db, login.mobile_number, loan_number)
            if mandate is None and refused is not None:
                raise refused
            # Offered no more (its lender's companion turned off), a mandate made before is still shown.
            return AutoPay(terms=terms, mandate=view_of(mandate) if mandate is not None else None)

    async def set_up(
        self,
        session: Session,
        login: PortalLogin,
        loan_number: str,
        asked: AutoPayRequest,
        key: str,
        language: Language = DEFAULT,
    ) -> AutoPayMandate:
        """A mandate for the loan's instalments left (`make`): at most the largest instalment a
        debit, each instalment left a planned debit."""

        async def plan() -> tuple[AutoPayTerms | None, list[PlannedDebit]]:
            terms = await self.terms(session, login, loan_number)
            if terms is None:
                return None, []
            schedule = await self.lending.schedule(login.access_token, int(login.user_id), loan_number)
            today = await self.clock.today()
            return terms, [
                PlannedDebit(
                    instalment=instalment.number,
                    due_on=instalment.due_on,
                    amount=(instalment.amount - instalment.paid).quantize(Decimal("0.01")),
                )
                for instalment in schedule.instalments
                if instalment.status in ("due", "upcoming") and instalment.due_on > today
            ]

        payer = Payer(mobile_number=login.mobile_number, name=login.user_name, user_id=login.user_id)
        nothing = Conflict(NOTHING_TO_COLLECT, code="autopay_nothing_to_collect")
        return await self.make(payer, loan_number, asked, key, language, plan, nothing)

    async def make(
        self,
        payer: Payer,
        number: str,
        asked: AutoPayRequest,
        key: str,
        language: Language,
        plan: Plan,
        nothing: Conflict,
    ) -> AutoPayMandate:
        """A mandate for the account `number` (a loan's or a credit line's), awaiting the
        borrower's approval in their UPI app (or, for eNACH, at their bank); the same
        Idempotency-Key again answers the same mandate. A UPI mandate still awaiting approval is
        asked to be approved again (a fresh AUTH); one of eNACH, or of the other method, is
        cancelled and a new one made (the account may differ); a live one is a 409. `plan` says
        what it would be (`nothing` when there is nothing to collect)."""
        email = valid_email(asked.email)
        enach = valid_bank(asked.bank) if asked.method == "enach" else None
        async with self.database.session() as db:
            earlier = await self._latest(db, payer.mobile_number, number)
        if earlier is not None and earlier.request_key == key:
            if earlier.status == "INITIALIZED" and earlier.approval_link is None:
                # The first ask stored the mandate and lost its AUTH (the provider did not answer,
                # or it is still being raised): a fresh AUTH, or the borrower has nothing to approve.
                return await self._authorise(earlier.mandate_id, self._account(earlier.lender), enach)
            return view_of(earlier)
        if earlier is not None and earlier.status in LIVE and earlier.status != "INITIALIZED":
            raise Conflict(ALREADY_SET_UP, code="autopay_exists")
        kind = self.owner(number)
        account = self._offered(kind)
        # Refused before anything is made or cancelled at the provider, when its bank list is known.
        checked = enach is not None and await self._check_bank(kind, account, enach)
        if earlier is not None and earlier.status == "INITIALIZED":
            if enach is None and earlier.method == "upi":
                return await self._authorise(earlier.mandate_id, account)
            async with provider_call(account.http.name):
                dropped = await account.provider.manage_mandate(
                    earlier.mandate_id, "CANCEL", key=f"{earlier.mandate_id}-replaced"
                )
            await self._record(dropped)
        terms, planned = await plan()
        if terms is None:
            raise nothing
        mandate_id = f"ap{secrets.token_hex(10)}"  # 22 characters: plan, subscription and debit ids fit 32
        upstream = account.http.name
        async with provider_call(upstream):
            await account.provider.create_plan(
                plan_id=mandate_id, name=f"AutoPay {number}", max_amount=terms.max_amount, note=number
            )
            made = await account.provider.create_mandate(
                subscription_id=mandate_id,
                plan_id=mandate_id,
                customer=MandateCustomer(
                    customer_email=email,
                    customer_phone=payer.mobile_number[-10:],
                    customer_name=payer.name,
                    customer_bank_account_holder_name=enach.account_holder_name if enach else None,
                    customer_bank_account_number=enach.account_number if enach else None,
                    customer_bank_ifsc=enach.account_ifsc if enach else None,
                    customer_bank_account_type=enach.account_type if enach else None,
                ),
                method="enach" if enach else "upi",
                expires_at=datetime.combine(terms.end_on + timedelta(days=EXPIRY_DAYS), time(23, 59), IST),
                tags={"loan_number": number},
            )
        if enach is not None and not checked:
            # The account's first mandate: its list asked with this subscription, before the AUTH.
            try:
                await self._check_bank(kind, account, enach, made.subscription_id)
            except InvalidInput:
                async with provider_call(upstream):
                    await account.provider.manage_mandate(mandate_id, "CANCEL", key=f"{mandate_id}-bank")
                raise
        now = await self.clock.now()
        async with self.database.session() as db:
            mandate = LoanMandate(
                mandate_id=mandate_id,
                cf_subscription_id=made.cf_subscription_id,
                lender=kind,
                lender_name=terms.lender_name,
                loan_number=number,
                user_id=payer.user_id,
                customer=payer.mobile_number,
                email=email,
                method="enach" if enach else "upi",
                max_amount=terms.max_amount,
                frequency=terms.frequency,
                start_on=terms.start_on,
                end_on=terms.end_on,
                status=made.subscription_status,
                request_key=key,
                account_ending=enach.account_number[-4:] if enach else None,
                bank_code=enach.account_ifsc[:4] if enach else None,
                language=language,
                created_at=now,
                updated_at=now,
            )
            db.add(mandate)
            await db.flush()
            for debit in planned:
                db.add(
                    LoanMandateDebit(
                        mandate_ref=mandate.id,
                        payment_id=f"{mandate_id}i{debit.instalment}",
                        instalment=debit.instalment,
                        due_on=debit.due_on,
                        amount=debit.amount,
                        scheduled_at=debit_time(debit.due_on),
                        status="planned",
                        updated_at=now,
                    )
                )
        return await self._authorise(mandate_id, account, enach)

    async def _authorise(
        self, mandate_id: str, account: PaymentsClient, enach: EnachMethod | None = None
    ) -> AutoPayMandate:
        """A fresh AUTH: its UPI intent link (or the eNACH bank page), kept for the page until the
        mandate is approved."""
        async with provider_call(account.http.name):
            made = await account.provider.mandate(mandate_id)
            try:
                answer = await account.provider.authorise(
                    made, payment_id=f"{mandate_id}a{secrets.token_hex(3)}", enach=enach
                )
            except ProviderRefused as exc:
                if enach is not None and exc.status == 400 and exc.code in BANK_REFUSALS:
                    raise bank_refusal(exc.code) from exc
                raise
        async with self.database.session() as db:
            mandate = await self._by_id(db, mandate_id)
            upi = answer.payload.get("default") or next(iter(answer.payload.values()), None)
            mandate.approval_link = answer.data.url if enach is not None else upi
            mandate.status = made.subscription_status
            mandate.updated_at = await self.clock.now()
            return view_of(mandate)

    @staticmethod
    async def _by_id(db: AsyncSession, mandate_id: str) -> LoanMandate:
        found = (await db.scalars(select(LoanMandate).where(LoanMandate.mandate_id == mandate_id))).first()
        if found is None:
            raise NotFound(NO_AUTOPAY, code="autopay_not_found")
        return found

    async def change(self, customer: str, loan_number: str, action: AutoPayAction, key: str) -> AutoPayMandate:
        """Pause (ON_HOLD), resume (ACTIVE again, from the next planned debit) or cancel the
        borrower's mandate for the account (a loan's or a credit line's)."""
        async with self.database.session() as db:
            mandate = await self._latest(db, customer, loan_number)
        if mandate is None or mandate.status not in LIVE:
            raise NotFound(NO_AUTOPAY, code="autopay_not_found")
        allowed = {"pause": ("ACTIVE",), "resume": ("ON_HOLD",), "cancel": tuple(LIVE)}
        if mandate.status not in allowed[action]:
            if action == "resume" and mandate.status == "CUSTOMER_PAUSED":
                raise Conflict(RESUME_IN_APP, code="autopay_paused_in_app")
            raise Conflict(NOT_NOW, code="autopay_state_invalid")
        account = self._account(mandate.lender)
        provider_action: Literal["PAUSE", "ACTIVATE", "CANCEL"] = {
            "pause": "PAUSE",
            "resume": "ACTIVATE",
            "cancel": "CANCEL",
        }[action]  # type: ignore[assignment]
        next_at = None
        if action == "resume":
            now = await self.clock.now()
            planned = [d.scheduled_at for d in mandate.debits if d.status == "planned" and d.scheduled_at > now]
            next_at = min(planned) if planned else now + timedelta(days=1)
        async with provider_call(account.http.name):
            made = await account.provider.manage_mandate(
                mandate.mandate_id, provider_action, key=key, next_scheduled_at=next_at
            )
        return await self._record(made)

    async def cancel_for_loan(self, loan_number: str) -> None:
        """The loan is closed (or foreclosed): its live mandate is cancelled, so nothing more is debited."""
        async with self.database.session() as db:
            found = await db.scalars(
                select(LoanMandate).where(LoanMandate.loan_number == loan_number, LoanMandate.status.in_(LIVE))
            )
            live = list(found)
        for mandate in live:
            account = self._account(mandate.lender)
            try:
                async with provider_call(account.http.name):
                    made = await account.provider.manage_mandate(
                        mandate.mandate_id, "CANCEL", key=f"{mandate.mandate_id}-closed"
                    )
            except UpstreamError as exc:  # asked again at the next closing look
                log.warning("autopay_cancel_failed", mandate=mandate.mandate_id, status=exc.status)
                continue
            await self._record(made)

    async def _record(self, made: ProviderMandate) -> AutoPayMandate:
        """The provider's word on the mandate, kept; a mandate no longer active stops its planned
        debits; one active that its lender has not confirmed knowing of is told to it."""
        async with self.database.session() as db:
            mandate = await self._by_id(db, made.subscription_id)
            mandate.status = made.subscription_status
            now = await self.clock.now()
            mandate.updated_at = now
            if SHOWN.get(made.subscription_status) in ("cancelled", "completed", "expired"):
                for debit in mandate.debits:
                    if debit.status == "planned":
                        debit.status, debit.updated_at = "cancelled", now
            shown = view_of(mandate)
            untold = mandate.status == "ACTIVE" and mandate.lender_told_at is None
        if untold:
            await self.tell_lender(made.subscription_id)
        return shown

    async def tell_lender(self, mandate_id: str) -> None:
        """Tell the loan's lender of its ACTIVE mandate, so that its reminders before a due date
        say AutoPay will debit the instalment instead of carrying a link to pay it by hand (paid
        beside the debit, twice). The word may be lost: until the lender confirms (`lender_told_at`)
        the AutoPay job and the loan page's reads tell it again, at most once every
        TELL_AGAIN_AFTER (`lender_asked_at`). A lender without the call (a Fineract lender
        without its companion) is told nothing, and offered no AutoPay."""
        mandate = await self.mandate_of(mandate_id)
        if mandate is None or mandate.status != "ACTIVE" or mandate.lender_told_at is not None:
            return
        teller = self.tellers.get(mandate.lender)
        if teller is None:
            return
        now = await self.clock.now()
        asked = mandate.lender_asked_at
        if asked is not None and timedelta(0) <= now - asked < TELL_AGAIN_AFTER:
            return
        async with self.database.session() as db:
            (await self._by_id(db, mandate_id)).lender_asked_at = now
        try:
            await teller.tell_mandate(mandate.loan_number, mandate.mandate_id, language_of(mandate))
        except UpstreamError as exc:  # told again at the next run or read
            log.warning("autopay_lender_not_told_of_mandate", mandate=mandate_id, status=exc.status)
            return
        async with self.database.session() as db:
            found = await self._by_id(db, mandate_id)
            if found.lender_told_at is None:
                found.lender_told_at = await self.clock.now()

    async def mandate_of(self, mandate_id: str) -> LoanMandate | None:
        async with self.database.session() as db:
            return (await db.scalars(select(LoanMandate).where(LoanMandate.mandate_id == mandate_id))).first()

    async def refresh(self, mandate_id: str) -> AutoPayMandate | None:
        """The mandate as the provider has it now (after any webhook about it)."""
        mandate = await self.mandate_of(mandate_id)
        if mandate is None:
            return None
        account = self._account(mandate.lender)
        async with provider_call(account.http.name):
            made = await account.provider.mandate(mandate_id)
        return await self._record(made)

    async def debit_moved(self, mandate_id: str, payment_id: str) -> LoanMandateDebit | None:
        """A debit as the provider has it now: its status kept; None when it is not a debit of ours."""
        mandate = await self.mandate_of(mandate_id)
        if mandate is None:
            return None
        account = self._account(mandate.lender)
        async with provider_call(account.http.name):
            payment: MandatePayment = await account.provider.mandate_payment(mandate_id, payment_id)
        return await self.debit_seen(payment)

    async def debits_of(self, mandate_id: str) -> list[MandatePayment]:
        """Every payment of the mandate as the provider has it now (one call)."""
        mandate = await self.mandate_of(mandate_id)
        if mandate is None:
            return []
        account = self._account(mandate.lender)
        async with provider_call(account.http.name):
            return await account.provider.mandate_payments(mandate_id)

    async def debit_seen(self, payment: MandatePayment) -> LoanMandateDebit | None:
        """The provider's word on one of our debits, kept; None when it is not a debit of ours."""
        payment_id = payment.payment_id
        if payment.payment_type != "CHARGE":
            return None
        async with self.database.session() as db:
            debit = (
                await db.scalars(select(LoanMandateDebit).where(LoanMandateDebit.payment_id == payment_id))
            ).first()
            if debit is None:
                return None
            status = DEBIT_STATUS.get(payment.payment_status)
            if status is not None and debit.status not in ("debited", "refunded"):
                debit.status = status
            debit.cf_payment_id = payment.cf_payment_id
            if payment.failure_details.failure_reason:
                debit.failure_reason = payment.failure_details.failure_reason[:120]
            debit.updated_at = await self.clock.now()
            return debit
