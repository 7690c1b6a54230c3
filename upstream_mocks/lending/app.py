"""Lending mock (contracts/lending.openapi.yaml): codes, the repayment calls, and QA read-outs.

QA extras, not part of the contract: `GET /outbox` (every live login code, newest first; `?mobile=`
one number's), `GET /outbox/{mobileNumber}` (the last code sent) and
`GET /tokens` (the access tokens issued, so tests can prove none reaches the browser).
"""

from __future__ import annotations

import re
import secrets
from decimal import Decimal
from typing import Any, Literal

import msgspec
from litestar import Request, Response, get, post
from litestar.params import FromPath, FromQuery

from upstream_mocks.built_on_use import BuiltOnUse, mock_app
from upstream_mocks.clock import mocks_now
from upstream_mocks.envelope import envelope, json_answer
from upstream_mocks.lending.autopay_mandates import mandate_routes
from upstream_mocks.lending.complaints import complaint_routes
from upstream_mocks.lending.credit import credit_limit_handler, seed_credit
from upstream_mocks.lending.credit_line_routes import credit_line_routes
from upstream_mocks.lending.due_links import DUE_LINKS, DueLinksState
from upstream_mocks.lending.dues import Dues, dues
from upstream_mocks.lending.excess_refunds import follow_excess_refunds
from upstream_mocks.lending.history import history_routes
from upstream_mocks.lending.link_codes import link_code_routes
from upstream_mocks.lending.loan_routes import loan_routes
from upstream_mocks.lending.mandate_debits import mandate_debit_routes, ours
from upstream_mocks.lending.partner_key import partner_refused
from upstream_mocks.lending.partner_repayments import partner_repayment_routes
from upstream_mocks.lending.provider_checkout import borrower_checkout, payment_session
from upstream_mocks.lending.reminders import remember_language, reminder_routes
from upstream_mocks.lending.seed import Borrower, LendingState, PaymentLog, seed
from upstream_mocks.lending.settlement import settle_from_provider
from upstream_mocks.lending.webhook_receiver import webhook_route
from upstream_mocks.money import has_paise_only, rupees
from upstream_mocks.sms import check_code, issue_code
from upstream_mocks.texts import requested
from upstream_mocks.world import MockWorld, OutboxEntry

_MOBILE = re.compile(r"^[0-9]{10}$")

PAYMENT_COMPLETED = "Payment process completed"
PAYMENT_FAILED = "Payment failed"
# Tried, and the payer's bank has yet to answer (the provider's PENDING): it may yet be taken.
PAYMENT_BANK_PENDING = "Payment pending at the bank"


class SendOtpBody(msgspec.Struct, rename="camel"):
    mobile_number: str


class VerifyOtpBody(msgspec.Struct, rename="camel"):
    mobile_number: str
    otp: str
    platform: Literal["WEB"]
    user_type: Literal["USER"]
    business_type: Literal[1]


class PaymentBody(msgspec.Struct):
    order_amount: Decimal
    userId: int  # the lender's field names are mixed


class PaymentStatusBody(msgspec.Struct):
    paymentLogId: int
    order_id: str
    userId: int


def _record(borrower: Borrower, owed: Dues) -> dict[str, Any]:
    pending = owed.remaining > 0
    return {
        "userId": borrower.user_id,
        "userName": borrower.user_name,
        "mobileNumber": borrower.mobile_number,
        # Once everything is repaid the record says nothing is pending, as for a borrower who never owed.
        "totalRepaymentAmount": (
            rupees(owed.loan_overdue + (borrower.total_repayment_amount or 0)) if pending else None
        ),
        "remainingAmount": owed.remaining if pending else None,
    }


def loan_particulars(borrower: Borrower, owed: Dues) -> dict[str, Any]:
    """The optional fields of repaymentDetail (our extension): only those the lender has."""
    found: dict[str, Any] = {}
    if owed.due_date is not None:
        found["dueDate"] = owed.due_date.isoformat()
        found["daysOverdue"] = owed.days_overdue
    if borrower.lender_name is not None:
        found["lenderName"] = borrower.lender_name
    if borrower.loan_number is not None:
        found["loanNumber"] = borrower.loan_number
    return found


