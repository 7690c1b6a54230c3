"""Mock of the Fineract lender's companion service: the parts of our own lending contract
(contracts/lending.openapi.yaml) that Fineract's API has no call for, served by the same lender
from the same books: each loan's Key Facts Statement, statement of account, its documents as PDFs
(Key Facts, statement, schedule), complaints, a loan's AutoPay mandate and its debits (autopay.py:
each debit taken booked in Fineract once), and a repayment's receipt: the PDF for the borrower to
download (`paymentReceipt`, its `paymentLogId` Fineract's transaction id; paid online, through
the provider) and mailed again (the
support desk's `partnerReceipt`), one drawing for both (upstream_mocks/fineract/receipts.py).

Every figure is read from the Fineract mock's books (`world.states["fineract"]`) at the moment it
is asked for, as a lender's companion service reads its own core lending system: principal, rate,
schedule, transactions and penalties are Fineract's, so the companion never holds a second truth.
What Fineract does not keep (fees, the penal charge's terms, cooling-off, foreclosure, recovery
agents, the grievance officer) is this lender's, below.

The gateway calls it server to server: `Authorization: Bearer <its key>` (the mock's:
`mock-companion-key`; the same key as `x-partner-key` on the support desk's `partnerComplaints`)
and `userId` the Fineract client id, after the gateway checked the loan is that client's in
Fineract. Loan numbers are `FIN-<accountNo>`; complaint tickets are numbered from
CMP700001, apart from our own lender's.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

import msgspec
from anyio import to_thread
from litestar import Request, Response, get, post
from litestar.params import FromPath

from upstream_mocks.built_on_use import BuiltOnUse, mock_app
from upstream_mocks.clock import mocks_now, mocks_today
from upstream_mocks.envelope import envelope
from upstream_mocks.fineract.autopay import fineract_books
from upstream_mocks.fineract.receipts import CLOSE_PREFIX, EMAILS, online, receipt_facts
from upstream_mocks.fineract.reminders import link_of_code as fineract_link_of_code
from upstream_mocks.fineract.reminders import reminder_routes, stale
from upstream_mocks.fineract.seed import Client, FineractState
from upstream_mocks.fineract.seed import Loan as Books
from upstream_mocks.lending.autopay_mandates import mandate_routes
from upstream_mocks.lending.certificates import render_loan_certificate
from upstream_mocks.lending.complaints import Complaint, ComplaintsState, NewComplaint, view
from upstream_mocks.lending.complaints import acknowledge as acknowledge_complaint
from upstream_mocks.lending.link_codes import answer_code
from upstream_mocks.lending.loan_documents import render_key_facts, render_schedule, render_statement
from upstream_mocks.lending.loan_views import key_facts_view, statement_view
from upstream_mocks.lending.loans import (
    Fee,
    GrievanceOfficer,
    Instalment,
    InstalmentState,
    Lender,
    Loan,
    Position,
    RecoveryAgent,
    StatementRow,
)
from upstream_mocks.lending.mandate_debits import mandate_debit_routes
from upstream_mocks.lending.receipts import mail_receipt, render_receipt
from upstream_mocks.lending.seed import Borrower
from upstream_mocks.money import rupees
from upstream_mocks.texts import Language, requested
from upstream_mocks.world import MockWorld

LOAN_PREFIX = "FIN-"
FIRST_TICKET = 700001
ZERO = Decimal("0.00")

VIKAS = Lender(
    name="Vikas Microfinance Ltd",
    registration="N-14.03599",
    website="https://vikas-microfinance.example/",
    grievance_officer=GrievanceOfficer(
        name="Anjali Deshmukh",
        email="grievance@vikas-microfinance.example",
        phone="1800 120 4455",
        address="Vikas Bhavan, 22 Station Road, Pune, Maharashtra 411001",
    ),
    recovery_agents=(RecoveryAgent(name="Vikas Field Collections", phone="020 4000 7700"),),
)
PROCESSING_FEE_PERCENT = Decimal("1")  # of the principal, deducted at disbursement
PENAL_CHARGE = Decimal("150.00")  # per missed instalment, as the lender levies it in Fineract
COOLING_OFF_DAYS = 3


def _apr(net: Decimal, instalments: list[Decimal]) -> Decimal:
    """All costs included, a year: twelve times the monthly rate at which the instalments repay
    what was actually paid out (an IRR, by bisection, to the hundredth of a percent)."""
    low, high = Decimal(0), Decimal(1)
    for _ in range(60):
        rate = (low + high) / 2
        worth = sum((amount / (1 + rate) ** (n + 1) for n, amount in enumerate(instalments)), Decimal(0))
        low, high = (rate, high) if worth > net else (low, rate)
    return (low * 1200).quantize(Decimal("0.01"))


def terms(books: Books) -> Loan:
    """The loan as our contract states it: Fineract's figures, this lender's terms."""
    fees = (Fee(kind="processing", amount=rupees(books.principal * PROCESSING_FEE_PERCENT / 100), payable_to="lender"),)
    net = books.principal - sum((fee.amount for fee in fees), ZERO)
    return Loan(
        loan_number=f"{LOAN_PREFIX}{books.account_no}",
        user_id=books.client_id or 0,  # asked only of a client's loan (a group's has no client)
        lender=VIKAS,
        lsp_name="VoltKhata",
        sanctioned=books.principal,
        disbursed_on=books.disbursed,
        annual_rate=books.annual_rate,
        apr=_apr(net, [p.principal + p.interest for p in books.periods]),
        instalments=tuple(
            Instalment(number=p.number, due_on=p.due, principal=p.principal, interest=p.interest) for p in books.periods
        ),
        fees=fees,
        penal_charge=PENAL_CHARGE,
        cooling_off_days=COOLING_OFF_DAYS,
        # The charge the lender set on the loan in Fineract: none on a floating-rate loan (RBI).
        foreclosure_charge_percent=books.foreclosure_fee_percent,
        rate_type="floating" if books.floating else "fixed",
    )


def position(books: Books, today: date) -> Position:
    """The loan's ledger up to `today`, row by row from Fineract's books: the disbursement, each
    instalment's interest falling due, each penalty Fineract levied (the day after the due date)
    and each repayment with Fineract's own split."""
    events: list[tuple[date, int, StatementRow]] = [
        (books.disbursed, 0, StatementRow(on=books.disbursed, kind="disbursement", debit=books.principal))
    ]
    # A loan foreclosed before its term: the periods not yet due then fall due that day (their
    # interest, recast by Fineract to the days gone, is what the foreclosure paid).
    closing = next((t.on for t in books.transactions if t.kind == "repayment" and t.balance == 0), None)
    for p in books.periods:
        on = min(p.due, closing) if closing is not None else p.due
        if on < p.due and p.interest == 0:
            continue
        events.append((on, 1, StatementRow(on=on, kind="instalmentDue", instalment=p.number, debit=p.interest)))
        if p.penalty > 0:
            on = p.due + timedelta(days=1)
            events.append((on, 0, StatementRow(on=on, kind="penalCharge", instalment=p.number, debit=p.penalty)))
    foreclosures: set[int] = set()  # the rows of payments that foreclosed the loan
    for t in books.transactions:
        if t.kind != "repayment":
            continue
        reference = (t.external_id or f"FIN-TXN-{t.id}").removeprefix("pg-")
        row = StatementRow(
            on=t.on,
            kind="payment",
            reference=reference,
            # What went to the loan: a part beyond everything owed was given back (a credit balance
            # refund), as our own lender's statement counts a payment for its part on the loan.
            credit=t.amount - t.overpayment,
            allocation=(t.penalty, t.interest, t.principal),
        )
        events.append((t.on, 2, row))
        if t.external_id is not None and t.external_id.startswith(CLOSE_PREFIX):
            foreclosures.add(id(row))
    rows: list[StatementRow] = []
    balance = ZERO
    for on, _, row in sorted(events, key=lambda e: (e[0], e[1])):
        if on > today:
            break
        balance += row.debit - row.credit
        if id(row) in foreclosures:
            # It paid everything owed that day, the foreclosure charge and the interest to the day
            # (never a row of their own) too: nothing is left, as our own lender's statement has it.
            balance = ZERO
        row.balance = balance
        rows.append(row)
    due = [p for p in books.periods if p.due < today]
    unpaid = [p for p in due if p.paid < p.total]
    principal_outstanding = books.principal - sum((p.principal_paid for p in books.periods), ZERO)
    return Position(
        today=today,
        principal_outstanding=principal_outstanding,
        principal_due=sum((p.principal - p.principal_paid for p in due), ZERO),
        interest_due=sum((p.interest - p.interest_paid for p in due), ZERO),
        interest_accrued=ZERO,
        charges_due=sum((p.penalty - p.penalty_paid for p in due), ZERO),
        instalments=[
            InstalmentState(
                instalment=Instalment(number=p.number, due_on=p.due, principal=p.principal, interest=p.interest),
                principal_paid=p.principal_paid,
                interest_paid=p.interest_paid,
                charged=p.penalty > 0,
            )
            for p in books.periods
        ],
        rows=rows,
        status="overdue" if unpaid else "closed" if principal_outstanding == 0 else "current",
        days_past_due=(today - unpaid[0].due).days if unpaid else 0,
        closed_on=None,
    )


