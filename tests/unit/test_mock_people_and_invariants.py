"""The mocks' QA read-outs the console's People and Money sections show: who the seed holds, each
with what it is for, and the money invariants judged on the seed (all holding) and on a ledger
that breaks them (each naming what breaks it)."""

from __future__ import annotations

from decimal import Decimal

from litestar.testing import TestClient

from upstream_mocks.ledger import AccountRefund, Booking, Charge, Ledger, PayoutEntry, Repayment
from upstream_mocks.money_invariants import invariants
from upstream_mocks.suite import create_suite


def test_people_lists_each_seeded_borrower_and_shopper_with_what_it_is_for() -> None:
    with TestClient(app=create_suite()) as client:
        people = client.get("/_mocks/people").json()
    by_role = {(p["role"], p["mobileNumber"]): p for p in people}
    overdue = by_role[("lending borrower", "9876543210")]
    assert overdue["name"] == "Ramesh Kumar" and overdue["app"] == "portal"
    assert overdue["purpose"].startswith("The overdue borrower")
    assert by_role[("Fineract borrower", "9811122233")]["purpose"].startswith("The Fineract borrower")
    assert by_role[("shopper", "9876543210")]["app"] == "store"
    assert all(p["purpose"] for p in people)


def test_every_invariant_holds_on_the_seed() -> None:
    with TestClient(app=create_suite()) as client:
        rules = client.get("/_mocks/ledger/invariants").json()
    assert len(rules) >= 5
    assert [r for r in rules if not r["holds"]] == []


def test_a_charge_of_nothing_or_refunded_twice_over_breaks_its_invariants() -> None:
    ledger = Ledger(
        charges=[
            Charge(
                cf_payment_id="1",
                provider_order_id="STRAY_1",
                account="mock-client",
                amount=Decimal("10.00"),
                refunded=Decimal("0.00"),
            ),
            Charge(
                cf_payment_id="2",
                provider_order_id="REPAY_2",
                account="mock-lender-client",
                amount=Decimal("10.00"),
                refunded=Decimal("20.00"),
            ),
        ],
        store_orders=[],
        repayments=[Repayment(provider_order_id="REPAY_2", status="paid")],
        credit_draws=[],
        stock_taken={},
        bookings=[],
        outstanding=[],
        payment_links=[],
    )
    broken = {r.name: r.broken_by for r in invariants(ledger) if not r.holds}
    assert broken["Every charge belongs to exactly one store order or repayment"] == ["STRAY_1"]
    assert broken["No refund exceeds its charge"] == ["REPAY_2"]
    assert broken["Every charged repayment is booked once at its lender, for what was charged and not given back"] == [
        "REPAY_2"
    ]


def test_a_repayment_is_booked_for_what_was_charged_less_what_its_lender_gave_back() -> None:
    """Its lender keeps what was owed and gives back what the payment brought beyond it: booked
    for the rest holds; booked whole while part was given back, or given back and booked whole,
    breaks."""
    rule = "Every charged repayment is booked once at its lender, for what was charged and not given back"

    def broken(booked: str, refunded: str) -> list[str]:
        ledger = Ledger(
            charges=[
                Charge(
                    cf_payment_id="7",
                    provider_order_id="REPAY_7",
                    account="mock-lender-client",
                    amount=Decimal("100.00"),
                    refunded=Decimal(refunded),
                )
            ],
            store_orders=[],
            repayments=[Repayment(provider_order_id="REPAY_7", status="paid")],
            credit_draws=[],
            stock_taken={},
            bookings=[
                Booking(lender="lending", provider_order_id="REPAY_7", cf_payment_id="7", amount=Decimal(booked))
            ],
            outstanding=[],
            payment_links=[],
        )
        return next(r.broken_by for r in invariants(ledger) if r.name == rule)

    assert broken("100.00", "0.00") == []
    assert broken("60.00", "40.00") == []
    assert broken("100.00", "40.00") == ["REPAY_7"]
    assert broken("60.00", "0.00") == ["REPAY_7"]


def test_a_stray_payout_a_second_payout_or_a_refund_never_paid_out_breaks_its_invariants() -> None:
    ledger = Ledger(
        charges=[],
        store_orders=[],
        repayments=[],
        credit_draws=[],
        stock_taken={},
        bookings=[],
        outstanding=[],
        payment_links=[],
        payouts=[
            PayoutEntry(transfer_id="STRAY_1", amount=Decimal("10.00"), status="SUCCESS", utr="634000000001"),
            PayoutEntry(transfer_id="VK10000001_R1", amount=Decimal("50.84"), status="SUCCESS", utr="634000000002"),
            PayoutEntry(transfer_id="VK10000002_R1", amount=Decimal("99.00"), status="PENDING", utr=None),
        ],
        account_refunds=[
            AccountRefund(
                return_number="VK10000001-R1", amount=Decimal("50.84"), status="refunded", transfer_id="VK10000001_R1"
            ),
            AccountRefund(
                return_number="VK10000002-R1", amount=Decimal("50.00"), status="refunded", transfer_id="VK10000002_R1"
            ),
        ],
    )
    broken = {r.name: r.broken_by for r in invariants(ledger) if not r.holds}
    assert broken["Every payout belongs to one refund to a UPI ID or bank account, for its amount"] == [
        "STRAY_1",
        "VK10000002_R1",
    ]
    assert broken["Every return refunded to a UPI ID or bank account was paid by its payout"] == ["VK10000002-R1"]
    assert "No refund is paid out twice" not in broken
