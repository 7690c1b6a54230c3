"""The lending port: every operation the portal, the store, the loans and complaints pages and the
code sender need of a lender, as one typed interface.

Route groups and their services hold a `Lender` and nothing else of lending: which lender serves
a borrower, and how its API is spoken, is the adapters' business (`native/` speaks our own
lending contract, `fineract/` Apache Fineract's, `routing.py` puts several behind one). The
shapes are the port's own (`payments.py`, `loans.py`, `credit.py`, `complaints.py`): msgspec
structs with exact Decimal rupees, dates and an outcome enum; each adapter maps its lender's wire
shapes onto them, exactly to the paisa, in its own package.

Adding an operation (docs/architecture.md#the-lending-port): declare it here with the structs it
takes and gives, implement it in every adapter (an adapter whose lender cannot do it raises
`LenderCannot` naming what is missing, or asks its companion service), and route it in
`routing.py` (by the borrower, the loan number or the payment id it concerns).
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Protocol, runtime_checkable

from gateway.language.codes import DEFAULT, Language
from gateway.plumbing.errors import UpstreamError
from gateway.upstreams.lenders.complaints import LenderComplaint, NewComplaint
from gateway.upstreams.lenders.credit import (
    CreditApplication,
    CreditApplicationForm,
    CreditKeyFacts,
    CreditLine,
    CreditLinePayment,
    CreditLinePaymentStatus,
    CreditLineQuote,
    CreditPosition,
    Purpose,
)
from gateway.upstreams.lenders.loans import (
    Document,
    ForeclosurePayment,
    ForeclosureQuote,
    ForeclosureStatus,
    LoanAllocationPreview,
    LoanKeyFacts,
    LoanSchedule,
    LoanStatement,
    LoanSummary,
)
from gateway.upstreams.lenders.payments import (
    Allocation,
    BorrowerAccess,
    PartnerRepayment,
    PaymentHistoryEntry,
    PaymentSession,
    ReceiptSent,
    ReminderLink,
    RepaymentDetail,
    RepaymentRecord,
    RepaymentsBy,
    Settlement,
)

__all__ = [
    "Allocation",
    "BorrowerAccess",
    "CreditApplication",
    "CreditApplicationForm",
    "CreditKeyFacts",
    "CreditLine",
    "CreditLinePayment",
    "CreditLinePaymentStatus",
    "CreditLineQuote",
    "CreditPosition",
    "Document",
    "ForeclosurePayment",
    "ForeclosureQuote",
    "ForeclosureStatus",
    "Lender",
    "LenderCannot",
    "LenderComplaint",
    "LoanAllocationPreview",
    "LoanKeyFacts",
    "LoanSchedule",
    "LoanStatement",
    "LoanSummary",
    "NewComplaint",
    "PartnerRepayment",
    "PaymentHistoryEntry",
    "PaymentSession",
    "Purpose",
    "ReceiptSent",
    "ReminderLink",
    "RepaymentDetail",
    "RepaymentRecord",
    "RepaymentsBy",
    "Settlement",
]


class LenderCannot(UpstreamError):
    """The lender's API has no such operation (and no companion service supplies it): a 503 in our
    words, never a 500; the adapter names what is missing in `operation`."""

    status_code = 503
    code = "upstream_unavailable"  # the app says the service cannot do it now

    def __init__(self, operation: str, *, upstream: str) -> None:
        super().__init__("This lender does not offer this yet. Please contact us.", upstream=upstream, status=None)
        self.operation = operation


class MandateDebitTeller(Protocol):
    """A lender told of a loan's AutoPay mandate and its debits: it reads each at the provider,
    then sends its pre-debit notice, books it once or reminds of the due; the answer says which it
    did."""

    # `language`: the borrower's, at the mandate's set-up (None: the lender's own choice), for its notices.
    async def tell(
        self, loan_number: str, subscription_id: str, payment_id: str, language: Language | None = None
    ) -> str: ...

    # A debit not raised because it is above the e-mandate limit: the lender checks the mandate and
    # its schedule, then tells the borrower (once) to pay instalment `instalment` themselves; a
    # credit line's (no instalments) names the due date it was for, `due_on`.
    async def ask_to_authenticate(
        self,
        loan_number: str,
        subscription_id: str,
        payment_id: str,
        instalment: int,
        language: Language | None = None,
        due_on: date | None = None,
    ) -> str: ...

    # The loan's mandate, ACTIVE at the provider: the lender checks it there and keeps it, so its
    # reminders before a due date say AutoPay will debit the instalment (no link to pay it twice).
    # Returns once the lender keeps it; raises UpstreamError otherwise.
    async def tell_mandate(self, loan_number: str, subscription_id: str, language: Language | None = None) -> None: ...


@runtime_checkable
class Lender(Protocol):
    """What the gateway needs of a lender. `token`/`user_id` are a logged-in borrower's (from
    `borrower`); failures raise gateway.plumbing.errors' UpstreamError family, never httpx's."""

    # Whose is it: a loan number, a checkout's order id or a payment id this lender issued, judged
    # by its form alone (no call); the router, the desk and the reconciliation ask, never sniff.
    def owns_loan(self, loan_number: str) -> bool: ...

    def owns_order(self, order_id: str) -> bool: ...

    def owns_payment(self, payment_log_id: int) -> bool: ...

    # Codes and logins
    async def send_otp(self, mobile_number: str, language: Language = DEFAULT) -> None:
        """Send a one-time code by SMS in `language`."""
        ...

    async def borrower(self, mobile_number: str) -> BorrowerAccess | None:
        """A verified number's borrower access (partner call), or None without a loan account."""
        ...

    # Repayment
    async def repayment_detail(self, token: str, user_id: int) -> RepaymentDetail: ...

    async def create_payment_session(
        self, token: str, user_id: int, amount: Decimal, language: Language = DEFAULT
    ) -> PaymentSession:
        """A checkout for `amount`; never retried (a retry could make a second order)."""
        ...

    async def update_payment_status(self, token: str, user_id: int, payment_log_id: int, order_id: str) -> Settlement:
        """Settle a payment once, however often asked: completed or failed, or NOT_ATTEMPTED for an
        open checkout a lender keeps no pending payment for."""
        ...

    async def payment_history(self, token: str, user_id: int) -> list[PaymentHistoryEntry]: ...

    async def payment_receipt(
        self, token: str, user_id: int, payment_log_id: int, language: Language = DEFAULT
    ) -> bytes: ...

    # Loans
    async def loans(self, token: str, user_id: int) -> list[LoanSummary]: ...

    async def key_facts(self, token: str, user_id: int, loan_number: str) -> LoanKeyFacts: ...

    async def statement(self, token: str, user_id: int, loan_number: str, start: date, end: date) -> LoanStatement: ...

    async def schedule(self, token: str, user_id: int, loan_number: str) -> LoanSchedule: ...

    async def allocation(
        self, token: str, user_id: int, loan_number: str, amount: Decimal
    ) -> LoanAllocationPreview: ...

    async def document(
        self,
        token: str,
        user_id: int,
        loan_number: str,
        document: Document,
        language: Language = DEFAULT,
        period: tuple[date, date] | None = None,
    ) -> bytes: ...

    # Closing a term loan early: today's quote, its payment (once per key), then the loan closed
    async def foreclosure_quote(self, token: str, user_id: int, loan_number: str) -> ForeclosureQuote: ...

    async def pay_foreclosure(
        self,
        token: str,
        user_id: int,
        loan_number: str,
        amount: Decimal,
        idempotency_key: str,
        language: Language = DEFAULT,
    ) -> ForeclosurePayment:
        """A checkout for today's quote, once per key; a retry carries the same key."""
        ...

    async def foreclosure_status(
        self, token: str, user_id: int, loan_number: str, payment_log_id: int
    ) -> ForeclosureStatus:
        """Whether the lender took the payment (then the loan is closed), asked as often as needed."""
        ...

    # The store's purchase credit (a partner call by number)
    async def credit_position(self, mobile_number: str) -> CreditPosition | None: ...

    # Credit over its whole life (partner calls by number: an applicant has no loan account yet)
    async def apply_for_credit(self, form: CreditApplicationForm) -> CreditApplication:
        """The lender's decision at once: its offers (one per product it has) or a reason."""
        ...

    async def credit_offer_key_facts(self, mobile_number: str, offer_id: str) -> CreditKeyFacts: ...

    async def accept_credit_offer(self, mobile_number: str, offer_id: str) -> CreditLine:
        """Accept on Key Facts the borrower acknowledged; the line opens in its cooling-off period."""
        ...

    async def credit_lines(self, mobile_number: str) -> list[CreditLine]: ...

    async def credit_line_quote(self, mobile_number: str, line_number: str, purpose: Purpose) -> CreditLineQuote:
        """What ends the line today: a cooling-off exit or a foreclosure."""
        ...

    async def pay_credit_line(
        self,
        mobile_number: str,
        line_number: str,
        purpose: Purpose,
        amount: Decimal,
        idempotency_key: str,
        language: Language = DEFAULT,
    ) -> CreditLinePayment:
        """A checkout for today's quote, once per key; never retried without the key."""
        ...

    async def credit_line_payment_status(
        self, mobile_number: str, line_number: str, payment_log_id: int
    ) -> CreditLinePaymentStatus: ...

    async def credit_line_certificate(
        self, mobile_number: str, line_number: str, language: Language = DEFAULT
    ) -> bytes:
        """The no-dues certificate of a closed line, as a PDF."""
        ...

    async def credit_key_facts_pdf(self, mobile_number: str, offer_id: str, language: Language = DEFAULT) -> bytes:
        """An offer's Key Facts Statement as a PDF, the same figures as `credit_offer_key_facts`."""
        ...

    async def credit_line_key_facts_pdf(
        self, mobile_number: str, line_number: str, language: Language = DEFAULT
    ) -> bytes:
        """The Key Facts Statement the line was accepted on (the version it records), as a PDF."""
        ...

    # Complaints
    async def raise_complaint(
        self, token: str, complaint: NewComplaint, language: Language = DEFAULT
    ) -> LenderComplaint: ...

    async def complaints(self, token: str, user_id: int) -> list[LenderComplaint]: ...

    async def complaint(self, token: str, user_id: int, ticket_number: str) -> LenderComplaint: ...

    # The platform's operations (partner calls, no borrower's token: the reconciliation, the desk)
    async def partner_repayments(self, by: RepaymentsBy, value: str | date) -> list[PartnerRepayment]:
        """Repayments paid online through the payment provider: a day's paid ones (India's
        calendar), or a borrower's (by mobile number), a loan's, or one provider order's."""
        ...

    async def partner_complaints(self, mobile_number: str) -> list[LenderComplaint]:
        """The borrower's complaints, newest first; none for a number the lender does not know."""
        ...

    async def resend_receipt(self, order_id: str, idempotency_key: str) -> ReceiptSent:
        """Mail a paid repayment's receipt to the borrower again, once per key (a retried click
        mails once); the lender's address for them is in the answer."""
        ...

    async def payment_link(self, code: str) -> ReminderLink | None:
        """The payment link behind a code of a reminder's short link (`/l/<code>` on our domain,
        minted by the lender); None for a code it never made."""
        ...

    async def settle_order(self, order_id: str) -> Settlement:
        """The gateway's own follow-up of a repayment checkout, no borrower asking (the scheduled
        job, gateway/portal/follow_up.py): a payment the provider took is booked at the lender
        exactly once, by the same idempotent path as `update_payment_status`. Completed or failed
        settle it; NOT_ATTEMPTED, BANK_PENDING and AWAITING_APPROVAL are followed again later."""
        ...
