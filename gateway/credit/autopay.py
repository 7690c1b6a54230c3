"""A credit line's AutoPay (issue 58): a UPI AutoPay or eNACH mandate for the line's dues, on its
lender's own account at the provider, kept and run as a loan's (gateway/loans/autopay.py).

A line has no schedule: the mandate's most per debit is the line's credit limit (no due can be
more), and each debit is planned as a due date nears, for what falls due that day as the line's
lender states it (gateway/loans/autopay_debits.py). The shopper's store login names the number
the lender knows them by; the line's lender is told of the mandate and each debit by the same
partner calls as a loan's, the line's number in place of a loan's.
"""

from __future__ import annotations

from datetime import timedelta

from gateway.credit.service import LINE_NOT_FOUND, CreditService
from gateway.language.codes import Language
from gateway.loans.autopay import AUTHENTICATION_LIMIT, AutoPayService, Payer, PlannedDebit
from gateway.loans.autopay_debits import AutoPayDebits
from gateway.loans.autopay_schemas import (
    AutoPay,
    AutoPayAction,
    AutoPayMandate,
    AutoPayRequest,
    AutoPayTerms,
    EnachBanks,
)
from gateway.plumbing.errors import Conflict, NotFound
from gateway.sessions import StoreLogin
from gateway.upstreams.lenders.credit import CreditLine

# A line has no end date: its mandate runs a year from its set-up (set up again to go on).
MANDATE_DAYS = 365
LINE_ENDED = "This credit line is closed: there is nothing for AutoPay to collect."
ENDED = ("exited", "closed")


class LineAutoPay:
    def __init__(self, autopay: AutoPayService, debits: AutoPayDebits, credit: CreditService) -> None:
        self.autopay = autopay
        self.debits = debits
        self.credit = credit

    async def _line(self, login: StoreLogin, line_number: str) -> CreditLine:
        lines = await self.credit.lines(login)  # the credit screens' own read of the shopper's lines
        line = next((one for one in lines if one.line_number == line_number), None)
        if line is None:
            raise NotFound(LINE_NOT_FOUND, code="line_not_found")
        return line

    @staticmethod
    def _terms(line: CreditLine) -> AutoPayTerms | None:
        """What a mandate for the line would be; None once it has ended."""
        if line.status in ENDED:
            return None
        return AutoPayTerms(
            max_amount=line.credit_limit,
            frequency="onEachDueDate",
            start_on=line.minimum_due_on or line.as_of,
            end_on=line.as_of + timedelta(days=MANDATE_DAYS),
            lender_name=line.lender.name,
            authentication_limit=AUTHENTICATION_LIMIT,
        )

    async def read(self, login: StoreLogin, line_number: str) -> AutoPay:
        """The terms a new mandate would have and the newest mandate; a line ended without its
        ending seen here has its live mandate cancelled now. Brought up to date on the one clock
        as it is read, as the job does for every mandate."""
        line = await self._line(login, line_number)
        mobile = self.credit.mobile(login)
        if line.status in ENDED:
            await self.autopay.cancel_for_loan(line_number)
        refused: Conflict | None = None
        try:
            self.autopay.offered_for(line_number)
        except Conflict as exc:
            refused = exc
        shown = await self.autopay.latest(mobile, line_number)
        if shown is None and refused is not None:
            raise refused
        if shown is not None and await self.debits.raise_due(shown.mandate_id):
            shown = await self.autopay.latest(mobile, line_number)
        # Offered no more (its lender's account unplugged), a mandate made before is still shown.
        return AutoPay(terms=None if refused is not None else self._terms(line), mandate=shown)

    async def enach_banks(self, login: StoreLogin, line_number: str) -> EnachBanks:
        await self._line(login, line_number)
        return await self.autopay.enach_banks_for(line_number)

    async def set_up(
        self, login: StoreLogin, line_number: str, asked: AutoPayRequest, key: str, language: Language
    ) -> AutoPayMandate:
        async def plan() -> tuple[AutoPayTerms | None, list[PlannedDebit]]:
            return self._terms(await self._line(login, line_number)), []  # each debit planned as its date nears

        payer = Payer(mobile_number=self.credit.mobile(login), name=login.user_name, user_id="")
        ended = Conflict(LINE_ENDED, code="autopay_nothing_to_collect")
        return await self.autopay.make(payer, line_number, asked, key, language, plan, ended)

    async def change(self, login: StoreLogin, line_number: str, action: AutoPayAction, key: str) -> AutoPayMandate:
        return await self.autopay.change(self.credit.mobile(login), line_number, action, key)
