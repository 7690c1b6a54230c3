"""A cash order's return refunded to the UPI ID or bank account the buyer gave: paid out through
the payouts provider (Cashfree Payouts v2, over HTTP by the one provider client package), the
payee verified first.

The transfer's id is the return's number (`VK10000001-R1` as `VK10000001_R1`, the characters
Cashfree takes), and the return's number comes from the shopper's Idempotency-Key: one request,
one return, one transfer, however often any step is retried. When the payout failed because the
account does not exist or the bank sent the money back, the shopper may give another account:
verified first, then paid by a new transfer under the next attempt's id (`VK10000001_R1_2`); the
failed transfer has ended at the provider and is never made again, so the money is paid once.
The provider's TRANSFER_* webhook (re-read before it is believed), the desk's next step, or a
read of the transfer ends the payout: paid (the return refunded, once, with the bank's UTR) or
failed (with why); a paid transfer the bank later returns (REVERSED) is failed again, the money
being back with the store.
"""

from __future__ import annotations

import re
from datetime import datetime
from decimal import Decimal

import httpx
import structlog

from payments_client import Payee, ProviderRefused, ProviderTransfer
from upstream_mocks.orders.records import (
    Order,
    OrdersState,
    Payout,
    RefundTo,
    ReturnEvent,
    ReturnRequest,
    ReturnStatus,
    TransferHeard,
)
from upstream_mocks.provider import payout_controls, payouts
from upstream_mocks.world import MockWorld

log = structlog.get_logger("upstream_mocks.orders")
UNREACHED = (ProviderRefused, httpx.HTTPError)
PAISA = Decimal("0.01")


def transfer_id_of(ret: ReturnRequest) -> str:
    return ret.number.replace("-", "_")


# The reasons a payout failed for which another account is what helps (not a bank that was offline).
ANOTHER_ACCOUNT = frozenset({"INVALID_VPA", "INVALID_ACCOUNT_FAIL", "REVERSED"})
_ATTEMPT = re.compile(r"(?P<ret>.+_R[0-9]+)(?:_(?P<attempt>[0-9]+))?")


def attempt_id(ret: ReturnRequest, attempt: int) -> str:
    return transfer_id_of(ret) if attempt == 1 else f"{transfer_id_of(ret)}_{attempt}"


def may_change_payee(ret: ReturnRequest) -> bool:
    """Another account helps: the payout failed because this one does not exist or sent it back."""
    return ret.payout is not None and ret.payout.status == "failed" and ret.payout.reason in ANOTHER_ACCOUNT


def return_of(state: OrdersState, transfer_id: str) -> tuple[Order, ReturnRequest] | None:
    matched = _ATTEMPT.fullmatch(transfer_id)
    if matched is None:
        return None
    number = matched["ret"].replace("_", "-")
    order = state.orders.get(number.rsplit("-R", 1)[0])
    ret = next((r for r in order.returns if r.number == number), None) if order is not None else None
    return (order, ret) if order is not None and ret is not None else None


def _payee(order: Order, refund_to: RefundTo, account_number: str | None) -> Payee:
    # Cashfree takes a beneficiary_name of letters and spaces only.
    name = re.sub(r"[^A-Za-z ]", "", refund_to.account_name or order.address.name).strip()[:100] or "Customer"
    if refund_to.route == "upi":
        return Payee(name=name, vpa=refund_to.upi_id)
    return Payee(name=name, account_number=account_number, ifsc=refund_to.ifsc)


async def check_payee(world: MockWorld, order: Order, refund_to: RefundTo, account_number: str | None) -> None:
    """The UPI ID or account a shopper gives for a return's refund, verified before the return is
    kept: one the provider says does not exist is refused (ReturnRefused); a provider that does
    not answer lets it through, as it is verified again before any money is sent."""
    from upstream_mocks.orders.returns import ReturnRefused  # returns calls this module

    if refund_to.route not in ("upi", "bank"):
        return
    try:
        async with payouts(world) as provider:
            valid, _ = await provider.payee_exists(_payee(order, refund_to, account_number))
    except UNREACHED as exc:
        log.warning("payee_not_verified", order=order.order_number, error=str(exc))
        return
    if valid:
        return
    if refund_to.route == "upi":
        raise ReturnRefused(
            400,
            "upi_id_not_found",
            f"No bank has the UPI ID {refund_to.upi_id}. Please check it, or give a bank account.",
            "refundTo.upiId",
        )
    raise ReturnRefused(
        400,
        "bank_account_not_found",
        "No bank has this account number with this IFSC. Please check them, or give a UPI ID.",
        "refundTo.accountNumber",
    )


