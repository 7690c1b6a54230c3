"""What a session holds. Upstream access tokens live here and nowhere else."""

from __future__ import annotations

from decimal import Decimal
from typing import Literal

import msgspec

from gateway.language.codes import Language


class PortalLogin(msgspec.Struct, kw_only=True):
    """A borrower verified on the repayment portal."""

    user_id: str
    user_name: str
    mobile_number: str
    access_token: str
    # None: nothing is pending today (the borrower sees their loans and "no payment due").
    total_repayment_amount: Decimal | None = None
    remaining_amount: Decimal | None = None
    # The lender's smallest part-payment for the loan, as last read with what is owed.
    minimum_payment: Decimal | None = None


class StoreLogin(msgspec.Struct, kw_only=True):
    """An electrician logged in to the storefront, by code or handed over by the native app."""

    user_id: str
    access_token: str
    mobile_number: str | None = None
    via: Literal["otp", "native"] = "otp"
    # The name to greet them by: the lender's for a borrower, else the catalogue's (may be unknown).
    user_name: str | None = None


class PendingCode(msgspec.Struct, kw_only=True):
    """A one-time code sent and not yet verified, per route group."""

    mobile_number: str
    sent_at: float


class SessionRecord(msgspec.Struct, kw_only=True):
    """One login for both route groups: a code verified once fills `store` and, for a borrower
    with something pending, `portal` (docs/decisions/one-login.md); logging out ends both."""

    created_at: float
    seen_at: float
    portal: PortalLogin | None = None
    store: StoreLogin | None = None
    pending: dict[str, PendingCode] = msgspec.field(default_factory=dict)
    language: Language | None = None  # chosen in the app, for the SMS, mails and PDFs the server makes
