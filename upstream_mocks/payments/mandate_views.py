"""QA's read-out of every mandate at the payments mock (`GET /_mocks/payments/subscriptions`, not
part of Cashfree's API): each subscription of every account with its status, method, maximum, the
loan its merchant tagged it with, a declined-debits control set on it while it may still debit,
and its payments (the AUTH and each CHARGE), newest mandate first. The QA console lists them
beside the outcome controls."""

from __future__ import annotations

from decimal import Decimal

import msgspec

from upstream_mocks.payments.subscriptions import ENDED, subscriptions_state
from upstream_mocks.world import MockWorld


class QaMandatePayment(msgspec.Struct, rename="camel", kw_only=True):
    payment_id: str
    cf_payment_id: str
    type: str  # AUTH or CHARGE
    status: str
    amount: Decimal
    scheduled_for: str
    retry_attempts: int
    failure_reason: str


class QaDebitFault(msgspec.Struct, rename="camel", kw_only=True):
    failure_reason: str
    attempts: int


class QaMandate(msgspec.Struct, rename="camel", kw_only=True):
    cf_subscription_id: str
    subscription_id: str
    account: str  # the merchant account's client id: a lender's own
    status: str
    method: str  # upi or enach (as authorised; upi until an AUTH says otherwise)
    max_amount: Decimal
    customer_phone: str
    loan_number: str | None  # the merchant's `subscription_tags.loan_number`
    expires_at: str
    declining: QaDebitFault | None  # the next debit attempts the payer's bank declines (QA's control)
    payments: list[QaMandatePayment]


def qa_mandates(world: MockWorld) -> list[QaMandate]:
    st = subscriptions_state(world)
    found: list[QaMandate] = []
    for key, subscription in st.subscriptions.items():
        fault = st.faults.get(key)
        enach = subscription.authorisation_details.payment_method == "enach" or key in st.enach
        found.append(
            QaMandate(
                cf_subscription_id=subscription.cf_subscription_id,
                subscription_id=subscription.subscription_id,
                account=key[0],
                status=subscription.subscription_status,
                method="enach" if enach else "upi",
                max_amount=subscription.plan_details.plan_max_amount,
                customer_phone=subscription.customer_details.customer_phone,
                loan_number=subscription.subscription_tags.get("loan_number"),
                expires_at=subscription.subscription_expiry_time,
                declining=(
                    QaDebitFault(failure_reason=fault.failure_reason, attempts=fault.attempts)
                    if fault is not None and fault.attempts > 0 and subscription.subscription_status not in ENDED
                    else None  # an ended mandate takes no debit to decline
                ),
                payments=[
                    QaMandatePayment(
                        payment_id=p.payment_id,
                        cf_payment_id=p.cf_payment_id,
                        type=p.payment_type,
                        status=p.payment_status,
                        amount=p.payment_amount,
                        scheduled_for=p.payment_schedule_date,
                        retry_attempts=p.retry_attempts,
                        failure_reason=p.failure_details.failure_reason,
                    )
                    for p in st.payments.get(key, [])
                ],
            )
        )
    # Cashfree's ids grow with time: the newest mandate first, as a tester looks for it.
    return sorted(found, key=lambda m: int(m.cf_subscription_id) if m.cf_subscription_id.isdigit() else 0, reverse=True)
