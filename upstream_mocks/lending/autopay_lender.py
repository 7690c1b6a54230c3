"""A lender mock's side of a loan's AutoPay partner calls (contracts/lending.openapi.yaml,
`partnerMandates` and `partnerMandateDebits`), as the calls' one implementation needs it.

Our own lender (lending/) and the Fineract lender's companion (fineract/) serve the same calls by
the same rules (autopay_mandates.py, mandate_debits.py, mandate_authentication.py,
autopay_cover.py); what differs is whose: the merchant account at the provider each reads with,
the key its calls demand, where it keeps what it was told (both live in one world), and its
books: how a loan is found, who its borrower is, what is owed, its payment links, how a debit is
booked and how a due is reminded of.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Generic, Literal, TypeVar

from payments_client.mandates import MandatePayment
from upstream_mocks.lending.due_links import DueLink
from upstream_mocks.lending.seed import Borrower
from upstream_mocks.settings import MerchantAccount, MockSettings
from upstream_mocks.texts import Language

L = TypeVar("L")


class Refused(Exception):
    """The lender's refusal, answered in its envelope with this status."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass(frozen=True)
class Booking:
    """What became of a debit the provider took: booked as a repayment (`order_id`), waiting for
    the lender's checker to approve its booking, or refused by that checker and refunded in full
    at the provider (never booked)."""

    status: Literal["booked", "waiting", "refunded"]
    order_id: str | None = None


@dataclass(frozen=True, kw_only=True)
class AutoPayAccount:
    """Whose AutoPay calls: the prefix of the states it keeps them in, its own account at the
    provider (every mandate and debit is read with it, never believed) and its partner key."""

    prefix: str
    account: Callable[[MockSettings], MerchantAccount]
    key: Callable[[MockSettings], str]

    def state(self, name: str) -> str:
        return f"{self.prefix}{name}"


OURS = AutoPayAccount(prefix="", account=lambda s: s.lending_account, key=lambda s: s.partner_key)
# The Fineract lender's companion: its partner calls carry the companion's key.
FINERACT = AutoPayAccount(prefix="fineract_", account=lambda s: s.fineract_account, key=lambda s: s.companion_key)


def _anything(_: object) -> bool:
    return True


def _never(_: object) -> bool:
    return False


@dataclass(frozen=True, kw_only=True)
class AutoPayLender(Generic[L]):
    """A lender's books as the AutoPay calls act on them; `L` is its own kind of loan."""

    of: AutoPayAccount
    find: Callable[[str], L]  # the loan by its number; Refused(404) when the lender has none
    borrower: Callable[[L], Borrower | None]  # where its notices go
    language: Callable[[L], Language]
    due_of: Callable[[L, int], date | None]  # an instalment's due date by its number
    owed: Callable[[L, date], Decimal]  # what is still owed of the instalment due that day
    link: Callable[[L, Borrower, date, Decimal], Awaitable[DueLink | None]]  # its payment link
    book: Callable[[L, MandatePayment], Awaitable[Booking]]  # a debit taken, booked once
    remind: Callable[[L, date, Decimal, int], Awaitable[None]]  # the due's reminder with its link
    takes_debits: Callable[[L], bool] = field(default=_anything)  # whether it collects online at all
    closed: Callable[[L], bool] = field(default=_never)  # closed (foreclosed, or paid off): nothing more is owed
    # A credit line's (our lender's): no instalments, its dues by date; its own notices' texts,
    # and its repayment page in place of an instalment's link (line_autopay.py).
    is_line: Callable[[L], bool] = field(default=_never)
