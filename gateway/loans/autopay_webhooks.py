"""The provider's subscription webhooks (SUBSCRIPTION_STATUS_CHANGED, SUBSCRIPTION_AUTH_STATUS,
SUBSCRIPTION_PAYMENT_*) for each lender's own account, at /api/webhooks/payments/mandates/<lender>
(the URL set once for the account, as Cashfree's dashboard does): no login and no CSRF token, the
signature with that account's client secret is the proof, as for every payment webhook. The event
only says what to ask about: the mandate and its debit are read again from the provider."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import msgspec
from litestar import Request, Router, post
from litestar.params import FromPath

from gateway.desk.webhook_paths import MANDATE_WEBHOOK_PATH, WEBHOOKS_PATH
from gateway.loans.autopay import AutoPayService
from gateway.operations_db.models import LoanMandate
from gateway.plumbing.errors import InvalidInput, NotAuthenticated, NotFound
from gateway.upstreams.payments import PaymentsClient
from payments_client.mandates import MandatePaymentEvent, MandateStatusEvent, mandate_event
from payments_client.webhooks import WebhookRefused, verify

# What is done with a debit once the provider has moved it (booked at the lender, a reminder sent).
DebitMoved = Callable[[LoanMandate, str], Awaitable[None]]


class MandateReceived(msgspec.Struct, kw_only=True):
    outcome: str


def event_of(secret: str, headers: Mapping[str, str], raw: bytes) -> MandateStatusEvent | MandatePaymentEvent:
    """The event, if signed by the account and recent (401 if not), a subscription event (422 if not)."""
    try:
        verify(secret, headers, raw)
    except WebhookRefused as exc:
        raise NotAuthenticated(f"Webhook refused: {exc.reason}", code="webhook_refused") from exc
    try:
        return mandate_event(raw)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise InvalidInput(f"Not a subscription event: {exc}", code="webhook_invalid") from exc


async def received(autopay: AutoPayService, event: MandateStatusEvent | MandatePaymentEvent, moved: DebitMoved) -> str:
    if isinstance(event, MandateStatusEvent):
        mandate_id = event.data.subscription_details.subscription_id
    else:
        mandate_id = event.data.subscription_id
    if await autopay.refresh(mandate_id) is None:
        return "unknown mandate"
    if isinstance(event, MandatePaymentEvent) and event.data.payment_type == "CHARGE":
        debit = await autopay.debit_moved(mandate_id, event.data.payment_id)
        mandate = await autopay.mandate_of(mandate_id)
        if debit is None or mandate is None:
            return "unknown debit"
        await moved(mandate, debit.payment_id)
        return f"debit {debit.status}"
    return "mandate updated"


def build_mandate_webhook_router(
    autopay: AutoPayService, accounts: Mapping[str, PaymentsClient], moved: DebitMoved
) -> Router:
    @post(
        f"{MANDATE_WEBHOOK_PATH.removeprefix(WEBHOOKS_PATH)}/{{lender:str}}",
        status_code=200,
        summary="The provider's subscription webhooks (SUBSCRIPTION_*) for a lender's own account",
    )
    async def mandate_webhook(lender: FromPath[str], request: Request[Any, Any, Any]) -> MandateReceived:
        account = accounts.get(lender)
        if account is None:
            raise NotFound("No lender of this deployment has this webhook path.", code="not_found")
        # Cashfree signs an account's webhooks with that account's client secret.
        event = event_of(account.provider.account.client_secret, dict(request.headers), await request.body())
        return MandateReceived(outcome=await received(autopay, event, moved))

    return Router(path=WEBHOOKS_PATH, route_handlers=[mandate_webhook], tags=["webhooks"])
