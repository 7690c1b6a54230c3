"""The lender conformance kit: every adapter in LENDERS, asked each operation of the lending port
as the gateway would ask it, for a sandbox borrower, and reported call by call.

    python -m gateway.upstreams.lenders.kit [--borrower KIND=MOBILE ...] [--allow-writes]

(`make lender-kit`.) The lenders are the deployment's: LENDERS and each one's URL and credentials
from the environment (LENDING_URL, FINERACT_URL, ...; unset, the in-process mocks). For each
adapter the kit first signs in as the sandbox borrower (the partner login a verified number
gets); then each operation is one line:

- PASS: it answered, and the answer keeps the port's promises (amounts exact to the paisa, what
  is owed adds up, a split adds up to the amount, a PDF is a PDF);
- UNSUPPORTED: the adapter says its lender has no such call (`LenderCannot`), and what provides
  it instead (with several lenders, the router asks the others);
- DIFFERS: it answered, but not as the port promises (says what);
- FAIL: an error answer or none: the call was not exercised, and never counts as working.

An operation an adapter's lender API has no call for, supplied instead by its companion service or
by the first lender (the adapter's `supplied_by`), says so at the end of its line: `[companion
service]`. Every operation of the port gets a line for every adapter (`PORT_OPERATIONS`): one the
kit could not ask says why (SKIP), and without a sign-in every one FAILs, not exercised. The
summary per adapter is a conformance score (working of asked, and how many of them its companion
service supplies); the exit code is 0 only when nothing FAILs or DIFFERs.

`--allow-writes` (a sandbox only) also sends a code by SMS, creates a checkout for the smallest
amount and asks how it went (unpaid: not booked), and then meets the failures a lender has
(kit_semantics.py): a real repayment booked while its first booking fails (and is replayed under
its key), asked again (never a second booking), followed up with no borrower (`settle_order`), its
answer lost after the booking, and one waiting for the lender's checker; and runs a credit line's
life for a sandbox applicant without credit (`--applicant KIND=MOBILE`).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Awaitable, Callable
from datetime import timedelta
from decimal import Decimal
from typing import Any, Literal

import msgspec

from gateway.embedded import embed
from gateway.plumbing.clock import Clock
from gateway.plumbing.errors import GatewayError
from gateway.settings import Settings
from gateway.upstreams.http import build_upstreams, close_upstreams
from gateway.upstreams.lenders.choice import ADAPTERS, lender_kinds
from gateway.upstreams.lenders.complaints import Category
from gateway.upstreams.lenders.kit_sandbox import Sandbox
from gateway.upstreams.lenders.kit_semantics import Semantics
from gateway.upstreams.lenders.port import CreditApplicationForm, Lender, LenderCannot, NewComplaint, Settlement
from gateway.upstreams.transport import collect_closed_clients

SANDBOX_BORROWERS = {"native": "9876543210", "fineract": "9811122233"}  # the mocks' seed borrowers
SANDBOX_APPLICANTS = {"native": "9000012345"}  # a mock shopper without credit, for a line's life
# Every operation the port declares, in its order: each adapter's report has a line for each.
PORT_OPERATIONS = [name for name, value in vars(Lender).items() if callable(value) and not name.startswith("_")]
NO_SIGN_IN = "no sign-in: not exercised"
COMPLAINT_CATEGORY: Category = "other"
UNSUPPORTED = "the lender's API has no such call: with several lenders, the router asks the others in LENDERS"
NEEDS_AN_APPLICANT = "a credit line's life needs a sandbox applicant without credit: pass --applicant KIND=MOBILE"
PAISA = Decimal("0.01")
Verdict = Literal["PASS", "UNSUPPORTED", "DIFFERS", "FAIL", "SKIP"]


class Line(msgspec.Struct, kw_only=True):
    operation: str
    verdict: Verdict
    note: str = ""
    source: str = ""  # who supplies it when not the lender's own API ("companion service")


class Report(msgspec.Struct, kw_only=True):
    kind: str
    borrower: str
    lines: list[Line] = msgspec.field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not any(line.verdict in ("FAIL", "DIFFERS") for line in self.lines)

    def score(self) -> str:
        asked = [line for line in self.lines if line.verdict != "SKIP"]
        counts = {v: sum(line.verdict == v for line in asked) for v in ("PASS", "UNSUPPORTED", "DIFFERS", "FAIL")}
        companion = sum(line.source == "companion service" for line in asked)
        return (
            f"{self.kind} (sandbox borrower {self.borrower}): {counts['PASS']} of {len(asked)} operations work, "
            f"{counts['UNSUPPORTED']} unsupported, {counts['DIFFERS']} differ, {counts['FAIL']} fail"
            + (f"; {companion} from its companion service" if companion else "")
        )


def inexact(value: Any, path: str = "$") -> list[str]:
    """Where an answer holds an amount that is not whole paise (the port's money is exact)."""
    if isinstance(value, Decimal):
        return [] if value == value.quantize(PAISA) else [f"{path}: {value} is not whole paise"]
    if isinstance(value, msgspec.Struct):
        return [p for f in value.__struct_fields__ for p in inexact(getattr(value, f), f"{path}.{f}")]
    if isinstance(value, list | tuple):
        return [p for i, item in enumerate(value) for p in inexact(item, f"{path}[{i}]")]
    return []


class Kit:
    def __init__(
        self,
        kind: str,
        lender: Lender,
        borrower: str,
        allow_writes: bool,
        clock: Clock,
        sandbox: Sandbox | None = None,
        applicant: str | None = None,
    ) -> None:
        self.kind = kind
        self.lender = lender
        self.foreclosure: Any = None  # the loan's foreclosure quote, once read
        self.sandbox = sandbox
        self.applicant = applicant
        self.clock = clock  # India's today: the mocks' while mocks are in use (gateway/plumbing/clock.py)
        # What the adapter's lender API cannot do and who supplies it instead (by operation name).
        self.supplied_by: dict[str, str] = getattr(lender, "supplied_by", {})
        self.allow_writes = allow_writes
        self.report = Report(kind=kind, borrower=borrower)

    async def ask(
        self, operation: str, call: Callable[[], Awaitable[Any]], check: Callable[[Any], list[str]] | None = None
    ) -> Any:
        """One operation's line; the answer, or None when it did not answer."""
        try:
            return await self._ask(operation, call, check)
        finally:
            self.report.lines[-1].source = self.supplied_by.get(operation.split(" ")[0], "")

    async def _ask(
        self, operation: str, call: Callable[[], Awaitable[Any]], check: Callable[[Any], list[str]] | None
    ) -> Any:
        try:
            answer = await call()
        except LenderCannot:
            self.report.lines.append(Line(operation=operation, verdict="UNSUPPORTED", note=UNSUPPORTED))
            return None
        except GatewayError as exc:
            status = getattr(exc, "status", None)
            note = f"error answer{f' {status}' if status else ''}: {exc.message}: not exercised"
            self.report.lines.append(Line(operation=operation, verdict="FAIL", note=note))
            return None
        problems = inexact(answer) + (check(answer) if check else [])
        verdict: Verdict = "DIFFERS" if problems else "PASS"
        self.report.lines.append(Line(operation=operation, verdict=verdict, note="; ".join(problems)))
        return answer

    def skip(self, operation: str, why: str) -> None:
        self.report.lines.append(Line(operation=operation, verdict="SKIP", note=why))

    def fail(self, operation: str, why: str) -> None:
        self.report.lines.append(Line(operation=operation, verdict="FAIL", note=why))

    def asked(self) -> set[str]:
        return {line.operation.split(" ")[0] for line in self.report.lines}

    def every_operation(self, why: str, fail: bool = False) -> None:
        """A line for each operation of the port not yet asked: the report lists them all."""
        for operation in PORT_OPERATIONS:
            if operation not in self.asked():
                (self.fail if fail else self.skip)(operation, why)

    async def receipt(self, token: str, uid: int, payment_log_id: int) -> None:
        await self.ask(
            "payment_receipt",
            lambda: self.lender.payment_receipt(token, uid, payment_log_id),
            is_pdf,
        )

    def owns(self, operation: str, judge: Any, value: Any) -> None:
        if operation in self.asked():
            return
        """Whose is it: the lender's own number, judged by its form alone (no call)."""
        verdict: Verdict = "PASS" if judge(value) else "DIFFERS"
        note = "" if verdict == "PASS" else f"does not claim its own {value!r}"
        self.report.lines.append(Line(operation=operation, verdict=verdict, note=note))

    async def run(self) -> Report:
        lender, mobile = self.lender, self.report.borrower
        found = await self.ask(
            "borrower (sign-in)",
            lambda: lender.borrower(mobile),
            lambda a: [] if a is not None else ["no loan account for the sandbox borrower"],
        )
        if not found:
            if self.report.lines[-1].verdict == "PASS":
                self.report.lines[-1].verdict = "FAIL"
            # What needs no borrower's sign-in is still asked; the rest cannot be.
            await self.partner_reads(mobile)
            self.every_operation(NO_SIGN_IN, fail=True)
            return self.report
        token, record = found
        uid = record.user_id
        detail = await self.ask(
            "repayment_detail",
            lambda: lender.repayment_detail(token, uid),
            lambda d: (
                []
                if d.remaining_amount == d.pending_amount + d.late_fees
                else [f"remainingAmount {d.remaining_amount} is not pendingAmount plus lateFees"]
            ),
        )
        history = await self.ask("payment_history", lambda: lender.payment_history(token, uid))
        offered = [e for e in history or [] if e.status == "paid" and e.receipt_available]
        if history:
            self.owns("owns_payment", lender.owns_payment, history[0].payment_log_id)
        if offered:
            await self.receipt(token, uid, offered[0].payment_log_id)
        elif not self.allow_writes:  # with writes, the repayment the kit books has one
            self.skip("payment_receipt", "no paid payment with a receipt: pay one in the sandbox, then run again")
        loans = await self.ask(
            "loans", lambda: lender.loans(token, uid), lambda ls: [] if ls else ["the sandbox borrower has no loans"]
        )
        await self.partner_reads(mobile)
        tickets = await self.ask("complaints", lambda: lender.complaints(token, uid))
        if tickets:
            ticket = tickets[0].ticket_number
            await self.ask("complaint", lambda: lender.complaint(token, uid, ticket))
        if loans:
            loan = next((x for x in loans if x.overdue_amount > 0), loans[0])
            number = loan.loan_number
            self.owns("owns_loan", lender.owns_loan, number)
            await self.loan_reads(token, uid, loan)
        else:
            for operation in ("key_facts", "schedule", "statement", "document (key facts PDF)", "allocation"):
                self.skip(operation, "no loan to ask about")
        if not self.allow_writes:
            await self._cannot(reads_only=True)
            for operation, why in READ_ONLY_UNASKED.items():
                if operation not in self.asked():
                    self.skip(operation, why)
            self.every_operation("changes data: pass --allow-writes against a sandbox")
            return self.report
        await self.ask("send_otp", lambda: lender.send_otp(mobile))
        if loans:
            about = NewComplaint(
                user_id=uid,
                category=COMPLAINT_CATEGORY,
                text="The conformance kit's complaint: please close it.",
                loan_number=loans[0].loan_number,
            )
            raised = await self.ask("raise_complaint", lambda: lender.raise_complaint(token, about))
            if raised is not None and "complaint" not in self.asked():
                number = raised.ticket_number
                await self.ask("complaint", lambda: lender.complaint(token, uid, number))
        await self.writes(token, uid, detail)
        await self.credit_life()
        self.every_operation("not asked: nothing to ask it about in this sandbox")
        return self.report

    async def partner_reads(self, mobile: str) -> None:
        """The platform's calls by number (no borrower's token)."""
        lender = self.lender
        await self.ask("credit_position", lambda: lender.credit_position(mobile))
        lines = await self.ask("credit_lines", lambda: lender.credit_lines(mobile))
        await self.ask("partner_complaints", lambda: lender.partner_complaints(mobile))
        await self.ask("partner_repayments", lambda: lender.partner_repayments("mobileNumber", mobile))
        if lines:
            line = lines[0].line_number
            await self.ask("credit_line_quote", lambda: lender.credit_line_quote(mobile, line, "foreclosure"))

    async def loan_reads(self, token: str, uid: int, loan: Any) -> None:
        lender, number = self.lender, loan.loan_number
        await self.ask("key_facts", lambda: lender.key_facts(token, uid, number))
        await self.ask("schedule", lambda: lender.schedule(token, uid, number))
        end = min(await self.clock.today(), loan.as_of)
        start = max(loan.disbursed_on, end - timedelta(days=90))
        await self.ask("statement", lambda: lender.statement(token, uid, number, start, end))
        await self.ask(
            "document (key facts PDF)",
            lambda: lender.document(token, uid, number, "keyFacts"),
            is_pdf,
        )
        self.foreclosure = await self.ask(
            "foreclosure_quote",
            lambda: lender.foreclosure_quote(token, uid, number),
            lambda q: (
                []
                if q.total == q.principal + q.interest + q.penal_charges + q.foreclosure_charge
                else [f"total {q.total} is not its parts added up"]
            ),
        )
        if loan.overdue_amount <= 0:
            self.skip("allocation", "the sandbox borrower's loans have nothing overdue")
            return
        amount = loan.minimum_payment if loan.minimum_payment > 0 else min(Decimal("1.00"), loan.overdue_amount)

        def adds_up(a: Any) -> list[str]:
            total = a.allocation.penal_charges + a.allocation.interest + a.allocation.principal
            return [] if total == amount else [f"the split adds up to {total}, not {amount}"]

        await self.ask("allocation", lambda: lender.allocation(token, uid, number, amount), adds_up)

    async def writes(self, token: str, uid: int, detail: Any) -> None:
        """A checkout left unpaid, then the failures a lender has (kit_semantics.py)."""
        lender = self.lender
        if detail is None or detail.remaining_amount <= 0:
            self.skip("create_payment_session", "nothing owed by the sandbox borrower")
            return
        smallest = min(Decimal("1.00"), detail.remaining_amount)
        session = await self.ask(
            "create_payment_session",
            lambda: lender.create_payment_session(token, uid, smallest),
            lambda s: [] if s.order_amount == smallest else [f"orderAmount {s.order_amount}, asked {smallest}"],
        )
        if session is None:
            return
        self.owns("owns_order", lender.owns_order, session.order_id)
        self.owns("owns_payment", lender.owns_payment, session.id)
        await self.ask(
            "update_payment_status (unpaid)",
            lambda: lender.update_payment_status(token, uid, session.id, session.order_id),
            lambda m: [] if m is not Settlement.COMPLETED else ["an unpaid checkout settled as paid"],
        )
        await Semantics(self, token, uid, smallest).run()
        await self.foreclosure_checkout(token, uid)

    async def foreclosure_checkout(self, token: str, uid: int) -> None:
        """A checkout for the loan's foreclosure, left unpaid (paying it would close the sandbox
        borrower's loan): the lender says it is not paid. Today's quote is read again first: the
        repayments the kit booked changed it."""
        lender = self.lender
        unsupported = any(
            line.operation == "foreclosure_quote" and line.verdict == "UNSUPPORTED" for line in self.report.lines
        )
        if unsupported:  # a lender without foreclosures: each step says so, whatever it is asked
            await self.ask("pay_foreclosure", lambda: lender.pay_foreclosure(token, uid, "-", PAISA, "kit-none"))
            await self.ask("foreclosure_status", lambda: lender.foreclosure_status(token, uid, "-", 0))
            return
        if self.foreclosure is None:
            return
        number = self.foreclosure.loan_number
        try:
            quote = await lender.foreclosure_quote(token, uid, number)
        except GatewayError as exc:
            self.fail("pay_foreclosure", f"no quote to pay: {exc.message}")
            return
        key = f"kit-foreclosure-{number}-{quote.valid_on.isoformat()}-{quote.total}"
        payment = await self.ask(
            "pay_foreclosure",
            lambda: lender.pay_foreclosure(token, uid, number, quote.total, key),
            lambda p: [] if p.order_amount == quote.total else [f"orderAmount {p.order_amount}, quoted {quote.total}"],
        )
        if payment is not None:
            await self.ask(
                "foreclosure_status (unpaid)",
                lambda: lender.foreclosure_status(token, uid, number, payment.id),
                lambda st: [] if not st.paid else ["an unpaid foreclosure checkout says paid"],
            )

    async def credit_life(self) -> None:
        """A credit line's whole life for a sandbox applicant without credit: apply, an offer's Key
        Facts (on screen and as a PDF), accept, the accepted Key Facts' PDF, the cooling-off exit's
        quote, paying it, its status, the no-dues certificate. A lender without credit lines answers
        each UNSUPPORTED."""
        lender, mobile = self.lender, self.applicant
        if mobile is None:
            if isinstance(await self._cannot(), LenderCannot):
                return
            for operation in CREDIT_LIFE:
                self.skip(operation, NEEDS_AN_APPLICANT)
            return
        form = CreditApplicationForm(
            mobile_number=mobile,
            applicant_name="Sandbox Applicant",
            business_name="Sandbox Traders",
            bureau_consent=True,
            pan="ABCPA1234F",
        )
        decided = await self.ask("apply_for_credit", lambda: lender.apply_for_credit(form))
        offers = decided.offers if decided is not None else []
        if not offers:
            self.every_operation("the sandbox applicant was offered no credit line")
            return
        offer = offers[0].offer_id
        await self.ask("credit_offer_key_facts", lambda: lender.credit_offer_key_facts(mobile, offer))
        # The offer's Key Facts to keep, before accepting: a PDF, in each of the borrower's languages.
        await self.ask("credit_key_facts_pdf", lambda: lender.credit_key_facts_pdf(mobile, offer), is_pdf)
        line = await self.ask("accept_credit_offer", lambda: lender.accept_credit_offer(mobile, offer))
        if line is None:
            return
        number = line.line_number
        # The Key Facts the line was accepted on, as the borrower keeps them after accepting.
        await self.ask(
            "credit_line_key_facts_pdf", lambda: lender.credit_line_key_facts_pdf(mobile, number, "hi"), is_pdf
        )
        quote = await self.ask("credit_line_quote", lambda: lender.credit_line_quote(mobile, number, "coolingOffExit"))
        if quote is None:
            return
        key = f"kit-{number}"
        paying = await self.ask(
            "pay_credit_line",
            lambda: lender.pay_credit_line(mobile, number, "coolingOffExit", quote.total, key),
        )
        if paying is None:
            return
        if paying.id is None:
            self.skip("credit_line_payment_status", "the quote was settled at once (nothing owed): no payment")
        else:
            if not paying.settled and paying.payment_session_id and self.sandbox is not None:
                await self.sandbox.pay(paying.payment_session_id)
            paid_id = paying.id
            await self.ask(
                "credit_line_payment_status",
                lambda: lender.credit_line_payment_status(mobile, number, paid_id),
            )
        await self.ask(
            "credit_line_certificate",
            lambda: lender.credit_line_certificate(mobile, number),
            is_pdf,
        )

    async def _cannot(self, reads_only: bool = False) -> LenderCannot | None:
        """Whether the lender has credit lines at all: a lender without answers every step of a
        line's life UNSUPPORTED, whatever it is asked with."""
        lender, mobile = self.lender, self.report.borrower
        form = CreditApplicationForm(mobile_number=mobile, applicant_name="-", business_name="-", bureau_consent=True)
        try:
            await lender.credit_offer_key_facts(mobile, "-")
        except LenderCannot as exc:
            steps: dict[str, Callable[[], Awaitable[Any]]] = {
                "apply_for_credit": lambda: lender.apply_for_credit(form),
                "credit_offer_key_facts": lambda: lender.credit_offer_key_facts(mobile, "-"),
                "accept_credit_offer": lambda: lender.accept_credit_offer(mobile, "-"),
                "credit_line_quote": lambda: lender.credit_line_quote(mobile, "-", "coolingOffExit"),
                "pay_credit_line": lambda: lender.pay_credit_line(mobile, "-", "coolingOffExit", PAISA, "kit-none"),
                "credit_line_payment_status": lambda: lender.credit_line_payment_status(mobile, "-", 0),
                "credit_line_certificate": lambda: lender.credit_line_certificate(mobile, "-"),
                "credit_key_facts_pdf": lambda: lender.credit_key_facts_pdf(mobile, "-"),
                "credit_line_key_facts_pdf": lambda: lender.credit_line_key_facts_pdf(mobile, "-"),
            }
            for operation, call in steps.items():
                if reads_only and operation in WRITES:
                    continue
                if operation not in self.asked():
                    await self.ask(operation, call)
            return exc
        except GatewayError:
            return None
        return None


WRITES = {"apply_for_credit", "accept_credit_offer", "pay_credit_line"}
NEEDS_A_LINE = "needs a credit line in the sandbox: run with --allow-writes (and --applicant KIND=MOBILE)"
# Reads a read-only run could not ask for want of something to ask about, and why.
READ_ONLY_UNASKED = {
    "complaint": "the sandbox borrower has no complaint to read: --allow-writes raises one",
    "owns_order": "no checkout of the lender's to judge: --allow-writes creates one",
    "owns_payment": "no payment of the lender's to judge: --allow-writes creates one",
    "credit_offer_key_facts": NEEDS_A_LINE,
    "credit_line_quote": NEEDS_A_LINE,
    "credit_line_payment_status": NEEDS_A_LINE,
    "credit_line_certificate": NEEDS_A_LINE,
    "credit_key_facts_pdf": NEEDS_A_LINE,
    "credit_line_key_facts_pdf": NEEDS_A_LINE,
}
CREDIT_LIFE = (
    "apply_for_credit",
    "credit_offer_key_facts",
    "accept_credit_offer",
    "credit_line_payment_status",
    "pay_credit_line",
    "credit_line_certificate",
    "credit_key_facts_pdf",
    "credit_line_key_facts_pdf",
)


def is_pdf(pdf: bytes) -> list[str]:
    """What the kit finds wrong with a document the port promises as a PDF."""
    return [] if pdf.startswith(b"%PDF") else ["not a PDF"]


def render(reports: list[Report]) -> str:
    out: list[str] = []
    for report in reports:
        out.append(report.score())
        for line in report.lines:
            out.append(
                f"{line.verdict:<8} {line.operation}"
                + (f"  ({line.note})" if line.note else "")
                + (f"  [{line.source}]" if line.source else "")
            )
        out.append("")
    return "\n".join(out)


async def check(
    settings: Settings, borrowers: dict[str, str], allow_writes: bool, applicants: dict[str, str] | None = None
) -> list[Report]:
    embedded = embed(settings)
    upstreams = build_upstreams(settings, embedded.clients)
    try:
        kinds = lender_kinds(settings)
        first = ADAPTERS[kinds[0]](settings, upstreams, None, embedded.clock)
        sandbox = Sandbox(upstreams["payments"].client)
        known = applicants if applicants is not None else (SANDBOX_APPLICANTS if sandbox.controllable else {})
        reports = []
        for kind in kinds:
            lender = first if kind == kinds[0] else ADAPTERS[kind](settings, upstreams, first, embedded.clock)
            mobile = borrowers.get(kind, SANDBOX_BORROWERS.get(kind, "9876543210"))
            kit = Kit(kind, lender, mobile, allow_writes, embedded.clock, sandbox, known.get(kind))
            reports.append(await kit.run())
        return reports
    finally:
        await close_upstreams(upstreams)
        await embedded.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m gateway.upstreams.lenders.kit", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--borrower", action="append", default=[], help="KIND=MOBILE: the sandbox borrower per lender")
    parser.add_argument("--allow-writes", action="store_true", help="also book repayments (sandbox only)")
    parser.add_argument(
        "--applicant", action="append", default=[], help="KIND=MOBILE: a sandbox applicant without credit per lender"
    )
    args = parser.parse_args(argv)
    for noisy in ("httpx", "fontTools"):  # the report is the output; their per-call lines are not
        logging.getLogger(noisy).setLevel(logging.WARNING)
    borrowers = dict(item.split("=", 1) for item in args.borrower)
    settings = Settings.from_env()
    applicants = dict(item.split("=", 1) for item in args.applicant) or None
    reports = asyncio.run(check(settings, borrowers, args.allow_writes, applicants))
    collect_closed_clients()
    sys.stdout.write(render(reports))
    return 0 if all(r.ok for r in reports) else 1


if __name__ == "__main__":
    sys.exit(main())
