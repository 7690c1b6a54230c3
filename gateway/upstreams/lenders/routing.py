"""Several lenders behind one port (LENDERS=native,fineract): each call goes to the lender whose
loan, order or payment it is about, and a borrower's lists are put together from all of them.

The borrower's access is one opaque string in the session holding each lender's own access
(`lenders:{"native": [token, userId], ...}`), so the route groups still see one token and one
user id, and never which lender a loan has.

- Logins ask every lender for the number; the borrower is whoever any lender knows.
- What is owed now and the payment for it: the first lender, in LENDERS order, with something
  overdue (one payment pays one lender's loan; once it is cleared, the next lender's dues show).
  An amount above that lender's dues is refused (422, our words), never split across lenders
  (docs/decisions/one-payment-one-lender.md).
- Loans, payments and complaints: put together from every lender (newest payment first).
- A loan number, an order id or a payment id: the lender that owns it (`owns_loan`,
  `owns_order`, `owns_payment`), else the first lender, our own contract's.
- Credit applications go to every lender that offers credit lines, and the shopper sees every
  offer, listed by the lender's name; an offer or a line is the lender's that knows it (the
  others answer 404 or cannot).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import date
from decimal import Decimal
from typing import TypeVar

import msgspec

from gateway.language.codes import DEFAULT, Language
from gateway.plumbing.errors import InvalidInput, UpstreamRefused
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
    Lender,
    LenderCannot,
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
    RepaymentRecord,
    RepaymentsBy,
    Settlement,
)
from india.money import rupees_text

T = TypeVar("T")
PREFIX = "lenders:"
ONE_LENDER = (
    "One payment pays one lender's loan: pay at most {owed} now. What you owe another lender shows once this is paid."
)


Accesses = dict[str, tuple[str, int]]


class LenderRouter:
    def __init__(self, lenders: dict[str, Lender]) -> None:
        self.lenders = lenders  # in LENDERS order; the first is the default owner
        self.first = next(iter(lenders))

    # The borrower's accesses, one per lender that knows them
    @staticmethod
    def _accesses(token: str) -> Accesses:
        if not token.startswith(PREFIX):
            raise UpstreamRefused("Please log in again.", upstream="lending", status=401)
        raw = msgspec.json.decode(token.removeprefix(PREFIX), type=dict[str, tuple[str, int]])
        return raw

    def _owner(self, owns: str, value: str | int) -> str:
        for kind, lender in self.lenders.items():
            if kind != self.first and getattr(lender, owns)(value):
                return kind
        return self.first

    def _access(self, token: str, kind: str) -> tuple[Lender, str, int]:
        accesses = self._accesses(token)
        if kind not in accesses:
            # This borrower has nothing with that lender: the thing asked about is not theirs.
            raise UpstreamRefused("Not found.", upstream=kind, status=404)
        access_token, user_id = accesses[kind]
        return self.lenders[kind], access_token, user_id

    async def _owing(self, token: str) -> tuple[Lender, str, int, RepaymentDetail]:
        """The first lender with something overdue, with its detail (else the first the borrower has)."""
        found: tuple[Lender, str, int, RepaymentDetail] | None = None
        for kind, (access_token, user_id) in self._accesses(token).items():
            lender = self.lenders[kind]
            detail = await lender.repayment_detail(access_token, user_id)
            if detail.remaining_amount > 0:
                return lender, access_token, user_id, detail
            found = found or (lender, access_token, user_id, detail)
        if found is None:
            raise UpstreamRefused("Please log in again.", upstream="lending", status=401)
        return found

    # The port
    def owns_loan(self, loan_number: str) -> bool:
        return any(lender.owns_loan(loan_number) for lender in self.lenders.values())

    def owns_order(self, order_id: str) -> bool:
        return any(lender.owns_order(order_id) for lender in self.lenders.values())

    def order_owner(self, order_id: str) -> str:
        """The kind (LENDERS) of the lender whose provider order `order_id` is."""
        return self._owner("owns_order", order_id)

    def loan_owner(self, loan_number: str) -> str:
        """The kind (LENDERS) of the lender whose loan `loan_number` is."""
        return self._owner("owns_loan", loan_number)

    def owns_payment(self, payment_log_id: int) -> bool:
        return any(lender.owns_payment(payment_log_id) for lender in self.lenders.values())

    async def send_otp(self, mobile_number: str, language: Language = DEFAULT) -> None:
        await self.lenders[self.first].send_otp(mobile_number, language)

    async def borrower(self, mobile_number: str) -> BorrowerAccess | None:
        accesses: Accesses = {}
        records: list[RepaymentRecord] = []
        for kind, lender in self.lenders.items():
            found = await lender.borrower(mobile_number)
            if found is not None:
                accesses[kind] = (found[0], found[1].user_id)
                records.append(found[1])
        if not records:
            return None
        # What is owed now is one lender's, as repayment_detail says: a payment of "the total
        # overdue" must never add two lenders' dues into one payment.
        owing = next((r for r in records if r.remaining_amount is not None and r.remaining_amount > 0), None)
        record = RepaymentRecord(
            user_id=records[0].user_id,
            user_name=records[0].user_name,
            mobile_number=mobile_number,
            total_repayment_amount=owing.total_repayment_amount if owing else None,
            remaining_amount=owing.remaining_amount if owing else None,
        )
        return PREFIX + msgspec.json.encode(accesses).decode(), record

    async def repayment_detail(self, token: str, user_id: int) -> RepaymentDetail:
        return (await self._owing(token))[3]

    async def create_payment_session(
        self, token: str, user_id: int, amount: Decimal, language: Language = DEFAULT
    ) -> PaymentSession:
        lender, access_token, own_id, detail = await self._owing(token)
        if amount > detail.remaining_amount:
            # One payment pays one lender's loan; it is never split or spread across lenders.
            raise InvalidInput(ONE_LENDER.format(owed=rupees_text(detail.remaining_amount)), field="amount")
        return await lender.create_payment_session(access_token, own_id, amount, language)

    async def update_payment_status(self, token: str, user_id: int, payment_log_id: int, order_id: str) -> Settlement:
        lender, access_token, own_id = self._access(token, self._owner("owns_order", order_id))
        return await lender.update_payment_status(access_token, own_id, payment_log_id, order_id)

    async def payment_history(self, token: str, user_id: int) -> list[PaymentHistoryEntry]:
        entries: list[PaymentHistoryEntry] = []
        for kind, (access_token, own_id) in self._accesses(token).items():
            entries += await self.lenders[kind].payment_history(access_token, own_id)
        return sorted(entries, key=lambda e: e.created_at, reverse=True)

    async def payment_receipt(
        self, token: str, user_id: int, payment_log_id: int, language: Language = DEFAULT
    ) -> bytes:
        lender, access_token, own_id = self._access(token, self._owner("owns_payment", payment_log_id))
        return await lender.payment_receipt(access_token, own_id, payment_log_id, language)

    async def loans(self, token: str, user_id: int) -> list[LoanSummary]:
        found: list[LoanSummary] = []
        for kind, (access_token, own_id) in self._accesses(token).items():
            found += await self.lenders[kind].loans(access_token, own_id)
        return found

    def _for_loan(self, token: str, loan_number: str) -> tuple[Lender, str, int]:
        return self._access(token, self._owner("owns_loan", loan_number))

    async def key_facts(self, token: str, user_id: int, loan_number: str) -> LoanKeyFacts:
        lender, access_token, own_id = self._for_loan(token, loan_number)
        return await lender.key_facts(access_token, own_id, loan_number)

    async def statement(self, token: str, user_id: int, loan_number: str, start: date, end: date) -> LoanStatement:
        lender, access_token, own_id = self._for_loan(token, loan_number)
        return await lender.statement(access_token, own_id, loan_number, start, end)

    async def schedule(self, token: str, user_id: int, loan_number: str) -> LoanSchedule:
        lender, access_token, own_id = self._for_loan(token, loan_number)
        return await lender.schedule(access_token, own_id, loan_number)

    async def allocation(self, token: str, user_id: int, loan_number: str, amount: Decimal) -> LoanAllocationPreview:
        lender, access_token, own_id = self._for_loan(token, loan_number)
        return await lender.allocation(access_token, own_id, loan_number, amount)

    async def foreclosure_quote(self, token: str, user_id: int, loan_number: str) -> ForeclosureQuote:
        lender, access_token, own_id = self._for_loan(token, loan_number)
        return await lender.foreclosure_quote(access_token, own_id, loan_number)

    async def pay_foreclosure(
        self,
        token: str,
        user_id: int,
        loan_number: str,
        amount: Decimal,
        idempotency_key: str,
        language: Language = DEFAULT,
    ) -> ForeclosurePayment:
        lender, access_token, own_id = self._for_loan(token, loan_number)
        return await lender.pay_foreclosure(access_token, own_id, loan_number, amount, idempotency_key, language)

    async def foreclosure_status(
        self, token: str, user_id: int, loan_number: str, payment_log_id: int
    ) -> ForeclosureStatus:
        lender, access_token, own_id = self._for_loan(token, loan_number)
        return await lender.foreclosure_status(access_token, own_id, loan_number, payment_log_id)

    async def document(
        self,
        token: str,
        user_id: int,
        loan_number: str,
        document: Document,
        language: Language = DEFAULT,
        period: tuple[date, date] | None = None,
    ) -> bytes:
        lender, access_token, own_id = self._for_loan(token, loan_number)
        return await lender.document(access_token, own_id, loan_number, document, language, period)

    async def credit_position(self, mobile_number: str) -> CreditPosition | None:
        for lender in self.lenders.values():
            position = await lender.credit_position(mobile_number)
            if position is not None:
                return position
        return None

    async def apply_for_credit(self, form: CreditApplicationForm) -> CreditApplication:
        decided: list[CreditApplication] = []
        for lender in self.lenders.values():
            try:
                decided.append(await lender.apply_for_credit(form))
            except LenderCannot:
                continue
        if not decided:
            raise LenderCannot("apply_for_credit", upstream="lenders")
        approved = [d for d in decided if d.decision == "approved"]
        if not approved:
            return next((d for d in decided if d.decision == "referred"), decided[0])
        offers = sorted((o for d in approved for o in d.offers), key=lambda o: o.lender.name)
        return msgspec.structs.replace(approved[0], offers=offers)

    async def _knowing(self, operation: str, ask: Callable[[Lender], Awaitable[T]]) -> T:
        """The answer of the lender that knows the offer or line (the others answer 404 or cannot);
        a 404 when every lender that has credit lines knows none such."""
        unknown: UpstreamRefused | None = None
        for lender in self.lenders.values():
            try:
                return await ask(lender)
            except LenderCannot:
                continue
            except UpstreamRefused as exc:
                if exc.status != 404:
                    raise
                unknown = exc
        if unknown is not None:
            raise unknown
        raise LenderCannot(operation, upstream="lenders")

    async def credit_offer_key_facts(self, mobile_number: str, offer_id: str) -> CreditKeyFacts:
        return await self._knowing(
            "credit_offer_key_facts", lambda lender: lender.credit_offer_key_facts(mobile_number, offer_id)
        )

    async def accept_credit_offer(self, mobile_number: str, offer_id: str) -> CreditLine:
        return await self._knowing(
            "accept_credit_offer", lambda lender: lender.accept_credit_offer(mobile_number, offer_id)
        )

    async def credit_lines(self, mobile_number: str) -> list[CreditLine]:
        found: list[CreditLine] = []
        for lender in self.lenders.values():
            found.extend(await lender.credit_lines(mobile_number))
        return found

    async def credit_line_quote(self, mobile_number: str, line_number: str, purpose: Purpose) -> CreditLineQuote:
        return await self._knowing(
            "credit_line_quote", lambda lender: lender.credit_line_quote(mobile_number, line_number, purpose)
        )

    async def pay_credit_line(
        self,
        mobile_number: str,
        line_number: str,
        purpose: Purpose,
        amount: Decimal,
        idempotency_key: str,
        language: Language = DEFAULT,
    ) -> CreditLinePayment:
        return await self._knowing(
            "pay_credit_line",
            lambda lender: lender.pay_credit_line(
                mobile_number, line_number, purpose, amount, idempotency_key, language
            ),
        )

    async def credit_line_payment_status(
        self, mobile_number: str, line_number: str, payment_log_id: int
    ) -> CreditLinePaymentStatus:
        return await self._knowing(
            "credit_line_payment_status",
            lambda lender: lender.credit_line_payment_status(mobile_number, line_number, payment_log_id),
        )

    async def credit_line_certificate(
        self, mobile_number: str, line_number: str, language: Language = DEFAULT
    ) -> bytes:
        return await self._knowing(
            "credit_line_certificate",
            lambda lender: lender.credit_line_certificate(mobile_number, line_number, language),
        )

    async def credit_key_facts_pdf(self, mobile_number: str, offer_id: str, language: Language = DEFAULT) -> bytes:
        return await self._knowing(
            "credit_key_facts_pdf", lambda lender: lender.credit_key_facts_pdf(mobile_number, offer_id, language)
        )

    async def credit_line_key_facts_pdf(
        self, mobile_number: str, line_number: str, language: Language = DEFAULT
    ) -> bytes:
        return await self._knowing(
            "credit_line_key_facts_pdf",
            lambda lender: lender.credit_line_key_facts_pdf(mobile_number, line_number, language),
        )

    async def raise_complaint(
        self, token: str, complaint: NewComplaint, language: Language = DEFAULT
    ) -> LenderComplaint:
        if complaint.loan_number:
            kind = self._owner("owns_loan", complaint.loan_number)
        elif complaint.payment_log_id is not None:
            kind = self._owner("owns_payment", complaint.payment_log_id)
        else:
            kind = await self._complaint_desk(token, complaint)
        if kind not in self._accesses(token):
            # A loan or payment of a lender the borrower has nothing with: not theirs (400, as the
            # lending contract answers a complaint naming another's).
            raise UpstreamRefused("Loan or payment not found for this borrower", upstream=kind, status=400)
        lender, access_token, own_id = self._access(token, kind)
        return await lender.raise_complaint(access_token, msgspec.structs.replace(complaint, user_id=own_id), language)

    async def _complaint_desk(self, token: str, complaint: NewComplaint) -> str:
        """Whose desk takes a complaint naming no loan or payment: the lender it is against, by
        name, among the borrower's; else the first lender the borrower has (a borrower of a later
        lender alone still files one)."""
        accesses = self._accesses(token)
        if complaint.against == "lender" and complaint.against_name:
            for kind, (access_token, user_id) in accesses.items():
                loans = await self.lenders[kind].loans(access_token, user_id)
                if any(loan.lender.name == complaint.against_name for loan in loans):
                    return kind
        return next(iter(accesses), self.first)

    async def complaints(self, token: str, user_id: int) -> list[LenderComplaint]:
        found: list[LenderComplaint] = []
        for kind, (access_token, own_id) in self._accesses(token).items():
            try:
                found += await self.lenders[kind].complaints(access_token, own_id)
            except LenderCannot:
                continue  # a lender without complaint calls has none to list
        return sorted(found, key=lambda c: c.raised_at, reverse=True)

    async def complaint(self, token: str, user_id: int, ticket_number: str) -> LenderComplaint:
        for kind, (access_token, own_id) in self._accesses(token).items():
            try:
                return await self.lenders[kind].complaint(access_token, own_id, ticket_number)
            except LenderCannot:
                continue
            except UpstreamRefused as exc:
                if exc.status != 404:
                    raise
        raise UpstreamRefused("Complaint not found.", upstream="lending", status=404)

    async def partner_repayments(self, by: RepaymentsBy, value: str | date) -> list[PartnerRepayment]:
        """A loan's or a provider order's from the lender that owns it; a day's or a borrower's from
        every lender, each lender's in its own order."""
        if by in ("loanNumber", "orderId") and isinstance(value, str):
            owner = self._owner("owns_loan" if by == "loanNumber" else "owns_order", value)
            return await self.lenders[owner].partner_repayments(by, value)
        found: list[PartnerRepayment] = []
        for lender in self.lenders.values():
            try:
                found += await lender.partner_repayments(by, value)
            except LenderCannot:
                continue
        return found

    async def resend_receipt(self, order_id: str, idempotency_key: str) -> ReceiptSent:
        return await self.lenders[self._owner("owns_order", order_id)].resend_receipt(order_id, idempotency_key)

    async def settle_order(self, order_id: str) -> Settlement:
        return await self.lenders[self._owner("owns_order", order_id)].settle_order(order_id)

    async def payment_link(self, code: str) -> ReminderLink | None:
        """A code names no lender (it is short and unguessable, nothing more): each lender is asked
        in turn until one made it."""
        for lender in self.lenders.values():
            try:
                found = await lender.payment_link(code)
            except LenderCannot:
                continue  # a lender without a companion sends no linked reminders
            if found is not None:
                return found
        return None

    async def partner_complaints(self, mobile_number: str) -> list[LenderComplaint]:
        found: list[LenderComplaint] = []
        for lender in self.lenders.values():
            try:
                found += await lender.partner_complaints(mobile_number)
            except LenderCannot:
                continue  # a lender without complaint calls has none to list
        return sorted(found, key=lambda c: c.raised_at, reverse=True)
