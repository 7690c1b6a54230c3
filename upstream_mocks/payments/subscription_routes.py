"""The payments mock's mandate calls (Cashfree's subscriptions, 2025-01-01; subscriptions.py) and
their QA controls, and the debits the mocks' one clock brings due."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from html import escape
from typing import Any, Literal

import msgspec
from litestar import MediaType, Request, Response, get, post
from litestar.handlers import HTTPRouteHandler
from litestar.params import FromPath

from upstream_mocks.clock import every, on_tick
from upstream_mocks.envelope import json_answer
from upstream_mocks.payments.enach_banks import EligibilityBody, EligibilityItem, eligibility
from upstream_mocks.payments.mandate_views import QaMandate, qa_mandates
from upstream_mocks.payments.orders import provider_now
from upstream_mocks.payments.subscription_events import PaymentEventType, payment_event, status_changed, tell, told
from upstream_mocks.payments.subscription_refunds import STATE as REFUNDS_STATE
from upstream_mocks.payments.subscription_refunds import (
    CreateRefundBody,
    RefundsState,
    SubscriptionRefund,
    create_refund,
    get_refund,
)
from upstream_mocks.payments.subscriptions import (
    STATE,
    CreatePlanBody,
    CreateSubscriptionBody,
    DebitFault,
    ManageBody,
    ManagePaymentBody,
    PayBody,
    Refused,
    Subscription,
    SubscriptionsState,
    answer_auth,
    attempt,
    authorise,
    authorised_at_bank,
    by_cf_id,
    charge,
    completes,
    create_plan,
    create_subscription,
    expire_lapsed,
    get_payment,
    get_plan,
    get_subscription,
    manage,
    manage_payment,
    payments_of,
    stop_charges,
    subscriptions_state,
)
from upstream_mocks.settings import MerchantAccount
from upstream_mocks.world import MockWorld

Caller = Callable[[Request[Any, Any, Any]], MerchantAccount | Response[Any]]
Replayed = Callable[[Request[Any, Any, Any], bytes], Response[Any] | None]
Remember = Callable[[Request[Any, Any, Any], bytes, Response[Any]], Response[Any]]
Error = Callable[[int, str, str], Response[Any]]
SWEEP_SECONDS = 30.0
# How long the webhooks read-out waits at most for a mandate's queued deliveries: their retries'
# waits (MockSettings.webhook_retry_seconds, 31 s by default) with room to spare.
WEBHOOKS_WAIT_SECONDS = 40.0


class MandateWord(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """QA: the payer's or their bank's word on a mandate. `approved` / `rejected` answer its
    pending AUTH in the UPI app (eNACH: the destination bank registers or rejects it);
    `authorised` is an eNACH mandate authorised by the payer at their bank, awaiting the bank
    (BANK_APPROVAL_PENDING); `paused` / `resumed` are the payer pausing it in their app and
    taking it up again; `cancelled` is the mandate revoked at the payer's bank."""

    outcome: Literal["approved", "rejected", "authorised", "paused", "resumed", "cancelled"]


