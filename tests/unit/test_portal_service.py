"""The portal's gateway logic, with respx standing in for the lending service."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable, Collection
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import httpx
import pytest
import respx

from gateway.otp import CodeLog, CodeSender, build_limiter
from gateway.otp.login import one_login
from gateway.plumbing.errors import Conflict, InvalidInput, NotAuthenticated, NotFound, UpstreamUnavailable
from gateway.portal.follow_up import FollowUps
from gateway.portal.idempotency import REUSED, IdempotencyKeys
from gateway.portal.pending import PendingPayments
from gateway.portal.schemas import CreatePaymentRequest
from gateway.portal.service import (
    AMOUNT_ABOVE_ZERO,
    AMOUNT_DECIMALS,
    KEY_REQUIRED,
    LOAN_NOT_MAPPED,
    NOTHING_OWED,
    PAYMENT_CANCELLED,
    PAYMENT_NOT_MAPPED,
    PaymentRefused,
    PortalService,
    amount_too_high,
    payable_amount,
)
from gateway.sessions import PortalLogin, Session, SessionManager
from gateway.sessions.store import ClaimingMemoryStore
from gateway.settings import Settings
from gateway.upstreams.catalogue import CatalogueClient
from gateway.upstreams.http import UpstreamHttp
from gateway.upstreams.lenders.native import NativeLender

BASE = "http://lending.test/"
MOBILE = "9876543210"
RECORD = {"userId": 1001, "userName": "Ramesh Kumar", "mobileNumber": MOBILE}


def envelope(data: Any = None, message: str = "Success", status: int = 200, **extra: Any) -> httpx.Response:
    return httpx.Response(status, json={"statusCode": status, "message": message, "data": data, **extra})


@dataclass
class Portal:
    service: PortalService
    sessions: SessionManager
    router: respx.MockRouter

    def session(self) -> Session:
        return Session(self.sessions, {}, None, None)

    async def logged_in(self, remaining: Decimal = Decimal("12450.00")) -> Session:
        session = self.session()
        session.record.portal = PortalLogin(
            user_id="1001",
            user_name="Ramesh Kumar",
            mobile_number=MOBILE,
            access_token="tok-1001",
            total_repayment_amount=Decimal("12450.00"),
            remaining_amount=remaining,
            minimum_payment=Decimal("1.00"),  # read with what is owed
        )
        await session.save()
        return session


@pytest.fixture
async def portal(make_settings: Callable[..., Settings]) -> AsyncIterator[Portal]:
    settings = make_settings()
    store = ClaimingMemoryStore()
    async with httpx.AsyncClient(base_url=BASE) as client, respx.mock(base_url=BASE, assert_all_called=False) as router:
        lending = NativeLender(UpstreamHttp("lending", client), "k")
        codes = CodeSender(lending, build_limiter(settings), settings.otp, CodeLog(ClaimingMemoryStore(), 1.0))
        login = one_login(codes, CatalogueClient(UpstreamHttp("catalogue", client)), lending)
        service = PortalService(
            lending, login, IdempotencyKeys(store), PendingPayments(store), FollowUps(store), nothing_paid_otherwise
        )
        yield Portal(service, SessionManager(store, settings), router)


async def nothing_paid_otherwise(order_ids: Collection[str]) -> dict[str, str]:
    """No desk here: no given-up refund was paid another way."""
    return {}


def partial(amount: str) -> CreatePaymentRequest:
    return CreatePaymentRequest(mode="partialPayment", amount=Decimal(amount))


OWED = Decimal("12450.00")


# Amount rules


def test_total_overdue_pays_what_is_owed() -> None:
    assert payable_amount(CreatePaymentRequest(mode="totalOverdue"), OWED) == Decimal("12450.00")


@pytest.mark.parametrize(
    ("amount", "message"),
    [
        ("0", AMOUNT_ABOVE_ZERO),
        ("-5", AMOUNT_ABOVE_ZERO),
        ("NaN", AMOUNT_ABOVE_ZERO),
        ("Infinity", AMOUNT_ABOVE_ZERO),
        ("12450.01", amount_too_high(OWED)),
        ("20000", "The amount cannot be more than the overdue amount of ₹12,450.00."),
        ("1e30", "The amount cannot be more than the overdue amount of ₹12,450.00."),
        ("10.005", AMOUNT_DECIMALS),
    ],
)
def test_a_partial_amount_must_be_above_zero_and_not_above_what_is_owed(amount: str, message: str) -> None:
    with pytest.raises(InvalidInput) as caught:
        payable_amount(partial(amount), OWED)
    assert caught.value.message == message
    assert caught.value.field == "amount"


@pytest.mark.parametrize("amount", ["0.01", "1000", "12450.00", "0.30"])
def test_a_partial_amount_within_bounds_is_paid_as_asked(amount: str) -> None:
    assert payable_amount(partial(amount), OWED) == Decimal(amount)


def test_the_overdue_amount_is_written_with_indian_grouping() -> None:
    assert (
        amount_too_high(Decimal("1234567.5")) == "The amount cannot be more than the overdue amount of ₹12,34,567.50."
    )


def test_nothing_can_be_paid_when_nothing_is_owed() -> None:
    with pytest.raises(InvalidInput) as caught:
        payable_amount(CreatePaymentRequest(mode="totalOverdue"), Decimal("0.00"))
    assert caught.value.message == NOTHING_OWED


# Repayment detail and token expiry


async def test_repayment_sends_the_bearer_and_remembers_what_is_owed(portal: Portal) -> None:
    session = await portal.logged_in(remaining=12450.0)
    detail = portal.router.get("webRepayment/repaymentDetail", params={"userId": "1001"}).mock(
        return_value=envelope([{"remainingAmount": 11450.0, "lateFees": 450.0, "pendingAmount": 12000.0}])
    )
    assert session.record.portal is not None
    view = await portal.service.repayment(session, session.record.portal)
    assert view.remaining_amount == 11450.0 and view.late_fees == 450.0 and view.pending_amount == 12000.0
    assert detail.calls.last.request.headers["Authorization"] == "Bearer tok-1001"
    assert session.record.portal.remaining_amount == 11450.0


async def test_a_token_the_lender_no_longer_accepts_ends_the_portal_login(portal: Portal) -> None:
    session = await portal.logged_in()
    portal.router.get("webRepayment/repaymentDetail").mock(
        return_value=httpx.Response(401, json={"statusCode": 401, "message": "Unauthorized", "data": None})
    )
    assert session.record.portal is not None
    with pytest.raises(NotAuthenticated) as expired:
        await portal.service.repayment(session, session.record.portal)
    assert expired.value.code == "session_expired"
    assert session.record.portal is None


# Creating payments: idempotency and error mapping

SESSION = {"payment_session_id": "ps_1", "order_id": "REPAY_1001_7001", "order_amount": 1000.0, "id": 7001}


async def test_the_same_idempotency_key_makes_one_order(portal: Portal) -> None:
    session = await portal.logged_in()
    create = portal.router.post("webRepayment/cashFreeRequest").mock(return_value=envelope(SESSION))
    login = session.record.portal
    assert login is not None
    first = await portal.service.create_payment(session, login, partial(1000), "key-00000001")
    second = await portal.service.create_payment(session, login, partial(1000), "key-00000001")
    assert first == second
    assert first.payment_log_id == 7001 and first.order_id == "REPAY_1001_7001"
    assert create.call_count == 1
    assert json.loads(create.calls.last.request.content) == {"order_amount": 1000.0, "userId": 1001}
    assert create.calls.last.request.headers["Authorization"] == "Bearer tok-1001"

    with pytest.raises(Conflict) as caught:
        await portal.service.create_payment(session, login, partial(2000), "key-00000001")
    assert caught.value.message == REUSED
    # A new click for the amount already pending is refused until the borrower says to pay again.
    with pytest.raises(Conflict) as pending:
        await portal.service.create_payment(session, login, partial(1000), "key-00000002")
    assert pending.value.code == "payment_pending"
    assert create.call_count == 1
    again = CreatePaymentRequest(mode="partialPayment", amount=Decimal(1000), pay_while_pending=True)
    await portal.service.create_payment(session, login, again, "key-00000002")
    assert create.call_count == 2


@pytest.mark.parametrize("key", [None, "short", "has spaces in it"])
async def test_a_payment_needs_a_well_formed_idempotency_key(portal: Portal, key: str | None) -> None:
    session = await portal.logged_in()
    create = portal.router.post("webRepayment/cashFreeRequest").mock(return_value=envelope(SESSION))
    assert session.record.portal is not None
    with pytest.raises(InvalidInput) as caught:
        await portal.service.create_payment(session, session.record.portal, partial(1000), key)
    assert caught.value.message == KEY_REQUIRED
    assert not create.called


async def test_an_amount_above_what_is_owed_never_reaches_the_lender(portal: Portal) -> None:
    session = await portal.logged_in(remaining=Decimal("500.00"))
    create = portal.router.post("webRepayment/cashFreeRequest").mock(return_value=envelope(SESSION))
    assert session.record.portal is not None
    with pytest.raises(InvalidInput):
        await portal.service.create_payment(session, session.record.portal, partial(500.01), "key-00000003")
    assert not create.called


async def test_a_refused_payment_says_the_financier_is_not_mapped_and_frees_the_key(portal: Portal) -> None:
    # The lender names the financier: a code of its own, which the page turns into what to do next.
    session = await portal.logged_in()
    login = session.record.portal
    assert login is not None
    create = portal.router.post("webRepayment/cashFreeRequest")
    create.side_effect = [
        httpx.Response(400, json={"statusCode": 400, "message": "Financier not authorized", "data": None}),
        envelope(SESSION),
    ]
    with pytest.raises(PaymentRefused) as caught:
        await portal.service.create_payment(session, login, partial(1000), "key-00000004")
    assert caught.value.code == "loan_not_mapped"
    assert caught.value.message == LOAN_NOT_MAPPED
    assert caught.value.status_code == 422
    retried = await portal.service.create_payment(session, login, partial(1000), "key-00000004")
    assert retried.order_id == "REPAY_1001_7001"


async def test_another_refusal_stays_the_generic_payment_refusal(portal: Portal) -> None:
    session = await portal.logged_in()
    login = session.record.portal
    assert login is not None
    portal.router.post("webRepayment/cashFreeRequest").mock(
        return_value=httpx.Response(400, json={"statusCode": 400, "message": "Borrower not found", "data": None})
    )
    # Asked again after the refusal: the amount still fits what the lender says is owed.
    figures = {"remainingAmount": 12450.0, "lateFees": 450.0, "pendingAmount": 12000.0, "loanNumber": "LN-1001"}
    portal.router.get("webRepayment/repaymentDetail").mock(return_value=envelope([figures]))
    portal.router.get("webRepayment/loans").mock(return_value=envelope([LOAN]))
    with pytest.raises(PaymentRefused) as caught:
        await portal.service.create_payment(session, login, partial(1000), "key-00000014")
    assert caught.value.code == "payment_not_available"
    assert caught.value.message == PAYMENT_NOT_MAPPED


async def test_a_refusal_after_the_dues_fell_below_the_amount_says_the_amount_is_too_high(portal: Portal) -> None:
    """Paid down from another device since this login read the dues: the lender refuses the
    amount, and the borrower is told what is owed now, not that the loan cannot be paid online."""
    session = await portal.logged_in()
    login = session.record.portal
    assert login is not None
    portal.router.post("webRepayment/cashFreeRequest").mock(
        return_value=httpx.Response(400, json={"statusCode": 400, "message": "Amount too high", "data": None})
    )
    figures = {"remainingAmount": 500.0, "lateFees": 0.0, "pendingAmount": 500.0, "loanNumber": "LN-1001"}
    portal.router.get("webRepayment/repaymentDetail").mock(return_value=envelope([figures]))
    portal.router.get("webRepayment/loans").mock(return_value=envelope([LOAN]))
    with pytest.raises(InvalidInput, match=r"more than the overdue amount of ₹500\.00") as refused:
        await portal.service.create_payment(session, login, partial(1000), "key-00000015")
    assert refused.value.field == "amount"
    assert login.remaining_amount == Decimal("500.00")


async def test_a_failing_lender_is_unavailable_and_a_create_is_not_retried(portal: Portal) -> None:
    session = await portal.logged_in()
    create = portal.router.post("webRepayment/cashFreeRequest").mock(return_value=httpx.Response(503))
    assert session.record.portal is not None
    with pytest.raises(UpstreamUnavailable):
        await portal.service.create_payment(session, session.record.portal, partial(1000), "key-00000005")
    assert create.call_count == 1


# Confirming


@pytest.mark.parametrize(
    ("message", "status"), [("Payment process completed", "completed"), ("Payment failed", "failed")]
)
async def test_confirm_reports_the_lenders_message(portal: Portal, message: str, status: str) -> None:
    session = await portal.logged_in()
    update = portal.router.post("webRepayment/updatePaymentStatus").mock(return_value=envelope(None, message))
    portal.router.get("webRepayment/paymentHistory").mock(return_value=envelope([history_entry(7001, "failed")]))
    detail = portal.router.get("webRepayment/repaymentDetail").mock(
        return_value=envelope([{"remainingAmount": 11450.0, "lateFees": 450.0, "pendingAmount": 12000.0}])
    )
    assert session.record.portal is not None
    outcome = await portal.service.confirm(session, session.record.portal, "REPAY_1001_7001", 7001)
    assert (outcome.message, outcome.status) == (message, status)
    # A completed payment refreshes what the gateway holds as owed, so the next one is judged on it.
    assert detail.called == (status == "completed")
    expected = Decimal("11450.00") if status == "completed" else Decimal("12450.00")
    assert session.record.portal.remaining_amount == expected
    assert json.loads(update.calls.last.request.content) == {
        "paymentLogId": 7001,
        "order_id": "REPAY_1001_7001",
        "userId": 1001,
    }


def history_entry(payment_log_id: int, status: str) -> dict[str, Any]:
    return {
        "paymentLogId": payment_log_id,
        "orderId": f"REPAY_1001_{payment_log_id}",
        "amount": 12450.0,
        "status": status,
        "createdAt": "2026-11-23T07:00:00Z",
        "paidAt": None,
        "providerReference": None,
        "remainingAfter": None,
    }


@pytest.mark.parametrize(
    ("listed", "status", "message"),
    [
        # the order is still open, nothing taken or tried: the borrower closed the checkout
        ("pending", "cancelled", PAYMENT_CANCELLED),
        # an attempt failed or the order expired
        ("failed", "failed", "Payment failed"),
        # the lender does not list it: not known to be open, so not called cancelled
        (None, "failed", "Payment failed"),
    ],
)
async def test_an_unpaid_payment_is_cancelled_only_while_the_lender_lists_it_open(
    portal: Portal, listed: str | None, status: str, message: str
) -> None:
    session = await portal.logged_in()
    portal.router.post("webRepayment/updatePaymentStatus").mock(return_value=envelope(None, "Payment failed"))
    entries = [history_entry(7002, "paid")] + ([history_entry(7001, listed)] if listed else [])
    portal.router.get("webRepayment/paymentHistory").mock(return_value=envelope(entries))
    assert session.record.portal is not None
    outcome = await portal.service.confirm(session, session.record.portal, "REPAY_1001_7001", 7001)
    assert (outcome.status, outcome.message) == (status, message)


async def test_a_history_the_lender_cannot_give_leaves_the_lenders_failed(portal: Portal) -> None:
    session = await portal.logged_in()
    portal.router.post("webRepayment/updatePaymentStatus").mock(return_value=envelope(None, "Payment failed"))
    portal.router.get("webRepayment/paymentHistory").mock(return_value=httpx.Response(503))
    assert session.record.portal is not None
    outcome = await portal.service.confirm(session, session.record.portal, "REPAY_1001_7001", 7001)
    assert (outcome.status, outcome.message) == ("failed", "Payment failed")


async def test_the_loan_particulars_pass_through_only_when_given(portal: Portal) -> None:
    session = await portal.logged_in()
    detail = portal.router.get("webRepayment/repaymentDetail")
    assert session.record.portal is not None
    figures = {"remainingAmount": 12450.0, "lateFees": 450.0, "pendingAmount": 12000.0}
    particulars = {
        "dueDate": "2026-11-06",
        "daysOverdue": 17,
        "lenderName": "Sahyogkosh Finance",
        "loanNumber": "LN-1001",
    }
    detail.mock(return_value=envelope([figures | particulars]))
    portal.router.get("webRepayment/loans").mock(return_value=envelope([]))  # the loan not listed: no minimum
    view = await portal.service.repayment(session, session.record.portal)
    assert (str(view.due_date), view.days_overdue, view.lender_name, view.loan_number) == (
        "2026-11-06",
        17,
        "Sahyogkosh Finance",
        "LN-1001",
    )
    detail.mock(return_value=envelope([figures]))
    view = await portal.service.repayment(session, session.record.portal)
    assert (view.due_date, view.days_overdue, view.lender_name, view.loan_number) == (None, None, None, None)
    assert (view.pending_amount, view.late_fees, view.remaining_amount) == (
        Decimal("12000.00"),
        Decimal("450.00"),
        Decimal("12450.00"),
    )


async def test_confirming_an_unknown_payment_is_not_found(portal: Portal) -> None:
    session = await portal.logged_in()
    portal.router.post("webRepayment/updatePaymentStatus").mock(
        return_value=httpx.Response(404, json={"statusCode": 404, "message": "Payment not found", "data": None})
    )
    assert session.record.portal is not None
    with pytest.raises(NotFound):
        await portal.service.confirm(session, session.record.portal, "REPAY_1001_9999", 9999)


LOAN = {
    "loanNumber": "LN-1001",
    "status": "overdue",
    "lender": {"name": "Sahyogkosh Finance", "registration": "N-14.03268", "website": "https://lender.example"},
    "lendingServiceProvider": "VoltKhata",
    "sanctionedAmount": "50000.00",
    "disbursedOn": "2026-06-06",
    "principalOutstanding": "12000.00",
    "principalDue": "10000.00",
    "interestDue": "2000.00",
    "interestAccrued": "0.00",
    "penalCharges": "450.00",
    "overdueAmount": "12450.00",
    "minimumPayment": "100.00",
    "nextDue": None,
    "daysPastDue": 17,
    "closedOn": None,
    "asOf": "2026-11-23",
}


async def test_a_part_payment_below_the_lenders_minimum_is_refused_before_the_lender_is_asked(portal: Portal) -> None:
    session = await portal.logged_in()
    assert session.record.portal is not None
    session.record.portal.minimum_payment = None  # not read yet: asked with what is owed
    figures = {"remainingAmount": 12450.0, "lateFees": 450.0, "pendingAmount": 12000.0, "loanNumber": "LN-1001"}
    portal.router.get("webRepayment/repaymentDetail").mock(return_value=envelope([figures]))
    portal.router.get("webRepayment/loans").mock(return_value=envelope([LOAN]))
    create = portal.router.post("webRepayment/cashFreeRequest")
    with pytest.raises(InvalidInput, match=r"minimum part-payment is ₹100\.00") as refused:
        await portal.service.create_payment(session, session.record.portal, partial("50"), "key-min-0001")
    assert (refused.value.code, refused.value.field) == ("below_minimum", "amount")
    assert create.call_count == 0
    view = await portal.service.repayment(session, session.record.portal)
    assert view.minimum_payment == Decimal("100.00") and view.pending_payments == []