async def new_payee(
    world: MockWorld,
    state: OrdersState,
    order: Order,
    ret: ReturnRequest,
    refund_to: RefundTo,
    account: str | None,
    now: datetime,
) -> None:
    """Another UPI ID or account after a failed payout: verified with the provider first (one no
    bank has is refused, nothing kept), then paid by the next attempt's transfer. Refused (409)
    while the payout is pending or paid, or failed for a reason another account does not mend."""
    from upstream_mocks.orders.returns import ReturnRefused  # returns calls this module

    def offered() -> None:
        if not may_change_payee(ret):
            shown = ret.payout.status if ret.payout is not None else "not made"
            raise ReturnRefused(
                409,
                "payee_change_not_offered",
                f"Return {ret.number}'s payout is {shown}: another account is asked for only when the "
                "account given does not exist or the bank sent the money back.",
            )

    offered()
    await check_payee(world, order, refund_to, account)
    offered()  # another request may have given one while this one was verified
    assert ret.payout is not None
    attempt = ret.payout.attempt + 1
    ret.refund_to = refund_to
    if refund_to.route == "bank" and account:
        state.payee_accounts[ret.number] = account
    else:
        state.payee_accounts.pop(ret.number, None)
    ret.payout = Payout(
        transfer_id=attempt_id(ret, attempt),
        status="pending",
        attempt=attempt,
        earlier=[*ret.payout.earlier, ret.payout.transfer_id],
        started_at=now,
    )
    await start(world, state, order, ret)


async def start(world: MockWorld, state: OrdersState, order: Order, ret: ReturnRequest) -> None:
    """The payee checked, then the transfer made (pending) to the payee's beneficiary at the
    provider, added first when it has none (PayoutsClient.create_transfer): failed at once when the
    payee cannot take money; left pending, to be made again under the same id, when the provider
    did not answer."""
    ret.payout = ret.payout or Payout(transfer_id=transfer_id_of(ret), status="pending")
    payee = _payee(order, ret.refund_to, state.payee_accounts.get(ret.number))
    try:
        async with payouts(world) as provider:
            valid, why = await provider.payee_exists(payee)
            if not valid:
                ret.payout.status = "failed"
                ret.payout.reason = why
                return
            made = await provider.create_transfer(
                transfer_id=ret.payout.transfer_id,
                amount=ret.amount,
                payee=payee,
                remarks=f"Refund {ret.payout.transfer_id.replace('_', ' ')}",
            )
    except UNREACHED as exc:
        log.warning("payout_not_made", order=order.order_number, ret=ret.number, error=str(exc))
        return
    apply(state, order, ret, made)


def apply(state: OrdersState, order: Order, ret: ReturnRequest, transfer: ProviderTransfer) -> list[ReturnStatus]:
    """What the provider says of the transfer now; the steps it moves the return (refunded, once)."""
    payout = ret.payout
    if payout is None or transfer.transfer_id != payout.transfer_id or transfer.transfer_amount != ret.amount:
        return []
    when = datetime.fromisoformat(transfer.updated_on) if transfer.updated_on else None
    if transfer.status == "SUCCESS":
        payout.status = "paid"
        payout.utr = transfer.transfer_utr
        payout.reason = None
        payout.paid_at = payout.paid_at or when
        state.payee_accounts.pop(ret.number, None)
        if ret.status == "received" and when is not None:
            ret.status = "refunded"
            ret.timeline.append(ReturnEvent(status="refunded", at=when))
            order.updated_at = when
            return ["refunded"]
        return []
    if transfer.status in ("FAILED", "REJECTED", "REVERSED"):
        payout.status = "failed"
        payout.reason = "REVERSED" if transfer.status == "REVERSED" else transfer.status_code
    return []


async def follow(world: MockWorld, state: OrdersState, order: Order, ret: ReturnRequest) -> list[ReturnStatus]:
    """Read the transfer and take what it says; one never made (no answer then) is made now."""
    if ret.payout is None:
        return []
    try:
        async with payouts(world) as provider:
            found = await provider.transfer(ret.payout.transfer_id)
    except ProviderRefused as exc:
        if exc.status == 404 and ret.payout.status == "pending":
            await start(world, state, order, ret)
        return []
    except httpx.HTTPError as exc:
        log.warning("payout_unread", order=order.order_number, ret=ret.number, error=str(exc))
        return []
    return apply(state, order, ret, found)


async def pay_now(world: MockWorld, state: OrdersState, order: Order, ret: ReturnRequest) -> list[ReturnStatus]:
    """QA's next step after 'received': the bank answers the transfer now, as it would for this
    payee (a control of the payouts mock; another provider answers in its own time), told by
    webhook; then the transfer is read, whichever came first."""
    payout = ret.payout
    if payout is None or payout.status != "pending":
        return []
    try:
        async with payout_controls(world) as controls:
            await controls.post(f"transfers/{payout.transfer_id}/bank", json={})
    except httpx.HTTPError as exc:
        log.warning("payout_not_answered", order=order.order_number, ret=ret.number, error=str(exc))
    if ret.status == "refunded":  # its webhook came first
        return []
    return await follow(world, state, order, ret)


async def heard_unknown(world: MockWorld, state: OrdersState, transfer_id: str, now: datetime) -> TransferHeard | None:
    """A TRANSFER_* webhook on a transfer_id no return made (someone paid from the payouts account
    by hand, or another system shares it): re-read at the provider before it is believed, then
    kept (first heard's time; the provider's status, amount and UTR as read now) for the daily
    reconciliation. None when the provider has no such transfer."""
    try:
        async with payouts(world) as provider:
            found = await provider.transfer(transfer_id)
    except UNREACHED:
        return None
    earlier = state.unknown_transfers.get(transfer_id)
    heard = TransferHeard(
        transfer_id=transfer_id,
        amount=found.transfer_amount.quantize(PAISA),
        status=found.status,
        utr=found.transfer_utr,
        heard_at=earlier.heard_at if earlier is not None else now,
    )
    state.unknown_transfers[transfer_id] = heard
    return heard
