"""Mandates: Cashfree's subscriptions at x-api-version 2025-01-01 (`/pg/plans`, `/pg/subscriptions`,
`/pg/subscriptions/pay`, `/pg/subscriptions/{id}/payments`, the `manage` calls), for UPI AutoPay
and eNACH.

A plan says the most a mandate may debit (`plan_max_amount`), ON_DEMAND (the merchant raises
each charge) or PERIODIC. A subscription is one payer's mandate on a plan: INITIALIZED until the
payer approves the AUTH payment in their UPI app (ACTIVE; a refusal leaves it INITIALIZED with
the AUTH FAILED, to be asked again). An eNACH mandate is authorised at the payer's bank (net
banking, debit card or Aadhaar) on the account the AUTH names: once the payer has authorised it
there the subscription is BANK_APPROVAL_PENDING until the destination bank registers it (ACTIVE,
its UMRN) or rejects it. A charge is raised with `/subscriptions/pay`
(`payment_type: CHARGE`) for a `payment_schedule_date` far enough ahead for the pre-debit notice
to reach the payer 24 hours before, as NPCI requires: one sooner is refused. The notice goes out
at once (SUBSCRIPTION_PAYMENT_NOTIFICATION_INITIATED); when the mocks' one clock passes the date
the debit is attempted: SUCCESS, or, for UPI, failed attempts retried hourly up to three times
(Cashfree's 1+3) before the charge is FAILED; a NACH debit the bank returns is FAILED at once
(no hourly retries in NACH: the merchant presents it again with RETRY). The merchant PAUSEs (ON_HOLD), ACTIVATEs and
CANCELs (CANCELLED); the payer may pause (CUSTOMER_PAUSED) or revoke (CUSTOMER_CANCELLED) it at
their bank; either way no charge is attempted on a mandate that is not ACTIVE: charges waiting
on it are CANCELLED and told. A mandate past its `subscription_expiry_time` is EXPIRED. Each
account sees only its own plans and subscriptions.

Cashfree's document gives these statuses as plain strings; the values are those of Cashfree's
subscription pages and webhooks (docs/decisions/autopay-mandates.md).
"""

from __future__ import annotations

import re
import secrets
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Literal
from urllib.parse import urlencode

import msgspec

from upstream_mocks.ist import IST
from upstream_mocks.money import has_paise_only, rupees
from upstream_mocks.payments.enach_banks import AUTH_MODE_OF, enach_bank
from upstream_mocks.payments.orders import provider_now, state
from upstream_mocks.payments.upi import qr_data_url
from upstream_mocks.world import MockWorld

STATE = "payment_subscriptions"
# NPCI: the pre-debit notice reaches the payer at least 24 hours before a UPI AutoPay debit;
# Cashfree sends it when the charge is raised, so a charge is scheduled at least this far ahead.
MIN_NOTICE = timedelta(hours=24)
RETRY_GAP = timedelta(hours=1)  # Cashfree's UPI AutoPay retry policy: 1 + 3 attempts, hourly
RETRIES = 3
DEFAULT_EXPIRY = "2100-01-01T05:29:59+05:30"  # Cashfree's answer when the merchant sets none
PAYEE_VPA = "cashfree.autopay@icici"  # the mandate's payee in the intent link (the provider's)

PlanType = Literal["PERIODIC", "ON_DEMAND"]
SubscriptionStatus = Literal[
    "INITIALIZED",
    "BANK_APPROVAL_PENDING",
    "ACTIVE",
    "ON_HOLD",
    "CUSTOMER_PAUSED",
    "CUSTOMER_CANCELLED",
    "CANCELLED",
    "COMPLETED",
    "EXPIRED",
    "LINK_EXPIRED",
]
PaymentStatus = Literal["INITIALIZED", "PENDING", "SUCCESS", "FAILED", "CANCELLED"]
ChargeOpen: tuple[PaymentStatus, ...] = ("INITIALIZED", "PENDING")
ENDED: tuple[SubscriptionStatus, ...] = ("CANCELLED", "CUSTOMER_CANCELLED", "COMPLETED", "EXPIRED", "LINK_EXPIRED")
_PLAN_ID = re.compile(r"^[A-Za-z0-9._-]{1,40}$")
_SUBSCRIPTION_ID = re.compile(r"^[A-Za-z0-9_. -]{1,250}$")
_PAYMENT_ID = re.compile(r"^[A-Za-z0-9_.-]{1,250}$")
_PHONE = re.compile(r"^[0-9]{10}$")
_INTERVALS = ("DAY", "WEEK", "MONTH", "YEAR")
_METHODS = ("upi", "enach", "pnach", "card")
# eNACH: RBI's IFSC (4 letters, a 0, 6 letters or digits); account numbers as Indian banks issue
# them (9 to 18 digits); the authentication modes and account types of Cashfree's eNACH method.
_IFSC = re.compile(r"^[A-Z]{4}0[A-Z0-9]{6}$")
_ACCOUNT_NUMBER = re.compile(r"^[0-9]{9,18}$")
_AUTH_MODES = ("net_banking", "debit_card", "aadhaar")
_ACCOUNT_TYPES = ("SAVINGS", "CURRENT")


