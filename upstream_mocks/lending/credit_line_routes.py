"""The credit-line calls of the lending contract (`webRepayment/credit/...`, our extension): apply,
read an offer's Key Facts, accept it, read the lines, quote a cooling-off exit or a foreclosure,
pay it through the provider's checkout (the repayments' own), and the no-objection certificate.

Partner calls (`x-partner-key`) by mobile number, like `creditLimit`: the store's shopper need not
have a loan account yet. QA control: `POST /_mocks/lending/applications/decision`
`{"decision": "approved" | "referred" | "rejected", "mobileNumber"?, "reason"?, "limit"?}` steers
the next decisions (for one number, or everyone); `DELETE` drops the steers.
"""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal
from typing import Any, Literal

import msgspec
from anyio import to_thread
from litestar import Request, Response, delete, get, post
from litestar.handlers import HTTPRouteHandler
from litestar.params import FromPath

from upstream_mocks.clock import mocks_now, mocks_today
from upstream_mocks.envelope import envelope
from upstream_mocks.lending.certificates import render_certificate
from upstream_mocks.lending.credit import CREDIT_DAYS
from upstream_mocks.lending.credit_key_facts import key_facts_version, render_offer_key_facts
from upstream_mocks.lending.credit_lines import (
    COOLING_OFF_DAYS,
    DEFAULT_LIMIT,
    REFERRED_REASON,
    REJECTED_REASON,
    Application,
    CreditLine,
    NotAllowed,
    Offer,
    Purpose,
    Steer,
    applications_state,
    decide,
    end_line,
    find_offer,
    line_dues,
    make_offers,
    open_line,
    quote,
    seed_applications,
)
from upstream_mocks.lending.loan_seed import LSP
from upstream_mocks.lending.loan_views import money
from upstream_mocks.lending.partner_key import partner_refused
from upstream_mocks.lending.provider_checkout import borrower_checkout
from upstream_mocks.lending.seed import LendingState, PaymentLog
from upstream_mocks.lending.settlement import provider_view, settle_from_provider
from upstream_mocks.texts import requested
from upstream_mocks.world import MockWorld

_MOBILE = re.compile(r"^[0-9]{10}$")
_PAN = re.compile(r"^[A-Z]{5}[0-9]{4}[A-Z]$")
_GSTIN = re.compile(r"^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$")


class ApplicationBody(msgspec.Struct, rename="camel", kw_only=True):
    mobile_number: str
    applicant_name: str
    business_name: str
    bureau_consent: bool
    gstin: str | None = None
    pan: str | None = None
    email: str | None = None


class AcceptBody(msgspec.Struct, rename="camel", kw_only=True):
    mobile_number: str
    key_facts_acknowledged: bool


class MobileBody(msgspec.Struct, rename="camel", kw_only=True):
    mobile_number: str


class LinePaymentBody(msgspec.Struct, rename="camel", kw_only=True):
    mobile_number: str
    purpose: Purpose
    amount: Decimal


class SteerBody(msgspec.Struct, rename="camel", kw_only=True):
    decision: Literal["approved", "referred", "rejected"]
    mobile_number: str | None = None
    reason: str | None = None
    limit: Decimal | None = None


def offer_view(offer: Offer) -> dict[str, Any]:
    product = offer.product
    return {
        "offerId": offer.offer_id,
        "lender": {
            "name": product.lender.name,
            "registration": product.lender.registration,
            "website": product.lender.website,
        },
        "creditLimit": money(offer.limit),
        "interestRate": money(product.interest_rate),
        "rateType": product.rate_type,
        "apr": money(product.apr),
        "processingFee": money(offer.processing_fee),
        "keyFactsValidUntil": offer.valid_until.isoformat(),
        "accepted": offer.accepted_line is not None,
    }


