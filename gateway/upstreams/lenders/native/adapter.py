"""The first adapter of the lending port: a lender that speaks our own lending contract
(contracts/lending.openapi.yaml). It hands each operation to the typed client of that contract
(`repayments.py`, `loans.py`, `credit.py`, `credit_lines.py`, `partner.py`, `complaints.py`,
`operations.py`), whose answers `mapping.py` puts in the port's words."""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal

from gateway.language.codes import DEFAULT, Language
from gateway.upstreams.http import UpstreamHttp
from gateway.upstreams.lenders.native.complaints import ComplaintsClient
from gateway.upstreams.lenders.native.credit import CreditClient
from gateway.upstreams.lenders.native.credit_lines import CreditLinesClient
from gateway.upstreams.lenders.native.loans import LoansClient
from gateway.upstreams.lenders.native.mapping import payment_outcome
from gateway.upstreams.lenders.native.operations import LendingOperations
from gateway.upstreams.lenders.native.partner import BorrowerLogins
from gateway.upstreams.lenders.native.repayments import LendingClient
from gateway.upstreams.lenders.port import (
    BorrowerAccess,
    CreditApplication,
    CreditApplicationForm,
    CreditKeyFacts,
    CreditLine,
    CreditLinePayment,
    CreditLinePaymentStatus,
    CreditLineQuote,
    CreditPosition,
    Document,
    ForeclosurePayment,
    ForeclosureQuote,
    ForeclosureStatus,
    LenderComplaint,
    LoanAllocationPreview,
    LoanKeyFacts,
    LoanSchedule,
    LoanStatement,
    LoanSummary,
    NewComplaint,
    PartnerRepayment,
    PaymentHistoryEntry,
    PaymentSession,
    Purpose,
    ReceiptSent,
    ReminderLink,
    RepaymentDetail,
    RepaymentsBy,
    Settlement,
)

# Our lending contract's forms of the numbers it issues (the desk and the router ask by them).
# A credit line's number (CL-) is a loan account's too: its AutoPay mandate is the lender's.
LOAN_NUMBER = re.compile(r"^(LN|CL)-[0-9A-Z-]{1,30}$")
ORDER_ID = re.compile(r"^(REPAY|LINE|CLOSE)_[0-9A-Za-z_-]{1,60}$")