class Refused(Exception):
    """What Cashfree answers instead: its status, code and words."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


def _bad(field: str, words: str) -> Refused:
    return Refused(400, f"{field.split('.')[-1]}_invalid", f"{field} : {words}")


class Plan(msgspec.Struct, kw_only=True):
    """Cashfree's PlanEntity."""

    plan_id: str
    plan_name: str
    plan_type: PlanType
    plan_currency: str
    plan_max_amount: Decimal
    plan_recurring_amount: Decimal
    plan_max_cycles: int
    plan_intervals: int
    plan_interval_type: str
    plan_note: str
    plan_status: str


class CreatePlanBody(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    plan_id: str
    plan_name: str
    plan_type: str
    plan_max_amount: Decimal
    plan_currency: str = "INR"
    plan_recurring_amount: Decimal | None = None
    plan_max_cycles: int | None = None
    plan_intervals: int | None = None
    plan_interval_type: str | None = None
    plan_note: str | None = None


class InlinePlan(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """CreateSubscriptionRequest's plan_details: a plan made before (plan_id), or one described here."""

    plan_id: str | None = None
    plan_name: str | None = None
    plan_type: str | None = None
    plan_currency: str | None = None
    plan_amount: Decimal | None = None
    plan_max_amount: Decimal | None = None
    plan_max_cycles: int | None = None
    plan_intervals: int | None = None
    plan_interval_type: str | None = None
    plan_note: str | None = None


class SubscriptionCustomer(msgspec.Struct, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    customer_email: str
    customer_phone: str
    customer_name: str | None = None
    customer_bank_account_holder_name: str | None = None
    customer_bank_account_number: str | None = None
    customer_bank_ifsc: str | None = None
    customer_bank_code: str | None = None
    customer_bank_account_type: str | None = None


class AuthorizationAsked(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    authorization_amount: Decimal | None = None
    authorization_amount_refund: bool | None = None
    payment_methods: list[str] | None = None


class MetaAsked(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    return_url: str | None = None
    notification_channel: list[str] | None = None


class CreateSubscriptionBody(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    subscription_id: str
    customer_details: SubscriptionCustomer
    plan_details: InlinePlan
    authorization_details: AuthorizationAsked | None = None
    subscription_meta: MetaAsked | None = None
    subscription_expiry_time: str | None = None
    subscription_first_charge_time: str | None = None
    subscription_note: str | None = None
    subscription_tags: dict[str, str] | None = None


class AuthorizationDetails(msgspec.Struct, kw_only=True, omit_defaults=True):
    """Cashfree's AuthorizationDetails: the mandate's approval (its UMN once approved)."""

    authorization_amount: Decimal
    authorization_amount_refund: bool
    authorization_status: str  # INITIALIZED, PENDING, ACTIVE, FAILED
    authorization_reference: str = ""
    authorization_time: str = ""
    payment_id: str = ""
    payment_method: str = ""


class SubscriptionMeta(msgspec.Struct, kw_only=True):
    return_url: str = ""


class Subscription(msgspec.Struct, kw_only=True):
    """Cashfree's SubscriptionEntity."""

    cf_subscription_id: str
    subscription_id: str
    subscription_status: SubscriptionStatus
    subscription_session_id: str
    customer_details: SubscriptionCustomer
    plan_details: Plan
    authorisation_details: AuthorizationDetails
    subscription_meta: SubscriptionMeta
    subscription_expiry_time: str
    subscription_first_charge_time: str
    subscription_note: str
    subscription_tags: dict[str, str]


class FailureDetails(msgspec.Struct, kw_only=True):
    failure_reason: str = ""


class SubscriptionPayment(msgspec.Struct, kw_only=True, omit_defaults=True):
    """Cashfree's SubscriptionPaymentEntity: the AUTH payment or a CHARGE."""

    cf_payment_id: str
    cf_subscription_id: str
    cf_order_id: str
    cf_txn_id: str
    payment_id: str
    subscription_id: str
    payment_type: Literal["AUTH", "CHARGE"]
    payment_status: PaymentStatus
    payment_amount: Decimal
    payment_initiated_date: str
    payment_schedule_date: str
    payment_remarks: str
    retry_attempts: int
    failure_details: FailureDetails
    authorization_details: AuthorizationDetails | None = None


class EnachAsked(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """Cashfree's CreateSubscriptionPaymentRequestEnach: the account the mandate debits and how the
    payer authorises it at their bank (`account_bank_code` needed only without `account_ifsc`)."""

    channel: str = "link"
    auth_mode: str | None = None
    account_holder_name: str | None = None
    account_number: str | None = None
    account_ifsc: str | None = None
    account_bank_code: str | None = None
    account_type: str | None = None


class PaymentMethodAsked(msgspec.Struct, kw_only=True):
    """`payment_method` as Cashfree's SDK sends it: one method's object by its name."""

    upi: dict[str, str] | None = None
    enach: EnachAsked | None = None
    pnach: dict[str, str] | None = None
    card: dict[str, str] | None = None


class PayBody(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """CreateSubscriptionPaymentRequest: an AUTH (with the session) or a CHARGE (with amount and date)."""

    subscription_id: str
    payment_id: str
    payment_type: str
    subscription_session_id: str | None = None
    payment_amount: Decimal | None = None
    payment_schedule_date: str | None = None
    payment_remarks: str | None = None
    payment_method: PaymentMethodAsked | None = None


class PayAnswer(msgspec.Struct, kw_only=True, omit_defaults=True):
    """Cashfree's CreateSubscriptionPaymentResponse; `data.payload` the intent links (or the QR) for AUTH."""

    cf_payment_id: str
    payment_id: str
    subscription_id: str
    payment_type: Literal["AUTH", "CHARGE"]
    payment_status: PaymentStatus
    payment_amount: Decimal
    payment_initiated_date: str
    payment_method: str
    data: dict[str, object]
    channel: str | None = None
    action: str | None = None


class ActionDetails(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    next_scheduled_time: str | None = None
    plan_id: str | None = None


class ManageBody(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    subscription_id: str
    action: str
    action_details: ActionDetails | None = None


class ManagePaymentBody(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    subscription_id: str
    payment_id: str
    action: str
    action_details: ActionDetails | None = None


class DebitFault(msgspec.Struct, kw_only=True):
    """QA: the payer's bank declines this many of the subscription's next debit attempts."""

    failure_reason: str
    attempts: int


class EnachAccount(msgspec.Struct, kw_only=True):
    """What the payer's bank page shows of an eNACH AUTH: the bank, how they authorise, the account's end."""

    bank: str
    auth_mode: str
    account_last4: str


Key = tuple[str, str]  # (merchant account's client id, subscription_id or plan_id)


class SubscriptionsState(msgspec.Struct, kw_only=True):
    plans: dict[Key, Plan] = msgspec.field(default_factory=dict)
    subscriptions: dict[Key, Subscription] = msgspec.field(default_factory=dict)
    payments: dict[Key, list[SubscriptionPayment]] = msgspec.field(default_factory=dict)
    due: dict[str, datetime] = msgspec.field(default_factory=dict)  # cf_payment_id -> next attempt
    faults: dict[Key, DebitFault] = msgspec.field(default_factory=dict)
    methods: dict[Key, list[str]] = msgspec.field(default_factory=dict)  # authorization_details.payment_methods
    enach: dict[Key, EnachAccount] = msgspec.field(default_factory=dict)  # an eNACH AUTH's account, for its bank page


def subscriptions_state(world: MockWorld) -> SubscriptionsState:
    st: SubscriptionsState = world.states[STATE]
    return st


def stamp(moment: datetime) -> str:
    return moment.astimezone(IST).isoformat(timespec="seconds")


def _next_id(world: MockWorld) -> str:
    payments = state(world)
    payments.next_cf_id += 1
    return str(payments.next_cf_id)


def _when(field: str, text: str) -> datetime:
    """A time as Cashfree takes it: ISO 8601, its offset or India's (`2024-04-18 16:40:00`)."""
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise _bad(field, "should be a date and time, e.g. 2026-12-15T10:00:00+05:30") from None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=IST)


def _amount(field: str, value: Decimal, at_least: Decimal = Decimal(1)) -> Decimal:
    if value < at_least or not has_paise_only(value):
        raise _bad(field, f"should be at least {at_least}, with at most two decimals")
    return rupees(value)


def _plan(
    plan_id: str,
    name: str | None,
    kind: str | None,
    currency: str | None,
    maximum: Decimal | None,
    recurring: Decimal | None,
    cycles: int | None,
    intervals: int | None,
    interval_type: str | None,
    note: str | None,
    where: str = "",
) -> Plan:
    if not name or len(name) > 40:
        raise _bad(f"{where}plan_name", "should be 1 to 40 characters")
    if kind not in ("PERIODIC", "ON_DEMAND"):
        raise _bad(f"{where}plan_type", "should be PERIODIC or ON_DEMAND")
    if (currency or "INR") != "INR":
        raise _bad(f"{where}plan_currency", "only INR is enabled for this merchant")
    if maximum is None:
        raise _bad(f"{where}plan_max_amount", "is required")
    top = _amount(f"{where}plan_max_amount", maximum)
    if cycles is not None and cycles < 0:
        raise _bad(f"{where}plan_max_cycles", "should not be negative")
    if kind == "PERIODIC":
        if recurring is None:
            raise _bad(f"{where}plan_recurring_amount", "is required for a PERIODIC plan")
        if _amount(f"{where}plan_recurring_amount", recurring) > top:
            raise _bad(f"{where}plan_recurring_amount", "should not exceed plan_max_amount")
        if interval_type not in _INTERVALS:
            raise _bad(f"{where}plan_interval_type", "should be DAY, WEEK, MONTH or YEAR for a PERIODIC plan")
        if intervals is not None and intervals < 1:
            raise _bad(f"{where}plan_intervals", "should be at least 1")
    return Plan(
        plan_id=plan_id,
        plan_name=name,
        plan_type="PERIODIC" if kind == "PERIODIC" else "ON_DEMAND",
        plan_currency="INR",
        plan_max_amount=top,
        plan_recurring_amount=rupees(recurring) if kind == "PERIODIC" and recurring is not None else rupees(0),
        plan_max_cycles=cycles or 0,
        plan_intervals=(intervals or 1) if kind == "PERIODIC" else 0,
        plan_interval_type=interval_type or "" if kind == "PERIODIC" else "",
        plan_note=note or "",
        plan_status="ACTIVE",
    )


def create_plan(world: MockWorld, account: str, body: CreatePlanBody) -> Plan:
    if not _PLAN_ID.match(body.plan_id):
        raise _bad("plan_id", "only letters, digits, dot, - and _, 1 to 40 characters")
    st = subscriptions_state(world)
    if (account, body.plan_id) in st.plans:
        raise Refused(400, "plan_already_exists", "plan_id : a plan with this id already exists")
    plan = _plan(
        body.plan_id,
        body.plan_name,
        body.plan_type,
        body.plan_currency,
        body.plan_max_amount,
        body.plan_recurring_amount,
        body.plan_max_cycles,
        body.plan_intervals,
        body.plan_interval_type,
        body.plan_note,
    )
    st.plans[(account, plan.plan_id)] = plan
    return plan


def get_plan(world: MockWorld, account: str, plan_id: str) -> Plan:
    plan = subscriptions_state(world).plans.get((account, plan_id))
    if plan is None:
        raise Refused(404, "plan_not_found", "plan does not exist")
    return plan


def _plan_for(world: MockWorld, account: str, asked: InlinePlan) -> Plan:
    if asked.plan_id is not None and asked.plan_name is None and asked.plan_type is None:
        plan = subscriptions_state(world).plans.get((account, asked.plan_id))
        if plan is None:
            raise _bad("plan_details.plan_id", "no plan with this id")
        return plan
    return _plan(
        asked.plan_id or "",
        asked.plan_name,
        asked.plan_type,
        asked.plan_currency,
        asked.plan_max_amount,
        asked.plan_amount,
        asked.plan_max_cycles,
        asked.plan_intervals,
        asked.plan_interval_type,
        asked.plan_note,
        where="plan_details.",
    )


def create_subscription(world: MockWorld, account: str, body: CreateSubscriptionBody) -> Subscription:
    if not _SUBSCRIPTION_ID.match(body.subscription_id):
        raise _bad("subscription_id", "letters, digits, _, dot, - and space, 1 to 250 characters")
    if not _PHONE.match(body.customer_details.customer_phone):
        raise _bad("customer_details.customer_phone", "should be 10 digits")
    if "@" not in body.customer_details.customer_email:
        raise _bad("customer_details.customer_email", "should be an e-mail address")
    st = subscriptions_state(world)
    if (account, body.subscription_id) in st.subscriptions:
        raise Refused(400, "subscription_already_exists", "subscription_id : a subscription with this id exists")
    plan = _plan_for(world, account, body.plan_details)
    asked = body.authorization_details or AuthorizationAsked()
    methods = asked.payment_methods or ["upi"]
    if any(m not in _METHODS for m in methods):
        raise _bad("authorization_details.payment_methods", "enach, pnach, upi or card")
    now = provider_now(world)
    expiry = body.subscription_expiry_time
    if expiry is not None and _when("subscription_expiry_time", expiry) <= now:
        raise _bad("subscription_expiry_time", "should be in the future")
    first = body.subscription_first_charge_time
    if first is not None:
        if plan.plan_type != "PERIODIC":
            raise _bad("subscription_first_charge_time", "only for a PERIODIC plan")
        _when("subscription_first_charge_time", first)
    subscription = Subscription(
        cf_subscription_id=_next_id(world),
        subscription_id=body.subscription_id,
        subscription_status="INITIALIZED",
        subscription_session_id=f"subs_session_{secrets.token_urlsafe(18)}",
        customer_details=body.customer_details,
        plan_details=plan,
        authorisation_details=AuthorizationDetails(
            authorization_amount=_amount("authorization_details.authorization_amount", asked.authorization_amount)
            if asked.authorization_amount is not None
            else rupees(1),
            authorization_amount_refund=bool(asked.authorization_amount_refund),
            authorization_status="INITIALIZED",
        ),
        subscription_meta=SubscriptionMeta(return_url=(body.subscription_meta or MetaAsked()).return_url or ""),
        subscription_expiry_time=expiry or DEFAULT_EXPIRY,
        subscription_first_charge_time=first or "",
        subscription_note=body.subscription_note or "",
        subscription_tags=body.subscription_tags or {},
    )
    st.subscriptions[(account, subscription.subscription_id)] = subscription
    st.payments[(account, subscription.subscription_id)] = []
    st.methods[(account, subscription.subscription_id)] = list(methods)
    return subscription


def get_subscription(world: MockWorld, account: str, subscription_id: str) -> Subscription:
    found = subscriptions_state(world).subscriptions.get((account, subscription_id))
    if found is None:
        raise Refused(404, "subscription_not_found", "subscription does not exist")
    return found


def by_cf_id(world: MockWorld, cf_subscription_id: str) -> tuple[str, Subscription] | None:
    """QA's handle on a subscription: Cashfree's own id, unique across accounts."""
    for (account, _), subscription in subscriptions_state(world).subscriptions.items():
        if subscription.cf_subscription_id == cf_subscription_id:
            return account, subscription
    return None


def payments_of(world: MockWorld, account: str, subscription_id: str) -> list[SubscriptionPayment]:
    return subscriptions_state(world).payments.get((account, subscription_id), [])


def get_payment(world: MockWorld, account: str, subscription_id: str, payment_id: str) -> SubscriptionPayment:
    get_subscription(world, account, subscription_id)
    found = next((p for p in payments_of(world, account, subscription_id) if p.payment_id == payment_id), None)
    if found is None:
        raise Refused(404, "payment_not_found", "payment does not exist")
    return found


def _mandate_link(subscription: Subscription, payment: SubscriptionPayment) -> str:
    """NPCI's mandate intent (`upi://mandate`): the payee, the most a debit may be, how often, and
    from when to when, which the payer's UPI app shows before they approve with their PIN."""
    plan = subscription.plan_details
    recur = "ASPRESENTED" if plan.plan_type == "ON_DEMAND" else f"{plan.plan_interval_type}LY".replace("DAYLY", "DAILY")
    start = datetime.fromisoformat(payment.payment_initiated_date)
    end = datetime.fromisoformat(subscription.subscription_expiry_time)
    query = {
        "pa": PAYEE_VPA,
        "pn": "Cashfree",
        "tr": payment.cf_payment_id,
        "am": f"{plan.plan_max_amount:.2f}",
        "amrule": "MAX",
        "mn": plan.plan_name,
        "recur": recur,
        "validitystart": start.strftime("%d%m%Y"),
        "validityend": end.strftime("%d%m%Y"),
        "cu": "INR",
        "tn": subscription.subscription_id[:50],
    }
    return "upi://mandate?" + urlencode(query)


def _check_payment_id(world: MockWorld, account: str, body: PayBody) -> None:
    if not _PAYMENT_ID.match(body.payment_id):
        raise _bad("payment_id", "letters, digits, dot, - and _, 1 to 250 characters")
    if any(p.payment_id == body.payment_id for p in payments_of(world, account, body.subscription_id)):
        raise Refused(400, "payment_already_exists", "payment_id : a payment with this id exists")


def authorise(world: MockWorld, account: str, body: PayBody) -> tuple[SubscriptionPayment, PayAnswer]:
    """The AUTH payment: PENDING until the payer answers in their UPI app; the intent links
    (or a QR) to open it with."""
    subscription = get_subscription(world, account, body.subscription_id)
    if body.subscription_session_id != subscription.subscription_session_id:
        raise _bad("subscription_session_id", "is invalid for this subscription")
    if subscription.subscription_status != "INITIALIZED":
        raise Refused(400, "subscription_not_initialized", f"subscription is {subscription.subscription_status}")
    if any(
        p.payment_type == "AUTH" and p.payment_status == "PENDING"
        for p in payments_of(world, account, body.subscription_id)
    ):
        raise Refused(400, "auth_pending", "an authorisation of this subscription is pending with the payer")
    method = body.payment_method or PaymentMethodAsked(upi={"channel": "link"})
    if method.enach is not None:
        return _authorise_enach(world, account, subscription, body, method.enach)
    if method.upi is None:
        raise _bad("payment_method", "upi or enach")
    _allowed(world, account, subscription, "upi")
    channel = method.upi.get("channel", "link").lower()
    if channel not in ("link", "qrcode"):
        # NPCI ended new UPI mandates by collect request on 28 Feb 2026 (intent and QR only).
        raise _bad("payment_method.upi.channel", "link or qrcode")
    payment = _auth_payment(world, account, subscription, body, "upi")
    link = _mandate_link(subscription, payment)
    apps = {
        "default": link,
        "gpay": link.replace("upi://", "tez://upi/"),
        "phonepe": link.replace("upi://", "phonepe://"),
        "paytm": link.replace("upi://", "paytmmp://"),
    }
    payload: dict[str, str] = {"qrcode": qr_data_url(link)} if channel == "qrcode" else apps
    return payment, _auth_answer(payment, "upi", channel, "custom", {"payload": payload})


def _allowed(world: MockWorld, account: str, subscription: Subscription, method: str) -> None:
    if method not in subscriptions_state(world).methods.get((account, subscription.subscription_id), ["upi"]):
        raise _bad("payment_method", f"{method} is not among this subscription's payment_methods")


def _auth_payment(
    world: MockWorld, account: str, subscription: Subscription, body: PayBody, method: str
) -> SubscriptionPayment:
    """The AUTH payment, PENDING with the payer (in their UPI app, or at their bank for eNACH)."""
    _check_payment_id(world, account, body)
    now = provider_now(world)
    cf_id = _next_id(world)
    details = subscription.authorisation_details
    payment = SubscriptionPayment(
        cf_payment_id=cf_id,
        cf_subscription_id=subscription.cf_subscription_id,
        cf_order_id=_next_id(world),
        cf_txn_id=cf_id,
        payment_id=body.payment_id,
        subscription_id=subscription.subscription_id,
        payment_type="AUTH",
        payment_status="PENDING",
        payment_amount=details.authorization_amount,
        payment_initiated_date=stamp(now),
        payment_schedule_date="",
        payment_remarks=body.payment_remarks or "",
        retry_attempts=0,
        failure_details=FailureDetails(),
    )
    details.authorization_status = "PENDING"
    details.payment_id = payment.payment_id
    details.payment_method = method
    payment.authorization_details = details
    subscriptions_state(world).payments[(account, subscription.subscription_id)].append(payment)
    return payment


def _authorise_enach(
    world: MockWorld, account: str, subscription: Subscription, body: PayBody, asked: EnachAsked
) -> tuple[SubscriptionPayment, PayAnswer]:
    """An eNACH AUTH: the account to debit, checked as the NPCI's mandate registration checks it,
    and the url of the payer's bank's authorisation (net banking, debit card or Aadhaar)."""
    _allowed(world, account, subscription, "enach")
    if asked.channel.lower() != "link":
        raise _bad("payment_method.enach.channel", "link")
    if asked.auth_mode not in _AUTH_MODES:
        raise _bad("payment_method.enach.auth_mode", "net_banking, debit_card or aadhaar")
    holder = (asked.account_holder_name or "").strip()
    if not holder or len(holder) > 100:
        raise _bad("payment_method.enach.account_holder_name", "is required, at most 100 characters")
    if not _ACCOUNT_NUMBER.match(asked.account_number or ""):
        raise _bad("payment_method.enach.account_number", "should be 9 to 18 digits")
    if asked.account_ifsc is None and not asked.account_bank_code:
        raise _bad("payment_method.enach.account_ifsc", "account_ifsc or account_bank_code is required")
    if asked.account_ifsc is not None and not _IFSC.match(asked.account_ifsc):
        raise _bad("payment_method.enach.account_ifsc", "should be 4 letters, 0 and 6 letters or digits")
    if asked.account_type not in _ACCOUNT_TYPES:
        raise _bad("payment_method.enach.account_type", "SAVINGS or CURRENT")
    # The bank and the way of authorising, as the eligibility call lists them (enach_banks.py).
    bank_code = (asked.account_ifsc or asked.account_bank_code or "")[:4]
    bank_field = "account_ifsc" if asked.account_ifsc is not None else "account_bank_code"
    at_bank = enach_bank(bank_code)
    if at_bank is None:
        raise _bad(f"payment_method.enach.{bank_field}", f"{bank_code} does not support eNACH")
    if AUTH_MODE_OF[asked.auth_mode] not in at_bank.auth_modes:
        raise _bad("payment_method.enach.auth_mode", f"{asked.auth_mode} is not offered by {at_bank.bank_id} for eNACH")
    customer = subscription.customer_details
    # A subscription made with the payer's account (TPV) is authorised on that account only.
    if customer.customer_bank_account_number not in (None, "", asked.account_number) or (
        asked.account_ifsc and customer.customer_bank_ifsc not in (None, "", asked.account_ifsc)
    ):
        raise _bad("payment_method.enach", "the account differs from the subscription's customer_bank details")
    payment = _auth_payment(world, account, subscription, body, "enach")
    bank = (asked.account_ifsc or asked.account_bank_code or "")[:4]
    url = f"{world.settings.origin}/_mocks/payments/subscriptions/{subscription.cf_subscription_id}/bank"
    subscriptions_state(world).enach[(account, subscription.subscription_id)] = EnachAccount(
        bank=bank, auth_mode=asked.auth_mode, account_last4=(asked.account_number or "")[-4:]
    )
    return payment, _auth_answer(payment, "enach", "link", "link", {"url": url})


def _auth_answer(
    payment: SubscriptionPayment, method: str, channel: str, action: str, data: dict[str, object]
) -> PayAnswer:
    """An AUTH's answer: for UPI the intent links (`action` custom), for eNACH the bank's page."""
    return PayAnswer(
        cf_payment_id=payment.cf_payment_id,
        payment_id=payment.payment_id,
        subscription_id=payment.subscription_id,
        payment_type="AUTH",
        payment_status="PENDING",
        payment_amount=payment.payment_amount,
        payment_initiated_date=payment.payment_initiated_date,
        payment_method=method,
        channel=channel,
        action=action,
        data=data,
    )


def charge(world: MockWorld, account: str, body: PayBody) -> tuple[SubscriptionPayment, PayAnswer]:
    """A CHARGE on an ACTIVE mandate, at most the plan's maximum, for a date at least MIN_NOTICE ahead."""
    subscription = get_subscription(world, account, body.subscription_id)
    if subscription.subscription_status != "ACTIVE":
        raise Refused(400, "subscription_not_active", f"subscription is {subscription.subscription_status}, not ACTIVE")
    if body.payment_amount is None:
        raise _bad("payment_amount", "is required for a CHARGE")
    amount = _amount("payment_amount", body.payment_amount)
    top = subscription.plan_details.plan_max_amount
    if amount > top:
        raise _bad("payment_amount", f"should not exceed the plan's maximum of {top}")
    if body.payment_schedule_date is None:
        raise _bad("payment_schedule_date", "is required for a UPI or eNACH mandate")
    scheduled = _when("payment_schedule_date", body.payment_schedule_date)
    now = provider_now(world)
    if scheduled < now + MIN_NOTICE:
        raise _bad(
            "payment_schedule_date",
            "should be at least 24 hours from now, for the pre-debit notification to reach the customer",
        )
    if scheduled > datetime.fromisoformat(subscription.subscription_expiry_time):
        raise _bad("payment_schedule_date", "should be before the subscription expires")
    _check_payment_id(world, account, body)
    cf_id = _next_id(world)
    payment = SubscriptionPayment(
        cf_payment_id=cf_id,
        cf_subscription_id=subscription.cf_subscription_id,
        cf_order_id=_next_id(world),
        cf_txn_id=cf_id,
        payment_id=body.payment_id,
        subscription_id=subscription.subscription_id,
        payment_type="CHARGE",
        payment_status="INITIALIZED",
        payment_amount=amount,
        payment_initiated_date=stamp(now),
        payment_schedule_date=stamp(scheduled),
        payment_remarks=body.payment_remarks or "",
        retry_attempts=0,
        failure_details=FailureDetails(),
    )
    st = subscriptions_state(world)
    st.payments[(account, subscription.subscription_id)].append(payment)
    st.due[cf_id] = scheduled
    answer = PayAnswer(
        cf_payment_id=cf_id,
        payment_id=payment.payment_id,
        subscription_id=subscription.subscription_id,
        payment_type="CHARGE",
        payment_status="INITIALIZED",
        payment_amount=amount,
        payment_initiated_date=payment.payment_initiated_date,
        payment_method=subscription.authorisation_details.payment_method or "upi",
        data={},
    )
    return payment, answer


def answer_auth(
    world: MockWorld, account: str, subscription: Subscription, approved: bool
) -> SubscriptionPayment | None:
    """The payer's answer to the pending AUTH (in their UPI app; for eNACH, the destination bank's
    word once the payer authorised it): the mandate ACTIVE with its UMN (eNACH: UMRN), or the AUTH
    FAILED (the subscription INITIALIZED again, to be asked again)."""
    pending = pending_auth(world, account, subscription)
    if pending is None:
        return None
    details = subscription.authorisation_details
    now = stamp(provider_now(world))
    enach = details.payment_method == "enach"
    if approved:
        pending.payment_status = "SUCCESS"
        details.authorization_status = "ACTIVE"
        if enach:  # NPCI's UMRN: the sponsor bank's code and 16 digits
            details.authorization_reference = f"UTIB{secrets.randbelow(10**16):016d}"
        else:  # the UMN
            details.authorization_reference = f"{secrets.token_hex(16)}@{PAYEE_VPA.split('@')[1]}"
        details.authorization_time = now
        subscription.subscription_status = "ACTIVE"
    else:
        pending.payment_status = "FAILED"
        reason = "Mandate rejected by the customer's bank" if enach else "Mandate request declined by the customer"
        pending.failure_details = FailureDetails(failure_reason=reason)
        details.authorization_status = "FAILED"
        subscription.subscription_status = "INITIALIZED"
    pending.authorization_details = msgspec.structs.replace(details)
    return pending


def pending_auth(world: MockWorld, account: str, subscription: Subscription) -> SubscriptionPayment | None:
    return next(
        (
            p
            for p in payments_of(world, account, subscription.subscription_id)
            if p.payment_type == "AUTH" and p.payment_status == "PENDING"
        ),
        None,
    )


def authorised_at_bank(world: MockWorld, account: str, subscription: Subscription) -> SubscriptionPayment | None:
    """The payer has authorised the eNACH mandate at their bank: BANK_APPROVAL_PENDING until the
    destination bank registers (approved) or rejects it. None when no eNACH AUTH is pending."""
    pending = pending_auth(world, account, subscription)
    if pending is None or subscription.authorisation_details.payment_method != "enach":
        return None
    if subscription.subscription_status != "INITIALIZED":
        return None
    subscription.subscription_status = "BANK_APPROVAL_PENDING"
    return pending


def stop_charges(world: MockWorld, account: str, subscription: Subscription) -> list[SubscriptionPayment]:
    """Charges waiting on a mandate that is no longer ACTIVE: CANCELLED, never attempted."""
    st = subscriptions_state(world)
    stopped = []
    for payment in payments_of(world, account, subscription.subscription_id):
        if payment.payment_type == "CHARGE" and payment.payment_status in ChargeOpen:
            payment.payment_status = "CANCELLED"
            st.due.pop(payment.cf_payment_id, None)
            stopped.append(payment)
    return stopped


def manage(world: MockWorld, account: str, subscription: Subscription, body: ManageBody) -> Subscription:
    """CANCEL (from any open state), PAUSE (ACTIVE to ON_HOLD), ACTIVATE (ON_HOLD to ACTIVE, with
    `next_scheduled_time`), CHANGE_PLAN (to another of the account's plans of the same type)."""
    if body.subscription_id != subscription.subscription_id:
        raise _bad("subscription_id", "does not match the path")
    status = subscription.subscription_status
    details = body.action_details or ActionDetails()
    if body.action == "CANCEL":
        if status in ENDED:
            raise Refused(400, "action_invalid", f"subscription is {status}; it cannot be cancelled")
        subscription.subscription_status = "CANCELLED"
    elif body.action == "PAUSE":
        if status != "ACTIVE":
            raise Refused(400, "action_invalid", f"subscription is {status}; only an ACTIVE one can be paused")
        subscription.subscription_status = "ON_HOLD"
    elif body.action == "ACTIVATE":
        if status != "ON_HOLD":
            raise Refused(400, "action_invalid", f"subscription is {status}; only one ON_HOLD can be activated")
        if details.next_scheduled_time is None:
            raise _bad("action_details.next_scheduled_time", "is required to ACTIVATE")
        if _when("action_details.next_scheduled_time", details.next_scheduled_time) <= provider_now(world):
            raise _bad("action_details.next_scheduled_time", "should be in the future")
        subscription.subscription_status = "ACTIVE"
    elif body.action == "CHANGE_PLAN":
        if details.plan_id is None:
            raise _bad("action_details.plan_id", "is required to CHANGE_PLAN")
        plan = subscriptions_state(world).plans.get((account, details.plan_id))
        if plan is None or plan.plan_type != subscription.plan_details.plan_type:
            raise _bad("action_details.plan_id", "no plan of the same type with this id")
        subscription.plan_details = plan
    else:
        raise _bad("action", "CANCEL, PAUSE, ACTIVATE or CHANGE_PLAN")
    return subscription


def manage_payment(
    world: MockWorld, account: str, payment: SubscriptionPayment, body: ManagePaymentBody
) -> SubscriptionPayment:
    """CANCEL a charge not yet attempted; RETRY a FAILED one at `next_scheduled_time` (a new notice,
    so at least MIN_NOTICE ahead), on a mandate still ACTIVE."""
    if body.subscription_id != payment.subscription_id or body.payment_id != payment.payment_id:
        raise _bad("payment_id", "does not match the path")
    if payment.payment_type != "CHARGE":
        raise Refused(400, "action_invalid", "only a CHARGE can be managed")
    st = subscriptions_state(world)
    if body.action == "CANCEL":
        if payment.payment_status != "INITIALIZED":
            raise Refused(
                400, "action_invalid", f"payment is {payment.payment_status}; only one INITIALIZED can be cancelled"
            )
        payment.payment_status = "CANCELLED"
        st.due.pop(payment.cf_payment_id, None)
        return payment
    if body.action != "RETRY":
        raise _bad("action", "CANCEL or RETRY")
    if payment.payment_status != "FAILED":
        raise Refused(400, "action_invalid", f"payment is {payment.payment_status}; only a FAILED one can be retried")
    if get_subscription(world, account, payment.subscription_id).subscription_status != "ACTIVE":
        raise Refused(400, "subscription_not_active", "subscription is not ACTIVE")
    asked = (body.action_details or ActionDetails()).next_scheduled_time
    if asked is None:
        raise _bad("action_details.next_scheduled_time", "is required to RETRY")
    when = _when("action_details.next_scheduled_time", asked)
    if when < provider_now(world) + MIN_NOTICE:
        raise _bad(
            "action_details.next_scheduled_time", "should be at least 24 hours from now, for the pre-debit notification"
        )
    payment.payment_status = "INITIALIZED"
    payment.payment_schedule_date = stamp(when)
    payment.retry_attempts = 0
    payment.failure_details = FailureDetails()
    st.due[payment.cf_payment_id] = when
    return payment


def attempt(world: MockWorld, account: str, payment: SubscriptionPayment, moment: datetime) -> bool:
    """One debit attempt of a due charge, as the payer's bank answers it (QA's DebitFault, else
    paid). True when the charge has ended (SUCCESS or, its retries spent, FAILED)."""
    st = subscriptions_state(world)
    fault = st.faults.get((account, payment.subscription_id))
    if fault is not None and fault.attempts > 0:
        fault.attempts -= 1
        payment.failure_details = FailureDetails(failure_reason=fault.failure_reason)
        nach = get_subscription(world, account, payment.subscription_id).authorisation_details.payment_method == "enach"
        if payment.retry_attempts < RETRIES and not nach:
            payment.retry_attempts += 1
            payment.payment_status = "PENDING"
            st.due[payment.cf_payment_id] = moment + RETRY_GAP
            return False
        payment.payment_status = "FAILED"
    else:
        payment.payment_status = "SUCCESS"
        payment.failure_details = FailureDetails()
    st.due.pop(payment.cf_payment_id, None)
    return True


def debited_at(payment: SubscriptionPayment) -> str:
    """When a debit was (or is next) attempted: its date, an hour later per declined attempt."""
    at = datetime.fromisoformat(payment.payment_schedule_date) + RETRY_GAP * payment.retry_attempts
    return stamp(at)


def expire_lapsed(world: MockWorld, moment: datetime) -> list[tuple[str, Subscription]]:
    """Mandates whose `subscription_expiry_time` the clock has passed, now EXPIRED: an INITIALIZED
    one too (never approved). Each is the account's with the subscription."""
    lapsed = []
    for (account, _), subscription in subscriptions_state(world).subscriptions.items():
        ended = subscription.subscription_status in ENDED
        if not ended and datetime.fromisoformat(subscription.subscription_expiry_time) <= moment:
            subscription.subscription_status = "EXPIRED"
            lapsed.append((account, subscription))
    return lapsed


def completes(world: MockWorld, account: str, subscription: Subscription) -> bool:
    """A plan with `plan_max_cycles` is COMPLETED once that many debits have succeeded."""
    cycles = subscription.plan_details.plan_max_cycles
    done = [
        p
        for p in payments_of(world, account, subscription.subscription_id)
        if p.payment_type == "CHARGE" and p.payment_status == "SUCCESS"
    ]
    if cycles and len(done) >= cycles and subscription.subscription_status == "ACTIVE":
        subscription.subscription_status = "COMPLETED"
        return True
    return False
