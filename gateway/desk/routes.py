"""Routes of the support desk under /api/desk (mirrors frontend/src/features/desk): staff only,
with their own login and cookie; agents look up and resend, supervisors also cancel (with the
refund the orders service makes) and read the reconciliation."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any

from litestar import Request, Response, Router, get, post
from litestar.datastructures import Cookie
from litestar.di import NamedDependency, Provide
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import FromPath, FromQuery, JSONBody, QueryParameter

from gateway.desk.audit_trail import AuditEntry, AuditQuery, AuditTrail, as_csv
from gateway.desk.login_limits import DeskLoginLimits
from gateway.desk.refunds import Accounts, DeskRefundRequest, DeskRefunds, DeskRefundView, PaidOtherwise
from gateway.desk.schemas import (
    ActionDone,
    ActionRequest,
    CustomerView,
    DeskLoginRequest,
    FindingView,
    ResolveRequest,
    RunView,
    StaffView,
    WorklistDay,
)
from gateway.desk.service import SUPERVISORS_ONLY, DeskService, PermissionRefused
from gateway.desk.worklist import Worklist
from gateway.otp.limits import limit_storage
from gateway.plumbing.errors import InvalidInput, NotAuthenticated, RateLimitedEnvelope
from gateway.reconciliation.attention import AttentionRule
from gateway.reconciliation.schemas import Reconciliation
from gateway.services import AppServices

DATE_HELP = "Choose a date (YYYY-MM-DD) no later than today."
RANGE_HELP = "The first day must not be after the last."
WHOLE_TRAIL = "Only a supervisor can read the whole desk's audit trail; choose a customer first."


def build_router(services: AppServices) -> Router:
    login_limits = DeskLoginLimits(limit_storage(services.settings), services.settings)
    desk = DeskService(
        services.settings,
        services.store,
        services.clients,
        login_limits,
        services.code_sender.log,
        services.clock,
        AuditTrail(services.database, services.clock),
    )
    refunds = DeskRefunds(
        services.database,
        desk.orders,
        Accounts(desk.payments, services.clients.payments.lenders),  # a repayment's at its lender's
        desk.trail,
        services.clock,
        services.settings.desk_refund_second_approval_above,
    )
    worklist = Worklist(services.database, desk.trail, services.clock, AttentionRule.of(services.settings))
    secure = services.settings.secure_cookies
    cookie_name = "__Host-desk" if secure else "desk"

    def desk_cookie(session_id: str | None) -> Cookie:
        # Strict: no other site's link ever arrives with a staff login.
        return Cookie(
            key=cookie_name,
            value=session_id or "",
            path="/",
            httponly=True,
            secure=secure,
            samesite="strict",
            max_age=services.settings.desk_session_seconds if session_id else 0,
        )

    async def provide_staff(request: Request[Any, Any, Any]) -> StaffView:
        return await desk.staff(request.cookies.get(cookie_name))

    @post(
        "/login",
        status_code=200,
        summary="A staff member logs in to the desk (name and secret)",
        responses={
            429: ResponseSpec(
                data_container=RateLimitedEnvelope,
                generate_examples=False,
                description=(
                    "Too many wrong secrets for the name, or from the client address: `Retry-After` and "
                    "`error.retryAfter` say how many seconds to wait; `error.code` is `desk_login_limit`."
                ),
            )
        },
    )
    async def log_in(request: Request[Any, Any, Any], data: JSONBody[DeskLoginRequest]) -> Response[StaffView]:
        session_id, staff = await desk.log_in(data.name, data.secret, services.client_addresses.of(request))
        return Response(staff, cookies=[desk_cookie(session_id)])

    @post("/logout", status_code=204, summary="End the staff member's desk session")
    async def log_out(request: Request[Any, Any, Any]) -> Response[None]:
        session_id = request.cookies.get(cookie_name)
        try:
            staff: StaffView | None = await desk.staff(session_id)
        except NotAuthenticated:  # not logged in: logging out still clears the cookie
            staff = None
        await desk.log_out(session_id, staff)
        return Response(None, status_code=204, cookies=[desk_cookie(None)])

    @get("/me", summary="Who is logged in to the desk, and their role")
    async def me(staff: NamedDependency[StaffView]) -> StaffView:
        return staff

    @get("/customers", summary="Find a customer by mobile number, order or loan number, or a payment or UPI reference")
    async def find_customer(staff: NamedDependency[StaffView], q: FromQuery[str]) -> CustomerView:
        return await desk.find(staff, q)

    @post("/orders/{order_number:str}/resend", status_code=200, summary="Mail an order's latest status again")
    async def resend_order_mail(
        staff: NamedDependency[StaffView], order_number: FromPath[str], data: JSONBody[ActionRequest]
    ) -> ActionDone:
        return await desk.resend_order_mail(staff, order_number, data.reason, data.customer)

    @post(
        "/repayments/{order_id:str}/receipt",
        status_code=200,
        summary="Mail a repayment's receipt again, through the lender that owns it; once per Idempotency-Key",
    )
    async def resend_receipt(
        request: Request[Any, Any, Any],
        staff: NamedDependency[StaffView],
        order_id: FromPath[str],
        data: JSONBody[ActionRequest],
    ) -> ActionDone:
        key = request.headers.get("idempotency-key")
        return await desk.resend_receipt(staff, order_id, data.reason, key, data.customer)

    @post(
        "/orders/{order_number:str}/cancel",
        status_code=200,
        summary="Supervisors: cancel an order for the shopper; a paid one is refunded to the card or UPI",
    )
    async def cancel_order(
        request: Request[Any, Any, Any],
        staff: NamedDependency[StaffView],
        order_number: FromPath[str],
        data: JSONBody[ActionRequest],
    ) -> ActionDone:
        key = request.headers.get("idempotency-key")
        return await desk.cancel_order(staff, order_number, data.reason, key, data.customer)

    @post(
        "/orders/{order_number:str}/refunds",
        status_code=200,
        summary="Ask for a full or partial refund of an order paid online, with a reason code and a note; "
        "once per Idempotency-Key. A supervisor other than the one asking approves it (two above the "
        "configured amount), then it goes to the provider",
    )
    async def request_refund(
        request: Request[Any, Any, Any],
        staff: NamedDependency[StaffView],
        order_number: FromPath[str],
        data: JSONBody[DeskRefundRequest],
    ) -> DeskRefundView:
        return await refunds.request(staff, order_number, data, request.headers.get("idempotency-key"))

    @get("/refunds", summary="Refunds asked for on the desk, newest first: a customer's, an order's, or all")
    async def list_refunds(
        staff: NamedDependency[StaffView],
        customer: Annotated[str | None, QueryParameter(pattern="^[0-9]{10}$")] = None,
        order: Annotated[str | None, QueryParameter(max_length=32)] = None,
    ) -> list[DeskRefundView]:
        return await refunds.listed(customer, order)

    @post(
        "/refunds/{refund_id:int}/approve",
        status_code=200,
        summary="Supervisors: approve a refund someone else asked for; the last approval needed sends it to the "
        "provider (once, whatever the retries)",
    )
    async def approve_refund(staff: NamedDependency[StaffView], refund_id: FromPath[int]) -> DeskRefundView:
        return await refunds.approve(staff, refund_id)

    @post(
        "/refunds/{refund_id:int}/retry",
        status_code=200,
        summary="A refund the bank gave up (needs a person): ask the provider for it again, the same amount under "
        "a fresh refund id, once per Idempotency-Key; 409 refund_not_given_up for any other refund",
    )
    async def retry_refund(
        request: Request[Any, Any, Any], staff: NamedDependency[StaffView], refund_id: FromPath[int]
    ) -> DeskRefundView:
        return await refunds.ask_again(staff, refund_id, request.headers.get("idempotency-key"))

    @post(
        "/refunds/{refund_id:int}/paid-otherwise",
        status_code=200,
        summary="A refund the bank gave up (needs a person): record it as paid to the customer another way, with "
        "that payment's reference; 409 refund_not_given_up for any other refund",
    )
    async def refund_paid_otherwise(
        staff: NamedDependency[StaffView], refund_id: FromPath[int], data: JSONBody[PaidOtherwise]
    ) -> DeskRefundView:
        return await refunds.paid_otherwise(staff, refund_id, data)

    @post("/refunds/{refund_id:int}/reject", status_code=200, summary="Supervisors: turn a refund request down")
    async def reject_refund(staff: NamedDependency[StaffView], refund_id: FromPath[int]) -> DeskRefundView:
        return await refunds.reject(staff, refund_id)

    @get("/reconciliation", summary="Supervisors: a day's reconciliation of settlements, orders and repayments")
    async def reconciliation(
        staff: NamedDependency[StaffView], day: Annotated[str | None, QueryParameter(name="date")] = None
    ) -> Reconciliation:
        if staff.role != "supervisor":
            raise PermissionRefused(SUPERVISORS_ONLY, code="desk_supervisors_only")
        try:
            today = await services.clock.today()
            wanted = date.fromisoformat(day) if day else today
        except ValueError as exc:
            raise InvalidInput(DATE_HELP, field="date", code="desk_date_invalid") from exc
        if wanted > today:
            raise InvalidInput(DATE_HELP, field="date", code="desk_date_invalid")
        return await desk.reconcile(staff, wanted)

    def supervisor(staff: StaffView) -> None:
        if staff.role != "supervisor":
            raise PermissionRefused(SUPERVISORS_ONLY, code="desk_supervisors_only")

    @get("/worklist", summary="Supervisors: the stored daily reconciliation runs, newest day first")
    async def worklist_runs(staff: NamedDependency[StaffView]) -> list[RunView]:
        supervisor(staff)
        return await worklist.runs()

    @get(
        "/worklist/{day:str}",
        summary=(
            "Supervisors: a day's stored reconciliation run and its findings (open first, disputes nearest "
            "their deadline first), each with its days open; `yesterday` for India's yesterday"
        ),
    )
    async def worklist_day(staff: NamedDependency[StaffView], day: FromPath[str]) -> WorklistDay:
        supervisor(staff)
        if day == "yesterday":  # India's, on the clock the desk reads: what the desk opens on
            return await worklist.day(None)
        try:
            wanted = date.fromisoformat(day)
        except ValueError as exc:
            raise InvalidInput(DATE_HELP, field="day", code="desk_date_invalid") from exc
        return await worklist.day(wanted)

    @post(
        "/worklist/findings/{finding_id:int}/resolve",
        status_code=200,
        summary="Supervisors: mark a reconciliation finding resolved with a note (kept in the audit trail); once",
    )
    async def resolve_finding(
        staff: NamedDependency[StaffView], finding_id: FromPath[int], data: JSONBody[ResolveRequest]
    ) -> FindingView:
        supervisor(staff)
        return await worklist.resolve(staff, finding_id, data.note)

    async def provide_audit_query(
        staff: NamedDependency[StaffView],
        customer: Annotated[str | None, QueryParameter(pattern="^[0-9]{10}$")] = None,
        by: Annotated[str | None, QueryParameter(name="staff", max_length=64)] = None,
        action: Annotated[str | None, QueryParameter(max_length=40)] = None,
        since: Annotated[str | None, QueryParameter(name="from")] = None,
        until: Annotated[str | None, QueryParameter(name="to")] = None,
    ) -> AuditQuery:
        """Which entries the staff member asked for (India's days, both ends included), and may read."""
        if customer is None and staff.role != "supervisor":
            raise PermissionRefused(WHOLE_TRAIL, code="desk_supervisors_only")
        try:
            query = AuditQuery(
                customer=customer,
                staff=by,
                action=action,
                since=date.fromisoformat(since) if since else None,
                until=date.fromisoformat(until) if until else None,
            )
        except ValueError as exc:
            raise InvalidInput(DATE_HELP, field="from" if since else "to", code="desk_date_invalid") from exc
        if query.since and query.until and query.since > query.until:
            raise InvalidInput(RANGE_HELP, field="to", code="desk_date_invalid")
        return query

    @get(
        "/audit",
        summary="The desk's audit trail, newest first: a customer's (any staff) or the whole desk's (supervisors)",
        dependencies={"audit_query": Provide(provide_audit_query)},
    )
    async def audit_trail(audit_query: NamedDependency[AuditQuery]) -> list[AuditEntry]:
        return await desk.trail.entries(audit_query)

    @get(
        "/audit.csv",
        summary="The same audit trail as a CSV file (the same filters)",
        media_type="text/csv",
        dependencies={"audit_query": Provide(provide_audit_query)},
    )
    async def audit_trail_csv(audit_query: NamedDependency[AuditQuery]) -> Response[str]:
        entries = await desk.trail.entries(audit_query)
        name = f"desk-audit-{audit_query.customer or 'all'}-{(await services.clock.today()).isoformat()}.csv"
        return Response(
            as_csv(entries),
            media_type="text/csv; charset=utf-8",
            headers={"content-disposition": f'attachment; filename="{name}"'},
        )

    return Router(
        path="/api/desk",
        route_handlers=[
            log_in,
            log_out,
            me,
            find_customer,
            resend_order_mail,
            resend_receipt,
            cancel_order,
            request_refund,
            list_refunds,
            approve_refund,
            reject_refund,
            retry_refund,
            refund_paid_otherwise,
            reconciliation,
            worklist_runs,
            worklist_day,
            resolve_finding,
            audit_trail,
            audit_trail_csv,
        ],
        dependencies={"staff": Provide(provide_staff)},
        tags=["desk"],
    )