class ReceiptBody(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    order_id: str


def _pdf(content: bytes, name: str) -> Response[bytes]:
    return Response(
        content, media_type="application/pdf", headers={"content-disposition": f'attachment; filename="{name}.pdf"'}
    )


def _date(value: str | None) -> date | None:
    try:
        return date.fromisoformat(value) if value else None
    except ValueError:
        return None


def create_app(world: MockWorld) -> BuiltOnUse:
    world.register("fineract_companion", ComplaintsState)
    # partnerReceipt's Idempotency-Key -> (the order it was for, the answer it got): a retried
    # click mails once.
    world.register("fineract_companion_receipts", dict)

    def books() -> FineractState:
        st: FineractState = world.states["fineract"]
        return st

    def complaints() -> ComplaintsState:
        st: ComplaintsState = world.states["fineract_companion"]
        return st

    def client_of(request: Request[Any, Any, Any], user_id: str | int | None = None) -> Client | Response[Any]:
        """The client the gateway asks for, or the answer refusing it."""
        if request.headers.get("authorization") != f"Bearer {world.settings.companion_key}":
            return envelope(None, "Unauthorized", 401)
        try:
            client_id = int(user_id if user_id is not None else request.query_params.get("userId", ""))
        except ValueError:
            return envelope(None, "Invalid request: userId must be an integer", 400)
        client = books().clients.get(client_id)
        return client if client is not None else envelope(None, "Borrower not found", 404)

    def find(request: Request[Any, Any, Any], loan_number: str) -> tuple[Client, Books] | Response[Any]:
        client = client_of(request)
        if isinstance(client, Response):
            return client
        loan = next(
            (
                loan
                for loan in books().loans.values()
                if loan.client_id == client.id and f"{LOAN_PREFIX}{loan.account_no}" == loan_number
            ),
            None,
        )
        return (client, loan) if loan is not None else envelope(None, "Loan not found", 404)

    def period(request: Request[Any, Any, Any]) -> tuple[date, date] | Response[Any]:
        start, end = _date(request.query_params.get("from")), _date(request.query_params.get("to"))
        if start is None or end is None:
            return envelope(None, "Invalid request: from and to must be dates (YYYY-MM-DD)", 400)
        if start > end:
            return envelope(None, "Invalid request: from must not be after to", 400)
        if end > mocks_today(world):
            return envelope(None, "Invalid request: a statement ends today at the latest", 400)
        return start, end

    async def acknowledge(client: Client, complaint: Complaint, language: Language) -> None:
        """By SMS to the client's number in Fineract (the lender keeps no e-mail there)."""
        borrower = Borrower(
            user_id=client.id,
            user_name=client.display_name,
            mobile_number=client.mobile,
            total_repayment_amount=None,
            remaining_amount=ZERO,
            late_fees=ZERO,
            pending_amount=ZERO,
        )
        await acknowledge_complaint(world, borrower, complaint, language)

    @get("/webRepayment/loans/{loan_number:str}/keyFacts")
    async def key_facts(request: Request[Any, Any, Any], loan_number: FromPath[str]) -> Response[Any]:
        found = find(request, loan_number)
        if isinstance(found, Response):
            return found
        client, loan = found
        return envelope(key_facts_view(terms(loan), client.display_name), "Key facts")

    @get("/webRepayment/loans/{loan_number:str}/keyFacts/pdf")
    async def key_facts_pdf(request: Request[Any, Any, Any], loan_number: FromPath[str]) -> Response[Any]:
        found = find(request, loan_number)
        if isinstance(found, Response):
            return found
        client, loan = found
        language = requested(request.headers)
        content = await to_thread.run_sync(
            render_key_facts, terms(loan), client.display_name, mocks_today(world), language
        )
        return _pdf(content, f"key-facts-{loan_number}-{language}")

    @get("/webRepayment/loans/{loan_number:str}/statement")
    async def statement(request: Request[Any, Any, Any], loan_number: FromPath[str]) -> Response[Any]:
        dates = period(request)
        if isinstance(dates, Response):
            return dates
        found = find(request, loan_number)
        if isinstance(found, Response):
            return found
        _, loan = found
        return envelope(statement_view(terms(loan), position(loan, dates[1]), dates[0]), "Statement of account")

    @get("/webRepayment/loans/{loan_number:str}/statement/pdf")
    async def statement_pdf(request: Request[Any, Any, Any], loan_number: FromPath[str]) -> Response[Any]:
        dates = period(request)
        if isinstance(dates, Response):
            return dates
        found = find(request, loan_number)
        if isinstance(found, Response):
            return found
        client, loan = found
        language = requested(request.headers)
        at = position(loan, dates[1])
        content = await to_thread.run_sync(render_statement, terms(loan), client.display_name, at, dates[0], language)
        return _pdf(content, f"statement-{loan_number}-{dates[0]}-{dates[1]}")

    @get("/webRepayment/loans/{loan_number:str}/noDues/pdf")
    async def no_dues_pdf(request: Request[Any, Any, Any], loan_number: FromPath[str]) -> Response[Any]:
        """A loan Fineract closed: repaid instalment by instalment, or foreclosed before its last due date."""
        found = find(request, loan_number)
        if isinstance(found, Response):
            return found
        client, loan = found
        if any(p.paid < p.total for p in loan.periods):
            return envelope(None, "A no-dues certificate is issued once the loan is closed", 409)
        last = max((t for t in loan.transactions if t.kind == "repayment"), key=lambda t: t.on, default=None)
        if last is None:
            return envelope(None, "A no-dues certificate is issued once the loan is closed", 409)
        foreclosed = last.amount if last.on < loan.periods[-1].due and last.balance == 0 else None
        language = requested(request.headers)
        content = await to_thread.run_sync(
            render_loan_certificate, terms(loan), client.display_name, last.on, foreclosed, language
        )
        return _pdf(content, f"no-dues-{loan_number}-{language}")

    @get("/webRepayment/loans/{loan_number:str}/schedule/pdf")
    async def schedule_pdf(request: Request[Any, Any, Any], loan_number: FromPath[str]) -> Response[Any]:
        found = find(request, loan_number)
        if isinstance(found, Response):
            return found
        client, loan = found
        language = requested(request.headers)
        at = position(loan, mocks_today(world))
        content = await to_thread.run_sync(render_schedule, terms(loan), client.display_name, at, language)
        return _pdf(content, f"schedule-{loan_number}")

    @post("/webRepayment/complaints", status_code=200)
    async def raise_complaint(request: Request[Any, Any, Any]) -> Response[Any]:
        try:
            body = msgspec.json.decode(await request.body(), type=NewComplaint)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            return envelope(None, f"Invalid request: {exc}", 400)
        client = client_of(request, body.user_id)
        if isinstance(client, Response):
            return client
        if not body.text.strip():
            return envelope(None, "Invalid request: text is empty", 400)
        mine = {f"{LOAN_PREFIX}{loan.account_no}" for loan in books().loans.values() if loan.client_id == client.id}
        if body.loan_number is not None and body.loan_number not in mine:
            return envelope(None, "Loan not found for this borrower", 400)
        st = complaints()
        moment: datetime = mocks_now(world)
        complaint = Complaint(
            ticket_number=f"CMP{FIRST_TICKET + len(st.complaints)}",
            user_id=client.id,
            category=body.category,
            text=body.text.strip(),
            loan_number=body.loan_number,
            payment_log_id=body.payment_log_id,
            against=body.against,
            against_name=body.against_name,
            raised_at=moment,
            updated_at=moment,
        )
        st.complaints[complaint.ticket_number] = complaint
        await acknowledge(client, complaint, requested(request.headers))  # before the ticket is answered
        return envelope(view(complaint, moment), "Complaint registered")

    @get("/webRepayment/complaints")
    async def list_complaints(request: Request[Any, Any, Any]) -> Response[Any]:
        client = client_of(request)
        if isinstance(client, Response):
            return client
        moment = mocks_now(world)
        mine = sorted(
            (c for c in complaints().complaints.values() if c.user_id == client.id),
            key=lambda c: c.ticket_number,
            reverse=True,
        )
        return envelope([view(c, moment) for c in mine], "Complaints")

    @get("/webRepayment/complaints/{ticket_number:str}")
    async def one_complaint(request: Request[Any, Any, Any], ticket_number: FromPath[str]) -> Response[Any]:
        client = client_of(request)
        if isinstance(client, Response):
            return client
        complaint = complaints().complaints.get(ticket_number)
        if complaint is None or complaint.user_id != client.id:
            return envelope(None, "Complaint not found", 404)
        return envelope(view(complaint, mocks_now(world)), "Complaint")

    @get("/webRepayment/partnerComplaints")
    async def partner_complaints(request: Request[Any, Any, Any]) -> Response[Any]:
        """The support desk's call: a number's complaints (none for a number the lender does not know)."""
        if request.headers.get("x-partner-key") != world.settings.companion_key:
            return envelope(None, "Unauthorized", 401)
        mobile = request.query_params.get("mobileNumber", "")
        client = next((c for c in books().clients.values() if c.mobile == mobile), None)
        moment = mocks_now(world)
        mine = [] if client is None else [c for c in complaints().complaints.values() if c.user_id == client.id]
        mine.sort(key=lambda c: c.ticket_number, reverse=True)
        return envelope([view(c, moment) for c in mine], "Complaints")

    @get("/webRepayment/paymentReceipt")
    async def payment_receipt(request: Request[Any, Any, Any]) -> Response[Any]:
        """The borrower's receipt of a repayment paid online, by Fineract's transaction id: the PDF
        partnerReceipt mails. A repayment taken at a branch has the branch's receipt, not this one."""
        client = client_of(request)
        if isinstance(client, Response):
            return client
        try:
            transaction_id = int(request.query_params.get("paymentLogId", ""))
        except ValueError:
            return envelope(None, "Invalid request: userId and paymentLogId must be integers", 400)
        found = next(
            (
                (loan, t)
                for loan in books().loans.values()
                if loan.client_id == client.id
                for t in loan.transactions
                if t.id == transaction_id and online(t) is not None
            ),
            None,
        )
        if found is None:
            return envelope(None, "No receipt: the payment is not found or not paid", 404)
        loan, t = found
        facts = await receipt_facts(world, client, loan, t, VIKAS.name, VIKAS.registration)
        content = await to_thread.run_sync(render_receipt, facts, requested(request.headers))
        return _pdf(content, f"receipt-{facts.receipt_number}")

    @post("/webRepayment/partnerReceipt", status_code=200)
    async def partner_receipt(request: Request[Any, Any, Any]) -> Response[Any]:
        """The support desk's call: mail a paid repayment's receipt to the borrower again."""
        if request.headers.get("x-partner-key") != world.settings.companion_key:
            return envelope(None, "Unauthorized", 401)
        try:
            body = msgspec.json.decode(await request.body(), type=ReceiptBody)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            return envelope(None, f"Invalid request: {exc}", 400)
        key = request.headers.get("idempotency-key")
        sent: dict[str, tuple[str, dict[str, str]]] = world.states["fineract_companion_receipts"]
        if key is not None and key in sent:
            if sent[key][0] != body.order_id:
                return envelope(None, "This Idempotency-Key was used for another request.", 422)
            return envelope(sent[key][1], "Receipt sent again")
        found = next(
            (
                (loan, t)
                for loan in books().loans.values()
                for t in loan.transactions
                if (paid := online(t)) is not None and paid[0] == body.order_id
            ),
            None,
        )
        if found is None or found[0].client_id is None:  # a group's loan is paid at its branch, not online
            return envelope(None, "No such repayment", 404)
        loan, t = found
        client = books().clients[loan.client_id or 0]
        email = EMAILS.get(client.id)
        if email is None:
            return envelope(None, "The borrower has no e-mail address", 409)
        answer = {"orderId": body.order_id, "email": email}
        if key is not None:  # kept before the provider is asked: a repeat meanwhile mails nothing more
            sent[key] = (body.order_id, answer)
        facts = await receipt_facts(world, client, loan, t, VIKAS.name, VIKAS.registration)
        world.spawn(mail_receipt(world, facts, email))
        return envelope(answer, "Receipt sent again")

    @get("/webRepayment/partnerPaymentLinks/{code:str}")
    async def partner_payment_link(request: Request[Any, Any, Any], code: FromPath[str]) -> Response[Any]:
        """The platform's call behind a reminder's short link (`/l/<code>`) of this lender's reminders."""
        return await answer_code(
            world,
            request,
            code,
            world.settings.companion_key,
            fineract_link_of_code,
            lambda w, link, left: stale(w, link, left, position),
            world.settings.fineract_account,
        )

    autopay = fineract_books(world, position, VIKAS)
    return mock_app(
        [
            *mandate_debit_routes(world, autopay),
            *mandate_routes(world, autopay),
            partner_payment_link,
            *reminder_routes(world, position),
            payment_receipt,
            partner_receipt,
            partner_complaints,
            key_facts,
            key_facts_pdf,
            statement,
            statement_pdf,
            schedule_pdf,
            no_dues_pdf,
            raise_complaint,
            list_complaints,
            one_complaint,
        ],
    )
