"""Who is logged in to a route group, and the one rule for a token the upstream stops accepting.

`portal_login` and `store_login` are the groups' `login` dependencies: a handler that declares
`login` cannot run without one (401); `optional_store_login` is the store's `shopper`.
`forget_login_on_refusal` wraps a service's bearer calls: the upstream refused the token
(401/403) → the group's login is dropped from the session and the call answers 401
`session_expired`.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Literal

from litestar.di import NamedDependency

from gateway.language.codes import Language
from gateway.plumbing.errors import NotAuthenticated, UpstreamRefused
from gateway.sessions.records import PortalLogin, StoreLogin
from gateway.sessions.service import Session

Group = Literal["portal", "store"]

PORTAL_LOGIN_FIRST = "Please log in with your mobile number to continue."
STORE_LOGIN_FIRST = "Please log in to continue."
SESSION_EXPIRED = "Your session has expired. Please log in again."
TOKEN_REFUSED = (401, 403)


def portal_login(session: NamedDependency[Session]) -> PortalLogin:
    login = session.record.portal if session.exists else None
    if login is None:
        raise NotAuthenticated(PORTAL_LOGIN_FIRST)
    return login


def optional_store_login(session: NamedDependency[Session]) -> StoreLogin | None:
    """For store routes open to everyone that show a logged-in shopper more (cart quantities).
    With the session store down, the shopper browses as a visitor."""
    if not session.available:
        return None
    return session.record.store if session.exists else None


def store_login(session: NamedDependency[Session]) -> StoreLogin:
    login = session.record.store if session.exists else None  # the store's 503 when it is down
    if login is None:
        raise NotAuthenticated(STORE_LOGIN_FIRST)
    return login


async def start_login(
    session: Session, store: StoreLogin, portal: PortalLogin | None = None, language: Language | None = None
) -> None:
    """One login for both groups, on a new session id (a planted id is worthless); the tokens
    stay server-side. `portal` None: no borrower login (nothing pending, or the native app's
    hand-over, which vouches for the store only). `language`: the app's `lang` cookie, which the
    new session takes for the server's texts."""
    await session.rotate()
    if language is not None:
        session.record.language = language
    session.record.store = store
    session.record.portal = portal
    session.record.pending.clear()
    await session.save()


@asynccontextmanager
async def forget_login_on_refusal(session: Session, group: Group) -> AsyncIterator[None]:
    try:
        yield
    except UpstreamRefused as exc:
        if exc.status not in TOKEN_REFUSED:
            raise
        if session.exists:
            if group == "portal":
                session.record.portal = None
            else:
                session.record.store = None
            await session.save()
        raise NotAuthenticated(SESSION_EXPIRED, code="session_expired") from exc
