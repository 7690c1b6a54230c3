"""The lender conformance kit: every adapter in LENDERS, asked each operation of the lending port
as the gateway would ask it, for a sandbox borrower, and reported call by call.

    python -m gateway.upstreams.lenders.kit [--borrower KIND=MOBILE ...] [--allow-writes]

(`make lender-kit`.) The lenders are the deployment's: LENDERS and each one's URL and credentials
from the environment (LENDING_URL, FINERACT_URL, ...; unset, the in-process mocks). For each
adapter the kit first signs in as the sandbox borrower (the partner login a verified number
gets); then each operation is one line:

- PASS: it answered, and the answer keeps the port's promises (amounts exact to the paisa, what
  is owed adds up, a split adds up to the amount, a PDF is a PDF);
- MISSING: the adapter says its lender has no such call (`LenderCannot`);
- DIFFERS: it answered, but not as the port promises (says what);
- FAIL: an error answer or none: the call was not exercised, and never counts as working.

An operation an adapter's lender API has no call for, supplied instead by its companion service or
by the first lender (the adapter's `supplied_by`), says so at the end of its line: `[companion
service]`. The summary per adapter is a conformance score (working of asked, and how many of them
its companion service supplies); the exit code is 0 only when nothing FAILs or DIFFERs.
`--allow-writes` (a sandbox only) also creates a payment checkout for the smallest amount and
asks how it went (unpaid: not booked), and sends a code by SMS.
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

from gateway.clock import Clock
from gateway.embedded import embed
from gateway.errors import GatewayError
from gateway.settings import Settings
from gateway.upstreams.http import build_upstreams, close_upstreams
from gateway.upstreams.lenders.choice import ADAPTERS, lender_kinds
from gateway.upstreams.lenders.port import Lender, LenderCannot, Settlement
from gateway.upstreams.transport import collect_closed_clients

SANDBOX_BORROWERS = {"native": "9876543210", "fineract": "9811122233"}  # the mocks' seed borrowers
PAISA = Decimal("0.01")
Verdict = Literal["PASS", "MISSING", "DIFFERS", "FAIL", "SKIP"]


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
        counts = {v: sum(line.verdict == v for line in asked) for v in ("PASS", "MISSING", "DIFFERS", "FAIL")}
        companion = sum(line.source == "companion service" for line in asked)
        return (
            f"{self.kind} (sandbox borrower {self.borrower}): {counts['PASS']} of {len(asked)} operations work, "
            f"{counts['MISSING']} missing, {counts['DIFFERS']} differ, {counts['FAIL']} fail"
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
    def __init__(self, kind: str, lender: Lender, borrower: str, allow_writes: bool, clock: Clock) -> None:
        self.lender = lender
        self.clock = clock  # India's today: the mocks' while mocks are in use (gateway/clock.py)
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
            self.report.lines.append(Line(operation=operation, verdict="MISSING", note="the lender has no such call"))
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
            self.report.lines.append(Line(operation="(the rest)", verdict="FAIL", note="no sign-in: not exercised"))
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
        if offered:
            receipt_of = offered[0].payment_log_id
            await self.ask(
                "payment_receipt",
                lambda: lender.payment_receipt(token, uid, receipt_of),
                lambda pdf: [] if pdf.startswith(b"%PDF") else ["not a PDF"],
            )
        else:
            self.skip("payment_receipt", "no paid payment with a receipt: pay one in the sandbox, then run again")
        loans = await self.ask(
            "loans", lambda: lender.loans(token, uid), lambda ls: [] if ls else ["the sandbox borrower has no loans"]
        )
        await self.ask("credit_position", lambda: lender.credit_position(mobile))
        await self.ask("complaints", lambda: lender.complaints(token, uid))
        await self.ask("partner_complaints", lambda: lender.partner_complaints(mobile))
        await self.ask("partner_repayments", lambda: lender.partner_repayments("mobileNumber", mobile))
        if loans:
            loan = next((x for x in loans if x.overdue_amount > 0), loans[0])
            number = loan.loan_number
            await self.ask("key_facts", lambda: lender.key_facts(token, uid, number))
            await self.ask("schedule", lambda: lender.schedule(token, uid, number))
            end = min(await self.clock.today(), loan.as_of)
            start = max(loan.disbursed_on, end - timedelta(days=90))
            await self.ask("statement", lambda: lender.statement(token, uid, number, start, end))
            await self.ask(
                "document (key facts PDF)",
                lambda: lender.document(token, uid, number, "keyFacts"),
                lambda pdf: [] if pdf.startswith(b"%PDF") else ["not a PDF"],
            )
            if loan.overdue_amount > 0:
                amount = loan.minimum_payment if loan.minimum_payment > 0 else min(Decimal("1.00"), loan.overdue_amount)

                def adds_up(a: Any) -> list[str]:
                    total = a.allocation.penal_charges + a.allocation.interest + a.allocation.principal
                    return [] if total == amount else [f"the split adds up to {total}, not {amount}"]

                await self.ask("allocation", lambda: lender.allocation(token, uid, number, amount), adds_up)
            else:
                self.skip("allocation", "the sandbox borrower's loans have nothing overdue")
        else:
            for operation in ("key_facts", "schedule", "statement", "document (key facts PDF)", "allocation"):
                self.skip(operation, "no loan to ask about")
        if not self.allow_writes:
            for operation in ("send_otp", "create_payment_session", "update_payment_status"):
                self.skip(operation, "changes data: pass --allow-writes against a sandbox")
            return self.report
        await self.ask("send_otp", lambda: lender.send_otp(mobile))
        if detail is None or detail.remaining_amount <= 0:
            self.skip("create_payment_session", "nothing owed by the sandbox borrower")
            return self.report
        smallest = min(Decimal("1.00"), detail.remaining_amount)
        session = await self.ask(
            "create_payment_session",
            lambda: lender.create_payment_session(token, uid, smallest),
            lambda s: [] if s.order_amount == smallest else [f"orderAmount {s.order_amount}, asked {smallest}"],
        )
        if session is not None:
            await self.ask(
                "update_payment_status (unpaid)",
                lambda: lender.update_payment_status(token, uid, session.id, session.order_id),
                lambda m: [] if m is not Settlement.COMPLETED else ["an unpaid checkout settled as paid"],
            )
        return self.report


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


async def check(settings: Settings, borrowers: dict[str, str], allow_writes: bool) -> list[Report]:
    embedded = embed(settings)
    upstreams = build_upstreams(settings, embedded.clients)
    try:
        kinds = lender_kinds(settings)
        first = ADAPTERS[kinds[0]](settings, upstreams, None)
        reports = []
        for kind in kinds:
            lender = first if kind == kinds[0] else ADAPTERS[kind](settings, upstreams, first)
            mobile = borrowers.get(kind, SANDBOX_BORROWERS.get(kind, "9876543210"))
            reports.append(await Kit(kind, lender, mobile, allow_writes, embedded.clock).run())
        return reports
    finally:
        await close_upstreams(upstreams)
        await embedded.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m gateway.upstreams.lenders.kit", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--borrower", action="append", default=[], help="KIND=MOBILE: the sandbox borrower per lender")
    parser.add_argument("--allow-writes", action="store_true", help="also create a payment checkout (sandbox only)")
    args = parser.parse_args(argv)
    for noisy in ("httpx", "fontTools"):  # the report is the output; their per-call lines are not
        logging.getLogger(noisy).setLevel(logging.WARNING)
    borrowers = dict(item.split("=", 1) for item in args.borrower)
    settings = Settings.from_env()
    reports = asyncio.run(check(settings, borrowers, args.allow_writes))
    collect_closed_clients()
    sys.stdout.write(render(reports))
    return 0 if all(r.ok for r in reports) else 1


if __name__ == "__main__":
    sys.exit(main())
