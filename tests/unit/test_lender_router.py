"""Several lenders behind one port (gateway/upstreams/lenders/routing.py): one payment never spans
lenders. What is owed is the first lender's with something overdue, and an amount above it is
refused in our words before any lender is asked for a checkout."""

from __future__ import annotations

from decimal import Decimal
from typing import Any, cast

import pytest

from gateway.plumbing.errors import InvalidInput
from gateway.upstreams.lenders.port import Lender, PaymentSession, RepaymentDetail, RepaymentRecord
from gateway.upstreams.lenders.routing import LenderRouter


class Owing:
    """A lender the borrower owes `overdue` to, recording the checkouts it is asked for."""

    def __init__(self, user_id: int, overdue: str) -> None:
        self.user_id, self.overdue = user_id, Decimal(overdue)
        self.checkouts: list[Decimal] = []

    async def borrower(self, mobile_number: str) -> tuple[str, RepaymentRecord]:
        owed = self.overdue if self.overdue > 0 else None
        record = RepaymentRecord(
            user_id=self.user_id,
            user_name="Ramesh Kumar",
            mobile_number=mobile_number,
            total_repayment_amount=owed,
            remaining_amount=owed,
        )
        return f"token-{self.user_id}", record

    async def repayment_detail(self, token: str, user_id: int) -> RepaymentDetail:
        return RepaymentDetail(remaining_amount=self.overdue, late_fees=Decimal(0), pending_amount=self.overdue)

    async def create_payment_session(self, token: str, user_id: int, amount: Decimal, language: Any = "en") -> Any:
        self.checkouts.append(amount)
        return PaymentSession(payment_session_id="s", order_id=f"O{user_id}", order_amount=amount, id=1)


@pytest.mark.asyncio
async def test_one_payment_is_one_lenders_and_never_more_than_it_is_owed() -> None:
    first, second = Owing(1001, "0.00"), Owing(800000502, "1590.00")
    third = Owing(7, "250.00")
    router = LenderRouter({"native": cast(Lender, first), "fineract": cast(Lender, second), "x": cast(Lender, third)})
    found = await router.borrower("9876543210")
    assert found is not None
    token, record = found
    # The login's "total overdue" is the lender owed first's, never both lenders' added up.
    assert (record.remaining_amount, record.total_repayment_amount) == (Decimal("1590.00"), Decimal("1590.00"))
    with pytest.raises(InvalidInput) as refused:
        await router.create_payment_session(token, record.user_id, Decimal("1840.00"))
    assert refused.value.message.startswith("One payment pays one lender's loan: pay at most ₹1,590.00 now.")
    assert second.checkouts == third.checkouts == []
    created = await router.create_payment_session(token, record.user_id, Decimal("1590.00"))
    assert created.order_id == "O800000502" and second.checkouts == [Decimal("1590.00")] and third.checkouts == []