class DebitFails(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """QA: the payer's bank declines the mandate's next `attempts` debit attempts with `failure_reason`
    (4, the default, spends a UPI charge's first attempt and its three retries: it ends FAILED)."""

    failure_reason: str
    attempts: int = 4


def subscription_handlers(
    world: MockWorld, caller: Caller, replayed: Replayed, remember: Remember, error: Error
) -> list[HTTPRouteHandler]:
    world.register(STATE, SubscriptionsState)
    world.register(REFUNDS_STATE, RefundsState)

    async def attempt_due(moment: datetime) -> None:
        """Each charge whose (retry) time the clock has passed is attempted, oldest first; then
        mandates past their expiry are EXPIRED (their waiting charges cancelled)."""
        st = subscriptions_state(world)
        due = sorted((when, cf_id) for cf_id, when in st.due.items() if when <= moment)
        for when, cf_id in due:
            found = next(((k, p) for k, ps in st.payments.items() for p in ps if p.cf_payment_id == cf_id), None)
            if found is None:
                st.due.pop(cf_id, None)
                continue
            (account, subscription_id), payment = found
            subscription = st.subscriptions[(account, subscription_id)]
            if subscription.subscription_status != "ACTIVE":  # stopped when it left ACTIVE; never debited
                st.due.pop(cf_id, None)
                continue
            if attempt(world, account, payment, when):
                events = [payment_event(world, payment)]
                if completes(world, account, subscription):
                    events.append(status_changed(world, subscription))  # type: ignore[arg-type]
                tell(world, account, subscription, *events)
        for account, subscription in expire_lapsed(world, moment):
            _changed(account, subscription)

    on_tick(world, attempt_due)
    # As a real provider's own scheduler: what falls due while nobody moves the clock or calls.
    every(world, SWEEP_SECONDS, attempt_due)

    async def _write(request: Request[Any, Any, Any], work: Callable[[MerchantAccount, bytes], Any]) -> Response[Any]:
        """A write: the caller's credentials, its idempotency key, the work, its answer kept."""
        account = caller(request)
        if isinstance(account, Response):
            return account
        raw = await request.body()
        if again := replayed(request, raw):
            return again
        await attempt_due(provider_now(world))
        try:
            answer = json_answer(work(account, raw))
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            answer = error(400, f"Invalid request: {exc}", "request_invalid")
        except Refused as refused:
            answer = error(refused.status, refused.message, refused.code)
        return remember(request, raw, answer)

    async def _read(request: Request[Any, Any, Any], work: Callable[[MerchantAccount], Any]) -> Response[Any]:
        account = caller(request)
        if isinstance(account, Response):
            return account
        await attempt_due(provider_now(world))
        try:
            return json_answer(work(account))
        except Refused as refused:
            return error(refused.status, refused.message, refused.code)

    def _changed(account: str, subscription: Subscription) -> None:
        """Tell the new status, and each charge it stopped."""
        stopped = stop_charges(world, account, subscription) if subscription.subscription_status != "ACTIVE" else []
        tell(
            world,
            account,
            subscription,
            status_changed(world, subscription),
            *(payment_event(world, p) for p in stopped),
        )

    @post("/pg/plans", status_code=200)
    async def new_plan(request: Request[Any, Any, Any]) -> Response[Any]:
        return await _write(
            request, lambda a, raw: create_plan(world, a.client_id, msgspec.json.decode(raw, type=CreatePlanBody))
        )

    @get("/pg/plans/{plan_id:str}")
    async def read_plan(request: Request[Any, Any, Any], plan_id: FromPath[str]) -> Response[Any]:
        return await _read(request, lambda a: get_plan(world, a.client_id, plan_id))

    @post("/pg/subscriptions", status_code=200)
    async def new_subscription(request: Request[Any, Any, Any]) -> Response[Any]:
        def work(account: MerchantAccount, raw: bytes) -> Subscription:
            body = msgspec.json.decode(raw, type=CreateSubscriptionBody)
            return create_subscription(world, account.client_id, body)

        return await _write(request, work)

    @get("/pg/subscriptions/{subscription_id:str}")
    async def read_subscription(request: Request[Any, Any, Any], subscription_id: FromPath[str]) -> Response[Any]:
        return await _read(request, lambda a: get_subscription(world, a.client_id, subscription_id))

    @post("/pg/subscriptions/{subscription_id:str}/manage", status_code=200)
    async def manage_subscription(request: Request[Any, Any, Any], subscription_id: FromPath[str]) -> Response[Any]:
        def work(account: MerchantAccount, raw: bytes) -> Subscription:
            body = msgspec.json.decode(raw, type=ManageBody)
            subscription = get_subscription(world, account.client_id, subscription_id)
            before = subscription.subscription_status
            manage(world, account.client_id, subscription, body)
            if subscription.subscription_status != before:
                _changed(account.client_id, subscription)
            return subscription

        return await _write(request, work)

    @post("/pg/subscriptions/pay", status_code=200)
    async def pay(request: Request[Any, Any, Any]) -> Response[Any]:
        def work(account: MerchantAccount, raw: bytes) -> Any:
            body = msgspec.json.decode(raw, type=PayBody)
            if body.payment_type == "AUTH":
                return authorise(world, account.client_id, body)[1]
            if body.payment_type != "CHARGE":
                raise Refused(400, "payment_type_invalid", "payment_type : AUTH or CHARGE")
            payment, answer = charge(world, account.client_id, body)
            subscription = get_subscription(world, account.client_id, body.subscription_id)
            # The pre-debit notice goes to the payer now; the merchant is told it went.
            tell(
                world,
                account.client_id,
                subscription,
                payment_event(world, payment, "SUBSCRIPTION_PAYMENT_NOTIFICATION_INITIATED"),
            )
            return answer

        return await _write(request, work)

    @post("/pg/subscriptions/eligibility/payment_methods", status_code=200)
    async def subscription_eligibility(request: Request[Any, Any, Any]) -> Response[Any]:
        """Cashfree's SubscriptionEligibility: the methods (eNACH's banks and their auth modes) a
        subscription of the calling account may be authorised by; another's or none is a 404."""

        def work(account: MerchantAccount, raw: bytes) -> list[EligibilityItem]:
            body = msgspec.json.decode(raw, type=EligibilityBody)
            get_subscription(world, account.client_id, body.queries.subscription_id)
            methods = (body.filters.payment_methods if body.filters else None) or []
            if any(method not in ("enach", "pnach", "upi", "card") for method in methods):
                raise Refused(400, "payment_methods_invalid", "filters.payment_methods : enach, pnach, upi or card")
            return eligibility(methods)

        return await _write(request, work)

    @get("/pg/subscriptions/{subscription_id:str}/payments")
    async def read_payments(request: Request[Any, Any, Any], subscription_id: FromPath[str]) -> Response[Any]:
        def work(account: MerchantAccount) -> Any:
            get_subscription(world, account.client_id, subscription_id)
            return payments_of(world, account.client_id, subscription_id)

        return await _read(request, work)

    @get("/pg/subscriptions/{subscription_id:str}/payments/{payment_id:str}")
    async def read_payment(
        request: Request[Any, Any, Any], subscription_id: FromPath[str], payment_id: FromPath[str]
    ) -> Response[Any]:
        return await _read(request, lambda a: get_payment(world, a.client_id, subscription_id, payment_id))

    @post("/pg/subscriptions/{subscription_id:str}/payments/{payment_id:str}/manage", status_code=200)
    async def manage_charge(
        request: Request[Any, Any, Any], subscription_id: FromPath[str], payment_id: FromPath[str]
    ) -> Response[Any]:
        def work(account: MerchantAccount, raw: bytes) -> Any:
            body = msgspec.json.decode(raw, type=ManagePaymentBody)
            payment = get_payment(world, account.client_id, subscription_id, payment_id)
            manage_payment(world, account.client_id, payment, body)
            subscription = get_subscription(world, account.client_id, subscription_id)
            kind: PaymentEventType = (
                "SUBSCRIPTION_PAYMENT_CANCELLED"
                if body.action == "CANCEL"
                else "SUBSCRIPTION_PAYMENT_NOTIFICATION_INITIATED"
            )
            tell(world, account.client_id, subscription, payment_event(world, payment, kind))
            return payment

        return await _write(request, work)

    @post("/pg/subscriptions/{subscription_id:str}/refunds", status_code=200)
    async def refund_charge(request: Request[Any, Any, Any], subscription_id: FromPath[str]) -> Response[Any]:
        """Cashfree's SubsCreateRefund: all or part of a debited CHARGE given back (subscription_refunds.py)."""

        def work(account: MerchantAccount, raw: bytes) -> SubscriptionRefund:
            body = msgspec.json.decode(raw, type=CreateRefundBody)
            return create_refund(world, account.client_id, subscription_id, body)

        return await _write(request, work)

    @get("/pg/subscriptions/{subscription_id:str}/refunds/{refund_id:str}")
    async def read_refund(
        request: Request[Any, Any, Any], subscription_id: FromPath[str], refund_id: FromPath[str]
    ) -> Response[Any]:
        return await _read(request, lambda a: get_refund(world, a.client_id, subscription_id, refund_id))

    # QA controls (not part of the contract), by Cashfree's own id of the subscription.
    def _qa_body(raw: bytes, kind: type[Any]) -> Any:
        try:
            return msgspec.json.decode(raw, type=kind)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            return error(400, f"Invalid request: {exc}", "request_invalid")

    @post("/subscriptions/{cf_subscription_id:str}/mandate", status_code=200)
    async def mandate_word(request: Request[Any, Any, Any], cf_subscription_id: FromPath[str]) -> Response[Any]:
        """The payer's or their bank's word on the mandate, now, told to the merchant by webhook."""
        word = _qa_body(await request.body(), MandateWord)
        if isinstance(word, Response):
            return word
        found = by_cf_id(world, cf_subscription_id)
        if found is None:
            return error(404, "subscription does not exist", "subscription_not_found")
        account, subscription = found
        status = subscription.subscription_status
        if word.outcome == "authorised":
            if authorised_at_bank(world, account, subscription) is None:
                return error(409, "no eNACH authorisation of this subscription is pending", "auth_not_pending")
            _changed(account, subscription)
            return json_answer(subscription)
        if word.outcome in ("approved", "rejected"):
            auth = answer_auth(world, account, subscription, word.outcome == "approved")
            if auth is None:
                return error(409, "no authorisation of this subscription is pending", "auth_not_pending")
            events: list[Any] = [payment_event(world, auth)]
            if subscription.subscription_status != status:
                events.append(status_changed(world, subscription))
            tell(world, account, subscription, *events)
            return json_answer(subscription)
        allowed = {
            "paused": ("ACTIVE",),
            "resumed": ("CUSTOMER_PAUSED",),
            "cancelled": ("ACTIVE", "ON_HOLD", "CUSTOMER_PAUSED"),
        }
        if status not in allowed[word.outcome]:
            return error(409, f"subscription is {status}", "subscription_state_invalid")
        subscription.subscription_status = {
            "paused": "CUSTOMER_PAUSED",
            "resumed": "ACTIVE",
            "cancelled": "CUSTOMER_CANCELLED",
        }[word.outcome]  # type: ignore[assignment]
        _changed(account, subscription)
        return json_answer(subscription)

    @get("/subscriptions/{cf_subscription_id:str}/bank", media_type=MediaType.HTML)
    async def bank_page(cf_subscription_id: FromPath[str]) -> Response[str]:
        """Where an eNACH AUTH's `data.url` leads: the payer's bank's authorisation, as a page that
        says what is authorised; QA gives the bank's answer with the mandate control."""
        found = by_cf_id(world, cf_subscription_id)
        shown = found and subscriptions_state(world).enach.get((found[0], found[1].subscription_id))
        if not found or not shown:
            return Response("<!doctype html><title>Not found</title><p>No such mandate.</p>", status_code=404)
        subscription = found[1]
        words = (
            f"Authorise an eNACH mandate of at most Rs {subscription.plan_details.plan_max_amount:.2f} a debit "
            f"from your account ending {shown.account_last4} at {shown.bank}, by {shown.auth_mode.replace('_', ' ')}."
        )
        page = (
            "<!doctype html><html lang=en><meta charset=utf-8><title>Your bank: eNACH mandate</title>"
            f"<main><h1>Your bank</h1><p>{escape(words)}</p>"
            f"<p>Mandate {escape(subscription.subscription_id)}: {escape(subscription.subscription_status)}</p></main>"
        )
        return Response(page, media_type=MediaType.HTML)

    @post("/subscriptions/{cf_subscription_id:str}/debits/fail", status_code=200)
    async def debits_fail(request: Request[Any, Any, Any], cf_subscription_id: FromPath[str]) -> Response[Any]:
        """The payer's bank declines the mandate's next debit attempts, with its reason."""
        asked = _qa_body(await request.body(), DebitFails)
        if isinstance(asked, Response):
            return asked
        if not asked.failure_reason.strip() or not 1 <= asked.attempts <= 100:
            return error(400, "Invalid request: a failure_reason and 1 to 100 attempts", "request_invalid")
        found = by_cf_id(world, cf_subscription_id)
        if found is None:
            return error(404, "subscription does not exist", "subscription_not_found")
        account, subscription = found
        fault = DebitFault(failure_reason=asked.failure_reason.strip(), attempts=asked.attempts)
        subscriptions_state(world).faults[(account, subscription.subscription_id)] = fault
        return json_answer(fault)

    @get("/subscriptions")
    async def every_mandate() -> list[QaMandate]:
        """Every mandate at every account, with its payments, as they stand now (the console's list)."""
        await attempt_due(provider_now(world))
        return qa_mandates(world)

    @get("/subscriptions/{cf_subscription_id:str}/webhooks")
    async def mandate_webhooks(cf_subscription_id: FromPath[str]) -> Response[Any]:
        """Every webhook sent about the mandate and what became of it, read once those queued so
        far (by a QA control, a call or the clock) have been answered."""
        found = by_cf_id(world, cf_subscription_id)
        if found is None:
            return error(404, "subscription does not exist", "subscription_not_found")
        return json_answer(await told(world, found[1], WEBHOOKS_WAIT_SECONDS))

    return [
        new_plan,
        read_plan,
        new_subscription,
        read_subscription,
        manage_subscription,
        pay,
        subscription_eligibility,
        read_payments,
        read_payment,
        manage_charge,
        refund_charge,
        read_refund,
        mandate_word,
        bank_page,
        debits_fail,
        every_mandate,
        mandate_webhooks,
    ]
