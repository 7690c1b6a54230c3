"""Every offer the lenders make stays within the credit terms the platform advertises
(contracts/credit-terms.json, the one setting the site, the FAQ and the checkout say them from):
its interest-free days are the advertised ones, its interest after them and its APR in the
advertised ranges, its processing fee not above the advertised largest share of the limit, and
the store's credit is due within the advertised repayment days. An offer outside them would make
a page's claim untrue, so it fails here, before any page says it (issue 53)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from litestar.testing import TestClient

from upstream_mocks.lending.credit import CREDIT_DAYS
from upstream_mocks.suite import create_suite

TERMS = json.loads((Path(__file__).resolve().parents[2] / "contracts" / "credit-terms.json").read_text("utf-8"))
PARTNER = {"x-partner-key": "mock-partner-key"}
# Applicants the lenders have never seen, with a GSTIN each: every product is offered to each.
APPLICANTS = [("9000000101", "06ABCPA1234F1Z5"), ("9000000102", "27AAPFU0939F1ZV")]


@pytest.fixture
def suite() -> Iterator[TestClient[Any]]:
    with TestClient(create_suite(check_contracts=True), base_url="http://mocks.internal/_mocks/") as client:
        yield client


def within(value: str, bounds: dict[str, str]) -> bool:
    return Decimal(bounds["from"]) <= Decimal(value) <= Decimal(bounds["to"])


def offers(suite: TestClient[Any]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Every offer made to the applicants, with its Key Facts."""
    made = []
    for mobile, gstin in APPLICANTS:
        body = {
            "mobileNumber": mobile,
            "applicantName": "A. Trader",
            "businessName": "A. Traders",
            "bureauConsent": True,
            "gstin": gstin,
        }
        answer = suite.post("lending/webRepayment/credit/applications", json=body, headers=PARTNER)
        assert answer.status_code == 200, answer.text
        application = answer.json()["data"]
        assert application["decision"] == "approved" and application["offers"], application
        for offer in application["offers"]:
            facts = suite.get(
                f"lending/webRepayment/credit/offers/{offer['offerId']}/keyFacts",
                params={"mobileNumber": mobile},
                headers=PARTNER,
            )
            assert facts.status_code == 200, facts.text
            made.append((offer, facts.json()["data"]))
    return made


def test_every_lenders_offer_is_within_the_advertised_terms(suite: TestClient[Any]) -> None:
    made = offers(suite)
    assert len({offer["lender"]["name"] for offer, _ in made}) >= 2  # every lender plugged in
    for offer, facts in made:
        lender = offer["lender"]["name"]
        assert facts["interestFreeDays"] == TERMS["interestFreeDays"], lender
        assert within(offer["interestRate"], TERMS["interestAfterPercent"]), (lender, offer["interestRate"])
        assert within(offer["apr"], TERMS["aprPercent"]), (lender, offer["apr"])
        largest_fee = Decimal(offer["creditLimit"]) * Decimal(TERMS["processingFeePercentUpTo"]) / 100
        assert Decimal(offer["processingFee"]) <= largest_fee, (lender, offer["processingFee"])


def test_the_stores_credit_is_due_within_the_advertised_days_and_free_of_interest_until_then() -> None:
    days = TERMS["repaymentDays"]
    assert days["from"] <= CREDIT_DAYS <= days["to"]
    assert TERMS["interestFreeDays"] == CREDIT_DAYS
