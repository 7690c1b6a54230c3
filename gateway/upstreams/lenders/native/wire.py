"""Our lending contract's wire shapes that differ from the port's (decoded by the client modules,
mapped into the port's words by mapping.py)."""

from __future__ import annotations

from decimal import Decimal
from typing import Literal

import msgspec


class PartnerRepaymentRow(msgspec.Struct, rename="camel", kw_only=True):
    """One element of webRepayment/partnerRepayments: its moments as the contract's ISO text."""

    order_id: str
    user_id: int
    user_name: str
    mobile_number: str
    email: str | None = None  # where the lender mails the borrower
    loan_number: str | None = None
    amount: Decimal
    status: Literal["pending", "paid", "failed"]
    cf_payment_id: str | None = None
    created_at: str
    paid_at: str | None = None
    # Whether the desk can have the receipt mailed again (False: the lender draws none, nor does
    # a companion service of its; the desk says so rather than offer an action that fails).
    receipt_resendable: bool = True
    # False when the lender knows only the day (then `created_at`/`paid_at` are that day's start
    # in India, for ordering only): shown as the date alone, never as a time.
    time_known: bool = True
    refunded: Decimal | None = None  # beyond everything owed, refunded on the same provider order