class NativeLender:
    """Our lending contract's service behind the port (the `native` kind in LENDERS)."""

    def __init__(self, http: UpstreamHttp, partner_key: str) -> None:
        self.name = http.name
        self.repayments = LendingClient(http)
        self.loan_calls = LoansClient(http)
        self.credit = CreditClient(http, partner_key)
        self.credit_line_calls = CreditLinesClient(http, partner_key)
        self.logins = BorrowerLogins(http, partner_key)
        self.tickets = ComplaintsClient(http)
        self.operations = LendingOperations(http, partner_key)

    def owns_loan(self, loan_number: str) -> bool:
        return LOAN_NUMBER.match(loan_number) is not None

    def owns_order(self, order_id: str) -> bool:
        return ORDER_ID.match(order_id) is not None

    def owns_payment(self, payment_log_id: int) -> bool:
        return payment_log_id > 0

    async def send_otp(self, mobile_number: str, language: Language = DEFAULT) -> None:
        await self.repayments.send_otp(mobile_number, language)

    async def borrower(self, mobile_number: str) -> BorrowerAccess | None:
        return await self.logins.login(mobile_number)

    async def repayment_detail(self, token: str, user_id: int) -> RepaymentDetail:
        return await self.repayments.repayment_detail(token, user_id)

    async def create_payment_session(
        self, token: str, user_id: int, amount: Decimal, language: Language = DEFAULT
    ) -> PaymentSession:
        return await self.repayments.create_payment_session(token, user_id, amount, language)

    async def update_payment_status(self, token: str, user_id: int, payment_log_id: int, order_id: str) -> Settlement:
        return payment_outcome(await self.repayments.update_payment_status(token, user_id, payment_log_id, order_id))

    async def payment_history(self, token: str, user_id: int) -> list[PaymentHistoryEntry]:
        return await self.repayments.payment_history(token, user_id)

    async def payment_receipt(
        self, token: str, user_id: int, payment_log_id: int, language: Language = DEFAULT
    ) -> bytes:
        return await self.repayments.payment_receipt(token, user_id, payment_log_id, language)

    async def loans(self, token: str, user_id: int) -> list[LoanSummary]:
        return await self.loan_calls.loans(token, user_id)

    async def key_facts(self, token: str, user_id: int, loan_number: str) -> LoanKeyFacts:
        return await self.loan_calls.key_facts(token, user_id, loan_number)

    async def statement(self, token: str, user_id: int, loan_number: str, start: date, end: date) -> LoanStatement:
        return await self.loan_calls.statement(token, user_id, loan_number, start, end)

    async def schedule(self, token: str, user_id: int, loan_number: str) -> LoanSchedule:
        return await self.loan_calls.schedule(token, user_id, loan_number)

    async def allocation(self, token: str, user_id: int, loan_number: str, amount: Decimal) -> LoanAllocationPreview:
        return await self.loan_calls.allocation(token, user_id, loan_number, amount)

    async def document(
        self,
        token: str,
        user_id: int,
        loan_number: str,
        document: Document,
        language: Language = DEFAULT,
        period: tuple[date, date] | None = None,
    ) -> bytes:
        return await self.loan_calls.document(token, user_id, loan_number, document, language, period)

    async def foreclosure_quote(self, token: str, user_id: int, loan_number: str) -> ForeclosureQuote:
        return await self.loan_calls.foreclosure_quote(token, user_id, loan_number)

    async def pay_foreclosure(
        self,
        token: str,
        user_id: int,
        loan_number: str,
        amount: Decimal,
        idempotency_key: str,
        language: Language = DEFAULT,
    ) -> ForeclosurePayment:
        return await self.loan_calls.pay_foreclosure(token, user_id, loan_number, amount, idempotency_key, language)

    async def foreclosure_status(
        self, token: str, user_id: int, loan_number: str, payment_log_id: int
    ) -> ForeclosureStatus:
        return await self.loan_calls.foreclosure_status(token, user_id, loan_number, payment_log_id)

    async def credit_position(self, mobile_number: str) -> CreditPosition | None:
        return await self.credit.position(mobile_number)

    async def apply_for_credit(self, form: CreditApplicationForm) -> CreditApplication:
        return await self.credit_line_calls.apply(form)

    async def credit_offer_key_facts(self, mobile_number: str, offer_id: str) -> CreditKeyFacts:
        return await self.credit_line_calls.key_facts(mobile_number, offer_id)

    async def accept_credit_offer(self, mobile_number: str, offer_id: str) -> CreditLine:
        return await self.credit_line_calls.accept(mobile_number, offer_id)

    async def credit_lines(self, mobile_number: str) -> list[CreditLine]:
        return await self.credit_line_calls.lines(mobile_number)

    async def credit_line_quote(self, mobile_number: str, line_number: str, purpose: Purpose) -> CreditLineQuote:
        return await self.credit_line_calls.quote(mobile_number, line_number, purpose)

    async def pay_credit_line(
        self,
        mobile_number: str,
        line_number: str,
        purpose: Purpose,
        amount: Decimal,
        idempotency_key: str,
        language: Language = DEFAULT,
    ) -> CreditLinePayment:
        return await self.credit_line_calls.pay(mobile_number, line_number, purpose, amount, idempotency_key, language)

    async def credit_line_payment_status(
        self, mobile_number: str, line_number: str, payment_log_id: int
    ) -> CreditLinePaymentStatus:
        return await self.credit_line_calls.payment_status(mobile_number, line_number, payment_log_id)

    async def credit_line_certificate(
        self, mobile_number: str, line_number: str, language: Language = DEFAULT
    ) -> bytes:
        return await self.credit_line_calls.certificate(mobile_number, line_number, language)

    async def credit_key_facts_pdf(self, mobile_number: str, offer_id: str, language: Language = DEFAULT) -> bytes:
        return await self.credit_line_calls.offer_key_facts_pdf(mobile_number, offer_id, language)

    async def credit_line_key_facts_pdf(
        self, mobile_number: str, line_number: str, language: Language = DEFAULT
    ) -> bytes:
        return await self.credit_line_calls.line_key_facts_pdf(mobile_number, line_number, language)

    async def raise_complaint(
        self, token: str, complaint: NewComplaint, language: Language = DEFAULT
    ) -> LenderComplaint:
        return await self.tickets.raise_complaint(token, complaint, language)

    async def complaints(self, token: str, user_id: int) -> list[LenderComplaint]:
        return await self.tickets.complaints(token, user_id)

    async def complaint(self, token: str, user_id: int, ticket_number: str) -> LenderComplaint:
        return await self.tickets.complaint(token, user_id, ticket_number)

    async def partner_complaints(self, mobile_number: str) -> list[LenderComplaint]:
        return await self.operations.complaints(mobile_number)

    async def partner_repayments(self, by: RepaymentsBy, value: str | date) -> list[PartnerRepayment]:
        return await self.operations.repayments(by, value)

    async def resend_receipt(self, order_id: str, idempotency_key: str) -> ReceiptSent:
        return await self.operations.resend_receipt(order_id, idempotency_key)

    async def payment_link(self, code: str) -> ReminderLink | None:
        return await self.operations.payment_link(code)

    async def settle_order(self, order_id: str) -> Settlement:
        """Our lending service books a repayment itself from the provider's webhook (asking the
        provider, retried by it): the follow-up only reads where the payment stands."""
        found = await self.operations.repayments("orderId", order_id)
        if any(r.status == "paid" for r in found):
            return Settlement.COMPLETED
        if found and all(r.status == "failed" for r in found):
            return Settlement.FAILED
        return Settlement.NOT_ATTEMPTED
