"""How the conformance kit signs in to a service's sandbox before calling it.

A lender's calls are a borrower's: without a token every one of them is refused, and a refusal
proves nothing about the call. The kit first gets the sandbox borrower's token the way the
gateway does (the partner login, with the partner key the integrator passes as a header), reads
what the borrower has (their loan, a paid payment) so the examples ask about the borrower's own
things, then sends each example as that borrower.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import httpx

from upstream_mocks.conformance import Sandbox, SignIn, SignInFailed

SANDBOX_BORROWER = "9876543210"  # the contract examples' borrower (Ramesh Kumar, userId 1001)
# Calls the gateway never makes of a lender and a kit cannot make for it.
NOT_THE_GATEWAYS = {
    "verifyRepaymentOtp": "needs the one-time code the lender texted; the gateway logs borrowers in by partnerLogin",
}
NO_PAID_PAYMENT = "the sandbox borrower has no paid payment yet: pay one in the sandbox, then run the kit again"
NOT_CLOSED = "the sandbox borrower's loan is not closed: only a closed loan has a no-dues certificate"
NO_COMPLAINT = "the sandbox borrower has no complaint to read: --allow-writes raises one first"
# A code is minted for a reminder, which the lender sends by SMS and mail: no call of the contract
# makes one, so the kit has none to ask about (tests/contract/test_reminder_links.py asks the mock).
NO_LINK_CODE = "a payment link's code comes only in a reminder the lender sends, which the kit cannot read"
# A debit is named by the provider's subscription payment id, which only a mandate the borrower
# approved in their UPI app has (tests/integration/test_autopay_api.py tells the mock of one).
NO_MANDATE_DEBIT = (
    "the sandbox borrower has no AutoPay debit at the provider: approve a mandate, then run the kit again"
)
NO_MANDATE = "the sandbox borrower has no active AutoPay mandate at the provider: approve one, then run the kit again"
# A credit line's life is a chain (apply, an offer's Key Facts, accept, a quote, its payment, the
# certificate) for a shopper without credit; the sandbox borrower has a loan, so the lender rightly
# refuses to open another. Each call is exercised in that order against the mock by
# tests/integration/test_credit_api.py; a lender's sandbox needs an applicant of its own for them.
NEEDS_AN_APPLICANT = "a credit line's calls need a sandbox applicant without credit, and run as one chain"
CREDIT_LINE_CALLS = {
    operation: NEEDS_AN_APPLICANT
    for operation in (
        "applyForCredit",
        "creditOfferKeyFacts",
        "creditOfferKeyFactsPdf",
        "acceptCreditOffer",
        "creditLineKeyFactsPdf",
        "creditLineQuote",
        "payCreditLineQuote",
        "creditLinePaymentStatus",
        "creditLineCertificatePdf",
    )
}


def _json(answer: httpx.Response) -> Any:
    try:
        return answer.json()
    except ValueError:
        return None


def lending(mobile_number: str = SANDBOX_BORROWER) -> SignIn:
    def sign_in(client: httpx.Client, headers: Mapping[str, str]) -> Sandbox:
        answer = client.post("webRepayment/partnerLogin", json={"mobileNumber": mobile_number}, headers=headers)
        body = _json(answer)
        token = body.get("accessToken") if isinstance(body, dict) else None
        records = body.get("data") if isinstance(body, dict) else None
        if answer.status_code != 200 or not token or not isinstance(records, list) or not records:
            hint = " (pass the partner key: --header 'x-partner-key: KEY')" if answer.status_code in (401, 403) else ""
            raise SignInFailed(f"webRepayment/partnerLogin for {mobile_number} answered {answer.status_code}{hint}")
        user_id = records[0]["userId"]
        bearer = {**headers, "Authorization": f"Bearer {token}"}
        values: dict[str, Any] = {"userId": user_id, "mobileNumber": mobile_number}
        skips = (
            dict(NOT_THE_GATEWAYS)
            | CREDIT_LINE_CALLS
            | {
                "partnerPaymentLink": NO_LINK_CODE,
                "partnerMandateDebits": NO_MANDATE_DEBIT,
                "partnerMandates": NO_MANDATE,
            }
        )
        loans = _json(client.get("webRepayment/loans", params={"userId": user_id}, headers=bearer)) or {}
        if isinstance(loans.get("data"), list) and loans["data"]:
            values["loanNumber"] = loans["data"][0]["loanNumber"]
            if loans["data"][0].get("status") != "closed":
                # Only a closed loan has a no-dues certificate (409 otherwise, rightly).
                skips |= {"loanNoDuesCertificatePdf": NOT_CLOSED}
        history = _json(client.get("webRepayment/paymentHistory", params={"userId": user_id}, headers=bearer)) or {}
        entries: list[Any] = history["data"] if isinstance(history.get("data"), list) else []
        paid = [e for e in entries if e.get("status") == "paid"]
        # A complaint about a payment names one of the borrower's own; without one it names none.
        values["paymentLogId"] = paid[0]["paymentLogId"] if paid else None
        if paid:
            values["orderId"] = paid[0]["orderId"]
        else:
            skips |= {"paymentReceipt": NO_PAID_PAYMENT, "partnerReceipt": NO_PAID_PAYMENT}
        # A foreclosure is paid at today's quote (the examples' amount is another day's).
        bodies: dict[str, dict[str, Any]] = {}
        if "loanNumber" in values:
            quote = _json(
                client.get(
                    f"webRepayment/loans/{values['loanNumber']}/foreclosure", params={"userId": user_id}, headers=bearer
                )
            )
            total = quote.get("data", {}).get("total") if isinstance(quote, dict) else None
            if total is not None:
                bodies["payLoanForeclosure"] = {"amount": total}
        # A complaint read names one of the borrower's own; without one, only a write makes one.
        raised = _json(client.get("webRepayment/complaints", params={"userId": user_id}, headers=bearer)) or {}
        tickets: list[Any] = raised["data"] if isinstance(raised.get("data"), list) else []
        if tickets:
            values["ticketNumber"] = tickets[0]["ticketNumber"]
        return Sandbox(
            skips_read_only={} if tickets else {"getComplaint": NO_COMPLAINT},
            bodies=bodies,
            headers={"Authorization": f"Bearer {token}"},
            values=values,
            skips=skips,
            # partnerRepayments takes exactly one of its filters: the borrower's number.
            queries={"partnerRepayments": {"mobileNumber": mobile_number}},
        )

    return sign_in


SIGN_INS = {"lending": lending}


def sign_in_for(service: str, borrower: str | None) -> SignIn | None:
    make = SIGN_INS.get(service)
    if make is None:
        return None
    return make(borrower) if borrower else make()
