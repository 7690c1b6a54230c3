"""Closing a Fineract loan early, in the port's words.

The quote is Fineract's foreclosure template (`loans/{id}/transactions/template?command=
foreclosure`, LoanTransactionsApiResource): principal outstanding, interest to the business date,
fee charges (the foreclosure charge the lender set on the loan) and penalties. Which RBI rule
applies is read from the loan (`isFloatingInterestRate`): a floating rate bars a charge (the
clients here are individuals), so one Fineract still states is logged, never hidden.

The payment is a checkout at the payment provider (Fineract has none), its order id made from
the loan and the browser's Idempotency-Key, so a retry is the same order at the provider; once
the provider says it was paid, Fineract's `foreclosure` command closes the loan on the business
date under the key `close-<provider payment id>` (Fineract keeps a key's first answer), and only
while the template still states the amount paid: a day's interest more is the lender's to settle,
never booked short. The command takes no payment details (no receipt number), so the provider's
order is the transaction's `externalId`: Fineract's repayment then says whose payment it was, the
adapter lists it among the lender's repayments paid online (the reconciliation's, the borrower's
history, its receipt) and a booking asked again finds it there first
(docs/decisions/fineract-foreclosure-bookings.md).
"""

from __future__ import annotations

import hashlib
from decimal import Decimal
from typing import TYPE_CHECKING

import msgspec
import structlog

from gateway.plumbing.errors import UpstreamRefused, UpstreamUnavailable
from gateway.upstreams.lenders.fineract.mapping import day, paise
from gateway.upstreams.lenders.fineract.wire import FineractLoan, ForeclosureTemplate, ProviderOrder, ProviderPayment
from gateway.upstreams.lenders.loans import ForeclosurePayment, ForeclosureQuote, ForeclosureStatus

if TYPE_CHECKING:
    from gateway.upstreams.lenders.fineract.adapter import FineractLender

log = structlog.get_logger("gateway.lenders.fineract")

CLOSE_PREFIX = "FINCLOSE_"
CLOSED = "The loan is closed: there is nothing to foreclose."
QUOTE_CHANGED = "The amount is not today's foreclosure quote."
NOT_CREATED = "Could not create the payment."
NOT_BOOKED = "The payment was taken but the lender has not closed the loan yet. Please check again shortly."
PAYMENT_IDS_FROM = 900_000_000