def key_facts_view(application: Application, offer: Offer) -> dict[str, Any]:
    product = offer.product
    g = product.lender.grievance_officer
    view = {
        **offer_view(offer),
        "borrowerName": application.applicant_name,
        "businessName": application.business_name,
        "lendingServiceProvider": LSP,
        "interestFreeDays": CREDIT_DAYS,
        "penalCharge": {"amount": money(product.penal_charge), "basis": "perMissedInstalment"},
        "coolingOffDays": COOLING_OFF_DAYS,
        "foreclosureChargePercent": money(
            product.foreclosure_charge_percent if product.rate_type == "fixed" else Decimal(0)
        ),
        "recoveryAgents": [{"name": a.name, "phone": a.phone} for a in product.lender.recovery_agents],
        "grievanceOfficer": {"name": g.name, "email": g.email, "phone": g.phone, "address": g.address},
        "madeOn": offer.made_on.isoformat(),
    }
    return {**view, "keyFactsVersion": key_facts_version(view)}


def application_view(application: Application) -> dict[str, Any]:
    return {
        "applicationId": application.application_id,
        "decision": application.decision,
        "reason": application.reason,
        "offers": [offer_view(o) for o in application.offers],
    }


def line_view(world: MockWorld, line: CreditLine, today: date) -> dict[str, Any]:
    product = line.offer.product
    dues = line_dues(world, line, today)
    return {
        "lineNumber": line.line_number,
        "status": line.status_on(today),
        "lender": {
            "name": product.lender.name,
            "registration": product.lender.registration,
            "website": product.lender.website,
        },
        "creditLimit": money(line.offer.limit),
        "apr": money(product.apr),
        "rateType": product.rate_type,
        "acceptedOn": line.accepted_on.isoformat(),
        "coolingOffEndsOn": line.cooling_off_ends_on.isoformat(),
        "endedOn": line.ended_on.isoformat() if line.ended_on else None,
        "endedBy": line.ended_by,
        "asOf": today.isoformat(),
        "keyFactsVersion": line.offer.key_facts_version,
        "owed": money(dues.owed),
        "overdue": money(dues.overdue),
        "minimumDue": money(dues.minimum_due),
        "minimumDueOn": dues.minimum_due_on.isoformat() if dues.minimum_due_on else None,
    }


def quote_view(found: Any) -> dict[str, Any]:
    return {
        "lineNumber": found.line_number,
        "purpose": found.purpose,
        "principal": money(found.principal),
        "interest": money(found.interest),
        "charge": money(found.charge),
        "penalty": "0.00",
        "total": money(found.total),
        "daysHeld": found.days_held,
        "validOn": found.valid_on.isoformat(),
    }


