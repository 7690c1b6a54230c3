"""What the provider's mandate calls (Cashfree's subscriptions, x-api-version 2025-01-01) take and
answer, and the webhooks it sends about them, in Cashfree's names (the fields the platform reads).
Amounts are Decimal, decoded straight from the provider's JSON numbers."""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal
from typing import Literal

import msgspec

SUBSCRIPTION_WEBHOOKS = frozenset(
    {
        "SUBSCRIPTION_STATUS_CHANGED",
        "SUBSCRIPTION_AUTH_STATUS",
        "SUBSCRIPTION_PAYMENT_NOTIFICATION_INITIATED",
        "SUBSCRIPTION_PAYMENT_SUCCESS",
        "SUBSCRIPTION_PAYMENT_FAILED",
        "SUBSCRIPTION_PAYMENT_CANCELLED",
    }
)


class ProviderPlan(msgspec.Struct, kw_only=True):
    plan_id: str
    plan_name: str
    plan_type: str  # ON_DEMAND or PERIODIC
    plan_max_amount: Decimal
    plan_status: str
    plan_currency: str = "INR"
    plan_recurring_amount: Decimal | None = None
    plan_max_cycles: int | None = None
    plan_intervals: int | None = None
    plan_interval_type: str | None = None


class MandateCustomer(msgspec.Struct, kw_only=True, omit_defaults=True):
    customer_email: str
    customer_phone: str  # 10 digits
    customer_name: str | None = None
    # eNACH: the payer's account (the mandate is then authorised on that account only)
    customer_bank_account_holder_name: str | None = None
    customer_bank_account_number: str | None = None
    customer_bank_ifsc: str | None = None
    customer_bank_account_type: str | None = None


class EnachMethod(msgspec.Struct, kw_only=True, omit_defaults=True):
    """Cashfree's eNACH payment method of an AUTH: the account and how its holder authorises it
    at their bank (`net_banking`, `debit_card` or `aadhaar`)."""

    auth_mode: str
    account_holder_name: str
    account_number: str
    account_ifsc: str
    account_type: str  # SAVINGS or CURRENT
    channel: str = "link"


class EligibleBank(msgspec.Struct, kw_only=True):
    """Cashfree's SubscriptionBankDetails: a bank taking eNACH mandates and how its account holders
    may authorise one there (DEBIT_CARD, NET_BANKING, AADHAAR)."""

    bank_id: str  # an IFSC's first four letters
    bank_name: str
    account_auth_modes: list[str] = msgspec.field(default_factory=list)


class EligibilityDetails(msgspec.Struct, kw_only=True):
    account_types: list[str] = msgspec.field(default_factory=list)  # SAVINGS, CURRENT
    frequent_bank_details: list[EligibleBank] = msgspec.field(default_factory=list)
    all_bank_details: list[EligibleBank] = msgspec.field(default_factory=list)


class EligibleMethod(msgspec.Struct, kw_only=True):
    """One item of SubscriptionEligibility's answer (Cashfree's EligibilityMethodItem), the fields
    we read: whether the method (`enach`, `upi`, ...) may authorise the subscription, and eNACH's banks."""

    eligibility: bool
    entity_value: str
    entity_type: str = "payment_methods"
    entity_details: EligibilityDetails = msgspec.field(default_factory=EligibilityDetails)


class Authorisation(msgspec.Struct, kw_only=True):
    """The mandate's approval: `authorization_reference` is its UMN once ACTIVE."""

    authorization_amount: Decimal
    authorization_status: str  # INITIALIZED, PENDING, ACTIVE, FAILED
    authorization_amount_refund: bool = False
    authorization_reference: str = ""
    authorization_time: str = ""
    payment_id: str = ""
    payment_method: str = ""


class ProviderMandate(msgspec.Struct, kw_only=True):
    """A subscription (Cashfree's SubscriptionEntity), the fields we read."""

    cf_subscription_id: str
    subscription_id: str
    # INITIALIZED, BANK_APPROVAL_PENDING, ACTIVE, ON_HOLD, CUSTOMER_PAUSED, CUSTOMER_CANCELLED,
    # CANCELLED, COMPLETED, EXPIRED, LINK_EXPIRED
    subscription_status: str
    subscription_session_id: str
    plan_details: ProviderPlan
    authorisation_details: Authorisation
    subscription_expiry_time: str
    customer_details: MandateCustomer | None = None
    subscription_tags: dict[str, str] | None = None  # the merchant's, as it made the mandate (a loan's number)


class FailureDetails(msgspec.Struct, kw_only=True):
    failure_reason: str = ""


