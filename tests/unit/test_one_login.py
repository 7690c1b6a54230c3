"""One login for the portal and the store (gateway/otp/login.py): one code, checked once at the
catalogue, the lender's borrower token obtained with the partner call, both kept server-side."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import httpx
import pytest
import respx

from gateway.otp import CodeLog, CodeSender, build_limiter
from gateway.otp.login import OneLogin, one_login
from gateway.otp.sender import REQUEST_FIRST
from gateway.plumbing.errors import InvalidInput, NotAuthenticated, UpstreamUnavailable
from gateway.sessions import Session, SessionManager, StoreLogin
from gateway.sessions.controller import session_view
from gateway.sessions.store import ClaimingMemoryStore
from gateway.settings import Settings
from gateway.upstreams.catalogue import CatalogueClient
from gateway.upstreams.http import UpstreamHttp
from gateway.upstreams.lenders.native import NativeLender

LENDING = "http://lending.test/"
CATALOGUE = "http://catalogue.test/"
MOBILE = "9876543210"
KEY = "partner-key-1"
BORROWER = {"userId": 1001, "userName": "Ramesh Kumar", "mobileNumber": MOBILE}


def answer(data: Any = None, message: str = "Success", status: int = 200, **extra: Any) -> httpx.Response:
    return httpx.Response(status, json={"statusCode": status, "message": message, "data": data, **extra})


@dataclass
class World:
    login: OneLogin
    sessions: SessionManager
    router: respx.MockRouter

    async def sent(self, group: str = "store") -> Session:
        session = Session(self.sessions, {}, None, None)
        self.router.post(f"{LENDING}sendOtp").mock(return_value=answer(None, "OTP sent"))
        await self.login.codes.send(group, session, MOBILE, "10.0.0.1")
        return session

    def catalogue_verifies(self) -> respx.Route:
        return self.router.post(f"{CATALOGUE}verifyOtp").mock(
            return_value=answer([{"userId": 2001, "mobileNumber": MOBILE, "userName": ""}], accessToken="cat-1")
        )


@pytest.fixture
async def world(make_settings: Callable[..., Settings]) -> AsyncIterator[World]:
    settings = make_settings()
    store = ClaimingMemoryStore()
    async with (
        httpx.AsyncClient(base_url=LENDING) as lending,
        httpx.AsyncClient(base_url=CATALOGUE) as catalogue,
        respx.mock(assert_all_called=False) as router,
    ):
        lending_http = UpstreamHttp("lending", lending)
        lender = NativeLender(lending_http, KEY)
        codes = CodeSender(lender, build_limiter(settings), settings.otp, CodeLog(ClaimingMemoryStore(), 1.0))
        yield World(
            one_login(codes, CatalogueClient(UpstreamHttp("catalogue", catalogue)), lender),
            SessionManager(store, settings),
            router,
        )


@pytest.mark.parametrize("group", ["store", "portal"])
async def test_one_code_logs_a_borrower_in_to_both_groups_on_a_new_session_id(world: World, group: str) -> None:
    session = await world.sent(group)
    first_id = session.id
    verify = world.catalogue_verifies()
    partner = world.router.post(f"{LENDING}webRepayment/partnerLogin").mock(
        return_value=answer(
            [{**BORROWER, "totalRepaymentAmount": 12450.0, "remainingAmount": 12450.0}], accessToken="lend-1"
        )
    )
    second_code = world.router.post(f"{LENDING}webRepayment/verifyOtp")

    verified = await world.login.verify(group, session, MOBILE, "123456", "otp_rejected", None)

    assert json.loads(verify.calls.last.request.content)["otp"] == "123456"
    assert partner.calls.last.request.headers["x-partner-key"] == KEY
    assert json.loads(partner.calls.last.request.content) == {"mobileNumber": MOBILE}
    assert not second_code.called  # the code is checked once
    assert verified.portal is not None and verified.portal.access_token == "lend-1"
    assert session.record.store is not None and session.record.store.access_token == "cat-1"
    assert session.record.portal is not None and session.record.portal.access_token == "lend-1"
    assert session.record.pending == {}
    assert session.id is not None and session.id != first_id
    assert await world.sessions.load(first_id or "") is None
    view = session_view(session)  # what the browser may see: names, never a token
    assert view.portal is not None and view.portal.user_name == "Ramesh Kumar"
    assert view.store is not None and view.store.user_name == "Ramesh Kumar"
    assert "lend-1" not in repr(view) and "cat-1" not in repr(view)


async def test_a_shopper_without_a_loan_account_is_logged_in_to_the_store_only(world: World) -> None:
    session = await world.sent()
    world.catalogue_verifies()
    world.router.post(f"{LENDING}webRepayment/partnerLogin").mock(
        return_value=answer(None, "No loan account is registered with this mobile number", 404)
    )
    verified = await world.login.verify("store", session, MOBILE, "123456", "verify_failed", None)
    assert verified.portal is None
    assert session.record.store is not None and session.record.portal is None


async def test_a_borrower_with_nothing_pending_is_logged_in_owing_nothing(world: World) -> None:
    session = await world.sent("portal")
    world.catalogue_verifies()
    world.router.post(f"{LENDING}webRepayment/partnerLogin").mock(
        return_value=answer([{**BORROWER, "totalRepaymentAmount": None, "remainingAmount": None}], accessToken="l")
    )
    verified = await world.login.verify("portal", session, MOBILE, "123456", "otp_rejected", None)
    assert verified.portal is not None and verified.portal.total_repayment_amount is None
    assert session.record.portal == verified.portal and session.record.portal.access_token == "l"
    assert session.record.store is not None and session.record.store.user_name == "Ramesh Kumar"


@pytest.mark.parametrize(
    "message", ["Invalid OTP", None, 'Traceback (most recent call last):\n  File "otp.py", line 3']
)
async def test_a_refused_code_shows_our_words_and_asks_the_lender_nothing(world: World, message: str | None) -> None:
    session = await world.sent("portal")
    world.router.post(f"{CATALOGUE}verifyOtp").mock(
        return_value=httpx.Response(400, json={"statusCode": 400, "message": message, "data": None})
    )
    partner = world.router.post(f"{LENDING}webRepayment/partnerLogin")
    with pytest.raises(InvalidInput) as caught:
        await world.login.verify("portal", session, MOBILE, "123456", "otp_rejected", None)
    assert caught.value.message == "Invalid OTP. Please try again."
    assert caught.value.code == "otp_rejected" and caught.value.field == "otp"
    assert not partner.called
    assert session.record.portal is None and session.record.store is None


async def test_a_lender_that_cannot_answer_leaves_nobody_logged_in(world: World) -> None:
    session = await world.sent()
    world.catalogue_verifies()
    world.router.post(f"{LENDING}webRepayment/partnerLogin").mock(return_value=answer(None, "down", 503))
    with pytest.raises(UpstreamUnavailable):
        await world.login.verify("store", session, MOBILE, "123456", "verify_failed", None)
    assert session.record.portal is None and session.record.store is None


async def test_verify_without_a_code_sent_makes_no_upstream_call(world: World) -> None:
    verify = world.catalogue_verifies()
    with pytest.raises(InvalidInput) as caught:
        await world.login.verify("store", Session(world.sessions, {}, None, None), MOBILE, "1", "verify_failed", None)
    assert caught.value.message == REQUEST_FIRST
    assert not verify.called


async def test_a_shopper_who_owes_since_logging_in_opens_the_portal_without_a_second_code(world: World) -> None:
    session = await world.sent()
    world.catalogue_verifies()
    partner = world.router.post(f"{LENDING}webRepayment/partnerLogin")
    partner.mock(
        return_value=answer([{**BORROWER, "totalRepaymentAmount": None, "remainingAmount": None}], accessToken="l")
    )
    await world.login.verify("store", session, MOBILE, "123456", "verify_failed", None)
    assert session.record.portal is not None and session.record.portal.total_repayment_amount is None
    assert session.record.store is not None

    # Since the login: a purchase on credit; /paynow asks the lender again for the verified number.
    partner.mock(
        return_value=answer([{**BORROWER, "totalRepaymentAmount": 5000.5, "remainingAmount": 5000.5}], accessToken="l2")
    )
    portal = await world.login.reopen_portal(session, session.record.store)
    assert portal is not None and portal.access_token == "l2"
    assert session.record.portal is not None and session.record.portal.total_repayment_amount == Decimal("5000.5")
    assert json.loads(partner.calls.last.request.content) == {"mobileNumber": MOBILE}
    assert [call.request.url.path for call in world.router.calls].count("/sendOtp") == 1  # no second code
    saved = await world.sessions.load(session.id or "")
    assert saved is not None and saved.portal is not None


async def test_the_native_apps_hand_over_does_not_open_the_portal(world: World) -> None:
    session = Session(world.sessions, {}, None, None)
    partner = world.router.post(f"{LENDING}webRepayment/partnerLogin")
    native = StoreLogin(user_id="7", access_token="n", mobile_number=MOBILE, via="native")
    with pytest.raises(NotAuthenticated):
        await world.login.reopen_portal(session, native)
    assert not partner.called
