"""The lender's partner calls for the platform's operations (contracts/lending.openapi.yaml):
repayments by day (the daily reconciliation) or by borrower (the support desk), a borrower's
complaints (the desk), a receipt mailed again, and the payment link behind a reminder's short
link. Asked with the store's partner key, apart from the borrower's repayment client.
"""

from __future__ import annotations

from datetime import date
from typing import Literal

import msgspec

from gateway.language.codes import Language
from gateway.plumbing.errors import Conflict, InvalidInput, NotFound, UpstreamError
from gateway.upstreams.envelope import Envelope
from gateway.upstreams.http import UpstreamHttp
from gateway.upstreams.lenders.complaints import LenderComplaint
from gateway.upstreams.lenders.native.mapping import partner_repayment
from gateway.upstreams.lenders.native.wire import PartnerRepaymentRow
from gateway.upstreams.lenders.payments import PartnerRepayment, ReceiptSent, ReminderLink, RepaymentsBy

FAILED = "The lender could not be asked about repayments. Please try again later."
COMPLAINTS_FAILED = "The lender could not be asked about complaints. Please try again later."
LINK_FAILED = "The lender could not be asked about this payment link. Please try again later."


class ReceiptAgain(msgspec.Struct, rename="camel", kw_only=True):
    order_id: str


class NoReceipt(Conflict):
    """The lender has no receipt to send for the repayment (unpaid, or no e-mail on record)."""


KEY_REUSED = "This Idempotency-Key was used for another request."


class LendingOperations:
    def __init__(self, http: UpstreamHttp, partner_key: str) -> None:
        self.http = http
        self._key = {"x-partner-key": partner_key}

    async def repayments(self, by: RepaymentsBy, value: str | date) -> list[PartnerRepayment]:
        """GET webRepayment/partnerRepayments: a day's paid repayments, or a borrower's."""
        asked = value.isoformat() if isinstance(value, date) else value
        response = await self.http.request(
            "GET", "webRepayment/partnerRepayments", params={by: asked}, headers=self._key
        )
        answer = self.http.decode(response, Envelope[list[PartnerRepaymentRow]])
        if response.status_code != 200 or answer.data is None:
            raise UpstreamError(FAILED, upstream=self.http.name, status=response.status_code)
        return [partner_repayment(row) for row in answer.data]

    async def complaints(self, mobile_number: str) -> list[LenderComplaint]:
        """GET webRepayment/partnerComplaints: the borrower's complaints, newest first."""
        response = await self.http.request(
            "GET", "webRepayment/partnerComplaints", params={"mobileNumber": mobile_number}, headers=self._key
        )
        answer = self.http.decode(response, Envelope[list[LenderComplaint]])
        if response.status_code != 200 or answer.data is None:
            raise UpstreamError(COMPLAINTS_FAILED, upstream=self.http.name, status=response.status_code)
        return answer.data

    async def resend_receipt(self, order_id: str, idempotency_key: str) -> ReceiptSent:
        """POST webRepayment/partnerReceipt: the paid repayment's receipt mailed again, once per key."""
        response = await self.http.request(
            "POST",
            "webRepayment/partnerReceipt",
            json=ReceiptAgain(order_id=order_id),
            headers={**self._key, "Idempotency-Key": idempotency_key},
            idempotent=True,  # the key makes a retry safe: the lender answers the first answer again
        )
        answer = self.http.decode(response, Envelope[ReceiptSent])
        if response.status_code == 404:
            raise NotFound("No such repayment.")
        if response.status_code == 409:
            raise NoReceipt(
                "This repayment has no receipt to send: it is not paid, or the borrower has no e-mail address.",
                code="no_receipt",
            )
        if response.status_code == 422:
            raise InvalidInput(KEY_REUSED, field="Idempotency-Key", code="idempotency_key_reused")
        if response.status_code != 200 or answer.data is None:
            raise UpstreamError(FAILED, upstream=self.http.name, status=response.status_code)
        return answer.data

    async def payment_link(self, code: str) -> ReminderLink | None:
        """GET webRepayment/partnerPaymentLinks/{code}: the link behind a reminder's short link;
        None for a code the lender never made."""
        response = await self.http.request("GET", f"webRepayment/partnerPaymentLinks/{code}", headers=self._key)
        if response.status_code in (400, 404):
            return None
        answer = self.http.decode(response, Envelope[ReminderLink])
        if response.status_code != 200 or answer.data is None:
            raise UpstreamError(LINK_FAILED, upstream=self.http.name, status=response.status_code)
        return answer.data


