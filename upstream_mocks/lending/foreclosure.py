"""A term loan's foreclosure quote on a day, as the lender works it out: the whole principal
outstanding, interest due and accrued to that day, penal charges due, and the foreclosure charge
the Key Facts name, unless RBI's pre-payment charges directions (2025) forbid one: none on a
floating-rate loan to an individual (or to a micro or small enterprise), whatever the Key Facts say.
The quote holds for its day only: interest accrues daily."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Literal

import msgspec

from upstream_mocks.lending.loans import ZERO, Loan, Position
from upstream_mocks.money import rupees

ChargeRule = Literal["keyFactsCharge", "noChargeFloatingRate"]


class ForeclosureQuote(msgspec.Struct, frozen=True, kw_only=True):
    loan_number: str
    principal: Decimal
    interest: Decimal
    penal_charges: Decimal
    charge_percent: Decimal
    charge: Decimal
    charge_rule: ChargeRule
    total: Decimal
    valid_on: date


def charge_rule(loan: Loan) -> ChargeRule:
    """Which rule sets the charge: a floating rate to an individual bars one (RBI 2025)."""
    return "noChargeFloatingRate" if loan.rate_type == "floating" and loan.to_individual else "keyFactsCharge"


def foreclosure_quote(loan: Loan, at: Position) -> ForeclosureQuote:
    rule = charge_rule(loan)
    percent = loan.foreclosure_charge_percent if rule == "keyFactsCharge" else ZERO
    principal = at.principal_outstanding
    interest = at.interest_due + at.interest_accrued
    charge = rupees(principal * percent / Decimal(100))
    return ForeclosureQuote(
        loan_number=loan.loan_number,
        principal=principal,
        interest=interest,
        penal_charges=at.charges_due,
        charge_percent=percent,
        charge=charge,
        charge_rule=rule,
        total=principal + interest + at.charges_due + charge,
        valid_on=at.today,
    )
