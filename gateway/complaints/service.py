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
from gateway.errors import InvalidInput, NotFound, UpstreamRefused
from gateway.language.codes import DEFAULT, Language
from gateway.money import in_paise
from gateway.sessions import PortalLogin, Session
from gateway.sessions.logins import forget_login_on_refusal
from gateway.upstreams.lenders.port import Lender, LenderComplaint, NewComplaint

TEXT_TOO_SHORT = "Please describe your complaint in at least 10 characters."
TEXT_TOO_LONG = "Please keep your complaint within 2000 characters."
NOT_YOURS = "Please choose one of your own loans or payments."
NOT_FOUND = "Complaint not found."
SHORTEST, LONGEST = 10, 2000
_TICKET = re.compile(r"^CMP[0-9]{6}$")


def _view(complaint: LenderComplaint) -> ComplaintView:
    return ComplaintView(**msgspec.structs.asdict(complaint))


class ComplaintsService:
    def __init__(self, lending: Lender) -> None:
        # One lender answers both: its complaint calls and the loans and payments they may be about.
        self.complaints = lending
        self.lending = lending

    async def subjects(self, session: Session, login: PortalLogin) -> ComplaintSubjects:
        async with forget_login_on_refusal(session, "portal"):
            detail = await self.lending.repayment_detail(login.access_token, int(login.user_id))
            history = await self.lending.payment_history(login.access_token, int(login.user_id))
        loan = detail.loan_number
        loans = [LoanChoice(loan_number=loan, lender_name=detail.lender_name)] if loan is not None else []
        payments = [
            PaymentChoice(
                payment_log_id=entry.payment_log_id,
                amount=in_paise(entry.amount),
                created_at=entry.created_at,
                status=entry.status,
            )
            for entry in history
        ]
        return ComplaintSubjects(loans=loans, payments=payments)

    async def raise_complaint(
        self, session: Session, login: PortalLogin, request: RaiseComplaintRequest, language: Language = DEFAULT
    ) -> ComplaintView:
        text = request.text.strip()
        if len(text) < SHORTEST:
            raise InvalidInput(TEXT_TOO_SHORT, field="text", code="complaint_too_short")
        if len(text) > LONGEST:
            raise InvalidInput(TEXT_TOO_LONG, field="text", code="complaint_too_long")
        complaint = NewComplaint(
            user_id=int(login.user_id),
            category=request.category,
            text=text,
            loan_number=request.loan_number or None,
            payment_log_id=request.payment_log_id,
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
