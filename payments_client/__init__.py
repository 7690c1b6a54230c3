"""The one client of the payment provider (Cashfree's Payment Gateway API, x-api-version
2025-01-01; contracts/payments.openapi.yaml), for everyone who takes or returns money: the
gateway, the orders service and each lender.

Every call carries the account's `x-client-id`, `x-client-secret` and `x-api-version`; every
write an `x-idempotency-key` (the caller's, so that a retry sends the same one). Amounts go out
and come back as JSON numbers, decoded straight to Decimal. How a request travels is the
caller's: `HttpxSender` over an httpx client (a network URL, or httpx's ASGI transport to an
in-process provider), or a sender of its own (the gateway's, with its deadlines and breakers).
Mandates (UPI AutoPay: plans, subscriptions, their AUTH and CHARGEs, refunds of a debited CHARGE,
the SUBSCRIPTION_* webhooks) are the same API's subscriptions calls (`payments_client.mandates`).
Money paid out (a refund owed to a UPI ID or a bank account) goes through `PayoutsClient`, the
same provider's Payouts API (x-api-version 2024-01-01; contracts/payouts.openapi.yaml), each payee
a beneficiary of the payouts account (`payments_client.beneficiaries`).
"""

from payments_client.beneficiaries import BeneficiaryStatus, Payee, ProviderBeneficiary, beneficiary_id_of
from payments_client.client import API_VERSION, Account, HttpxSender, ProviderClient, ProviderRefused, Sender
from payments_client.mandates import (
    EnachMethod,
    MandateCustomer,
    MandatePayAnswer,
    MandatePayment,
    MandatePaymentEvent,
    MandateRefund,
    MandateStatusEvent,
    ProviderMandate,
    ProviderPlan,
    mandate_event,
)
from payments_client.payouts import PAYOUTS_API_VERSION, PayoutsClient, ProviderTransfer, TransferEvent
from payments_client.wire import (
    CustomerDetails,
    LinkCustomer,
    OrderMeta,
    ProviderDispute,
    ProviderLink,
    ProviderLinkOrder,
    ProviderOrder,
    ProviderPayment,
    ProviderRefund,
    ReconRow,
    SettlementReconRow,
    UpiSession,
)

__all__ = [
    "API_VERSION",
    "PAYOUTS_API_VERSION",
    "Account",
    "BeneficiaryStatus",
    "CustomerDetails",
    "EnachMethod",
    "HttpxSender",
    "LinkCustomer",
    "MandateCustomer",
    "MandatePayAnswer",
    "MandatePayment",
    "MandatePaymentEvent",
    "MandateRefund",
    "MandateStatusEvent",
    "OrderMeta",
    "Payee",
    "PayoutsClient",
    "ProviderBeneficiary",
    "ProviderClient",
    "ProviderDispute",
    "ProviderLink",
    "ProviderLinkOrder",
    "ProviderMandate",
    "ProviderOrder",
    "ProviderPayment",
    "ProviderPlan",
    "ProviderRefund",
    "ProviderRefused",
    "ProviderTransfer",
    "ReconRow",
    "Sender",
    "SettlementReconRow",
    "TransferEvent",
    "UpiSession",
    "beneficiary_id_of",
    "mandate_event",
]
