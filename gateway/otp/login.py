"""One login for the portal and the store: one code, checked once, both groups' tokens kept.

The code goes out through the lender (`sendOtp`) whichever screen asked for it, and is checked
once at the catalogue's `verifyOtp`, which knows every number (a verified number it has not
seen becomes a store user). The lender's borrower token is then obtained server-side with the
partner call `webRepayment/partnerLogin`; a number without a loan account has no portal login,
and the portal shows it its "no payment due" page; a borrower who owes nothing today is logged in
to their loans and complaints all the same. docs/decisions/one-login.md.
"""

from __future__ import annotations

import msgspec

from gateway.language.codes import Language
from gateway.otp.sender import CodeSender
from gateway.plumbing.errors import InvalidInput, NotAuthenticated, UpstreamRefused
from gateway.sessions import PortalLogin, Session, StoreLogin
from gateway.sessions.logins import PORTAL_LOGIN_FIRST, start_login
from gateway.upstreams.catalogue import CatalogueClient
from gateway.upstreams.lenders.port import BorrowerAccess, Lender
from india.money import in_paise

VERIFY_FAILED = "Error verifying OTP."


class Verified(msgspec.Struct, kw_only=True):
    store: StoreLogin
    # None: the number has no loan account. A borrower who owes nothing is logged in all the same
    # (their loans, Key Facts and complaints); `owing` on the login says whether /payment applies.
    portal: PortalLogin | None


class OneLogin:
    def __init__(self, codes: CodeSender, catalogue: CatalogueClient, lender: Lender) -> None:
        self.codes = codes
        self.catalogue = catalogue
        self.lender = lender

    async def verify(
        self, group: str, session: Session, mobile_number: str, otp: str, refused_code: str, language: Language | None
    ) -> Verified:
        """Check the code the session was sent for `group` and log in to both groups on a new session id.

        A code the catalogue refuses is a 400 with `refused_code` (each group's word for it)."""
        await self.codes.attempt(group, session, mobile_number)
        try:
            result = await self.catalogue.verify_otp(mobile_number, otp)
        except UpstreamRefused as exc:
            if exc.status is not None and (400 <= exc.status < 500 or exc.status == 200):
                raise InvalidInput(exc.message or VERIFY_FAILED, code=refused_code, field="otp") from exc
            raise
        borrower = await self.lender.borrower(mobile_number)
        portal = portal_login_of(borrower)
        name = (borrower[1].user_name if borrower else None) or result.record.user_name or None
        store = StoreLogin(
            user_id=str(result.record.user_id),
            access_token=result.access_token,
            mobile_number=mobile_number,
            via="otp",
            user_name=name,
        )
        await start_login(session, store, portal, language)
        return Verified(store=store, portal=portal)

    async def reopen_portal(self, session: Session, store: StoreLogin) -> PortalLogin | None:
        """The portal for a session whose code was verified before anything was owed (a shopper
        who then bought on credit): the lender is asked again for the verified number, with no
        second code. The native app's hand-over vouches for the store only, so it gets no portal."""
        if store.via != "otp" or store.mobile_number is None:
            raise NotAuthenticated(PORTAL_LOGIN_FIRST)
        portal = portal_login_of(await self.lender.borrower(store.mobile_number))
        if portal is not None:
            session.record.portal = portal
            await session.save()
        return portal


def portal_login_of(borrower: BorrowerAccess | None) -> PortalLogin | None:
    """The portal's login from the lender's answer; None without a loan account. Every borrower has
    one, owing or not (RBI's Digital Lending Directions give each their Key Facts and complaints)."""
    if borrower is None:
        return None
    token, record = borrower
    return PortalLogin(
        user_id=str(record.user_id),
        user_name=record.user_name,
        mobile_number=record.mobile_number,
        access_token=token,
        total_repayment_amount=record.total_repayment_amount,
        remaining_amount=in_paise(record.remaining_amount) if record.remaining_amount is not None else None,
    )


def one_login(codes: CodeSender, catalogue: CatalogueClient, lender: Lender) -> OneLogin:
    """The same login for every group's router (it keeps no state of its own)."""
    return OneLogin(codes, catalogue, lender)
