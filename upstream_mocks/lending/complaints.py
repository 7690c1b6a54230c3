"""Complaints to the lender (our extension of the lender's contract): raise one, follow it.

`POST webRepayment/complaints` gives a ticket number at once and acknowledges it by SMS and mail
before answering; `GET webRepayment/complaints` and `.../{ticketNumber}` follow it. The lender
says when the borrower may take it to the RBI Integrated Ombudsman (`ombudsmanOpen`): once it is
rejected, or 30 days after it was raised while still unresolved, by the mocks' clock (which QA
can move: upstream_mocks/clock.py). docs/decisions/complaints-and-reminders.md.

QA control beside the contract: `POST /_mocks/lending/complaints/{ticketNumber}/status` moves a
complaint as the lender's staff would (in progress, resolved with the answer, rejected with
the reason); `GET /_mocks/lending/complaints` lists every complaint.

`GET webRepayment/partnerComplaints?mobileNumber=` is a partner call (the store's partner key,
like partnerRepayments): a borrower's complaints for the platform's support desk, newest first.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Annotated, Any, Literal

import msgspec
from litestar import Request, Response, get, post
from litestar.handlers import HTTPRouteHandler
from litestar.params import FromPath, JSONBody

from upstream_mocks.clock import mocks_now
from upstream_mocks.envelope import envelope
from upstream_mocks.ist import IST
from upstream_mocks.lending.notices import notify
from upstream_mocks.lending.partner_key import partner_refused
from upstream_mocks.lending.reminders import remember_language
from upstream_mocks.lending.seed import Borrower, LendingState
from upstream_mocks.texts import Language, requested, style, texts
from upstream_mocks.world import MockWorld

Caller = Callable[[Request[Any, Any, Any], int], tuple[Borrower | None, Response[Any] | None]]

OMBUDSMAN_PORTAL = "cms.rbi.org.in"  # where RBI's Integrated Ombudsman takes complaints
ANSWER_WITHIN = timedelta(days=30)  # RBI: a complaint unanswered this long may go to the Ombudsman
Category = Literal["charges", "recovery", "payment", "loanDetails", "other"]
# The platform (the lending service provider) or the lender (the regulated entity): RBI's Digital
# Lending Directions give each its own grievance officer.
Against = Literal["platform", "lender"]
Status = Literal["received", "inProgress", "resolved", "rejected"]
FINAL: tuple[Status, ...] = ("resolved", "rejected")
_MOBILE = re.compile(r"^[0-9]{10}$")


class NewComplaint(msgspec.Struct, rename="camel", forbid_unknown_fields=True, kw_only=True):
    user_id: int
    category: Category
    text: Annotated[str, msgspec.Meta(min_length=10, max_length=2000)]
    loan_number: Annotated[str, msgspec.Meta(min_length=1, max_length=40)] | None = None
    payment_log_id: int | None = None
    against: Against = "lender"
    against_name: Annotated[str, msgspec.Meta(min_length=1, max_length=120)] | None = None


class Complaint(msgspec.Struct, kw_only=True):
    ticket_number: str
    user_id: int
    category: Category
    text: str
    loan_number: str | None
    payment_log_id: int | None
    raised_at: datetime
    updated_at: datetime
    status: Status = "received"
    against: Against = "lender"
    against_name: str | None = None
    answer: str | None = None
    rejection_reason: str | None = None


class ComplaintsState(msgspec.Struct):
    complaints: dict[str, Complaint] = msgspec.field(default_factory=dict)
    next_number: int = 100001


class StatusChange(msgspec.Struct, rename="camel", forbid_unknown_fields=True, kw_only=True):
    """QA: what the lender's staff did with a complaint."""

    status: Literal["inProgress", "resolved", "rejected"]
    answer: Annotated[str, msgspec.Meta(min_length=1, max_length=2000)] | None = None
    reason: Annotated[str, msgspec.Meta(min_length=1, max_length=2000)] | None = None


