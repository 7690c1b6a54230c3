"""A cancelled order's refund to the card or UPI as the payment provider has it now, so the
shopper's page says what the support desk's timeline says (given back, on hold, cancelled by the
bank, or started) rather than the words of the moment it was asked for."""

from __future__ import annotations

import msgspec
import structlog

from gateway.orders.schemas import PlacedOrder, RefundProviderState
from gateway.plumbing.errors import UpstreamError
from gateway.upstreams.payments import PaymentsClient
from payments_client import ProviderRefund

log = structlog.get_logger(__name__)

# The provider's refund_status, as the desk's timeline reads it (gateway/desk/service.py REFUND_KINDS).
_STATES: dict[str, RefundProviderState] = {
    "SUCCESS": "credited",
    "PENDING": "initiated",
    "ONHOLD": "onHold",
    "CANCELLED": "cancelled",
    "FAILED": "cancelled",
}

# The server's English label of each (the app words them itself, orders/components/orderWords.ts).
REFUND_STATE_LABELS: dict[RefundProviderState, str] = {
    "initiated": "Refund started",
    "credited": "Refund given back",
    "onHold": "Refund on hold at the bank",
    "cancelled": "Refund cancelled by the bank",
}


def refund_state(provider_order_id: str, given: list[ProviderRefund]) -> RefundProviderState | None:
    """The cancellation's refunds (ids `<provider order>-refund[-n]`, asked again after one was
    cancelled; the desk's and a return's have their own): the newest one's state."""
    mine = [r for r in given if r.refund_id.split("-refund")[0] == provider_order_id]
    if not mine:
        return None
    newest = max(mine, key=lambda r: (r.created_at or "", r.refund_id))
    return _STATES.get(newest.refund_status, "initiated")


async def provider_refund_state(
    order_number: str, provider_order_id: str, payments: PaymentsClient
) -> RefundProviderState | None:
    """The cancellation's refund as the provider has it now; None when it has none or cannot be read
    (the order then shows the words of its start)."""
    try:
        given = await payments.order_refunds(provider_order_id)
    except UpstreamError as exc:
        log.warning("order_refund_state_unread", order=order_number, error=str(exc))
        return None
    return refund_state(provider_order_id, given)


async def with_refund_state(order: PlacedOrder, payments: PaymentsClient) -> PlacedOrder:
    refund, provider_order_id = order.refund, order.payment.provider_order_id
    if refund is None or refund.kind != "toSource" or not provider_order_id:
        return order
    state = await provider_refund_state(order.order_number, provider_order_id, payments)
    if state is None:
        return order
    return msgspec.structs.replace(
        order,
        refund=msgspec.structs.replace(refund, provider_state=state),
        payment=msgspec.structs.replace(order.payment, label=REFUND_STATE_LABELS[state]),
    )
