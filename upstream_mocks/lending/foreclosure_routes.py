"""The term-loan closure calls of the lending contract (our extension): today's foreclosure quote,
its payment through the provider's checkout (the repayments' own; one order per Idempotency-Key),
whether the lender took it (the loan then closes), and the no-dues certificate of a closed loan
(foreclosed now or repaid earlier). Bearer calls with `userId`, as the other loan calls."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

import msgspec
from anyio import to_thread
from litestar import Request, Response, get, post
from litestar.handlers import HTTPRouteHandler
from litestar.params import FromPath

from upstream_mocks.clock import mocks_now
from upstream_mocks.envelope import envelope
from upstream_mocks.lending.certificates import render_loan_certificate
from upstream_mocks.lending.foreclosure import ForeclosureQuote, foreclosure_quote
from upstream_mocks.lending.loan_views import money, summary_view
from upstream_mocks.lending.loans import Loan, Position
from upstream_mocks.lending.provider_checkout import borrower_checkout, payment_session
from upstream_mocks.lending.seed import Borrower, PaymentLog
from upstream_mocks.lending.settlement import lending_state, provider_view, settle_from_provider
from upstream_mocks.texts import requested
from upstream_mocks.world import MockWorld

Find = Callable[[Request[Any, Any, Any], str], "tuple[Borrower, Loan, Position] | Response[Any]"]

LOAN_CLOSED = "The loan is closed: there is nothing to foreclose"


class ForeclosureBody(msgspec.Struct, rename="camel", kw_only=True):
    amount: Decimal


def quote_view(quote: ForeclosureQuote, loan: Loan) -> dict[str, Any]:
    return {
        "loanNumber": quote.loan_number,
        "principal": money(quote.principal),
        "interest": money(quote.interest),
        "penalCharges": money(quote.penal_charges),
        "foreclosureCharge": money(quote.charge),
        "foreclosureChargePercent": money(quote.charge_percent),
        "chargeRule": quote.charge_rule,
        "rateType": loan.rate_type,
        "total": money(quote.total),
        "validOn": quote.valid_on.isoformat(),
    }


def foreclosure_routes(world: MockWorld, find: Find) -> list[HTTPRouteHandler]:
    # "loan:user:Idempotency-Key" -> the payment log: a retry with the key is the same payment.
    world.register("foreclosure_keys", dict)

    def keys() -> dict[str, int]:
        found: dict[str, int] = world.states["foreclosure_keys"]
        return found

    def open_loan(request: Request[Any, Any, Any], loan_number: str) -> tuple[Borrower, Loan, Position] | Response[Any]:
        found = find(request, loan_number)
        if not isinstance(found, Response) and found[2].status == "closed":
            return envelope(None, LOAN_CLOSED, 409)
        return found

    @get("/webRepayment/loans/{loan_number:str}/foreclosure")
    async def quote(request: Request[Any, Any, Any], loan_number: FromPath[str]) -> Response[Any]:
        found = open_loan(request, loan_number)
        if isinstance(found, Response):
            return found
        _, loan, now = found
        return envelope(quote_view(foreclosure_quote(loan, now), loan), "Foreclosure quote")

    @post("/webRepayment/loans/{loan_number:str}/foreclosure/payments", status_code=200)
    async def pay(request: Request[Any, Any, Any], loan_number: FromPath[str]) -> Response[Any]:
        key = request.headers.get("idempotency-key", "")
        if not 8 <= len(key) <= 64:
            return envelope(None, "Invalid request: an Idempotency-Key of 8 to 64 characters is needed", 400)
        try:
            body = msgspec.json.decode(await request.body(), type=ForeclosureBody)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            return envelope(None, f"Invalid request: {exc}", 400)
        found = find(request, loan_number)
        if isinstance(found, Response):
            return found
        borrower, loan, now = found
        lending = lending_state(world)
        earlier = lending.payment_logs.get(keys().get(f"{loan.loan_number}:{borrower.user_id}:{key}", 0))
        view = await provider_view(world, earlier.order_id) if earlier is not None else None
        made = view.order if view is not None else None
        if earlier is not None and made is not None:
            if earlier.amount != body.amount:
                return envelope(None, "This Idempotency-Key was used for another amount", 409)
            return envelope(payment_session(made, earlier.id), "Payment session created")
        if now.status == "closed":
            return envelope(None, LOAN_CLOSED, 409)
        found_quote = foreclosure_quote(loan, now)
        if body.amount != found_quote.total:
            return envelope(None, "The amount is not today's foreclosure quote; ask for the quote again", 409)
        log_id = lending.next_payment_log_id
        lending.next_payment_log_id += 1
        order_id = f"CLOSE_{borrower.user_id}_{log_id}"
        note = f"Foreclosure of loan {loan.loan_number}"
        order = await borrower_checkout(
            world, order_id=order_id, amount=found_quote.total, borrower=borrower, note=note
        )
        if isinstance(order, Response):
            return order
        keys()[f"{loan.loan_number}:{borrower.user_id}:{key}"] = log_id
        lending.payment_logs[log_id] = PaymentLog(
            id=log_id,
            user_id=borrower.user_id,
            order_id=order.order_id,
            amount=order.order_amount,
            created_at=mocks_now(world).isoformat(timespec="seconds"),
            language=requested(request.headers),
            charges=found_quote.penal_charges + found_quote.charge,
            interest=found_quote.interest,
            principal=found_quote.principal,
            purpose="foreclosure",
            loan_number=loan.loan_number,
        )
        return envelope(payment_session(order, log_id), "Payment session created")

    @post("/webRepayment/loans/{loan_number:str}/foreclosure/payments/{log_id:int}/status", status_code=200)
    async def payment_status(
        request: Request[Any, Any, Any], loan_number: FromPath[str], log_id: FromPath[int]
    ) -> Response[Any]:
        found = find(request, loan_number)
        if isinstance(found, Response):
            return found
        borrower, loan, _ = found
        log = lending_state(world).payment_logs.get(log_id)
        if log is None or log.loan_number != loan.loan_number or log.user_id != borrower.user_id:
            return envelope(None, "Payment not found", 404)
        paid = await settle_from_provider(world, log) == "paid"
        after = find(request, loan_number)
        if isinstance(after, Response):
            return after
        return envelope({"paid": paid, "loan": summary_view(loan, after[2])}, "Payment status")

    @get("/webRepayment/loans/{loan_number:str}/noDues/pdf")
    async def certificate(request: Request[Any, Any, Any], loan_number: FromPath[str]) -> Response[Any]:
        found = find(request, loan_number)
        if isinstance(found, Response):
            return found
        borrower, loan, now = found
        if now.status != "closed" or now.closed_on is None:
            return envelope(None, "A no-dues certificate is issued once the loan is closed", 409)
        closing = next(
            (
                log
                for log in lending_state(world).payment_logs.values()
                if log.loan_number == loan.loan_number and log.user_id == loan.user_id and log.status == "paid"
            ),
            None,
        )
        language = requested(request.headers)
        content = await to_thread.run_sync(
            render_loan_certificate,
            loan,
            borrower.user_name,
            now.closed_on,
            closing.amount if closing is not None else None,
            language,
        )
        return Response(
            content,
            media_type="application/pdf",
            headers={"content-disposition": f'attachment; filename="no-dues-{loan.loan_number}-{language}.pdf"'},
        )

    return [quote, pay, payment_status, certificate]
