"""The complaints group's rules: what a complaint may be about, raising it, following it."""

from __future__ import annotations

import re

import msgspec

from gateway.complaints.schemas import (
    ComplaintSubjects,
    ComplaintView,
    LoanChoice,
    PaymentChoice,
    RaiseComplaintRequest,
)
from gateway.language.codes import DEFAULT, Language
from gateway.plumbing.errors import InvalidInput, NotFound, UpstreamRefused
from gateway.sessions import PortalLogin, Session
from gateway.sessions.logins import forget_login_on_refusal
from gateway.upstreams.lenders.port import Lender, LenderComplaint, NewComplaint
from india.money import in_paise

TEXT_TOO_SHORT = "Please describe your complaint in at least 10 characters."
TEXT_TOO_LONG = "Please keep your complaint within 2000 characters."
NOT_YOURS = "Please choose one of your own loans or payments."
CHOOSE_LENDER = "Please choose the lender your complaint is against."
OTHER_LENDER = "This loan is not with the lender you chose. Please choose its lender or another loan."
NOT_FOUND = "Complaint not found."
SHORTEST, LONGEST = 10, 2000
_TICKET = re.compile(r"^CMP[0-9]{6}$")


def _view(complaint: LenderComplaint) -> ComplaintView:
    return ComplaintView(**msgspec.structs.asdict(complaint))


class ComplaintsService:
    def __init__(self, lending: Lender, platform: str) -> None:
        # One lender answers both: its complaint calls and the loans and payments they may be about.
        self.complaints = lending
        self.lending = lending
        self.platform = platform  # our own name: the lending service provider a complaint may be against

    async def subjects(self, session: Session, login: PortalLogin) -> ComplaintSubjects:
        async with forget_login_on_refusal(session, "portal"):
            found = await self.lending.loans(login.access_token, int(login.user_id))
            history = await self.lending.payment_history(login.access_token, int(login.user_id))
        loans = [LoanChoice(loan_number=loan.loan_number, lender_name=loan.lender.name) for loan in found]
        lenders = list(dict.fromkeys(loan.lender.name for loan in found))
        payments = [
            PaymentChoice(
                payment_log_id=entry.payment_log_id,
                amount=in_paise(entry.amount),
                created_at=entry.created_at,
                status=entry.status,
            )
            for entry in history
        ]
        return ComplaintSubjects(platform=self.platform, lenders=lenders, loans=loans, payments=payments)

    async def _against_name(self, session: Session, login: PortalLogin, request: RaiseComplaintRequest) -> str | None:
        """The name the complaint is against: ours, or the borrower's lender's (of the loan named, if
        one is); a lender not theirs, or another than the loan's, is refused in our words. A payment
        named alone goes to the lender that took it, named by that lender (None here)."""
        if request.against == "platform":
            return self.platform
        async with forget_login_on_refusal(session, "portal"):
            found = await self.lending.loans(login.access_token, int(login.user_id))
        lenders = {loan.loan_number: loan.lender.name for loan in found}
        if request.loan_number:
            if request.loan_number not in lenders:
                raise InvalidInput(NOT_YOURS, code="not_your_loan_or_payment", field="loanNumber")
            if request.lender_name not in (None, lenders[request.loan_number]):
                raise InvalidInput(OTHER_LENDER, code="loan_of_another_lender", field="lenderName")
            return lenders[request.loan_number]
        names = set(lenders.values())
        if request.lender_name is None and len(names) == 1:
            return names.pop()
        if request.lender_name is None and request.payment_log_id is not None:
            return None
        if request.lender_name not in names:
            raise InvalidInput(CHOOSE_LENDER, code="lender_not_chosen", field="lenderName")
        return request.lender_name

    async def raise_complaint(
        self, session: Session, login: PortalLogin, request: RaiseComplaintRequest, language: Language = DEFAULT
    ) -> ComplaintView:
        text = request.text.strip()
        if len(text) < SHORTEST:
            raise InvalidInput(TEXT_TOO_SHORT, field="text", code="complaint_too_short")
        if len(text) > LONGEST:
            raise InvalidInput(TEXT_TOO_LONG, field="text", code="complaint_too_long")
        against_name = await self._against_name(session, login, request)
        complaint = NewComplaint(
            user_id=int(login.user_id),
            category=request.category,
            text=text,
            loan_number=request.loan_number or None,
            payment_log_id=request.payment_log_id,
            against=request.against,
            against_name=against_name,
        )
        async with forget_login_on_refusal(session, "portal"):
            try:
                raised = await self.complaints.raise_complaint(login.access_token, complaint, language)
            except UpstreamRefused as exc:
                if exc.status == 400:  # the loan or payment named is not the borrower's
                    raise InvalidInput(NOT_YOURS, code="not_your_loan_or_payment") from exc
                raise
        return _view(raised)

    async def list(self, session: Session, login: PortalLogin) -> list[ComplaintView]:
        async with forget_login_on_refusal(session, "portal"):
            found = await self.complaints.complaints(login.access_token, int(login.user_id))
        return [_view(complaint) for complaint in found]

    async def one(self, session: Session, login: PortalLogin, ticket_number: str) -> ComplaintView:
        if not _TICKET.match(ticket_number):
            raise NotFound(NOT_FOUND, code="complaint_not_found")
        async with forget_login_on_refusal(session, "portal"):
            try:
                found = await self.complaints.complaint(login.access_token, int(login.user_id), ticket_number)
            except UpstreamRefused as exc:
                if exc.status == 404:
                    raise NotFound(NOT_FOUND, code="complaint_not_found") from exc
                raise
        return _view(found)
