"""The lending port over a lender that runs its loans on Apache Fineract (contracts/fineract.openapi.yaml).

Fineract's REST API (`fineract-provider/api/v1`) is the lender's own, not ours: HTTP basic auth
as the gateway's API user and a `Fineract-Platform-TenantId` header on every call, clients found
by mobile number through `search`, a loan read whole with
`loans/{id}?associations=repaymentSchedule,transactions`, amounts as JSON numbers in the loan's
currency (six decimals) and dates as `[y, m, d]`. This adapter maps those onto the port's shapes,
exact to the paisa: an amount with a non-zero digit below the paisa is refused as a wrong
answer, never rounded.

What Fineract has no call for, and who supplies it instead (named per operation in `SUPPLIED_BY`,
which the conformance kit reports):
- one-time codes by SMS: the first lender in LENDERS (our own lending service's `sendOtp`);
- a checkout for a repayment: the payment provider (`pg/orders`); once the provider says an
  order is paid, the repayment is booked in Fineract exactly once, by its `externalId`
  `pg-<provider payment id>` (unique across Fineract's loans): asked about before every post, and
  posted under the payment's own key sequence (`repay-<id>`, then `-2`, `-3` only once Fineract
  confirms it is not booked: a key keeps its first failure for ever); one awaiting the lender's
  checker (maker-checker) is followed, never posted again (docs/decisions/fineract-bookings.md);
- the platform's list of repayments (reconciliation, support desk): read from the loans'
  transactions (`loans` paged, `clients/{id}`); only those paid online (their receipt number is
  the provider order, or for a foreclosure, whose command takes no receipt number, their external
  id is) are the provider's to reconcile, a repayment at a branch is not;
- Key Facts Statements, statements of account, documents (PDFs) and complaints (the borrower's
  and the support desk's partner call): the lender's
  companion service (FINERACT_COMPANION_URL), which speaks those calls of our own lending contract
  for this lender's loans, server to server (a bearer key, the client id as `userId`), asked only
  after Fineract says the loan is the borrower's. Key Facts' figures are Fineract's own (principal,
  rate, schedule, interest, what is paid out): the companion adds only what Fineract does not keep
  (fees, penal terms, cooling-off, foreclosure, recovery agents, the grievance officer, the APR),
  so the numbers have one source. Without a companion (FINERACT_COMPANION=false) they are
  `LenderCannot`, a 503 in our words;
- receipts: the companion's, drawn from Fineract's transaction: the portal's download of a
  repayment paid online (`paymentReceipt`, asked by Fineract's transaction id once Fineract says
  it is the borrower's) and the support desk's receipt mailed again (`partnerReceipt`, to the
  lender's address for the borrower). Without a companion the download is not offered (the
  payment history says none is available; `LenderCannot`); a repayment at a branch has the
  branch's receipt;
- the day: Fineract's business date (`businessdate/BUSINESS_DATE`, read once per request where a
  day matters: as-of, next due, instalment status, the day a repayment is booked on), so the loan
  page agrees with the lender's books, taken only while `enable_business_date` is on (as Fineract
  itself does); off, or a Fineract before 1.7, the tenant's date: the gateway's clock in India;
- the time of a repayment: Fineract books it on a day. One paid online takes the time the
  provider took the payment (its order's payments); one the provider cannot date (at a branch,
  or the provider not answering) has the day alone (`time_known=False`), never a made-up time;
- purchase credit: none (the store offers no credit line from this lender).

A borrower's access: Fineract gives borrowers no token of their own, so the gateway's "token" is
`fineract:<clientId>:<mobile>`, issued only after the gateway verified the number's code and kept in the
server-side session; every call checks the loan or order it names is that client's.
"""

from __future__ import annotations

import asyncio
import base64
import re
import secrets
from datetime import UTC, date, datetime, time
from decimal import Decimal
from typing import Any, Literal

import msgspec
import structlog

from gateway.language.codes import DEFAULT, Language
from gateway.plumbing.clock import Clock
from gateway.plumbing.errors import UpstreamError, UpstreamRefused, UpstreamUnavailable
from gateway.settings import Settings
from gateway.upstreams.answer import UpstreamAnswer
from gateway.upstreams.http import UpstreamHttp
from gateway.upstreams.lenders.fineract.foreclosure import CLOSE_PREFIX, FineractForeclosures
from gateway.upstreams.lenders.fineract.mapping import Overdue, day, indian_mobile, overdue, paise, rate
from gateway.upstreams.lenders.fineract.wire import (
    Accounts,
    AuditEntry,
    BusinessDate,
    ClientRecord,
    CommandAnswer,
    Configuration,
    FineractLoan,
    LoanListItem,
    LoanPage,
    ProviderOrder,
    ProviderPayment,
    Schedule,
    SearchHit,
    Transaction,
)
from gateway.upstreams.lenders.loans import LoanInstalment, LoanLender, LoanNextDue, LoanPaymentSplit
from gateway.upstreams.lenders.native.complaints import ComplaintsClient
from gateway.upstreams.lenders.native.loans import LoansClient
from gateway.upstreams.lenders.native.operations import LendingOperations
from gateway.upstreams.lenders.native.repayments import RECEIPT_FAILED, LendingClient
from gateway.upstreams.lenders.payments import Allocation, RepaymentStatus
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
from gateway.upstreams.payments import PaymentsClient
from india.time_zone import IST

log = structlog.get_logger("gateway.lenders.fineract")

API = "fineract-provider/api/v1"
TOKEN_PREFIX = "fineract:"
LOAN_PREFIX = "FIN-"
ORDER_PREFIX = "FINREPAY_"
# An AutoPay debit, as the companion books it (our lending contract's partnerMandateDebits): the
# receipt number `MANDATE_<payment id>`, the external id `pg-<provider payment id>`.
BOOKED_AS = "MANDATE_"
# An AutoPay debit's payment id as the platform makes it: its mandate's (the subscription's) id,
# then `i` and the instalment's number. A debit the lender refused is refunded on its subscription.
DEBIT_OF_SUBSCRIPTION = re.compile(r"^(ap[0-9a-f]{20})i[0-9]+$")
# Our commands no transaction shows, by Fineract's processingResult, as the desk words them.
NOT_BOOKED: dict[str, Literal["awaitingApproval", "refunded"]] = {
    "Awaiting Approval": "awaitingApproval",
    "Rejected": "refunded",
}


class NotBooked(msgspec.Struct, frozen=True, kw_only=True):
    """One of our repayment commands no transaction on the loan shows (Fineract's audit trail)."""

    order_id: str
    provider_id: str  # the provider's payment id (the command's external id `pg-<id>`)
    status: Literal["awaitingApproval", "refunded"]  # awaiting the checker, or rejected and refunded
    amount: Decimal
    made_at: datetime | None


