"""RBI's e-mandate limit is written twice on purpose: the gateway's (which debits it does not raise)
and the lender stand-in's (which reminders and notices it sends): the mocks import nothing of the
gateway's (docs/architecture.md). Written twice, they must agree."""

from __future__ import annotations

from decimal import Decimal

from gateway.loans import autopay as gateway_autopay
from upstream_mocks.lending import autopay_mandates as lender_mandates


def test_the_gateway_and_the_lender_hold_the_same_e_mandate_limit() -> None:
    assert gateway_autopay.AUTHENTICATION_LIMIT == lender_mandates.AUTHENTICATION_LIMIT == Decimal("15000.00")
