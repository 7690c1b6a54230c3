"""A cancelled order's refund to the card or UPI as the payment provider has it now, so the
shopper's page says what the support desk's timeline says (given back, on hold, cancelled by the
bank, or started) rather than the words of the moment it was asked for."""

from __future__ import annotations

import msgspec
import structlog

from gateway.checkout.schemas import PlacedOrder, RefundProviderState
from gateway.errors import UpstreamError
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


def refund_state(provider_order_id: str, given: list[ProviderRefund]) -> RefundProviderState | None:
    """The cancellation's refunds (ids `<provider order>-refund[-n]`, asked again after one was
    cancelled; the desk's and a return's have their own): the newest one's state."""
    mine = [r for r in given if r.refund_id.split("-refund")[0] == provider_order_id]
    if not mine:
        return None
    newest = max(mine, key=lambda r: (r.created_at or "", r.refund_id))
    return _STATES.get(newest.refund_status, "initiated")


async def with_refund_state(order: PlacedOrder, payments: PaymentsClient) -> PlacedOrder:
    refund, provider_order_id = order.refund, order.payment.provider_order_id
    if refund is None or refund.kind != "toSource" or not provider_order_id:
        return order
    try:
        given = await payments.order_refunds(provider_order_id)
    except UpstreamError as exc:  # the order still shows, with the words of its start
        log.warning("order_refund_state_unread", order=order.order_number, error=str(exc))
        return order
    state = refund_state(provider_order_id, given)
    if state is None:
        return order
    return msgspec.structs.replace(order, refund=msgspec.structs.replace(refund, provider_state=state))
