"""Store login: by one-time code, or handed over by the native app (userDataFromNative)."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import TypeVar

from gateway.errors import InvalidInput, NotAuthenticated
from gateway.sessions import Session, StoreLogin
from gateway.upstreams.catalogue import CatalogueClient, CatalogueError

T = TypeVar("T")

VERIFIED = "OTP verified successfully!"
VERIFY_FAILED = "Error verifying OTP."
HANDED_OVER = "Logged in from the app."
NOT_VERIFIED = "The app has not verified this user."
HAND_OVER_REJECTED = "The app's login could not be confirmed. Please log in again."
LOGIN_REQUIRED = "Please log in to continue."
_AUTH_STATUSES = (401, 403)


def current_login(session: Session) -> StoreLogin | None:
    return session.record.store if session.exists else None


def require_login(session: Session) -> StoreLogin:
    login = current_login(session)
    if login is None:
        raise NotAuthenticated(LOGIN_REQUIRED)
    return login


async def start_login(session: Session, login: StoreLogin) -> None:
    """A new id for the session at every login; the token stays in the record, server-side."""
    await session.rotate()
    session.record.store = login
    session.record.pending.pop("store", None)
    await session.save()


async def guarded(session: Session, call: Awaitable[T]) -> T:
    """Run a bearer call; a token the service no longer accepts ends the store login."""
    try:
        return await call
    except CatalogueError as exc:
        if exc.status in _AUTH_STATUSES and session.exists and session.record.store is not None:
            session.record.store = None
            await session.save()
            raise NotAuthenticated(LOGIN_REQUIRED, code="store_login_expired") from exc
        raise


async def verify_code(catalogue: CatalogueClient, mobile_number: str, otp: str) -> StoreLogin:
    try:
        result = await catalogue.verify_otp(mobile_number, otp)
    except CatalogueError as exc:
        if (exc.status is not None and 400 <= exc.status < 500) or exc.status == 200:
            raise InvalidInput(exc.message or VERIFY_FAILED, code="verify_failed", field="otp") from exc
        raise
    return StoreLogin(
        user_id=str(result.record.user_id),
        access_token=result.access_token,
        mobile_number=mobile_number,
        via="otp",
    )


async def check_native(catalogue: CatalogueClient, user_id: str, token: str, verified: bool) -> StoreLogin:
    """Trust the app's token only after the catalogue service accepts it for that user."""
    if not verified:
        raise NotAuthenticated(NOT_VERIFIED, code="native_not_verified")
    try:
        addresses = await catalogue.addresses(int(user_id), token)
    except CatalogueError as exc:
        if exc.status in _AUTH_STATUSES:
            raise NotAuthenticated(HAND_OVER_REJECTED, code="native_token_rejected") from exc
        raise
    mobile = next((a.mobile_number for a in addresses if a.mobile_number), None)
    return StoreLogin(user_id=user_id, access_token=token, mobile_number=mobile, via="native")
