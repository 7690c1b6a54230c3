"""The lender's partner calls for the platform's own operations (contracts/lending.openapi.yaml),
asked with the store's partner key (`x-partner-key`), like the purchase-credit call:

- `GET /webRepayment/partnerRepayments?date=&mobileNumber=&loanNumber=&orderId=`: the
  repayments the lender recorded, every filter given holding (a day's paid ones, one borrower's,
  one provider order's),
  for the daily reconciliation and the support desk;
- `POST /webRepayment/partnerReceipt`: mail a paid repayment's receipt to the borrower again
  (once per `Idempotency-Key`: a retried click mails once).
"""

from __future__ import annotations

import re
from datetime import date, datetime
from decimal import Decimal
from typing import Any

import msgspec
from litestar import Request, Response, get, post
from litestar.handlers import HTTPRouteHandler

from upstream_mocks.envelope import envelope
from upstream_mocks.ist import IST
from upstream_mocks.lending.partner_key import partner_refused
from upstream_mocks.lending.seed import Borrower, PaymentLog
from upstream_mocks.lending.settlement import lending_state, mail_receipt
from upstream_mocks.world import MockWorld

_MOBILE = re.compile(r"^[0-9]{10}$")


class RepaymentRow(msgspec.Struct, rename="camel", kw_only=True, omit_defaults=True):
    order_id: str  # the provider order the repayment was paid through
    user_id: int
    user_name: str
    mobile_number: str
    email: str | None
    loan_number: str | None
    amount: Decimal
    status: str
    cf_payment_id: str | None
    created_at: str
    paid_at: str | None
    refunded: Decimal | None = None  # beyond everything owed, refunded on the same order


class ReceiptBody(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    order_id: str


def _row(log: PaymentLog, borrower: Borrower) -> RepaymentRow:
    return RepaymentRow(
        order_id=log.order_id,
        user_id=log.user_id,
        user_name=borrower.user_name,
        mobile_number=borrower.mobile_number,
        email=borrower.email,
        loan_number=borrower.loan_number,
        amount=log.amount,
        status=log.status,
        cf_payment_id=log.cf_payment_id,
        created_at=log.created_at,
        paid_at=log.paid_at,
        refunded=log.excess,
    )


def _paid_on(log: PaymentLog, day: date) -> bool:
    return log.paid_at is not None and datetime.fromisoformat(log.paid_at).astimezone(IST).date() == day


def partner_repayment_routes(world: MockWorld) -> list[HTTPRouteHandler]:
    def refused(request: Request[Any, Any, Any]) -> Response[Any] | None:
        refused = partner_refused(request, world.settings.partner_key)
        if refused is not None:
            return refused
        return None

    @get("/webRepayment/partnerRepayments")
    async def repayments(request: Request[Any, Any, Any]) -> Response[Any]:
        if no := refused(request):
            return no
        query = request.query_params
        asked = {name: query.get(name) for name in ("date", "mobileNumber", "loanNumber", "orderId")}
        if all(value is None for value in asked.values()):
            return envelope(None, "Give date, mobileNumber, loanNumber or orderId", 400)
        day: date | None = None
        if asked["date"] is not None:
            try:
                day = date.fromisoformat(asked["date"])
            except ValueError:
                return envelope(None, "date must be YYYY-MM-DD", 400)
        if asked["mobileNumber"] is not None and not _MOBILE.match(asked["mobileNumber"]):
            return envelope(None, "Invalid mobile number", 400)
        st = lending_state(world)
        rows: list[RepaymentRow] = []
        for log in sorted(st.payment_logs.values(), key=lambda log: log.id):
            borrower = st.borrower_by_id(log.user_id)
            if borrower is None:
                continue
            # Every filter given must hold.
            if (
                (day is None or _paid_on(log, day))
                and asked["mobileNumber"] in (None, borrower.mobile_number)
                and asked["loanNumber"] in (None, borrower.loan_number)
                and asked["orderId"] in (None, log.order_id)
            ):
                rows.append(_row(log, borrower))
        return envelope(msgspec.to_builtins(rows), "Repayments")

    @post("/webRepayment/partnerReceipt", status_code=200)
    async def receipt_again(request: Request[Any, Any, Any]) -> Response[Any]:
        if no := refused(request):
            return no
        try:
            body = msgspec.json.decode(await request.body(), type=ReceiptBody)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            return envelope(None, f"Invalid request: {exc}", 400)
        st = lending_state(world)
        key = request.headers.get("idempotency-key")
        if key is not None and key in st.receipts_sent:
            if st.receipts_sent[key][0] != body.order_id:
                return envelope(None, "This Idempotency-Key was used for another request.", 422)
            return envelope(st.receipts_sent[key][1], "Receipt sent again")
        log = st.log_for_order(body.order_id)
        borrower = st.borrower_by_id(log.user_id) if log is not None else None
        if log is None or borrower is None:
            return envelope(None, "No such repayment", 404)
        if log.status != "paid":
            return envelope(None, "The repayment is not paid; there is no receipt", 409)
        if not borrower.email:
            return envelope(None, "The borrower has no e-mail address", 409)
        world.spawn(mail_receipt(world, borrower, log))
        answer = {"orderId": log.order_id, "email": borrower.email}
        if key is not None:
            st.receipts_sent[key] = (log.order_id, answer)
        return envelope(answer, "Receipt sent again")

    return [repayments, receipt_again]
