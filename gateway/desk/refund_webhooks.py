"""The provider's refund webhooks (Cashfree's REFUND_STATUS_WEBHOOK), received by the gateway at
the URL set once for the account (Cashfree sends refund events there, not to an order's
notify_url): a refund the bank gave up for good goes to the desk as needing a person.

The signature is checked against the raw body with the account's client secret (as Cashfree
signs) and a stale timestamp refused; the event is then believed only as the provider says it
when asked again (GET /pg/orders/{order_id}/refunds). A refund the desk asked for is followed as
its list does (refunds.settle_on_hold); a cancelled order's refund is the orders service's, which
asks it again itself; any other (a return's) is put on the desk as its own row, once by its
provider id, with its trail entry in the same transaction. At a lender's own account the refund is
a repayment's (the lender refused to book it, say): it goes on the desk the same way, with the
lender and the loan the lender says the repayment was for, in place of a store order.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

import msgspec
import structlog
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from gateway.desk.audit_trail import AuditTrail
from gateway.desk.refunds import (
    PROVIDER_ACTOR,
    PROVIDER_STATUS,
    Accounts,
    handed_over,
    is_the_desks,
    settle_on_hold,
)
from gateway.operations_db import OperationsDatabase
from gateway.operations_db.models import DeskRefund
from gateway.plumbing.clock import Clock
from gateway.plumbing.errors import GatewayError, InvalidInput, NotAuthenticated
from gateway.upstreams.lenders import Lender
from gateway.upstreams.orders.operations import OrdersOperations
from gateway.upstreams.payments import PaymentsClient
from payments_client import ProviderRefund
from payments_client.webhooks import WebhookRefused, verify

log = structlog.get_logger("gateway.desk.refund_webhooks")

GIVEN_UP_NOTE = "The bank gave up this refund ({refund_id}); the money is still the customer's due."
REPAYMENT_GIVEN_UP_NOTE = (
    "The bank gave up this refund ({refund_id}) of a repayment to the lender; the money is still the borrower's due."
)


class _Refund(msgspec.Struct, kw_only=True):
    refund_id: str
    order_id: str


class _Data(msgspec.Struct, kw_only=True):
    refund: _Refund


class RefundEvent(msgspec.Struct, kw_only=True):
    """What the gateway reads of a REFUND_STATUS_WEBHOOK: which refund to ask about."""

    type: Literal["REFUND_STATUS_WEBHOOK"]
    data: _Data


class RefundWebhooks:
    def __init__(
        self,
        secret: str,
        database: OperationsDatabase,
        orders: OrdersOperations,
        payments: PaymentsClient,
        trail: AuditTrail,
        clock: Clock,
        lender: tuple[str, Lender] | None = None,
    ) -> None:
        self.secret = secret
        self.database = database
        self.orders = orders
        self.payments = payments
        self.trail = trail
        self.clock = clock
        # At a lender's own account: its LENDERS kind, and the lending port that knows its repayments.
        self.lender = lender

    def event(self, headers: Mapping[str, str], raw: bytes) -> RefundEvent:
        """The event, if signed by the account and recent: 401 if not (forged, or replayed late),
        422 for a body that is no refund event."""
        try:
            verify(self.secret, headers, raw)
        except WebhookRefused as exc:
            raise NotAuthenticated(f"Webhook refused: {exc.reason}", code="webhook_refused") from exc
        try:
            return msgspec.json.decode(raw, type=RefundEvent)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            raise InvalidInput(f"Not a refund event: {exc}", code="webhook_invalid") from exc

    async def received(self, event: RefundEvent) -> str:
        """What became of the event: the provider's word on the refund, acted on once."""
        order_id, refund_id = event.data.refund.order_id, event.data.refund.refund_id
        found = next((r for r in await self.payments.order_refunds(order_id) if r.refund_id == refund_id), None)
        if found is None:
            return "unknown refund"
        if PROVIDER_STATUS.get(found.refund_status) != "cancelled":
            return f"noted: {found.refund_status}"
        # On the desk already (the desk's own, or handed over before): kept as its list keeps it
        # (cancelled, handed over, its entry once).
        query = select(DeskRefund).where(
            DeskRefund.provider_order_id == order_id, DeskRefund.provider_refund_id == found.cf_refund_id
        )
        async with self.database.session() as session:
            known = await session.scalar(query)
            was = known.status if known is not None else None
        if was is None:
            if is_the_desks(found.refund_id):  # a desk refund since asked anew: its row follows the new one
                return "asked again on the desk already"
            return await self._hand_over(order_id, found)
        if was == "cancelled":
            return "on the desk already"
        kind = self.lender[0] if self.lender is not None else None
        at = Accounts(self.payments, {kind: self.payments} if kind is not None else {})  # this account's rows
        await settle_on_hold(self.database, at, self.clock, query, lambda row: row.status)
        return "handed to the desk"

    async def _hand_over(self, order_id: str, given_up: ProviderRefund) -> str:
        if self.lender is not None:
            return await self._hand_over_repayment(order_id, given_up, *self.lender)
        orders = await self.orders.find("providerOrderId", order_id)
        if not orders:
            log.warning("refund_given_up_unknown_order", order_id=order_id, refund_id=given_up.refund_id)
            return "unknown order"
        order = orders[0]
        if order.status == "cancelled":  # the orders service asks a cancelled order's refund again
            return "asked again by the orders service"
        note = GIVEN_UP_NOTE.format(refund_id=given_up.refund_id)
        # A return's refund: the return is the orders service's, told how the desk gives it back.
        returned = next((r.number for r in order.returns if r.provider_refund_id == given_up.refund_id), None)
        return await self._kept(
            order.order_number, order_id, order.address.mobile_number, note, given_up, return_number=returned
        )

    async def _hand_over_repayment(self, order_id: str, given_up: ProviderRefund, kind: str, lending: Lender) -> str:
        """A repayment's refund the bank gave up, on the desk with its lender and loan. A lender that
        cannot say whose repayment it was now still has it handed over (by its provider order):
        the money is the borrower's due either way, and the desk can find the borrower by it."""
        try:
            found = await lending.partner_repayments("orderId", order_id)
        except GatewayError as exc:
            log.warning("refund_given_up_repayment_unread", order_id=order_id, code=exc.code)
            found = []
        repayment = found[0] if found else None
        customer = (repayment.mobile_number or None) if repayment is not None else None
        note = REPAYMENT_GIVEN_UP_NOTE.format(refund_id=given_up.refund_id)
        loan = repayment.loan_number if repayment is not None else None
        return await self._kept(order_id, order_id, customer, note, given_up, kind, loan)

    async def _kept(
        self,
        order_number: str,
        order_id: str,
        customer: str | None,
        note: str,
        given_up: ProviderRefund,
        lender: str | None = None,
        loan_number: str | None = None,
        *,
        return_number: str | None = None,
    ) -> str:
        """On the desk as needing a person: the row and its trail entry in one transaction, once
        (a retried webhook finds it)."""
        now = await self.clock.now()
        row = DeskRefund(
            order_number=order_number,
            provider_order_id=order_id,
            customer=customer,
            amount=given_up.refund_amount,
            reason_code="other",
            note=note,
            requested_by=PROVIDER_ACTOR,
            requested_at=now,
            request_key=f"provider-{given_up.cf_refund_id}"[:64],  # once per refund, however often told
            approvals_needed=1,
            status="cancelled",
            provider_refund_id=given_up.cf_refund_id,
            lender=lender,
            loan_number=loan_number,
            return_number=return_number,
            updated_at=now,
            approvals=[],
        )
        try:
            async with self.database.session() as session:
                session.add(row)
                await session.flush()
                session.add(await handed_over(self.trail, row, given_up.refund_status))
        except IntegrityError:  # told before (a retried webhook): on the desk already
            return "on the desk already"
        return "handed to the desk"