class MandatePayment(msgspec.Struct, kw_only=True):
    """A mandate's AUTH or CHARGE (Cashfree's SubscriptionPaymentEntity), the fields we read."""

    cf_payment_id: str
    payment_id: str
    subscription_id: str
    payment_type: Literal["AUTH", "CHARGE"]
    # INITIALIZED (its pre-debit notice sent), PENDING (a retry due), SUCCESS, FAILED, CANCELLED
    payment_status: str
    payment_amount: Decimal
    payment_schedule_date: str = ""
    payment_initiated_date: str = ""
    retry_attempts: int = 0
    failure_details: FailureDetails = msgspec.field(default_factory=FailureDetails)
    cf_subscription_id: str | None = None

    @property
    def debited_at(self) -> str:
        """When a SUCCESS debit was taken, as its fields tell it: at its scheduled time, an hour
        later for each attempt the payer's bank declined (UPI AutoPay's hourly 1 + 3); the
        scheduled time itself when the provider gives no retries (or no schedule: the raise)."""
        if not self.payment_schedule_date:
            return self.payment_initiated_date
        at = datetime.fromisoformat(self.payment_schedule_date) + timedelta(hours=self.retry_attempts)
        return at.isoformat(timespec="seconds")


class PayData(msgspec.Struct, kw_only=True):
    payload: dict[str, str] | None = None  # a UPI AUTH's intent links or QR
    url: str | None = None  # an eNACH AUTH's page at the payer's bank


class MandatePayAnswer(msgspec.Struct, kw_only=True):
    """`POST /pg/subscriptions/pay`'s answer: for a UPI AUTH, `data.payload` holds the UPI apps'
    intent links (`default`, `gpay`, `phonepe`, `paytm`) or `qrcode`; for an eNACH AUTH
    `data.url` is the payer's bank's authorisation page; empty for a CHARGE."""

    cf_payment_id: str
    payment_id: str
    subscription_id: str
    payment_type: Literal["AUTH", "CHARGE"]
    payment_status: str
    payment_amount: Decimal
    data: PayData = msgspec.field(default_factory=PayData)

    @property
    def payload(self) -> dict[str, str]:
        return self.data.payload or {}


class MandateRefund(msgspec.Struct, kw_only=True):
    """A refund of a mandate's debited charge (Cashfree's SubscriptionPaymentRefundEntity), the
    fields we read: INITIATED when made, SUCCESS once the bank paid it out (ONHOLD on the way, or
    CANCELLED: given up, its amount refundable again); any other word is read as not paid out yet."""

    payment_id: str  # the charge refunded (ours)
    cf_payment_id: str
    refund_id: str
    cf_refund_id: str
    refund_amount: Decimal
    refund_status: str  # INITIATED, ONHOLD, SUCCESS, CANCELLED
    refund_note: str | None = None


class MandateDetails(msgspec.Struct, kw_only=True):
    cf_subscription_id: str
    subscription_id: str
    subscription_status: str


class MandateStatusData(msgspec.Struct, kw_only=True):
    subscription_details: MandateDetails


class MandateStatusEvent(msgspec.Struct, kw_only=True):
    """SUBSCRIPTION_STATUS_CHANGED: a mandate's new status. Receivers dedupe and re-read it."""

    type: Literal["SUBSCRIPTION_STATUS_CHANGED"]
    event_time: str
    data: MandateStatusData


class MandatePaymentEvent(msgspec.Struct, kw_only=True):
    """SUBSCRIPTION_AUTH_STATUS, SUBSCRIPTION_PAYMENT_NOTIFICATION_INITIATED, _SUCCESS, _FAILED,
    _CANCELLED: the payment as it stood. Receivers dedupe on (type, data.cf_payment_id,
    data.retry_attempts) and re-read the payment before they book it."""

    type: str
    event_time: str
    data: MandatePayment


class _Kind(msgspec.Struct):
    type: str


def mandate_event(raw: bytes) -> MandateStatusEvent | MandatePaymentEvent:
    """A verified subscription webhook's body, by its type (msgspec.ValidationError if not one)."""
    kind = msgspec.json.decode(raw, type=_Kind).type
    if kind == "SUBSCRIPTION_STATUS_CHANGED":
        return msgspec.json.decode(raw, type=MandateStatusEvent, strict=False)
    if kind not in SUBSCRIPTION_WEBHOOKS:
        raise msgspec.ValidationError(f"not a subscription webhook: {kind}")
    return msgspec.json.decode(raw, type=MandatePaymentEvent, strict=False)