REJECTED_REFUND = "rejected-"  # and the provider's payment id: the refund of a repayment the lender refused
# And the provider's payment id: the refund of what a repayment brought beyond everything the loan
# owed, and Fineract's credit balance refund transaction that records it (its external id).
OVERPAID_REFUND = "overpaid-"
CREDIT_BALANCE_REFUND = "cbr-pg-"
# Where that refund stands at the lender's own provider account, as the desk words a rejected
# repayment: given back, on its way (PENDING, or ONHOLD at the bank), or given up by the bank for
# good (CANCELLED; FAILED, which Cashfree's text names beyond its enum), then the desk's to pay.
RefundStanding = Literal["refunded", "refundPending", "refundCancelled"]
REFUND_STANDING: dict[str, RefundStanding] = {
    "SUCCESS": "refunded",
    "INITIATED": "refundPending",  # a subscription refund just made (Cashfree's SubscriptionPaymentRefundEntity)
    "PENDING": "refundPending",
    "ONHOLD": "refundPending",
    "CANCELLED": "refundCancelled",
    "FAILED": "refundCancelled",
}
FURTHEST_FIRST: tuple[RefundStanding, ...] = ("refunded", "refundPending", "refundCancelled")
BOOKING_TRIES = 3  # keys posted in one settle, each only after Fineract confirms the last did not book
LOAN_PAGE = 200  # loans asked for at a time when every loan is read (a day's repayments)
# A repayment's id in the gateway (the portal's payment log id) is this lender's from here up, so
# the router can tell its payments from another lender's (gateway/upstreams/lenders/routing.py).
PAYMENT_IDS_FROM = 900_000_000
PROVIDER_API_VERSION = "2025-01-01"  # Cashfree's x-api-version the provider calls follow
# The borrower's user id in the gateway: the client id, in a range of its own, so a Fineract client
# and one of our own lender's borrowers never share one (pending payments are kept by user id).
USER_IDS_FROM = 800_000_000
LOANS_FAILED = "Could not load your loans."
PAYMENT_NOT_CREATED = "Could not create the payment."
NOT_YOURS = "Payment not found."
ALLOCATION_ORDER: list[Literal["penalCharges", "interest", "principal"]] = ["penalCharges", "interest", "principal"]
# A repayment paid online, as Fineract keeps it: (the provider's order, its payment id where kept).
Online = tuple[str, str | None]
COMPANION = "companion service"
FIRST_LENDER = "first lender"
# The port's operations Fineract's API has no call for, and who supplies each instead.
SUPPLIED_BY: dict[str, str] = {
    "send_otp": FIRST_LENDER,
    "key_facts": COMPANION,
    "statement": COMPANION,
    "document": COMPANION,
    "raise_complaint": COMPANION,
    "complaints": COMPANION,
    "complaint": COMPANION,
    "partner_complaints": COMPANION,
    "resend_receipt": COMPANION,
    "payment_receipt": COMPANION,
    "payment_link": COMPANION,
}


