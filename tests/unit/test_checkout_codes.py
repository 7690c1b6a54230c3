"""The checkout's answers carry codes and figures beside the words, so the app words them in the
shopper's language: why credit cannot pay, what a timeline note says, an order's summary parts."""

from __future__ import annotations

from decimal import Decimal

import pytest

from gateway.checkout.service import credit_offer
from gateway.orders.tracking import note_code
from gateway.upstreams.lenders.port import CreditPosition


def position(overdue: str, available: str) -> CreditPosition:
    return CreditPosition(
        mobile_number="9876543210",
        credit_limit=Decimal("500000"),
        outstanding=Decimal("500000") - Decimal(available),
        available=Decimal(available),
        overdue_amount=Decimal(overdue),
    )


def test_credit_refusals_carry_their_reason_and_figures() -> None:
    assert credit_offer(None, Decimal("100"), "VoltKhata").reason == "noAccount"
    overdue = credit_offer(position("1200.50", "9000"), Decimal("100"), "VoltKhata")
    assert (overdue.reason, overdue.overdue, overdue.repay_url) == ("overdue", "1200.50", "/paynow")
    over = credit_offer(position("0", "90"), Decimal("100"), "VoltKhata")
    assert (over.reason, over.available) == ("overLimit", "90.00")
    offered = credit_offer(position("0", "900"), Decimal("100"), "VoltKhata")
    assert (offered.offered, offered.reason) == (True, None)


@pytest.mark.parametrize(
    ("note", "expected"),
    [
        ("Delivery attempt 2 of 3", ("deliveryAttempt", 2)),
        ("Delivery attempt 1 of 3 failed", ("deliveryFailed", 1)),
        ("Delivery attempt 3 of 3 failed; the order went back to the seller", ("returnedToSeller", 3)),
        ("Cancelled by you", ("cancelledByYou", None)),
        ("Not paid in time", ("notPaidInTime", None)),
        ("Left at the gate", (None, None)),  # a note the app has no words for keeps only its text
        (None, (None, None)),
    ],
)
def test_timeline_notes_read_as_codes(note: str | None, expected: tuple[str | None, int | None]) -> None:
    assert note_code(note) == expected
