"""GET /api/session and logout: what the browser may know about its own session."""

from __future__ import annotations

from typing import Literal

import msgspec
from litestar import delete, get
from litestar.di import NamedDependency
from litestar.params import FromPath

from gateway.sessions.records import PortalLogin
from gateway.sessions.service import Session


class PortalSessionView(msgspec.Struct, rename="camel"):
    verified: bool
    user_name: str
    mobile_number: str
    # False: a borrower with nothing pending today (/payment has nothing to collect; /loans and
    # /complaints are theirs all the same).
    owing: bool = True


class StoreSessionView(msgspec.Struct, rename="camel"):
    verified: bool
    mobile_number: str | None
    via: Literal["otp", "native"]
    # The name to greet them by (the lender's for a borrower); null when not known.
    user_name: str | None = None


class SessionView(msgspec.Struct, rename="camel"):
    portal: PortalSessionView | None
    store: StoreSessionView | None


def portal_view(login: PortalLogin) -> PortalSessionView:
    return PortalSessionView(
        verified=True,
        user_name=login.user_name,
        mobile_number=login.mobile_number,
        owing=login.total_repayment_amount is not None,
    )


def session_view(session: Session) -> SessionView:
    if not session.exists:
        return SessionView(portal=None, store=None)
    record = session.record
    portal = portal_view(record.portal) if record.portal else None
    store = (
        StoreSessionView(
            verified=True,
            mobile_number=record.store.mobile_number,
            via=record.store.via,
            user_name=record.store.user_name,
        )
        if record.store
        else None
    )
    return SessionView(portal=portal, store=store)


@get("/api/session", tags=["session"], summary="Who is logged in, without any token", sync_to_thread=False)
def get_session(session: NamedDependency[Session]) -> SessionView:
    return session_view(session)


@delete(
    "/api/session/{group:str}",
    tags=["session"],
    summary="Log out: of the portal and the store at once (one login for both)",
    status_code=204,
)
async def logout(session: NamedDependency[Session], group: FromPath[Literal["portal", "store"]]) -> None:
    """Either group's Log out ends the one login: both groups' tokens are forgotten with the session."""
    if not session.exists:
        return
    record = session.record
    record.portal = None
    record.store = None
    record.pending.clear()
    await session.destroy()