class FineractLender:
    """A Fineract lender behind the port (the `fineract` kind in LENDERS)."""

    def __init__(
        self,
        http: UpstreamHttp,
        payments: UpstreamHttp,
        codes: Lender | None,
        companion: UpstreamHttp | None,
        settings: Settings,
        clock: Clock,
    ) -> None:
        self.name = http.name
        self.clock = clock  # the tenant's date in India, where the lender keeps no business date
        self.http = http
        self.payments = payments
        self.codes = codes  # the lender that sends this lender's borrowers their codes
        # The companion service's calls (our lending contract's), when the lender runs one.
        self.companion_loans = LoansClient(companion) if companion is not None else None
        self.companion_tickets = ComplaintsClient(companion) if companion is not None else None
        self.companion_receipts = LendingClient(companion) if companion is not None else None
        self.companion_desk = (
            LendingOperations(companion, settings.fineract_companion_key) if companion is not None else None
        )
        self.companion_key = settings.fineract_companion_key
        # Who supplies what Fineract cannot, as configured (the conformance kit reports it).
        self.supplied_by = {
            operation: source
            for operation, source in SUPPLIED_BY.items()
            if (source == COMPANION and companion is not None) or (source == FIRST_LENDER and codes is not None)
        }
        credentials = base64.b64encode(f"{settings.fineract_username}:{settings.fineract_password}".encode())
        self.headers = {
            "Authorization": f"Basic {credentials.decode()}",
            "Fineract-Platform-TenantId": settings.fineract_tenant,
        }
        # The lender's own merchant account: its repayments are paid straight into it, never
        # through the store's (docs/decisions/lender-provider-accounts.md).
        self.provider_headers = {
            "x-client-id": settings.fineract_payments_client_id,
            "x-client-secret": settings.fineract_payments_client_secret,
            "x-api-version": PROVIDER_API_VERSION,
        }
        self.lender = LoanLender(
            name=settings.fineract_lender_name,
            registration=settings.fineract_lender_registration,
            website=settings.fineract_lender_website,
        )
        self.service_provider = settings.product_name
        self.api = API
        self.foreclosures = FineractForeclosures(self)
        # Refunds of repayments the lender refused (its checker rejected the booking).
        self.refunds = PaymentsClient(
            payments, settings.fineract_payments_client_id, settings.fineract_payments_client_secret
        )

    # Routing (gateway/upstreams/lenders/routing.py): what of a borrower's is this lender's.
    def owns_loan(self, loan_number: str) -> bool:
        return loan_number.startswith(LOAN_PREFIX)

    def owns_order(self, order_id: str) -> bool:
        """A repayment's checkout or a foreclosure's: both are this lender's payments."""
        return order_id.startswith(ORDER_PREFIX) or order_id.startswith(CLOSE_PREFIX)

    def owns_payment(self, payment_log_id: int) -> bool:
        return payment_log_id >= PAYMENT_IDS_FROM

    # Fineract's calls
    async def _get(self, path: str, type_: Any, params: dict[str, str | int] | None = None) -> Any:
        response = await self.http.request("GET", f"{API}/{path}", params=params, headers=self.headers)
        if response.status_code != 200:
            raise UpstreamRefused(LOANS_FAILED, upstream=self.name, status=response.status_code)
        return self.http.decode(response, type_)

    async def _business_date(self) -> date:
        """The day the lender's books are on, by Fineract's own rule (BusinessDateReadPlatformServiceImpl
        .getBusinessDates): its business date only while `enable_business_date` is on; otherwise
        the tenant's date, ours in India (docs/decisions/lender-business-date.md). The row is
        never taken alone: with the feature off it is stale (the day it was turned off) or absent
        (404), and a Fineract before 1.7 has neither call."""
        enabled, kept = await asyncio.gather(self._business_date_on(), self._business_date_kept())
        if enabled and kept is not None:
            return kept
        return await self.clock.today()

    async def _business_date_on(self) -> bool:
        response = await self.http.request(
            "GET", f"{API}/configurations/name/enable_business_date", headers=self.headers, idempotent=True
        )
        if response.status_code == 404:
            return False  # no such property: a Fineract before 1.7, without a business date
        if response.status_code != 200:
            raise UpstreamRefused(LOANS_FAILED, upstream=self.name, status=response.status_code)
        return self.http.decode(response, Configuration).enabled

    async def _business_date_kept(self) -> date | None:
        response = await self.http.request(
            "GET", f"{API}/businessdate/BUSINESS_DATE", headers=self.headers, idempotent=True
        )
        if response.status_code == 404:
            return None  # never turned on (no row kept), or a Fineract before 1.7
        if response.status_code != 200:
            raise UpstreamRefused(LOANS_FAILED, upstream=self.name, status=response.status_code)
        return day(self.http.decode(response, BusinessDate).date)

    async def _client(self, mobile_number: str) -> SearchHit | None:
        # Fineract matches a part of the number as its staff typed it: '+91 98111 22233' holds
        # the last five digits, not all ten. Those are asked for and every hit's number is read
        # as a mobile number before it is compared.
        hits: list[SearchHit] = await self._get(
            "search", list[SearchHit], {"query": mobile_number[-5:], "resource": "clients"}
        )
        return next(
            (h for h in hits if h.entity_type == "CLIENT" and indian_mobile(h.entity_mobile_no) == mobile_number),
            None,
        )

    async def _loans(self, client_id: int) -> list[FineractLoan]:
        accounts: Accounts = await self._get(f"clients/{client_id}/accounts", Accounts)
        found = []
        for account in accounts.loan_accounts:
            # An overpaid one (repaid beyond everything owed, its credit not yet given back) too.
            if account.status.active or account.status.closed or account.status.overpaid:
                found.append(await self._loan(account.id))
        return found

    async def _loan(self, loan_id: int) -> FineractLoan:
        loan: FineractLoan = await self._get(
            f"loans/{loan_id}", FineractLoan, {"associations": "repaymentSchedule,transactions"}
        )
        return loan

    @staticmethod
    def _access(token: str) -> tuple[int, str]:
        """(client id, mobile number) of the borrower access this adapter issued; 401 otherwise."""
        client_id, _, mobile_number = token.removeprefix(TOKEN_PREFIX).partition(":")
        if not token.startswith(TOKEN_PREFIX) or not client_id.isdigit() or not mobile_number:
            raise UpstreamRefused("Please log in again.", upstream="fineract", status=401)
        return int(client_id), mobile_number

    def _client_id(self, token: str) -> int:
        return self._access(token)[0]

    async def _own_loan(self, token: str, loan_number: str) -> FineractLoan:
        """The borrower's loan by its number here; 404 for a number that is not theirs."""
        client_id = self._client_id(token)
        account_no = loan_number.removeprefix(LOAN_PREFIX)
        for loan in await self._loans(client_id):
            if loan.account_no == account_no:
                return loan
        raise UpstreamRefused("Loan not found.", upstream=self.name, status=404)

    def _overdue(self, loan: FineractLoan, on: date) -> Overdue:
        """Worked out from the schedule on the business date `on`, never Fineract's arrears
        snapshot (`summary.*Overdue`), which a nightly job refreshes."""
        return overdue((loan.repayment_schedule or Schedule()).periods, on, self.name)

    def _days_past_due(self, loan: FineractLoan, on: date) -> int:
        """The lender's count; counted from overdueSinceDate to `on` (the business date) only for
        a Fineract without it."""
        if loan.delinquent is not None:
            return loan.delinquent.past_due_days
        since = self._overdue(loan, on).since
        return max(0, (on - since).days) if since else 0

    async def _due_loan(self, client_id: int) -> tuple[FineractLoan | None, date]:
        """The loan whose dues the portal offers (the one overdue longest, else the first active
        one) and the business date it was judged on."""
        found, on = await asyncio.gather(self._loans(client_id), self._business_date())
        loans = [loan for loan in found if loan.status.active]
        late = [loan for loan in loans if self._overdue(loan, on).total > 0]
        if late:
            return min(late, key=lambda loan: self._overdue(loan, on).since or date.max), on
        return (loans[0] if loans else None), on

    # The port
    async def send_otp(self, mobile_number: str, language: Language = DEFAULT) -> None:
        if self.codes is None:
            raise LenderCannot("send_otp", upstream=self.name)
        await self.codes.send_otp(mobile_number, language)

    async def borrower(self, mobile_number: str) -> BorrowerAccess | None:
        client = await self._client(mobile_number)
        if client is None:
            return None
        found, on = await asyncio.gather(self._loans(client.entity_id), self._business_date())
        loans = [loan for loan in found if loan.status.active]
        if not loans:
            return None
        overdue = sum((self._overdue(loan, on).total for loan in loans), Decimal("0.00"))
        record = RepaymentRecord(
            user_id=USER_IDS_FROM + client.entity_id,
            user_name=client.entity_name,
            mobile_number=mobile_number,
            # Nothing overdue is nothing pending: the portal says so, as for our own lender.
            total_repayment_amount=overdue if overdue > 0 else None,
            remaining_amount=overdue if overdue > 0 else None,
        )
        return f"{TOKEN_PREFIX}{client.entity_id}:{mobile_number}", record

    async def repayment_detail(self, token: str, user_id: int) -> RepaymentDetail:
        loan, on = await self._due_loan(self._client_id(token))
        if loan is None:
            zero = Decimal("0.00")
            return RepaymentDetail(remaining_amount=zero, late_fees=zero, pending_amount=zero)
        late = self._overdue(loan, on)
        open_periods = [
            p for p in (loan.repayment_schedule or Schedule()).periods if p.period is not None and not p.complete
        ]
        return RepaymentDetail(
            remaining_amount=late.total,
            late_fees=late.charges,
            pending_amount=late.total - late.charges,
            due_date=late.since or (day(open_periods[0].due_date) if open_periods else None),
            days_overdue=self._days_past_due(loan, on),
            lender_name=self.lender.name,
            loan_number=f"{LOAN_PREFIX}{loan.account_no}",
        )

    async def create_payment_session(
        self, token: str, user_id: int, amount: Decimal, language: Language = DEFAULT
    ) -> PaymentSession:
        """A checkout at the payment provider for the loan the portal shows; nothing is booked in
        Fineract until the provider says it was paid (update_payment_status)."""
        client_id, mobile_number = self._access(token)
        loan, on = await self._due_loan(client_id)
        if loan is None or amount > self._overdue(loan, on).total:
            raise UpstreamRefused(PAYMENT_NOT_CREATED, upstream=self.name, status=400, code="payment_failed")
        payment_id = PAYMENT_IDS_FROM + secrets.randbelow(99_999_999)
        order = {
            "order_id": f"{ORDER_PREFIX}{loan.id}_{payment_id}",
            "order_amount": msgspec.Raw(format(amount, "f").encode()),
            "order_currency": "INR",
            # Cashfree's customer_id is 3 to 50 characters: a Fineract client id alone can be one.
            "customer_details": {"customer_id": f"fineract-{client_id}", "customer_phone": mobile_number},
            "order_note": "Loan repayment",
        }
        # The order id is new each time: as the write's key, a retry of this call creates it once.
        headers = {**self.provider_headers, "x-idempotency-key": str(order["order_id"])}
        response = await self.payments.request("POST", "pg/orders", json=order, headers=headers)
        if response.status_code != 200:
            raise UpstreamRefused(
                PAYMENT_NOT_CREATED, upstream=self.payments.name, status=response.status_code, code="payment_failed"
            )
        created = self.payments.decode(response, ProviderOrder)
        return PaymentSession(
            payment_session_id=created.payment_session_id,
            order_id=created.order_id,
            order_amount=created.order_amount,
            id=payment_id,
        )

    def _order_parts(self, token: str, order_id: str) -> tuple[int, int]:
        """(loan id, payment id) of one of our orders for this lender (a repayment's or a foreclosure's)."""
        try:
            loan_id, payment_id = order_id.removeprefix(ORDER_PREFIX).removeprefix(CLOSE_PREFIX).split("_")
            return int(loan_id), int(payment_id)
        except ValueError as exc:
            raise UpstreamRefused(NOT_YOURS, upstream=self.name, status=404) from exc

    async def update_payment_status(self, token: str, user_id: int, payment_log_id: int, order_id: str) -> Settlement:
        """Ask the provider how the order went; a paid one is booked in Fineract once, however
        often asked (the key and external id come from the provider's payment id)."""
        client_id = self._client_id(token)
        if not order_id.startswith(ORDER_PREFIX):  # a foreclosure is confirmed by foreclosure_status
            raise UpstreamRefused(NOT_YOURS, upstream=self.name, status=404)
        loan_id, payment_id = self._order_parts(token, order_id)
        loan = await self._loan(loan_id)
        if payment_id != payment_log_id or loan.client_id != client_id:
            raise UpstreamRefused(NOT_YOURS, upstream=self.name, status=404)
        return await self._settle(loan, order_id)

    async def settle_order(self, order_id: str) -> Settlement:
        """The gateway's follow-up, no borrower asking: Fineract has no webhook from the provider,
        so a paid checkout is booked here as the borrower's confirm would book it (its external id
        and key sequence make the two, and any number of replicas, book it once)."""
        if not self.owns_order(order_id):
            raise UpstreamRefused(NOT_YOURS, upstream=self.name, status=404)
        return await self._settle(await self._loan(self._order_parts("", order_id)[0]), order_id)

    async def _settle(self, loan: FineractLoan, order_id: str) -> Settlement:
        response = await self.payments.request(
            "GET", f"pg/orders/{order_id}/payments", headers=self.provider_headers, idempotent=True
        )
        if response.status_code != 200:
            raise UpstreamRefused(NOT_YOURS, upstream=self.payments.name, status=response.status_code)
        attempts = self.payments.decode(response, list[ProviderPayment])
        paid = [p for p in attempts if p.payment_status == "SUCCESS"]
        if not paid and any(p.payment_status == "PENDING" for p in attempts):
            # Still with the payer's bank, until its order expires: then it ended unpaid, as the
            # native lender says it (a success the bank sends later is booked by the next look).
            expired = await self._order_status(order_id) == "EXPIRED"
            return Settlement.EXPIRED if expired else Settlement.BANK_PENDING
        if not paid:
            open_unpaid = not attempts and await self._order_status(order_id) == "ACTIVE"
            return Settlement.NOT_ATTEMPTED if open_unpaid else Settlement.FAILED
        if order_id.startswith(CLOSE_PREFIX):  # a foreclosure: Fineract's foreclosure command closes the loan
            await self.foreclosures.book(loan, paid[0], order_id)
            return Settlement.COMPLETED
        settled = await self._book(loan, paid[0], order_id)
        # Only a payment above what the loan owed before it (or on a loan overpaid already) can
        # have overpaid it: the loan is read again for that alone, not after every repayment.
        beyond = paid[0].payment_amount > loan.summary.total_outstanding
        if settled is Settlement.COMPLETED and (beyond or loan.status.overpaid):
            await self._give_back_overpaid(loan.id, paid[0], order_id)
        return settled

    async def _give_back_overpaid(self, loan_id: int, paid: ProviderPayment, order_id: str) -> None:
        """A repayment booked on a loan it overpaid (the loan foreclosed or paid off while it was
        with the bank: Fineract takes it and turns the loan Overpaid) has the rest given back: the
        provider refunds it on the repayment's own order, then Fineract's credit balance refund
        records it and closes the loan. Both are keyed by the provider's payment, so every ask
        (the borrower's confirm, the follow-up, another replica) makes each once. Never raises:
        the repayment is booked whatever happens here; a loan still overpaid is given back at the
        next ask."""
        provider_id = str(paid.cf_payment_id)
        try:
            loan = await self._loan(loan_id)
            mine = next((t for t in loan.transactions if t.external_id == f"pg-{provider_id}"), None)
            if not loan.status.overpaid or not loan.total_overpaid or mine is None or mine.overpayment_portion <= 0:
                return
            amount = paise(min(loan.total_overpaid, mine.overpayment_portion), self.name)
            await self.refunds.refund(order_id, amount, f"{OVERPAID_REFUND}{provider_id}", "More than was owed")
            body = {
                "transactionDate": (await self._business_date()).strftime("%d %B %Y"),
                "dateFormat": "dd MMMM yyyy",
                "locale": "en",
                "transactionAmount": msgspec.Raw(format(amount, "f").encode()),
                "externalId": f"{CREDIT_BALANCE_REFUND}{provider_id}",
                "note": f"Refunded online on {order_id}",
            }
            response = await self.http.request(
                "POST",
                f"{API}/loans/{loan_id}/transactions?command=creditBalanceRefund",
                json=body,
                headers={**self.headers, "Idempotency-Key": f"{CREDIT_BALANCE_REFUND}{provider_id}"},
                idempotent=True,
            )
        except UpstreamError as exc:
            log.warning("overpaid_not_given_back", order_id=order_id, status=exc.status, code=exc.code)
            return
        if response.status_code != 200:
            log.warning("credit_balance_refund_not_booked", order_id=order_id, status=response.status_code)
            return
        log.info("overpaid_given_back", order_id=order_id, provider_payment=provider_id, amount=str(amount))

    async def _order_status(self, order_id: str) -> str:
        """The provider's order's status: ACTIVE is still open to be paid (closed unpaid, not
        expired); Fineract keeps no pending payment, so the provider's order is what tells
        cancelled from failed, and a payment the bank never answered from one it may yet."""
        response = await self.payments.request(
            "GET", f"pg/orders/{order_id}", headers=self.provider_headers, idempotent=True
        )
        if response.status_code != 200:
            raise UpstreamRefused(NOT_YOURS, upstream=self.payments.name, status=response.status_code)
        return str(self.payments.decode(response, ProviderOrder).order_status)

    async def _booked(self, loan_id: int, external_id: str) -> bool:
        """Fineract's word on whether the repayment is on the loan, by its external id: True or
        False only when Fineract said so (its 404 for that external id); anything else raises, so a
        fresh key is never used on a guess."""
        response = await self.http.request(
            "GET",
            f"{API}/loans/{loan_id}/transactions/external-id/{external_id}",
            headers=self.headers,
            idempotent=True,
        )
        if response.status_code == 200:
            return not self.http.decode(response, Transaction).manually_reversed
        if response.status_code == 404 and b"error.msg.loan.transaction.external.id.invalid" in response.content:
            return False
        raise self._not_booked_yet(response.status_code)

    async def _commands(self, loan_id: int, external_id: str) -> list[AuditEntry]:
        """Our repayment commands on the loan for this external id, whatever became of them
        (Fineract's audit trail): how many keys were spent, and whether one is in flight or
        awaiting the lender's checker (maker-checker)."""
        made: list[AuditEntry] = await self._get(
            "audits", list[AuditEntry], {"actionName": "REPAYMENT", "entityName": "LOAN", "resourceId": loan_id}
        )
        return [entry for entry in made if entry.external_id() == external_id]

    def _not_booked_yet(self, status: int | None) -> UpstreamError:
        return UpstreamUnavailable(
            "The payment was taken but the lender has not booked it yet. Please check again shortly.",
            upstream=self.name,
            status=status,
            code="confirm_failed",
        )

    async def _book(self, loan: FineractLoan, paid: ProviderPayment, order_id: str) -> Settlement:
        """Book the provider's payment on the loan exactly once, however the earlier attempts went.

        Fineract keeps each Idempotency-Key with its first outcome, a failure too: a key whose first
        booking failed answers that failure for ever. So the repayment's external id is asked about
        first (booked: done); then Fineract's audit trail of our commands for it (one in flight:
        not yet; one awaiting the checker: followed, never posted again); only then is it posted,
        under the next key of the payment's own sequence (`repay-<id>`, `repay-<id>-2`, ...: as many
        keys as commands made), and after an answer that is not a booking, asked about again
        before the next key. The external id, unique across Fineract's loans, keeps any two keys
        from booking it twice."""
        provider_id = str(paid.cf_payment_id)
        external_id = f"pg-{provider_id}"
        body = {
            "transactionDate": (await self._business_date()).strftime("%d %B %Y"),
            "dateFormat": "dd MMMM yyyy",
            "locale": "en",
            "transactionAmount": msgspec.Raw(format(paise(paid.payment_amount, self.name), "f").encode()),
            "externalId": external_id,
            "receiptNumber": order_id,
            "paymentTypeId": 1,
            "note": "Paid online",
        }
        for _ in range(BOOKING_TRIES):
            if await self._booked(loan.id, external_id):
                return Settlement.COMPLETED
            made = await self._commands(loan.id, external_id)
            if any(c.processing_result == "Awaiting Approval" for c in made):
                return Settlement.AWAITING_APPROVAL
            if any(c.processing_result == "Rejected" for c in made):
                return await self._refund_rejected(order_id, paid)
            if any(c.processing_result == "Under Processing" for c in made):
                raise self._not_booked_yet(425)  # in flight: its outcome is to come
            n = len(made) + 1
            key = f"repay-{provider_id}" if n == 1 else f"repay-{provider_id}-{n}"
            try:
                response = await self.http.request(
                    "POST",
                    f"{API}/loans/{loan.id}/transactions?command=repayment",
                    json=body,
                    headers={**self.headers, "Idempotency-Key": key},
                    idempotent=True,  # the key makes a retry safe: Fineract answers the first answer again
                )
            except UpstreamUnavailable as exc:
                # A 5xx (kept under the key) or no answer at all (booked or not): asked again above.
                log.warning("repayment_not_booked", loan_id=loan.id, key=key, status=exc.status, code=exc.code)
                continue
            settled = await self._booking_answer(loan, key, response)
            if settled is not None:
                return settled
        if await self._booked(loan.id, external_id):
            return Settlement.COMPLETED
        raise self._not_booked_yet(None)

    async def _refund_rejected(self, order_id: str, paid: ProviderPayment) -> Settlement:
        """The lender's checker rejected our repayment command: the lender will not have this
        money, so it is never posted again (that would overrule the checker) and goes back to the
        payer in full, once: the refund's id comes from the provider's payment, so every ask (the
        borrower's, the follow-up's, another replica's) gets the same refund
        (docs/decisions/fineract-bookings.md)."""
        provider_id = str(paid.cf_payment_id)
        try:
            await self.refunds.refund(
                order_id,
                paise(paid.payment_amount, self.name),
                f"{REJECTED_REFUND}{provider_id}",
                "The lender did not accept this repayment",
            )
        except UpstreamError as exc:
            log.warning("rejected_repayment_not_refunded", order_id=order_id, status=exc.status)
            raise UpstreamUnavailable(
                "The lender did not accept the payment and its refund has not started yet. Please check again shortly.",
                upstream=self.payments.name,
                status=exc.status,
                code="refund_not_started",
            ) from exc
        log.info("rejected_repayment_refunded", order_id=order_id, provider_payment=provider_id)
        return Settlement.REFUNDED

    async def _booking_answer(self, loan: FineractLoan, key: str, response: UpstreamAnswer) -> Settlement | None:
        """What a booking's answer settles: booked, awaiting the checker, or None (not booked by
        this key); 425 (a command in flight under the key) raises, its outcome is to come."""
        if response.status_code == 200:
            answer = self.http.decode(response, CommandAnswer)
            # Maker-checker: a command id and nothing booked; it is followed until booked.
            return Settlement.COMPLETED if answer.loan_id is not None else Settlement.AWAITING_APPROVAL
        if response.status_code == 425:
            raise self._not_booked_yet(425)  # in flight under this key: its outcome comes
        log.warning(
            "repayment_not_booked",
            loan_id=loan.id,
            key=key,
            status=response.status_code,
            replayed=response.headers.get("x-served-from-cache") == "true",
        )
        return None

    @staticmethod
    def _online(t: Transaction) -> Online | None:
        """(provider order, provider payment id where Fineract keeps it) of a repayment paid online
        through the provider: a repayment booked with the order as its receipt number and
        `pg-<payment id>` as its external id, or a foreclosure, whose command takes no payment
        details, with the order as its external id (the provider says which payment paid it)."""
        receipt = t.payment_detail_data.receipt_number if t.payment_detail_data else None
        if receipt and receipt.startswith(ORDER_PREFIX) and t.external_id and t.external_id.startswith("pg-"):
            return receipt, t.external_id.removeprefix("pg-")
        if t.external_id and t.external_id.startswith(CLOSE_PREFIX):
            return t.external_id, None
        return None

    @staticmethod
    def _mandate_debit(t: Transaction) -> Online | None:
        """(`MANDATE_<payment id>`, provider payment id) of an AutoPay debit the companion booked
        (fineract-autopay-debits.md): the receipt number names the debit, the external id its
        payment at the provider. No provider order stands behind it to ask for its time."""
        receipt = t.payment_detail_data.receipt_number if t.payment_detail_data else None
        if receipt and receipt.startswith(BOOKED_AS) and t.external_id and t.external_id.startswith("pg-"):
            return receipt, t.external_id.removeprefix("pg-")
        return None

    async def _paid_times(self, transactions: list[Transaction]) -> dict[Online, tuple[str, datetime | None]]:
        """The provider's payment id and the time it took each online repayment's payment, by what
        Fineract keeps of it (`_online`). Fineract keeps the day only; a payment the provider cannot
        date now keeps the day alone, and a foreclosure's payment id is the provider's to say."""
        online = {paid for t in transactions if (paid := self._online(t)) is not None}

        async def taken(order_id: str, provider_id: str | None) -> tuple[Online, tuple[str, datetime | None] | None]:
            asked = (order_id, provider_id)
            try:
                response = await self.payments.request(
                    "GET", f"pg/orders/{order_id}/payments", headers=self.provider_headers, idempotent=True
                )
            except UpstreamError as exc:
                log.warning("repayment_time_unknown", order_id=order_id, upstream=exc.upstream)
                return asked, None
            if response.status_code != 200:
                log.warning("repayment_time_unknown", order_id=order_id, status=response.status_code)
                return asked, None
            for p in self.payments.decode(response, list[ProviderPayment]):
                if p.payment_status == "SUCCESS" and provider_id in (None, str(p.cf_payment_id)):
                    at = datetime.fromisoformat(p.payment_time).astimezone(UTC) if p.payment_time else None
                    return asked, (str(p.cf_payment_id), at)
            return asked, None

        found = await asyncio.gather(
            *(taken(order_id, provider_id) for order_id, provider_id in sorted(online, key=str))
        )
        return {asked: paid for asked, paid in found if paid is not None}

    def _debit_payment(self, t: Transaction) -> str | None:
        debit = self._mandate_debit(t)
        return debit[1] if debit is not None else None

    def _payment_id(self, t: Transaction) -> int:
        """The repayment's id in the gateway: its checkout's (a repayment's, a foreclosure's), or for
        one booked elsewhere (at a branch) Fineract's transaction id in this lender's range."""
        paid = self._online(t)
        if paid is not None:
            return self._order_parts("", paid[0])[1]
        return PAYMENT_IDS_FROM + t.id

    def _entry(
        self, loan: FineractLoan, t: Transaction, times: dict[Online, tuple[str, datetime | None]]
    ) -> PaymentHistoryEntry:
        receipt = t.payment_detail_data.receipt_number if t.payment_detail_data else None
        paid = self._online(t)
        order_id = paid[0] if paid is not None else receipt or f"FIN-TXN-{t.id}"
        payment_id = self._payment_id(t)
        provider, known = times.get(paid, (paid[1], None)) if paid is not None else (None, None)
        # Without the provider's time, the day's start in India stands for the day (for ordering);
        # time_known=False says no time is known, so no screen shows one.
        at = known or datetime.combine(day(t.date), time(0, 0), IST)
        return PaymentHistoryEntry(
            payment_log_id=payment_id,
            order_id=order_id,
            amount=paise(t.amount, self.name),
            status="paid",
            created_at=at,
            paid_at=at,
            time_known=known is not None,
            provider_reference=provider,
            remaining_after=paise(t.outstanding_loan_balance, self.name),
            allocation=Allocation(
                charges=paise(t.penalty_charges_portion + t.fee_charges_portion, self.name),
                interest=paise(t.interest_portion, self.name),
                principal=paise(t.principal_portion, self.name),
                # Beyond everything owed: given back (the provider's refund, Fineract's credit
                # balance refund: _give_back_overpaid), or at the next ask.
                refunded=paise(t.overpayment_portion, self.name) if t.overpayment_portion > 0 else None,
            ),
            # Drawn by the companion, for a repayment paid online (an AutoPay debit's too); Fineract draws none.
            receipt_available=self.companion_receipts is not None
            and (self._online(t) or self._mandate_debit(t)) is not None,
        )

    async def payment_history(self, token: str, user_id: int) -> list[PaymentHistoryEntry]:
        loans = await self._loans(self._client_id(token))
        paid = [(loan, t) for loan in loans for t in loan.transactions if t.type.repayment and not t.manually_reversed]
        times = await self._paid_times([t for _, t in paid])
        entries = [self._entry(loan, t, times) for loan, t in paid]
        for loan in loans:
            entries += await self._given_back(loan)
        return sorted(entries, key=lambda e: e.created_at, reverse=True)

    async def _given_back(self, loan: FineractLoan) -> list[PaymentHistoryEntry]:
        """The borrower's repayments on the loan the lender's checker rejected: paid, never booked,
        and given back in full, as the provider says the refund stands (none made yet: on its way).
        Shown so a payment the borrower made never just vanishes from their list."""
        entries = []
        for command in await self._not_booked_commands(loan, "orderId", None):
            if command.status != "refunded":
                continue
            standing = await self._refunded(command.order_id, command.provider_id) or "refundPending"
            at = command.made_at or datetime(1970, 1, 1, tzinfo=UTC)  # Fineract's audit always dates it
            try:
                payment_log_id = self._order_parts("", command.order_id)[1]
            except UpstreamRefused:  # not one of our orders' shape: not the borrower's to see here
                continue
            entries.append(
                PaymentHistoryEntry(
                    payment_log_id=payment_log_id,
                    order_id=command.order_id,
                    amount=command.amount,
                    status=standing,
                    created_at=at,
                    time_known=command.made_at is not None,
                    provider_reference=command.provider_id,
                    receipt_available=False,  # nothing was booked: no receipt
                )
            )
        return entries

    async def payment_receipt(
        self, token: str, user_id: int, payment_log_id: int, language: Language = DEFAULT
    ) -> bytes:
        """The companion's PDF of a repayment paid online, asked by Fineract's transaction id only
        after Fineract says the repayment is on one of the borrower's loans."""
        if self.companion_receipts is None:
            raise LenderCannot("payment_receipt", upstream=self.name)
        client_id = self._client_id(token)
        found = next(
            (
                t
                for loan in await self._loans(client_id)
                for t in loan.transactions
                if t.type.repayment
                and not t.manually_reversed
                and self._online(t) is not None
                and self._payment_id(t) == payment_log_id
            ),
            None,
        )
        if found is None:
            raise UpstreamRefused(RECEIPT_FAILED, upstream=self.name, status=404, code="no_receipt")
        return await self.companion_receipts.payment_receipt(self.companion_key, client_id, found.id, language)

    def _summary(self, loan: FineractLoan, on: date) -> LoanSummary:
        s = loan.summary
        late = self._overdue(loan, on)
        overdue = late.total
        upcoming = [
            p for p in (loan.repayment_schedule or Schedule()).periods if p.period is not None and not p.complete
        ]
        status: Literal["current", "overdue", "closed"] = (
            "closed" if loan.status.closed or loan.status.overpaid else "overdue" if overdue > 0 else "current"
        )
        nxt = next((p for p in upcoming if day(p.due_date) >= on), None)
        return LoanSummary(
            loan_number=f"{LOAN_PREFIX}{loan.account_no}",
            status=status,
            lender=self.lender,
            lending_service_provider=self.service_provider,
            sanctioned_amount=paise(loan.principal, self.name),
            disbursed_on=day(loan.timeline.actual_disbursement_date or (1970, 1, 1)),
            principal_outstanding=paise(s.principal_outstanding, self.name),
            principal_due=late.principal,
            interest_due=late.interest,
            interest_accrued=Decimal("0.00"),  # Fineract books interest per instalment, not daily here
            # Those overdue, as the portal's late fees and the allocation preview count them, so the
            # overdue amount is principal due, interest due and penal charges on every screen.
            penal_charges=late.charges,
            overdue_amount=overdue,
            minimum_payment=min(Decimal("1.00"), overdue) if overdue > 0 else Decimal("0.00"),
            next_due=LoanNextDue(due_on=day(nxt.due_date), amount=paise(nxt.total_outstanding_for_period, self.name))
            if nxt
            else None,
            days_past_due=self._days_past_due(loan, on),
            closed_on=None,
            as_of=on,
        )

    async def loans(self, token: str, user_id: int) -> list[LoanSummary]:
        loans, on = await asyncio.gather(self._loans(self._client_id(token)), self._business_date())
        return [self._summary(loan, on) for loan in loans]

    def _loans_companion(self, operation: str) -> LoansClient:
        if self.companion_loans is None:
            raise LenderCannot(operation, upstream=self.name)
        return self.companion_loans

    def _tickets_companion(self, operation: str) -> ComplaintsClient:
        if self.companion_tickets is None:
            raise LenderCannot(operation, upstream=self.name)
        return self.companion_tickets

    async def key_facts(self, token: str, user_id: int, loan_number: str) -> LoanKeyFacts:
        """The companion's Key Facts Statement, its figures Fineract's own: the loan's principal,
        rate, instalments, interest and what was paid out are read from the loan in Fineract."""
        companion = self._loans_companion("key_facts")
        loan = await self._own_loan(token, loan_number)
        facts = await companion.key_facts(self.companion_key, self._client_id(token), loan_number)
        return self._with_fineract_figures(facts, loan)

    def _with_fineract_figures(self, facts: LoanKeyFacts, loan: FineractLoan) -> LoanKeyFacts:
        periods = [p for p in (loan.repayment_schedule or Schedule()).periods if p.period is not None]
        principal = paise(loan.principal, self.name)
        interest = sum((paise(p.interest_due, self.name) for p in periods), Decimal("0.00"))
        frequency = (loan.repayment_frequency_type.code if loan.repayment_frequency_type else "").lower()
        figures = {
            "borrower_name": loan.client_name or facts.borrower_name,
            "lender": self.lender,
            "lending_service_provider": self.service_provider,
            "sanctioned_amount": principal,
            "net_disbursed": principal - facts.total_fees,
            "disbursed_on": day(loan.timeline.actual_disbursement_date)
            if loan.timeline.actual_disbursement_date
            else facts.disbursed_on,
            # A rate need not be whole paise (9.75, 12.123456): shown as Fineract keeps it.
            "interest_rate": rate(loan.annual_interest_rate)
            if loan.annual_interest_rate is not None
            else facts.interest_rate,
            "instalment_count": len(periods),
            "instalment_frequency": "monthly"
            if "months" in frequency
            else "weekly"
            if "weeks" in frequency
            else facts.instalment_frequency,
            "total_interest": interest,
            "total_payable": principal + interest,
            "allocation_order": ALLOCATION_ORDER,
        }
        differs = sorted(
            name
            for name, value in figures.items()
            if name not in ("lender", "lending_service_provider")
            and not self._agrees(name, getattr(facts, name), value)
        )
        if differs:
            # Fineract's figures stand; the lender should know its companion says otherwise.
            log.warning("companion_figures_differ", loan_number=facts.loan_number, fields=differs)
        return msgspec.structs.replace(facts, **figures)

    @staticmethod
    def _agrees(name: str, companion: Any, fineract: Any) -> bool:
        """The companion's figure is Fineract's; its rate to the two places our contract gives it."""
        if name == "interest_rate" and isinstance(fineract, Decimal):
            return bool(companion == fineract.quantize(Decimal("0.01")))
        return bool(companion == fineract)

    async def statement(self, token: str, user_id: int, loan_number: str, start: date, end: date) -> LoanStatement:
        companion = self._loans_companion("statement")
        await self._own_loan(token, loan_number)  # 404 unless the loan is the borrower's
        return await companion.statement(self.companion_key, self._client_id(token), loan_number, start, end)

    async def schedule(self, token: str, user_id: int, loan_number: str) -> LoanSchedule:
        loan, on = await asyncio.gather(self._own_loan(token, loan_number), self._business_date())
        instalments = []
        for p in (loan.repayment_schedule or Schedule()).periods:
            if p.period is None:
                continue
            due_on = day(p.due_date)
            status: Literal["paid", "overdue", "due", "upcoming"] = (
                "paid" if p.complete else "overdue" if due_on < on else "due" if due_on == on else "upcoming"
            )
            instalments.append(
                LoanInstalment(
                    number=p.period,
                    due_on=due_on,
                    principal=paise(p.principal_due, self.name),
                    interest=paise(p.interest_due, self.name),
                    amount=paise(p.total_due_for_period, self.name),
                    paid=paise(p.total_paid_for_period, self.name),
                    status=status,
                )
            )
        return LoanSchedule(loan_number=loan_number, instalments=instalments)

    async def allocation(self, token: str, user_id: int, loan_number: str, amount: Decimal) -> LoanAllocationPreview:
        """How Fineract's default order (penalties, then interest, then principal, overdue first)
        would apply `amount`; refused (400) above the overdue amount, as the portal pays no more."""
        loan, on = await asyncio.gather(self._own_loan(token, loan_number), self._business_date())
        late = self._overdue(loan, on)
        overdue = late.total
        if amount <= 0 or amount > overdue:
            raise UpstreamRefused("Amount not taken.", upstream=self.name, status=400)
        left = amount
        parts = []
        for owed in (late.charges, late.interest, late.principal):
            take = min(owed, left)
            parts.append(take)
            left -= take
        return LoanAllocationPreview(
            loan_number=loan_number,
            amount=amount,
            allocation=LoanPaymentSplit(penal_charges=parts[0], interest=parts[1], principal=parts[2]),
            order=ALLOCATION_ORDER,
            overdue_amount=overdue,
            overdue_after=overdue - amount,
            clears_overdue=amount == overdue,
            minimum_amount=min(Decimal("1.00"), overdue),
        )

    async def document(
        self,
        token: str,
        user_id: int,
        loan_number: str,
        document: Document,
        language: Language = DEFAULT,
        period: tuple[date, date] | None = None,
    ) -> bytes:
        companion = self._loans_companion(f"document:{document}")
        await self._own_loan(token, loan_number)  # 404 unless the loan is the borrower's
        return await companion.document(
            self.companion_key, self._client_id(token), loan_number, document, language, period
        )

    # Closing a loan early: Fineract's foreclosure template and command (foreclosure.py)
    async def foreclosure_quote(self, token: str, user_id: int, loan_number: str) -> ForeclosureQuote:
        return await self.foreclosures.quote(await self._own_loan(token, loan_number), loan_number)

    async def pay_foreclosure(
        self,
        token: str,
        user_id: int,
        loan_number: str,
        amount: Decimal,
        idempotency_key: str,
        language: Language = DEFAULT,
    ) -> ForeclosurePayment:
        loan = await self._own_loan(token, loan_number)
        return await self.foreclosures.pay(loan, loan_number, self._access(token)[1], amount, idempotency_key)

    async def foreclosure_status(
        self, token: str, user_id: int, loan_number: str, payment_log_id: int
    ) -> ForeclosureStatus:
        return await self.foreclosures.status(await self._own_loan(token, loan_number), payment_log_id)

    # What foreclosure.py reads through this adapter
    async def loan_by_id(self, loan_id: int) -> FineractLoan:
        return await self._loan(loan_id)

    async def booked(self, loan_id: int, external_id: str) -> bool:
        return await self._booked(loan_id, external_id)

    async def business_day(self) -> date:
        return await self._business_date()

    def summary(self, loan: FineractLoan, on: date) -> LoanSummary:
        return self._summary(loan, on)

    async def credit_position(self, mobile_number: str) -> CreditPosition | None:
        return None  # this lender offers no purchase credit line

    # Fineract's API has no credit line a shopper applies for online: none are listed, and the
    # rest is refused in our words (a router asks the other lenders).
    async def apply_for_credit(self, form: CreditApplicationForm) -> CreditApplication:
        raise LenderCannot("apply_for_credit", upstream=self.name)

    async def credit_offer_key_facts(self, mobile_number: str, offer_id: str) -> CreditKeyFacts:
        raise LenderCannot("credit_offer_key_facts", upstream=self.name)

    async def accept_credit_offer(self, mobile_number: str, offer_id: str) -> CreditLine:
        raise LenderCannot("accept_credit_offer", upstream=self.name)

    async def credit_lines(self, mobile_number: str) -> list[CreditLine]:
        return []

    async def credit_line_quote(self, mobile_number: str, line_number: str, purpose: Purpose) -> CreditLineQuote:
        raise LenderCannot("credit_line_quote", upstream=self.name)

    async def pay_credit_line(
        self,
        mobile_number: str,
        line_number: str,
        purpose: Purpose,
        amount: Decimal,
        idempotency_key: str,
        language: Language = DEFAULT,
    ) -> CreditLinePayment:
        raise LenderCannot("pay_credit_line", upstream=self.name)

    async def credit_line_payment_status(
        self, mobile_number: str, line_number: str, payment_log_id: int
    ) -> CreditLinePaymentStatus:
        raise LenderCannot("credit_line_payment_status", upstream=self.name)

    async def credit_line_certificate(
        self, mobile_number: str, line_number: str, language: Language = DEFAULT
    ) -> bytes:
        raise LenderCannot("credit_line_certificate", upstream=self.name)

    async def credit_key_facts_pdf(self, mobile_number: str, offer_id: str, language: Language = DEFAULT) -> bytes:
        raise LenderCannot("credit_key_facts_pdf", upstream=self.name)

    async def credit_line_key_facts_pdf(
        self, mobile_number: str, line_number: str, language: Language = DEFAULT
    ) -> bytes:
        raise LenderCannot("credit_line_key_facts_pdf", upstream=self.name)

    async def raise_complaint(
        self, token: str, complaint: NewComplaint, language: Language = DEFAULT
    ) -> LenderComplaint:
        companion = self._tickets_companion("raise_complaint")
        client_id = self._client_id(token)
        if complaint.loan_number is not None and not any(
            loan.account_no == complaint.loan_number.removeprefix(LOAN_PREFIX) for loan in await self._loans(client_id)
        ):
            # As our lending contract answers a complaint naming a loan not the borrower's.
            raise UpstreamRefused("Loan not found for this borrower", upstream=self.name, status=400)
        mine = msgspec.structs.replace(complaint, user_id=client_id)
        return await companion.raise_complaint(self.companion_key, mine, language)

    async def complaints(self, token: str, user_id: int) -> list[LenderComplaint]:
        companion = self._tickets_companion("complaints")
        return await companion.complaints(self.companion_key, self._client_id(token))

    async def complaint(self, token: str, user_id: int, ticket_number: str) -> LenderComplaint:
        companion = self._tickets_companion("complaint")
        return await companion.complaint(self.companion_key, self._client_id(token), ticket_number)

    async def _every_loan(self) -> list[LoanListItem]:
        """Every loan on the lender's books, page by page (Fineract's `loans` list)."""
        found: list[LoanListItem] = []
        while True:
            # An explicit order: without one Fineract's pages need not agree (a loan skipped or twice).
            asked: dict[str, str | int] = {
                "offset": len(found),
                "limit": LOAN_PAGE,
                "orderBy": "id",
                "sortOrder": "ASC",
            }
            page: LoanPage = await self._get("loans", LoanPage, asked)
            found += page.page_items
            if not page.page_items or len(found) >= page.total_filtered_records:
                return found

    async def _loans_for(self, by: RepaymentsBy, value: str | date) -> list[tuple[int, FineractLoan]]:
        """The loans asked about that a client borrowed, each with its client id. A group's own
        loan (loanType group: no clientId) is left out: it is no client's, never offered online,
        so none of its repayments came through the provider (docs/decisions/fineract-group-loans.md)."""
        if by == "mobileNumber":
            client = await self._client(str(value))
            return _borrowed(await self._loans(client.entity_id)) if client is not None else []
        if by == "orderId":
            if not self.owns_order(str(value)):
                return []
            try:
                return _borrowed([await self._loan(self._order_parts("", str(value))[0])])
            except UpstreamRefused as exc:
                if exc.status == 404:
                    return []
                raise
        listed = [item for item in await self._every_loan() if item.client_id is not None]
        if by == "loanNumber":
            account_no = str(value).removeprefix(LOAN_PREFIX)
            if not self.owns_loan(str(value)):
                return []
            listed = [item for item in listed if item.account_no == account_no]
        return _borrowed([await self._loan(item.id) for item in listed])

    async def partner_repayments(self, by: RepaymentsBy, value: str | date) -> list[PartnerRepayment]:
        rows: list[PartnerRepayment] = []
        clients: dict[int, ClientRecord] = {}
        online: list[tuple[int, FineractLoan, Transaction]] = []
        loans = await self._loans_for(by, value)
        for client_id, loan in loans:
            for t in loan.transactions:
                paid = self._online(t) or self._mandate_debit(t)
                if not t.type.repayment or t.manually_reversed or paid is None:
                    continue  # reversed, or paid at a branch: not through the provider
                if by == "orderId" and paid[0] != value:
                    continue
                if isinstance(value, date) and day(t.date) != value:
                    continue  # the day Fineract booked it on, India's calendar
                online.append((client_id, loan, t))
        times = await self._paid_times([t for _, _, t in online])
        for client_id, loan, t in online:
            entry = self._entry(loan, t, times)
            if client_id not in clients:
                clients[client_id] = await self._get(f"clients/{client_id}", ClientRecord)
            client = clients[client_id]
            rows.append(
                PartnerRepayment(
                    order_id=entry.order_id,
                    user_id=USER_IDS_FROM + client_id,
                    user_name=client.display_name,
                    mobile_number=indian_mobile(client.mobile_no) or "",
                    loan_number=f"{LOAN_PREFIX}{loan.account_no}",
                    amount=entry.amount,
                    status="paid",
                    cf_payment_id=entry.provider_reference or self._debit_payment(t),
                    created_at=entry.created_at,
                    paid_at=entry.created_at,
                    time_known=entry.time_known,
                    receipt_resendable=self.companion_desk is not None,
                    refunded=entry.allocation.refunded if entry.allocation is not None else None,
                )
            )
        if not isinstance(value, date):  # a day's repayments are those booked; the desk's also wait
            for client_id, loan in loans:
                if client_id not in clients:
                    clients[client_id] = await self._get(f"clients/{client_id}", ClientRecord)
                rows += await self._not_booked(loan, clients[client_id], by, str(value))
        return rows

    async def _not_booked(
        self, loan: FineractLoan, client: ClientRecord, by: RepaymentsBy, value: str
    ) -> list[PartnerRepayment]:
        """Our repayments on the loan that no transaction shows (Fineract's audit trail of our
        commands): those its checker has yet to approve (maker-checker), paid and with the lender;
        and those its checker rejected, refunded to the payer as the provider says the refund
        stands (or, until the refund is made by the next ask, pending)."""
        rows = []
        for command in await self._not_booked_commands(loan, by, value):
            status: RepaymentStatus = command.status
            if status == "refunded":
                # Rejected: the refund as it stands at the provider; none yet (the next ask, the
                # follow-up's, makes it) is pending.
                status = await self._refunded(command.order_id, command.provider_id) or "pending"
            rows.append(
                PartnerRepayment(
                    order_id=command.order_id,
                    user_id=USER_IDS_FROM + client.id,
                    user_name=client.display_name,
                    mobile_number=indian_mobile(client.mobile_no) or "",
                    loan_number=f"{LOAN_PREFIX}{loan.account_no}",
                    amount=command.amount,
                    status=status,
                    cf_payment_id=command.provider_id,
                    created_at=command.made_at or datetime(1970, 1, 1, tzinfo=UTC),
                    time_known=command.made_at is not None,
                    receipt_resendable=False,  # nothing booked: no receipt
                )
            )
        return rows

    async def _not_booked_commands(self, loan: FineractLoan, by: RepaymentsBy, value: str | None) -> list[NotBooked]:
        """Our repayment commands on the loan that no transaction shows, one per external id, by
        Fineract's processingResult: awaiting the checker, or rejected (`status` "refunded")."""
        made: list[AuditEntry] = await self._get(
            "audits", list[AuditEntry], {"actionName": "REPAYMENT", "entityName": "LOAN", "resourceId": loan.id}
        )
        booked = {t.external_id for t in loan.transactions if t.external_id and not t.manually_reversed}
        found: dict[str, NotBooked] = {}
        for entry in sorted(made, key=lambda e: e.id):
            command, external_id = entry.made(), entry.external_id()
            order_id = command.get("receiptNumber")
            status = NOT_BOOKED.get(entry.processing_result)
            if status is None or not external_id or not external_id.startswith("pg-") or external_id in booked:
                continue
            if not isinstance(order_id, str) or (by == "orderId" and value is not None and order_id != value):
                continue
            at = datetime.fromisoformat(entry.made_on_date) if entry.made_on_date else None
            if at is not None and at.tzinfo is None:
                at = at.replace(tzinfo=UTC)  # Fineract's audit times are the server's UTC
            amount = command.get("transactionAmount", Decimal(0))
            found[external_id] = NotBooked(
                order_id=order_id,
                provider_id=external_id.removeprefix("pg-"),
                status=status,
                amount=paise(Decimal(amount) if isinstance(amount, Decimal | int) else Decimal(0), self.name),
                made_at=at,
            )
        return list(found.values())

    async def _refunded(self, order_id: str, provider_id: str) -> RefundStanding | None:
        """Where the refund of a repayment the lender refused stands at the lender's own provider
        account (None: not made yet). The repayment's order is its own: any refund on it gives that
        payment back, ours or one the desk asked again after the bank gave ours up; the furthest
        along is its standing. A state Cashfree adds later is taken as still on its way. An AutoPay
        debit's (`MANDATE_<payment id>`) is a refund of the debit on its subscription, made by the
        companion under `rejected-<payment id>`."""
        if order_id.startswith(BOOKED_AS):
            return await self._debit_refunded(order_id.removeprefix(BOOKED_AS))
        given = await self.refunds.order_refunds(order_id)
        if not any(r.refund_id == f"{REJECTED_REFUND}{provider_id}" for r in given):
            return None
        standings = {REFUND_STANDING.get(r.refund_status, "refundPending") for r in given}
        return next(s for s in FURTHEST_FIRST if s in standings)

    async def _debit_refunded(self, payment_id: str) -> RefundStanding | None:
        debit = DEBIT_OF_SUBSCRIPTION.match(payment_id)
        if debit is None:
            return None
        # None: not made yet (the companion makes it when next told of the debit).
        refund = await self.refunds.mandate_refund(debit.group(1), f"{REJECTED_REFUND}{payment_id}")
        return REFUND_STANDING.get(refund.refund_status, "refundPending") if refund is not None else None

    async def resend_receipt(self, order_id: str, idempotency_key: str) -> ReceiptSent:
        """The companion mails the receipt (Fineract draws none), once per key."""
        if self.companion_desk is None:
            raise LenderCannot("resend_receipt", upstream=self.name)
        return await self.companion_desk.resend_receipt(order_id, idempotency_key)

    async def payment_link(self, code: str) -> ReminderLink | None:
        """The companion sends the reminders (Fineract sends none with a link) and mints their
        short links' codes: it says where a code leads."""
        if self.companion_desk is None:
            raise LenderCannot("payment_link", upstream=self.name)
        return await self.companion_desk.payment_link(code)

    async def partner_complaints(self, mobile_number: str) -> list[LenderComplaint]:
        """The support desk's list of a number's complaints, from the companion (its partner call,
        with the companion's key)."""
        if self.companion_desk is None:
            raise LenderCannot("partner_complaints", upstream=self.name)
        return await self.companion_desk.complaints(mobile_number)


def _borrowed(loans: list[FineractLoan]) -> list[tuple[int, FineractLoan]]:
    """Each loan a client borrowed (a JLG loan is its member's), with the client id; a group's own
    loan has none and is left out."""
    return [(loan.client_id, loan) for loan in loans if loan.client_id is not None]