def credit_line_routes(world: MockWorld) -> list[HTTPRouteHandler]:
    world.register("applications", seed_applications)

    def partner(request: Request[Any, Any, Any]) -> Response[Any] | None:
        refused = partner_refused(request, world.settings.partner_key)
        if refused is not None:
            return refused
        return None

    async def body_of(request: Request[Any, Any, Any], type_: type[Any]) -> tuple[Any, Response[Any] | None]:
        if (refused := partner(request)) is not None:
            return None, refused
        try:
            body = msgspec.json.decode(await request.body(), type=type_)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            return None, envelope(None, f"Invalid request: {exc}", 400)
        if hasattr(body, "mobile_number") and not _MOBILE.match(body.mobile_number or ""):
            return None, envelope(None, "Invalid mobile number", 400)
        return body, None

    def mobile_of(request: Request[Any, Any, Any]) -> tuple[str, Response[Any] | None]:
        if (refused := partner(request)) is not None:
            return "", refused
        mobile = request.query_params.get("mobileNumber", "")
        if not _MOBILE.match(mobile):
            return "", envelope(None, "Invalid mobile number", 400)
        return mobile, None

    def line_of(line_number: str, mobile: str) -> CreditLine | Response[Any]:
        line = applications_state(world).lines.get(line_number)
        if line is None or line.mobile_number != mobile:
            return envelope(None, "Credit line not found", 404)
        return line

    @post("/webRepayment/credit/applications", status_code=200)
    async def apply(request: Request[Any, Any, Any]) -> Response[Any]:
        body, rejected = await body_of(request, ApplicationBody)
        if rejected:
            return rejected
        if not body.bureau_consent:
            return envelope(None, "Invalid request: a bureau check needs the applicant's consent", 400)
        pan = (body.pan or "").upper()
        gstin = (body.gstin or "").upper() or None
        if gstin is not None:
            if not _GSTIN.match(gstin):
                return envelope(None, "Invalid request: gstin is not a GSTIN", 400)
            pan = pan or gstin[2:12]
        if not _PAN.match(pan):
            return envelope(None, "Invalid request: a PAN or a GSTIN is needed", 400)
        if not body.applicant_name.strip() or not body.business_name.strip():
            return envelope(None, "Invalid request: applicantName and businessName are needed", 400)
        state = applications_state(world)
        if body.mobile_number in world.states["credit"].limits or any(
            line.mobile_number == body.mobile_number and line.status in ("active", "coolingOff")
            for line in state.lines.values()
        ):
            return envelope(None, "This mobile number already has a credit account", 409)
        today = mocks_today(world)
        steer = decide(state, body.mobile_number)
        application_id = f"APP-{state.next_number}"
        state.next_number += 1
        reasons = {"rejected": REJECTED_REASON, "referred": REFERRED_REASON}
        application = Application(
            application_id=application_id,
            mobile_number=body.mobile_number,
            applicant_name=body.applicant_name.strip(),
            business_name=body.business_name.strip(),
            gstin=gstin,
            pan=pan,
            email=body.email or None,
            decision=steer.decision,
            reason=(steer.reason or reasons[steer.decision]) if steer.decision != "approved" else None,
            offers=(
                make_offers(state, application_id, steer.limit or DEFAULT_LIMIT, today)
                if steer.decision == "approved"
                else []
            ),
            made_at=mocks_now(world),
        )
        state.applications[application_id] = application
        return envelope(application_view(application), "Application decided")

    @get("/webRepayment/credit/offers/{offer_id:str}/keyFacts")
    async def offer_key_facts(request: Request[Any, Any, Any], offer_id: FromPath[str]) -> Response[Any]:
        mobile, rejected = mobile_of(request)
        if rejected:
            return rejected
        found = find_offer(applications_state(world), offer_id, mobile)
        if found is None:
            return envelope(None, "Offer not found", 404)
        return envelope(key_facts_view(*found), "Key facts")

    def the_line(request: Request[Any, Any, Any], line_number: str) -> CreditLine | Response[Any]:
        """The caller's line, by the mobile number the partner call names."""
        mobile, rejected = mobile_of(request)
        if rejected:
            return rejected
        return line_of(line_number, mobile)

    def pdf(content: bytes, name: str) -> Response[Any]:
        return Response(
            content, media_type="application/pdf", headers={"content-disposition": f'attachment; filename="{name}.pdf"'}
        )

    def key_facts_pdf(application: Application, offer: Offer, request: Request[Any, Any, Any]) -> Response[Any]:
        language = requested(request.headers)
        content = render_offer_key_facts(key_facts_view(application, offer), language)
        return pdf(content, f"key-facts-{offer.offer_id}-{language}")

    @get("/webRepayment/credit/offers/{offer_id:str}/keyFacts/pdf")
    async def offer_key_facts_pdf(request: Request[Any, Any, Any], offer_id: FromPath[str]) -> Response[Any]:
        mobile, rejected = mobile_of(request)
        if rejected:
            return rejected
        found = find_offer(applications_state(world), offer_id, mobile)
        if found is None:
            return envelope(None, "Offer not found", 404)
        return key_facts_pdf(*found, request)

    @get("/webRepayment/credit/lines/{line_number:str}/keyFacts/pdf")
    async def line_key_facts_pdf(request: Request[Any, Any, Any], line_number: FromPath[str]) -> Response[Any]:
        """The Key Facts the borrower accepted the line on: the version the line records."""
        line = the_line(request, line_number)
        if isinstance(line, Response):
            return line
        application = applications_state(world).applications.get(line.offer.application_id)
        if application is None:
            return envelope(None, "Credit line not found", 404)
        return key_facts_pdf(application, line.offer, request)

    @post("/webRepayment/credit/offers/{offer_id:str}/accept", status_code=200)
    async def accept(request: Request[Any, Any, Any], offer_id: FromPath[str]) -> Response[Any]:
        body, rejected = await body_of(request, AcceptBody)
        if rejected:
            return rejected
        state = applications_state(world)
        found = find_offer(state, offer_id, body.mobile_number)
        if found is None:
            return envelope(None, "Offer not found", 404)
        application, offer = found
        today = mocks_today(world)
        if offer.accepted_line is not None:  # the same acceptance again: the same line
            return envelope(line_view(world, state.lines[offer.accepted_line], today), "Offer accepted")
        if not body.key_facts_acknowledged:
            return envelope(None, "Invalid request: the Key Facts Statement must be acknowledged first", 400)
        if today > offer.valid_until:
            return envelope(None, "This offer's Key Facts Statement is no longer valid", 410)
        if any(o.accepted_line for o in application.offers):
            return envelope(None, "Another offer of this application was accepted", 409)
        offer.key_facts_acknowledged_at = mocks_now(world)
        offer.key_facts_version = key_facts_view(application, offer)["keyFactsVersion"]  # the version accepted
        line = open_line(world, application, offer, today)
        return envelope(line_view(world, line, today), "Offer accepted")

    @get("/webRepayment/credit/lines")
    async def lines(request: Request[Any, Any, Any]) -> Response[Any]:
        mobile, rejected = mobile_of(request)
        if rejected:
            return rejected
        today = mocks_today(world)
        found = [
            line_view(world, line, today)
            for line in applications_state(world).lines.values()
            if line.mobile_number == mobile
        ]
        return envelope(found, "Credit lines")

    @get("/webRepayment/credit/lines/{line_number:str}/quote")
    async def line_quote(request: Request[Any, Any, Any], line_number: FromPath[str]) -> Response[Any]:
        mobile, rejected = mobile_of(request)
        if rejected:
            return rejected
        purposes: dict[str, Purpose] = {"coolingOffExit": "coolingOffExit", "foreclosure": "foreclosure"}
        purpose = purposes.get(request.query_params.get("purpose", ""))
        if purpose is None:
            return envelope(None, "Invalid request: purpose must be coolingOffExit or foreclosure", 400)
        line = line_of(line_number, mobile)
        if isinstance(line, Response):
            return line
        try:
            found = quote(world, line, purpose, mocks_today(world))
        except NotAllowed as exc:
            return envelope(None, exc.message, exc.status)
        return envelope(quote_view(found), "Quote")

    @post("/webRepayment/credit/lines/{line_number:str}/payments", status_code=200)
    async def pay(request: Request[Any, Any, Any], line_number: FromPath[str]) -> Response[Any]:
        body, rejected = await body_of(request, LinePaymentBody)
        if rejected:
            return rejected
        line = line_of(line_number, body.mobile_number)
        if isinstance(line, Response):
            return line
        key = request.headers.get("idempotency-key", "")
        if not 8 <= len(key) <= 64:
            return envelope(None, "Invalid request: an Idempotency-Key of 8 to 64 characters is needed", 400)
        lending: LendingState = world.states["lending"]
        state = applications_state(world)
        earlier = lending.payment_logs.get(state.payment_keys.get(f"{line.line_number}:{key}", 0))
        if earlier is not None:
            view = await provider_view(world, earlier.order_id)
            made = view.order if view is not None else None
            if made is not None:
                return envelope(
                    {
                        "settled": False,
                        "payment_session_id": made.payment_session_id,
                        "order_id": made.order_id,
                        "order_amount": made.order_amount,
                        "id": earlier.id,
                    },
                    "Payment session created",
                )
        today = mocks_today(world)
        try:
            found = quote(world, line, body.purpose, today)
        except NotAllowed as exc:
            return envelope(None, exc.message, exc.status)
        if body.amount != found.total:
            return envelope(None, "The amount is not today's quote; ask for the quote again", 409)
        borrower = lending.borrower_by_id(line.user_id)
        if borrower is None:
            return envelope(None, "Borrower not found", 404)
        if found.total == 0:
            # Nothing drawn: the line ends at once, with nothing to pay.
            end_line(world, line, body.purpose, today, None)
            return envelope({"settled": True, "line": line_view(world, line, today)}, "Credit line ended")
        log_id = lending.next_payment_log_id
        lending.next_payment_log_id += 1
        order_id = f"LINE_{line.line_number}_{log_id}"
        exiting = body.purpose == "coolingOffExit"
        note = "Credit line cooling-off exit" if exiting else "Credit line foreclosure"
        order = await borrower_checkout(world, order_id=order_id, amount=found.total, borrower=borrower, note=note)
        if isinstance(order, Response):
            return order
        state.payment_keys[f"{line.line_number}:{key}"] = log_id
        lending.payment_logs[log_id] = PaymentLog(
            id=log_id,
            user_id=borrower.user_id,
            order_id=order.order_id,
            amount=order.order_amount,
            created_at=mocks_now(world).isoformat(timespec="seconds"),
            language=requested(request.headers),
            charges=found.charge,
            interest=found.interest,
            principal=found.principal,
            line_number=line.line_number,
            purpose=body.purpose,
        )
        session = {
            "settled": False,
            "payment_session_id": order.payment_session_id,
            "order_id": order.order_id,
            "order_amount": order.order_amount,
            "id": log_id,
        }
        return envelope(session, "Payment session created")

    @post("/webRepayment/credit/lines/{line_number:str}/payments/{log_id:int}/status", status_code=200)
    async def payment_status(
        request: Request[Any, Any, Any], line_number: FromPath[str], log_id: FromPath[int]
    ) -> Response[Any]:
        body, rejected = await body_of(request, MobileBody)
        if rejected:
            return rejected
        line = line_of(line_number, body.mobile_number)
        if isinstance(line, Response):
            return line
        lending: LendingState = world.states["lending"]
        log = lending.payment_logs.get(log_id)
        if log is None or log.line_number != line.line_number:
            return envelope(None, "Payment not found", 404)
        paid = await settle_from_provider(world, log) == "paid"
        return envelope({"paid": paid, "line": line_view(world, line, mocks_today(world))}, "Payment status")

    @get("/webRepayment/credit/lines/{line_number:str}/certificate/pdf")
    async def certificate(request: Request[Any, Any, Any], line_number: FromPath[str]) -> Response[Any]:
        line = the_line(request, line_number)
        if isinstance(line, Response):
            return line
        if line.status not in ("exited", "closed") or line.ended_on is None:
            return envelope(None, "A certificate is issued once the credit line is closed", 409)
        lending: LendingState = world.states["lending"]
        borrower = lending.borrower_by_id(line.user_id)
        name = borrower.user_name if borrower else line.mobile_number
        language = requested(request.headers)
        content = await to_thread.run_sync(render_certificate, line, name, language)
        return pdf(content, f"no-dues-{line.line_number}-{language}")

    # QA control (not part of the upstream contract).
    @post("/applications/decision", status_code=200)
    async def steer(request: Request[Any, Any, Any]) -> Response[Any]:
        try:
            body = msgspec.json.decode(await request.body(), type=SteerBody)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            return Response({"message": f"Invalid request: {exc}"}, status_code=400)
        key = body.mobile_number or "*"
        applications_state(world).steers[key] = Steer(decision=body.decision, reason=body.reason, limit=body.limit)
        return Response({"mobileNumber": body.mobile_number, "decision": body.decision})

    @delete("/applications/decision", status_code=204)
    async def unsteer() -> None:
        applications_state(world).steers.clear()

    return [
        apply,
        offer_key_facts,
        offer_key_facts_pdf,
        line_key_facts_pdf,
        accept,
        lines,
        line_quote,
        pay,
        payment_status,
        certificate,
        steer,
        unsteer,
    ]