class FineractForeclosures:
    def __init__(self, lender: FineractLender) -> None:
        self.lender = lender

    async def quote(self, loan: FineractLoan, loan_number: str) -> ForeclosureQuote:
        lender = self.lender
        if not loan.status.active:
            raise UpstreamRefused(CLOSED, upstream=lender.name, status=409)
        response = await lender.http.request(
            "GET",
            f"{lender.api}/loans/{loan.id}/transactions/template",
            params={"command": "foreclosure"},
            headers=lender.headers,
            idempotent=True,
        )
        if response.status_code == 403:  # not active (closed since), as Fineract refuses it
            raise UpstreamRefused(CLOSED, upstream=lender.name, status=409)
        if response.status_code != 200:
            raise UpstreamRefused(CLOSED, upstream=lender.name, status=response.status_code)
        found = lender.http.decode(response, ForeclosureTemplate)
        principal = paise(found.principal_portion, lender.name)
        fees = paise(found.fee_charges_portion, lender.name)
        floating = loan.is_floating_interest_rate
        if floating and fees > 0:
            log.warning("foreclosure_charge_on_floating_rate", loan_id=loan.id, charge=str(fees))
        return ForeclosureQuote(
            loan_number=loan_number,
            principal=principal,
            interest=paise(found.interest_portion, lender.name),
            penal_charges=paise(found.penalty_charges_portion, lender.name),
            foreclosure_charge=fees,
            foreclosure_charge_percent=(fees * 100 / principal).quantize(Decimal("0.01")) if principal else fees,
            charge_rule="noChargeFloatingRate" if floating else "keyFactsCharge",
            rate_type="floating" if floating else "fixed",
            total=paise(found.amount, lender.name),
            valid_on=day(found.date),
        )

    async def pay(
        self, loan: FineractLoan, loan_number: str, mobile_number: str, amount: Decimal, idempotency_key: str
    ) -> ForeclosurePayment:
        lender = self.lender
        quote = await self.quote(loan, loan_number)
        if amount != quote.total:
            raise UpstreamRefused(QUOTE_CHANGED, upstream=lender.name, status=409)
        # The same key, the same order id and body: the provider answers the same order again.
        digest = hashlib.sha256(f"{loan.id}:{idempotency_key}".encode()).digest()
        payment_id = PAYMENT_IDS_FROM + int.from_bytes(digest[:8]) % 99_999_999
        order_id = f"{CLOSE_PREFIX}{loan.id}_{payment_id}"
        order = {
            "order_id": order_id,
            "order_amount": msgspec.Raw(format(amount, "f").encode()),
            "order_currency": "INR",
            "customer_details": {"customer_id": f"fineract-{loan.client_id}", "customer_phone": mobile_number},
            "order_note": "Loan foreclosure",
        }
        headers = {**lender.provider_headers, "x-idempotency-key": order_id}
        response = await lender.payments.request("POST", "pg/orders", json=order, headers=headers, idempotent=True)
        if response.status_code != 200:
            raise UpstreamRefused(NOT_CREATED, upstream=lender.payments.name, status=response.status_code)
        created = lender.payments.decode(response, ProviderOrder)
        return ForeclosurePayment(
            payment_session_id=created.payment_session_id,
            order_id=created.order_id,
            order_amount=created.order_amount,
            id=payment_id,
        )

    async def status(self, loan: FineractLoan, payment_log_id: int) -> ForeclosureStatus:
        lender = self.lender
        order_id = f"{CLOSE_PREFIX}{loan.id}_{payment_log_id}"
        if loan.status.active:
            response = await lender.payments.request(
                "GET", f"pg/orders/{order_id}/payments", headers=lender.provider_headers, idempotent=True
            )
            if response.status_code != 200:
                raise UpstreamRefused("Payment not found.", upstream=lender.payments.name, status=404)
            paid = [p for p in lender.payments.decode(response, list[ProviderPayment]) if p.payment_status == "SUCCESS"]
            if paid:
                await self.book(loan, paid[0], order_id)
            loan = await lender.loan_by_id(loan.id)
        on = await lender.business_day()
        return ForeclosureStatus(paid=not loan.status.active, loan=lender.summary(loan, on))

    async def book(self, loan: FineractLoan, paid: ProviderPayment, order_id: str) -> None:
        """Close the loan with the provider's payment, once: the borrower's confirm or the gateway's
        follow-up (`settle_order`), whichever asks first."""
        lender = self.lender
        if await lender.booked(loan.id, order_id):
            return  # closed by this order already: the transaction bears it
        quote = await self.quote(loan, loan.account_no)
        if quote.total != paise(paid.payment_amount, lender.name):
            log.warning("foreclosure_amount_moved", loan_id=loan.id, paid=str(paid.payment_amount))
            raise UpstreamUnavailable(NOT_BOOKED, upstream=lender.name, code="confirm_failed")
        body = {
            "transactionDate": quote.valid_on.strftime("%d %B %Y"),
            "dateFormat": "dd MMMM yyyy",
            "locale": "en",
            "externalId": order_id,  # whose payment closed the loan: the command takes no receipt number
            "note": f"Foreclosed online: {order_id}",
        }
        response = await lender.http.request(
            "POST",
            f"{lender.api}/loans/{loan.id}/transactions?command=foreclosure",
            json=body,
            headers={**lender.headers, "Idempotency-Key": f"close-{paid.cf_payment_id}"},
            idempotent=True,  # the key makes a retry the first answer again
        )
        if response.status_code != 200:
            log.warning("foreclosure_not_booked", loan_id=loan.id, status=response.status_code)
            status = response.status_code
            raise UpstreamUnavailable(NOT_BOOKED, upstream=lender.name, status=status, code="confirm_failed")