def create_app(world: MockWorld) -> BuiltOnUse:
    world.register("lending", seed)
    world.register("credit", seed_credit)
    # Its reminders' payment links start over with the provider's on a reset, as the rest does.
    world.register(DUE_LINKS, DueLinksState)

    def state() -> LendingState:
        st: LendingState = world.states["lending"]
        return st

    async def body_of(request: Request[Any, Any, Any], type_: type[Any]) -> tuple[Any, Response[Any] | None]:
        try:
            return msgspec.json.decode(await request.body(), type=type_), None
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            return None, envelope(None, f"Invalid request: {exc}", 400)

    def record(borrower: Borrower) -> dict[str, Any]:
        return _record(borrower, dues(world, borrower))

    def caller(request: Request[Any, Any, Any], user_id: int) -> tuple[Borrower | None, Response[Any] | None]:
        """The borrower the bearer token was issued to, who must be `user_id`."""
        scheme, _, token = request.headers.get("authorization", "").partition(" ")
        token_user = state().tokens.get(token) if scheme.lower() == "bearer" and token else None
        if token_user is None:
            return None, envelope(None, "Unauthorized", 401)
        if token_user != user_id:
            return None, envelope(None, "Forbidden", 403)
        return state().borrower_by_id(user_id), None

    @post("/sendOtp", status_code=200)
    async def send_otp(request: Request[Any, Any, Any]) -> Response[Any]:
        body, rejected = await body_of(request, SendOtpBody)
        if rejected:
            return rejected
        if not _MOBILE.match(body.mobile_number):
            return envelope(None, "Invalid mobile number", 400)
        issue_code(world, body.mobile_number, requested(request.headers))
        if (borrower := state().borrowers.get(body.mobile_number)) is not None:
            remember_language(world, borrower.user_id, requested(request.headers))
        return envelope(None, "OTP sent successfully")

    @post("/webRepayment/verifyOtp", status_code=200)
    async def verify_otp(request: Request[Any, Any, Any]) -> Response[Any]:
        body, rejected = await body_of(request, VerifyOtpBody)
        if rejected:
            return rejected
        if not check_code(world, body.mobile_number, body.otp):
            return envelope(None, "Invalid OTP", 400)
        borrower = state().borrowers.get(body.mobile_number)
        if borrower is None:
            return envelope(None, "No loan account is registered with this mobile number", 400)
        token = f"lend_{secrets.token_urlsafe(32)}"
        state().tokens[token] = borrower.user_id
        return json_answer(
            {"accessToken": token, "statusCode": 200, "message": "OTP verified", "data": [record(borrower)]}
        )

    @post("/webRepayment/partnerLogin", status_code=200)
    async def partner_login(request: Request[Any, Any, Any]) -> Response[Any]:
        """Our extension: the borrower's token for a number the partner (the gateway) verified
        with the one code it sent through sendOtp; 404 when the number has no loan account."""
        refused = partner_refused(request, world.settings.partner_key)
        if refused is not None:
            return refused
        body, rejected = await body_of(request, SendOtpBody)
        if rejected:
            return rejected
        if not _MOBILE.match(body.mobile_number):
            return envelope(None, "Invalid mobile number", 400)
        borrower = state().borrowers.get(body.mobile_number)
        if borrower is None:
            return envelope(None, "No loan account is registered with this mobile number", 404)
        token = f"lend_{secrets.token_urlsafe(32)}"
        state().tokens[token] = borrower.user_id
        return json_answer(
            {"accessToken": token, "statusCode": 200, "message": "Borrower logged in", "data": [record(borrower)]}
        )

    @get("/webRepayment/repaymentDetail")
    async def repayment_detail(request: Request[Any, Any, Any]) -> Response[Any]:
        try:
            user_id = int(request.query_params.get("userId", ""))
        except ValueError:
            return envelope(None, "Invalid request: userId must be an integer", 400)
        borrower, rejected = caller(request, user_id)
        if rejected:
            return rejected
        if borrower is None:
            return envelope(None, "Borrower not found", 404)
        # The loan's own position on the mocks' clock (dues.py): the figures its pages show.
        owed = dues(world, borrower)
        detail: dict[str, Any] = {
            "remainingAmount": owed.remaining,
            "lateFees": owed.late_fees,
            "pendingAmount": owed.pending,
        }
        detail.update(loan_particulars(borrower, owed))
        return envelope([detail], "Repayment detail")

    @post("/webRepayment/cashFreeRequest", status_code=200)
    async def cash_free_request(request: Request[Any, Any, Any]) -> Response[Any]:
        body, rejected = await body_of(request, PaymentBody)
        if rejected:
            return rejected
        borrower, rejected = caller(request, body.userId)
        if rejected:
            return rejected
        if borrower is None:
            return envelope(None, "Borrower not found", 400)
        if not borrower.financier_mapped:
            return envelope(None, "Financier is not authorized to receive payment", 400)
        amount = body.order_amount
        # The provider takes nothing below ₹1: a smaller amount never opens a checkout.
        if amount < 1 or not has_paise_only(amount) or amount > dues(world, borrower).remaining:
            return envelope(None, "Amount must be at least 1.00, in paise, and not above the remaining amount", 400)
        st = state()
        log_id = st.next_payment_log_id
        st.next_payment_log_id += 1
        order_id = f"REPAY_{borrower.user_id}_{log_id}"
        order = await borrower_checkout(
            world, order_id=order_id, amount=amount, borrower=borrower, note="Loan repayment"
        )
        if isinstance(order, Response):
            return order
        st.payment_logs[log_id] = PaymentLog(
            id=log_id,
            user_id=borrower.user_id,
            order_id=order.order_id,
            amount=order.order_amount,
            created_at=mocks_now(world).isoformat(timespec="seconds"),
            language=requested(request.headers),
        )
        return envelope(payment_session(order, log_id), "Payment session created")

    @post("/webRepayment/updatePaymentStatus", status_code=200)
    async def update_payment_status(request: Request[Any, Any, Any]) -> Response[Any]:
        body, rejected = await body_of(request, PaymentStatusBody)
        if rejected:
            return rejected
        borrower, rejected = caller(request, body.userId)
        if rejected:
            return rejected
        log = state().payment_logs.get(body.paymentLogId)
        if borrower is None or log is None or log.user_id != body.userId or log.order_id != body.order_id:
            return envelope(None, "Payment not found", 404)
        # The provider's PAID status settles the log once, however often asked, webhook or not.
        standing = await settle_from_provider(world, log)
        return envelope(
            None, {"paid": PAYMENT_COMPLETED, "bankPending": PAYMENT_BANK_PENDING}.get(standing, PAYMENT_FAILED)
        )

    follow_excess_refunds(world)  # a refund of what a payment brought beyond the dues, asked until answered

    # QA read-outs (not part of the upstream contract).
    @get("/outbox")
    async def outboxes(mobile: FromQuery[str | None] = None) -> list[OutboxEntry]:
        """Each number's last code still unused, newest first (the QA console's outbox)."""
        found = [entry for entry in world.outbox.values() if mobile is None or entry.mobile_number == mobile]
        return sorted(reversed(found), key=lambda entry: entry.sent_at, reverse=True)  # a tie: the later sent first

    @get("/outbox/{mobile_number:str}")
    async def outbox(mobile_number: FromPath[str]) -> Response[Any]:
        entry = world.outbox.get(mobile_number)
        if entry is None:
            return Response({"message": "No code sent to this number"}, status_code=404)
        return Response(msgspec.to_builtins(entry))

    @get("/tokens")
    async def tokens() -> list[dict[str, Any]]:
        return [{"accessToken": token, "userId": user_id} for token, user_id in state().tokens.items()]

    return mock_app(
        [
            send_otp,
            verify_otp,
            partner_login,
            repayment_detail,
            cash_free_request,
            update_payment_status,
            credit_limit_handler(world),
            *partner_repayment_routes(world),
            *mandate_debit_routes(world, ours(world)),
            *mandate_routes(world, ours(world)),
            *credit_line_routes(world),
            webhook_route(world),
            *history_routes(world, caller),
            *loan_routes(world, caller),
            *link_code_routes(world),
            *reminder_routes(world),  # before complaints, which note the borrower's language
            *complaint_routes(world, caller),
            outboxes,
            outbox,
            tokens,
        ],
        openapi_config=None,
    )