def ombudsman_open(complaint: Complaint, moment: datetime) -> bool:
    if complaint.status == "rejected":
        return True
    return complaint.status not in FINAL and moment >= complaint.raised_at + ANSWER_WITHIN


def view(complaint: Complaint, moment: datetime) -> dict[str, Any]:
    """The contract's Complaint: optional fields only when they have a value."""
    found: dict[str, Any] = {
        "ticketNumber": complaint.ticket_number,
        "category": complaint.category,
        "text": complaint.text,
        "status": complaint.status,
        "raisedAt": complaint.raised_at.isoformat(timespec="seconds"),
        "updatedAt": complaint.updated_at.isoformat(timespec="seconds"),
        "answerDueBy": (complaint.raised_at + ANSWER_WITHIN).astimezone(IST).date().isoformat(),
        "ombudsmanOpen": ombudsman_open(complaint, moment),
        "against": complaint.against,
    }
    optional = {
        "loanNumber": complaint.loan_number,
        "paymentLogId": complaint.payment_log_id,
        "againstName": complaint.against_name,
        "answer": complaint.answer,
        "rejectionReason": complaint.rejection_reason,
    }
    found.update({key: value for key, value in optional.items() if value is not None})
    return found


def complaint_routes(world: MockWorld, caller: Caller) -> list[HTTPRouteHandler]:
    world.register("complaints", ComplaintsState)

    def state() -> ComplaintsState:
        st: ComplaintsState = world.states["complaints"]
        return st

    def lending() -> LendingState:
        st: LendingState = world.states["lending"]
        return st

    def user_of(request: Request[Any, Any, Any]) -> int | None:
        try:
            return int(request.query_params.get("userId", ""))
        except ValueError:
            return None

    def refers_elsewhere(borrower: Borrower, body: NewComplaint) -> str | None:
        """Why the loan or payment named is not the borrower's, or None."""
        # Every loan the lender keeps for them (a current and a closed one, say), as their loans call lists.
        kept = world.states["loans"].get(borrower.user_id, []) if "loans" in world.states else []
        loans = {borrower.loan_number or f"LN-{borrower.user_id}"} | {loan.loan_number for loan in kept}
        if body.loan_number is not None and body.loan_number not in loans:
            return "Loan not found for this borrower"
        payment = lending().payment_logs.get(body.payment_log_id) if body.payment_log_id is not None else None
        if body.payment_log_id is not None and (payment is None or payment.user_id != borrower.user_id):
            return "Payment not found for this borrower"
        return None

    @post("/webRepayment/complaints", status_code=200)
    async def raise_complaint(request: Request[Any, Any, Any]) -> Response[Any]:
        try:
            body = msgspec.json.decode(await request.body(), type=NewComplaint)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            return envelope(None, f"Invalid request: {exc}", 400)
        borrower, rejected = caller(request, body.user_id)
        if rejected:
            return rejected
        if borrower is None:
            return envelope(None, "Borrower not found", 404)
        if not body.text.strip():
            return envelope(None, "Invalid request: text is empty", 400)
        if (elsewhere := refers_elsewhere(borrower, body)) is not None:
            return envelope(None, elsewhere, 400)
        st = state()
        moment = mocks_now(world)
        complaint = Complaint(
            ticket_number=f"CMP{st.next_number}",
            user_id=borrower.user_id,
            category=body.category,
            text=body.text.strip(),
            loan_number=body.loan_number,
            payment_log_id=body.payment_log_id,
            against=body.against,
            against_name=body.against_name,
            raised_at=moment,
            updated_at=moment,
        )
        st.next_number += 1
        st.complaints[complaint.ticket_number] = complaint
        language = requested(request.headers)
        remember_language(world, borrower.user_id, language)
        await acknowledge(world, borrower, complaint, language)  # acknowledged before the ticket is answered
        return envelope(view(complaint, moment), "Complaint registered")

    @get("/webRepayment/complaints")
    async def list_complaints(request: Request[Any, Any, Any]) -> Response[Any]:
        user_id = user_of(request)
        if user_id is None:
            return envelope(None, "Invalid request: userId must be an integer", 400)
        borrower, rejected = caller(request, user_id)
        if rejected:
            return rejected
        if borrower is None:
            return envelope(None, "Borrower not found", 404)
        moment = mocks_now(world)
        mine = [c for c in state().complaints.values() if c.user_id == user_id]
        mine.sort(key=lambda c: c.ticket_number, reverse=True)
        return envelope([view(c, moment) for c in mine], "Complaints")

    @get("/webRepayment/complaints/{ticket_number:str}")
    async def one_complaint(request: Request[Any, Any, Any], ticket_number: FromPath[str]) -> Response[Any]:
        user_id = user_of(request)
        if user_id is None:
            return envelope(None, "Invalid request: userId must be an integer", 400)
        borrower, rejected = caller(request, user_id)
        if rejected:
            return rejected
        complaint = state().complaints.get(ticket_number)
        if borrower is None or complaint is None or complaint.user_id != user_id:
            return envelope(None, "Complaint not found", 404)
        return envelope(view(complaint, mocks_now(world)), "Complaint")

    @get("/webRepayment/partnerComplaints")
    async def partner_complaints(request: Request[Any, Any, Any]) -> Response[Any]:
        refused = partner_refused(request, world.settings.partner_key)
        if refused is not None:
            return refused
        mobile = request.query_params.get("mobileNumber")
        if mobile is None or not _MOBILE.match(mobile):
            return envelope(None, "Invalid mobile number", 400)
        borrower = lending().borrowers.get(mobile)
        # A number the lender does not know has no complaints: never a 404 that says who is a borrower.
        if borrower is None:
            return envelope([], "Complaints")
        moment = mocks_now(world)
        theirs = [c for c in state().complaints.values() if c.user_id == borrower.user_id]
        theirs.sort(key=lambda c: c.ticket_number, reverse=True)
        return envelope([view(c, moment) for c in theirs], "Complaints")

    # QA controls (not part of the upstream contract).
    @post("/complaints/{ticket_number:str}/status", status_code=200)
    async def change_status(ticket_number: FromPath[str], data: JSONBody[StatusChange]) -> Response[Any]:
        complaint = state().complaints.get(ticket_number)
        if complaint is None:
            return Response({"message": "No such complaint"}, status_code=404)
        if complaint.status in FINAL:
            return Response({"message": f"The complaint is already {complaint.status}"}, status_code=409)
        if data.status == "resolved" and data.answer is None:
            return Response({"message": "A resolved complaint needs the answer"}, status_code=400)
        if data.status == "rejected" and data.reason is None:
            return Response({"message": "A rejected complaint needs the reason"}, status_code=400)
        complaint.status = data.status
        complaint.answer = data.answer if data.status == "resolved" else None
        complaint.rejection_reason = data.reason if data.status == "rejected" else None
        complaint.updated_at = mocks_now(world)
        return Response(view(complaint, complaint.updated_at))

    @get("/complaints")
    async def all_complaints() -> list[dict[str, Any]]:
        moment = mocks_now(world)
        return [view(c, moment) for c in state().complaints.values()]

    return [raise_complaint, list_complaints, one_complaint, partner_complaints, change_status, all_complaints]


async def acknowledge(world: MockWorld, borrower: Borrower, complaint: Complaint, language: Language) -> None:
    """A new ticket's acknowledgement, by SMS and (where the lender has an address) mail, in the
    borrower's language: every lender's complaints desk says the same."""
    words = texts(language)
    fields = {"ticket": complaint.ticket_number, "date": style.day(language, complaint.raised_at.astimezone(IST))}
    await notify(
        world,
        borrower,
        sms="complaint_sms_received",
        subject=words.complaint_mail_subject.format(**fields),
        message=words.complaint_mail_message.format(**fields, ombudsman=OMBUDSMAN_PORTAL),
        kind="complaintReceived",
        reference=complaint.ticket_number,
        language=language,
        fields=fields,
    )