class NotRaised(msgspec.Struct, rename="camel", kw_only=True, omit_defaults=True):
    """A debit the platform did not raise, and why (the lender checks both for itself)."""

    instalment: int
    reason: Literal["aboveAuthenticationLimit"]  # no default: omit_defaults would drop it
    due_on: date | None = None  # a credit line's debit: the due date it was for (a line has no instalments)


class MandateDebit(msgspec.Struct, rename="camel", kw_only=True, omit_defaults=True):
    loan_number: str
    subscription_id: str
    payment_id: str
    not_raised: NotRaised | None = None  # omitted for a debit raised at the provider
    language: Language | None = None  # the borrower's, for the lender's notices; omitted: the lender's choice


class MandateDebitDone(msgspec.Struct, rename="camel", kw_only=True):
    """What the lender did about an AutoPay debit, as the provider has it now."""

    payment_id: str
    status: Literal["noticed", "booked", "reminded", "waiting", "cancelled", "authenticate", "refunded"]
    order_id: str | None = None


MANDATE_FAILED = "The lender could not be told about this AutoPay debit. It is asked again."
MANDATE_NOT_KEPT = "The lender could not be told about this AutoPay mandate. It is told again."


class MandateNamed(msgspec.Struct, rename="camel", kw_only=True):
    loan_number: str
    subscription_id: str


class MandateToKeep(msgspec.Struct, rename="camel", kw_only=True, omit_defaults=True):
    loan_number: str
    subscription_id: str
    language: Language | None = None  # the borrower's, for the lender's reminders; omitted: the lender's choice


class LenderMandateDebits:
    """Our lending service's partner calls about a loan's AutoPay mandate and its debits."""

    def __init__(self, http: UpstreamHttp, partner_key: str) -> None:
        self.http = http
        self._key = {"x-partner-key": partner_key}

    async def tell(
        self, loan_number: str, subscription_id: str, payment_id: str, language: Language | None = None
    ) -> str:
        """POST webRepayment/partnerMandateDebits: the lender reads the debit at the provider and
        sends its pre-debit notice, books it (once, by the provider's payment id) or reminds of
        the due; what it did (`MandateDebitDone.status`)."""
        debit = MandateDebit(
            loan_number=loan_number, subscription_id=subscription_id, payment_id=payment_id, language=language
        )
        return await self._post(debit)

    async def ask_to_authenticate(
        self,
        loan_number: str,
        subscription_id: str,
        payment_id: str,
        instalment: int,
        language: Language | None = None,
        due_on: date | None = None,
    ) -> str:
        """The same call with `notRaised`: a debit above the e-mandate limit, never raised; the
        lender checks the mandate and its schedule, then tells the borrower (once per payment id)
        to pay the instalment through its payment link (`authenticate`)."""
        debit = MandateDebit(
            loan_number=loan_number,
            subscription_id=subscription_id,
            payment_id=payment_id,
            not_raised=NotRaised(instalment=instalment, reason="aboveAuthenticationLimit", due_on=due_on),
            language=language,
        )
        return await self._post(debit)

    async def tell_mandate(self, loan_number: str, subscription_id: str, language: Language | None = None) -> None:
        """POST webRepayment/partnerMandates: the lender reads the mandate at the provider (made
        for this loan, ACTIVE) and keeps it as the loan's; UpstreamError unless it answers so."""
        response = await self.http.request(
            "POST",
            "webRepayment/partnerMandates",
            json=MandateToKeep(loan_number=loan_number, subscription_id=subscription_id, language=language),
            headers=self._key,
            idempotent=True,  # told again, the lender changes nothing
        )
        answer = self.http.decode(response, Envelope[MandateNamed])
        if response.status_code != 200 or answer.data is None or answer.data.subscription_id != subscription_id:
            raise UpstreamError(MANDATE_NOT_KEPT, upstream=self.http.name, status=response.status_code)

    async def _post(self, debit: MandateDebit) -> str:
        response = await self.http.request(
            "POST",
            "webRepayment/partnerMandateDebits",
            json=debit,
            headers=self._key,
            idempotent=True,  # the lender acts on each debit once, however often it is told
        )
        answer = self.http.decode(response, Envelope[MandateDebitDone])
        if response.status_code != 200 or answer.data is None:
            raise UpstreamError(MANDATE_FAILED, upstream=self.http.name, status=response.status_code)
        return answer.data.status
