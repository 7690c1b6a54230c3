"""Repayment history and receipts (our extension of the lender's contract).

`webRepayment/paymentHistory` lists the borrower's payments, newest first, with their status;
`webRepayment/paymentReceipt` answers the receipt PDF of a paid one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from anyio import to_thread
from litestar import Request, Response, get
from litestar.handlers import HTTPRouteHandler

from upstream_mocks.envelope import envelope
from upstream_mocks.lending.receipts import render_receipt
from upstream_mocks.lending.seed import Borrower
from upstream_mocks.lending.settlement import lending_state, masked_email, receipt_facts, view_status
from upstream_mocks.texts import requested
from upstream_mocks.world import MockWorld

Caller = Callable[[Request[Any, Any, Any], int], tuple[Borrower | None, Response[Any] | None]]


def _int_param(request: Request[Any, Any, Any], name: str) -> int | None:
    try:
        return int(request.query_params.get(name, ""))
    except ValueError:
        return None


def history_routes(world: MockWorld, caller: Caller) -> list[HTTPRouteHandler]:
    @get("/webRepayment/paymentHistory")
    async def payment_history(request: Request[Any, Any, Any]) -> Response[Any]:
        user_id = _int_param(request, "userId")
        if user_id is None:
            return envelope(None, "Invalid request: userId must be an integer", 400)
        borrower, rejected = caller(request, user_id)
        if rejected:
            return rejected
        if borrower is None:
            return envelope(None, "Borrower not found", 404)
        logs = [log for log in lending_state(world).payment_logs.values() if log.user_id == user_id]
        entries = []
        for log in sorted(logs, key=lambda log: log.id, reverse=True):
            status = await view_status(world, log)
            entries.append(
                {
                    "paymentLogId": log.id,
                    "orderId": log.order_id,
                    "amount": log.amount,
                    "status": status,
                    "createdAt": log.created_at,
                    "paidAt": log.paid_at,
                    "providerReference": log.cf_payment_id,
                    "remainingAfter": log.remaining_after,
                    "failureReason": log.failure_reason or ("expired" if status == "failed" else None),
                    "receiptMailedTo": masked_email(borrower.email) if log.status == "paid" else None,
                    "allocation": (
                        {"charges": log.charges, "interest": log.interest, "principal": log.principal}
                        | ({"refunded": log.excess} if log.excess else {})
                        if log.status == "paid" and log.principal is not None
                        else None
                    ),
                }
            )
        return envelope(entries, "Payment history")

    @get("/webRepayment/paymentReceipt")
    async def payment_receipt(request: Request[Any, Any, Any]) -> Response[Any]:
        user_id = _int_param(request, "userId")
        log_id = _int_param(request, "paymentLogId")
        if user_id is None or log_id is None:
            return envelope(None, "Invalid request: userId and paymentLogId must be integers", 400)
        borrower, rejected = caller(request, user_id)
        if rejected:
            return rejected
        log = lending_state(world).payment_logs.get(log_id)
        facts = receipt_facts(world, borrower, log) if borrower is not None and log is not None else None
        if facts is None or log is None or log.user_id != user_id:
            return envelope(None, "No receipt: the payment is not found or not paid", 404)
        return Response(
            # Drawing a PDF is CPU work: off the event loop (the gateway's too, when embedded).
            await to_thread.run_sync(render_receipt, facts, requested(request.headers)),
            media_type="application/pdf",
            headers={"content-disposition": f'attachment; filename="receipt-{facts.receipt_number}.pdf"'},
        )

    return [payment_history, payment_receipt]
