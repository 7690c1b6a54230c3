"""Reads the sources for a day (the provider's report, the orders service's payments and payouts,
the lenders' repayments, each payout's transfer at the payouts provider, and, where the day's report
does not settle an order's refunds alone, that order's history and its refunds at the provider),
reconciles them, and
says so where an operator's alerting looks: one log line per mismatch (and per failed payout), a
summary line, and an error line when a rupee is left unreconciled for a day that is over
(gateway/reconciliation/alerts.py writes the metrics)."""

from __future__ import annotations

import asyncio
from datetime import date, datetime, time
from decimal import Decimal

import structlog

from gateway.clients import Clients
from gateway.loans.autopay_schemas import BOOKED_AS, DEBIT_ID
from gateway.operations_db import OperationsDatabase
from gateway.plumbing.clock import Clock
from gateway.reconciliation.desk_refunds import DeskRefundsRead
from gateway.reconciliation.matching import reconcile, refund_events
from gateway.reconciliation.payout_matching import match_payouts, match_unknown_payouts
from gateway.reconciliation.refund_matching import OrderRefunds, RefundSources, refund_sources
from gateway.reconciliation.refused_debits import RefusedDebitsRead
from gateway.reconciliation.schemas import ANSWERED, Owner, Reconciliation
from gateway.upstreams.lenders.port import Lender, PartnerRepayment
from gateway.upstreams.lenders.routing import LenderRouter
from gateway.upstreams.orders.operations import MoneyMoved, OrdersOperations
from gateway.upstreams.payments import PaymentsClient, SettlementReport
from gateway.upstreams.payments.accounts import PaymentsAccounts
from gateway.upstreams.payouts import PayoutsReader
from india.time_zone import IST

log = structlog.get_logger("gateway.reconciliation")


