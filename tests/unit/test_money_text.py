"""Amounts in the words a user reads: Indian digit grouping (lakh and crore), in the gateway's
messages and in the mocks' own (the credit refusals, the catalogue's saving), written once in
Python (india/money.py) and checked on the table the app's tests read too."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from gateway.checkout.service import credit_offer
from gateway.upstreams.lenders.port import CreditPosition
from india.money import rupees_text
from upstream_mocks import money as mock_money
from upstream_mocks.catalogue.seed import saving_text
from upstream_mocks.lending.credit import CreditSummary, refusal

# The table the app's Vitest reads too (frontend/src/lib/money.test.ts).
CASES = json.loads((Path(__file__).resolve().parents[2] / "contracts" / "money-text-cases.json").read_text())["cases"]
GROUPED = [(case["amount"], case["text"]) for case in CASES]


@pytest.mark.parametrize(("amount", "text"), GROUPED)
def test_the_gateway_groups_rupees_the_indian_way(amount: str, text: str) -> None:
    assert rupees_text(Decimal(amount)) == text


@pytest.mark.parametrize(("amount", "text"), GROUPED)
def test_the_mocks_group_rupees_the_indian_way(amount: str, text: str) -> None:
    assert mock_money.rupees_text(Decimal(amount)) == text
    assert mock_money.indian_grouping(Decimal(amount)) == text.replace("₹", "")


def position(overdue: str, available: str) -> CreditPosition:
    return CreditPosition(
        mobile_number="9876543210",
        credit_limit=Decimal("500000.00"),
        outstanding=Decimal("500000.00") - Decimal(available),
        available=Decimal(available),
        overdue_amount=Decimal(overdue),
    )


def summary(overdue: str, available: str) -> CreditSummary:
    return CreditSummary(
        mobile_number="9876543210",
        credit_limit=Decimal("500000.00"),
        outstanding=Decimal("500000.00") - Decimal(available),
        available=Decimal(available),
        overdue_amount=Decimal(overdue),
        next_due_on=None,
    )


OVERDUE = "You have an overdue amount of ₹1,12,450.00. Please repay it first."
ABOVE = "The order total ₹5,12,000.50 is above your available credit of ₹5,00,000.00."


def test_the_checkout_refuses_credit_in_lakh_grouping() -> None:
    overdue = credit_offer(position("112450", "387550"), Decimal("1000"), "VoltKhata")
    assert not overdue.offered and overdue.message == OVERDUE
    above = credit_offer(position("0", "500000"), Decimal("512000.50"), "VoltKhata")
    assert not above.offered and above.message == ABOVE
    assert credit_offer(position("0", "500000"), Decimal("500000"), "VoltKhata").offered


def test_the_lenders_refusals_read_the_same_as_the_checkouts() -> None:
    assert refusal(summary("112450", "387550"), Decimal("1000")) == OVERDUE
    assert refusal(summary("0", "500000"), Decimal("512000.50")) == ABOVE
    assert refusal(summary("0", "500000"), Decimal("500000")) is None


def test_the_catalogues_saving_is_grouped_the_indian_way() -> None:
    assert saving_text(Decimal("250000.00"), Decimal("125000.00")) == "Save ₹1,25,000.00 on M.R.P."
    assert saving_text(Decimal("100.00"), Decimal("91.50")) == "Save ₹8.50 on M.R.P."
    assert saving_text(Decimal("100.00"), Decimal("100.00")) is None
