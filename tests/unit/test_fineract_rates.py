"""Fineract keeps a loan's rate with six decimals and sends it as a JSON number: the adapter
decodes it straight to Decimal (never a float) and shows it exactly, never rounded to paise."""

from __future__ import annotations

from decimal import Decimal

import msgspec
import pytest

from gateway.upstreams.lenders.fineract.mapping import rate
from gateway.upstreams.lenders.fineract.wire import FineractLoan

LOAN = b"""{"id": 7105, "accountNo": "000007105", "clientId": 504,
 "status": {"id": 300, "code": "loanStatusType.active", "value": "Active", "active": true},
 "currency": {"code": "INR", "decimalPlaces": 2}, "principal": 12000.000000,
 "timeline": {}, "summary": {}, "annualInterestRate": %s}"""


@pytest.mark.parametrize(
    ("sent", "shown"),
    [
        ("12.123456", "12.123456"),
        ("9.75", "9.75"),
        ("9.750000", "9.75"),
        ("18.000000", "18.00"),
        ("10", "10.00"),
        ("0.000001", "0.000001"),
        ("0.1000000000000000055511151231257827", "0.1000000000000000055511151231257827"),
    ],
)
def test_a_rate_sent_as_a_json_number_is_shown_exactly(sent: str, shown: str) -> None:
    loan = msgspec.json.decode(LOAN % sent.encode(), type=FineractLoan)
    assert isinstance(loan.annual_interest_rate, Decimal)
    assert loan.annual_interest_rate == Decimal(sent)  # straight from the JSON text, no float between
    assert format(rate(loan.annual_interest_rate), "f") == shown