class ReconciliationService:
    def __init__(
        self,
        payments: PaymentsAccounts,
        orders: OrdersOperations,
        lender: Lender,
        clock: Clock,
        payouts: PayoutsReader,
        desk: DeskRefundsRead | None = None,
        refused: RefusedDebitsRead | None = None,
    ) -> None:
        self.payments = payments  # every account the deployment serves: the store's and each lender's
        self.orders = orders
        self.lender = lender  # every lender in LENDERS, through the lending port
        self.clock = clock  # whose today says whether a day is over
        self.payouts = payouts  # the payouts account's transfers (the composition root's one reader)
        self.desk = desk  # the refunds the desk had the provider give (the gateway's database)
        self.refused = refused  # AutoPay debits their lender refused and refunded (the same database)

    @classmethod
    def over(cls, clients: Clients, clock: Clock, database: OperationsDatabase | None = None) -> ReconciliationService:
        """Over the composition root's clients (gateway/clients.py), and the gateway's database
        for the desk's refunds."""
        desk = DeskRefundsRead(database) if database is not None else None
        refused = RefusedDebitsRead(database) if database is not None else None
        return cls(clients.payments, clients.orders, clients.lender, clock, clients.payouts, desk, refused)

    def _repayment_account(self, repayment: PartnerRepayment) -> str:
        """The account a repayment's provider order is paid into: its own lender's. An AutoPay
        debit's (`MANDATE_<payment id>`, the same form at every lender) is the loan's lender's,
        whose account the mandate is on."""
        if isinstance(self.lender, LenderRouter):
            if repayment.order_id.startswith(BOOKED_AS) and repayment.loan_number:
                kind = self.lender.loan_owner(repayment.loan_number)
            else:
                kind = self.lender.order_owner(repayment.order_id)
        else:  # the one lender in LENDERS
            kind = next(iter(self.payments.lenders), "")
        return self.payments.lender_account(kind)

    def _account(self, client_id: str) -> PaymentsClient:
        """The account (the store's or a lender's) by its client id."""
        return next((a for a in self.payments.every if a.provider.account.client_id == client_id), self.payments.store)

    async def _refund_sources(self, day: date, report: SettlementReport, store: list[MoneyMoved]) -> RefundSources:
        """The refunds' sources: the day's, then the history of each store order the report shows
        refunded that the day's listing lacks (refunded by us on an earlier day), then the
        provider's refunds of each order whose refunds the day's report does not settle alone."""
        account = self.payments.store_account
        sources = refund_sources(store, refund_events(report), account)
        unknown = sources.unknown(account)
        if unknown:
            histories = await asyncio.gather(*(self.orders.money_moved_of(order_id) for order_id in unknown))
            sources.ours |= refund_sources([row for rows in histories for row in rows], [], account).ours
        if self.desk is not None:
            mentioned = {order_id for _, order_id in [*sources.ours, *sources.given]}
            for given in await self.desk.given(datetime.combine(day, time.min, IST), mentioned):
                in_account = self.payments.lender_account(given.lender) if given.lender else account
                owner: Owner = "repayment" if given.lender else "storeOrder"
                entry = sources.ours.setdefault(
                    (in_account, given.provider_order_id), OrderRefunds(owner, given.reference)
                )
                entry.refunds.append((given.amount, given.asked_at.astimezone(IST).date()))
        keys = sources.to_read(day)
        if keys:
            read = await asyncio.gather(*(self._account(owner).order_refunds(order_id) for owner, order_id in keys))
            sources.at_provider = dict(zip(keys, read, strict=True))
        return sources

    async def run(self, day: date) -> Reconciliation:
        report, credited, store, repayments, asked, heard = await asyncio.gather(
            self.payments.settlement_report(day),
            self.payments.credited(day),
            self.orders.money_moved(day),
            self.lender.partner_repayments("date", day),
            self.orders.payouts(day),
            self.orders.unknown_payouts(day),
        )
        # Cashfree Payouts v2 lists no day's transfers: each one our side asked is read by its id,
        # and so is each one the provider's webhooks told of under an id no return has.
        transfers = await asyncio.gather(*(self.payouts.transfer(p.transfer_id) for p in asked))
        strays = await asyncio.gather(*(self.payouts.transfer(t.transfer_id) for t in heard))
        today = await self.clock.today()
        refunds = await self._refund_sources(day, report, store)
        refused_debits: dict[tuple[str, str], Decimal] = {}
        if self.refused is not None:
            debits = {e.order_id for e in report.events if DEBIT_ID.match(e.order_id)}
            for debit in await self.refused.refused(debits):
                refused_debits[self.payments.lender_account(debit.lender), debit.payment_id] = debit.amount
        payouts = match_payouts(day, list(zip(asked, transfers, strict=True)), today)
        payouts.mismatches += match_unknown_payouts(list(zip(heard, strays, strict=True)))
        result = reconcile(
            day,
            report,
            store,
            repayments,
            today,
            credited,
            payouts,
            len(asked),
            store_account=self.payments.store_account,
            repayment_account=self._repayment_account,
            refunds=refunds,
            refused_debits=refused_debits,
        )
        for adjustment in result.adjustments:  # a dispute's deadline is in the provider's disputes API
            if adjustment.kind in ANSWERED:
                adjustment.respond_by = await self.payments.respond_by(adjustment.provider_order_id)
        for m in result.mismatches:
            log.warning(
                "reconciliation_mismatch",
                day=day.isoformat(),
                kind=m.kind,
                provider_order_id=m.provider_order_id,
                owner=m.owner,
                reference=m.reference,
                cf_payment_id=m.cf_payment_id,
                recorded=str(m.recorded) if m.recorded is not None else None,
                settled=str(m.settled) if m.settled is not None else None,
                unreconciled=str(m.unreconciled),
                utr=m.utr,
            )
        for failed in result.payouts_failed:
            log.warning(
                "reconciliation_payout_failed",
                day=day.isoformat(),
                transfer_id=failed.transfer_id,
                reference=failed.reference,
                amount=str(failed.amount),
                reason=failed.reason,
            )
        log.info(
            "reconciliation_done",
            day=day.isoformat(),
            mismatches=len(result.mismatches),
            unreconciled=str(result.unreconciled),
            settled_net=str(result.settled_net),
        )
        if result.over_a_day and result.mismatches:
            # What the operator's alerting watches: money unaccounted for past its own day.
            log.error(
                "reconciliation_unreconciled_over_a_day",
                day=day.isoformat(),
                mismatches=len(result.mismatches),
                unreconciled=str(result.unreconciled),
            )
        return result
