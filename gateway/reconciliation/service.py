"""Reads the three sources for a day, reconciles them, and says so where an operator's alerting
looks: one log line per mismatch, a summary line, and an error line when a rupee is left
unreconciled for a day that is over (gateway/reconciliation/alerts.py writes the metrics)."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from datetime import date

import structlog

from gateway.clock import Clock
from gateway.reconciliation.matching import reconcile
from gateway.reconciliation.schemas import ANSWERED, Reconciliation
from gateway.settings import Settings
from gateway.upstreams.http import UpstreamHttp
from gateway.upstreams.lenders import build_lender
from gateway.upstreams.lenders.port import Lender
from gateway.upstreams.orders_operations import OrdersOperations
from gateway.upstreams.payments import PaymentsClient

log = structlog.get_logger("gateway.reconciliation")


class ReconciliationService:
    def __init__(self, payments: PaymentsClient, orders: OrdersOperations, lender: Lender, clock: Clock) -> None:
        self.payments = payments
        self.orders = orders
        self.lender = lender  # every lender in LENDERS, through the lending port
        self.clock = clock  # whose today says whether a day is over

    @classmethod
    def over(cls, upstreams: Mapping[str, UpstreamHttp], settings: Settings, clock: Clock) -> ReconciliationService:
        return cls(
            PaymentsClient(upstreams["payments"], settings.payments_client_id, settings.payments_client_secret),
            OrdersOperations(upstreams["orders"], settings.operations_key),
            build_lender(settings, upstreams, clock),
            clock,
        )

    async def run(self, day: date) -> Reconciliation:
        report, credited, store, repayments = await asyncio.gather(
            self.payments.settlement_report(day),
            self.payments.credited(day),
            self.orders.money_moved(day),
            self.lender.partner_repayments("date", day),
        )
        result = reconcile(day, report, store, repayments, await self.clock.today(), credited)
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
