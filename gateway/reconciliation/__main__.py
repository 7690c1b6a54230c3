"""`python -m gateway.reconciliation [--date YYYY-MM-DD|today|yesterday] [--json] [--metrics-file F]`

Reconciles one day (yesterday by default: what a daily job at dawn wants) with the upstreams the
settings name (LENDING_URL, ORDERS_URL, PAYMENTS_URL and their keys), prints the report and exits
0 when every rupee is reconciled, 1 when a mismatch was found, 2 when a source could not be read.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
from datetime import date, timedelta
from pathlib import Path

import msgspec

from gateway.clients import build_clients
from gateway.embedded import embed
from gateway.operations_db import OperationsDatabase
from gateway.plumbing.clock import Clock
from gateway.plumbing.errors import GatewayError
from gateway.plumbing.logging import configure_logging
from gateway.reconciliation.alerts import write_metrics
from gateway.reconciliation.schemas import Reconciliation
from gateway.reconciliation.service import ReconciliationService
from gateway.settings import Settings
from gateway.upstreams.http import build_upstreams, close_upstreams
from gateway.upstreams.transport import collect_closed_clients
from india.money import rupees_text

WORDS = {
    "chargedWithoutOrder": "charged without an order",
    "paidWithoutCharge": "order paid but no charge",
    "amountDiffers": "amount differs",
    "refundMissing": "refund missing",
    "settledTwice": "settled twice",
    "notSettled": "not settled by its day",
    "refundNotRecorded": "refund given, none recorded",
    "refundMoreThanRecorded": "refunded more than recorded",
    "payoutNotShown": "payout paid, return not shown refunded",
    "payoutNotMade": "return refunded, payout not made",
    "payoutAmountDiffers": "payout amount differs",
    "payoutOverdue": "payout pending past its day",
    "payoutWithoutReturn": "payout of no return",
    "debitNotBooked": "AutoPay debit not booked",
    "bookedWithoutDebit": "AutoPay booked, no debit",
}
ADJUSTMENT_WORDS = {
    "refundReversal": "refund reversed",
    "dispute": "dispute",
    "disputeReversal": "dispute reversed",
    "chargeback": "chargeback",
    "chargebackReversal": "chargeback reversed",
    "otherAdjustment": "other adjustment",
}


def the_day(text: str) -> str:
    """The --date as given: `today`, `yesterday` (India's, on the clock the gateway reads) or a date."""
    if text in ("today", "yesterday"):
        return text
    try:
        return date.fromisoformat(text).isoformat()
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"{text!r} is not a date (YYYY-MM-DD, today or yesterday)") from exc


async def which_day(text: str, clock: Clock) -> date:
    if text == "today":
        return await clock.today()
    if text == "yesterday":
        return await clock.today() - timedelta(days=1)
    return date.fromisoformat(text)


def summary(result: Reconciliation) -> str:
    lines = [
        f"Reconciliation for {result.date.isoformat()}: {rupees_text(result.unreconciled)} unreconciled "
        f"({len(result.mismatches)} mismatches; {result.payments_settled} payments and "
        f"{result.refunds_settled} refunds reported; "
        f"{result.recorded_payments} payments and {result.payouts_recorded} payouts recorded)"
    ]
    lines.append(
        f"  settled {rupees_text(result.settled_net)} (net of the provider's fees and tax; "
        f"{rupees_text(result.fees)} on the day's payments); in transit {rupees_text(result.in_transit_net)} net "
        f"({len(result.in_transit)} payments); credited by the day's settlements {rupees_text(result.credited)}"
    )
    for t in result.in_transit:
        lines.append(
            f"  ~ in transit until {t.expected_on.isoformat()}: provider order {t.provider_order_id} "
            f"({t.owner} {t.reference or '?'}), {rupees_text(t.amount)} less {rupees_text(t.fee)} fee and tax "
            f"= {rupees_text(t.net)}"
        )
    for p in result.payouts_in_transit:
        lines.append(
            f"  ~ payout in transit until {p.expected_on.isoformat()}: transfer {p.transfer_id} "
            f"(return {p.reference}), {rupees_text(p.amount)} ({p.status})"
        )
    for r in result.refunds_in_transit:
        lines.append(
            f"  ~ refund at the bank until {r.expected_on.isoformat()}: provider order {r.provider_order_id} "
            f"({r.owner} {r.reference or '?'}), {rupees_text(r.amount)} ({r.status})"
        )
    for f in result.payouts_failed:
        lines.append(
            f"  ! payout failed, waiting on a person: transfer {f.transfer_id} (return {f.reference}), "
            f"{rupees_text(f.amount)} ({f.reason})"
        )
    for a in result.adjustments:
        lines.append(
            f"  * {ADJUSTMENT_WORDS[a.kind]}: provider order {a.provider_order_id} ({a.owner} {a.reference or '?'}), "
            f"{'+' if a.credit else '-'}{rupees_text(a.amount)}"
        )
    for total in result.by_kind:
        lines.append(f"  {WORDS[total.kind]:<26} {total.count:>4}   {rupees_text(total.unreconciled)}")
    for m in result.mismatches:
        lines.append(
            f"  - {WORDS[m.kind]}: provider order {m.provider_order_id} ({m.owner} {m.reference or '?'}), "
            f"recorded {rupees_text(m.recorded) if m.recorded is not None else '-'}, "
            f"settled {rupees_text(m.settled) if m.settled is not None else '-'}: {rupees_text(m.unreconciled)}"
            + (f" (UTR {m.utr})" if m.utr else "")
        )
    return "\n".join(lines)


async def run(settings: Settings, day: str) -> Reconciliation:
    embedded = embed(settings)
    upstreams = build_upstreams(settings, embedded.clients)
    # The deployment's own database: the refunds its desk had the provider give are ours too.
    database = OperationsDatabase(settings.operations_database_url, settings.database_timeout)
    try:
        await database.migrate()
        clients = build_clients(settings, upstreams, embedded.clock)
        service = ReconciliationService.over(clients, embedded.clock, database)
        return await service.run(await which_day(day, embedded.clock))
    finally:
        await close_upstreams(upstreams)
        await embedded.close()
        await database.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gateway.reconciliation", description=__doc__)
    parser.add_argument("--date", type=the_day, default="yesterday", help="YYYY-MM-DD, today or yesterday")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--metrics-file", type=Path, help="write Prometheus series for the textfile collector")
    args = parser.parse_args(argv)
    settings = Settings.from_env()
    configure_logging(settings.log_level, settings.log_json)
    settings.refuse_unsafe()
    try:
        # The log lines (one per mismatch, the alert) go to stderr, the report alone to stdout.
        with contextlib.redirect_stdout(sys.stderr):
            result = asyncio.run(run(settings, args.date))
    except GatewayError as exc:
        print(f"reconciliation: a source could not be read: {exc.message}", file=sys.stderr)
        return 2
    finally:
        collect_closed_clients()
    print(msgspec.json.encode(result).decode() if args.json else summary(result))
    if args.metrics_file is not None:
        write_metrics(result, args.metrics_file)
    return 1 if result.mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
