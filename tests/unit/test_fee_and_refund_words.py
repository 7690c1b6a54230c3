"""Who charges a loan's fee and who is paid it, said from the fee itself (the Key Facts PDF and the
screen word it alike); a cancelled order's refund as the provider has it now, not the words of
the moment it was asked for (issue 53)."""

from __future__ import annotations

from decimal import Decimal

from gateway.orders.refund_state import refund_state
from payments_client import ProviderRefund
from upstream_mocks.lending.loan_documents import payable_words
from upstream_mocks.texts.catalog import texts


def test_stamp_duty_is_the_state_governments_tax_that_the_lender_collects() -> None:
    for language in ("en", "hi"):
        words = texts(language)
        assert getattr(words, payable_words("stampDuty", "third party")) == words.kfs_payable_state
        assert getattr(words, payable_words("processing", "lender")) == words.kfs_payable_lender
        assert getattr(words, payable_words("documentation", "third party")) == words.kfs_payable_third_party
    english = texts("en")
    assert english.kfs_payable_state == (
        "a tax of the state government, collected by the lender and paid to the state government"
    )


def refund(refund_id: str, status: str, at: str) -> ProviderRefund:
    return ProviderRefund(
        cf_refund_id=f"cf-{refund_id}",
        refund_id=refund_id,
        order_id="vk_ord_1",
        refund_amount=Decimal("500.00"),
        refund_status=status,
        created_at=at,
    )


def test_the_cancellations_newest_refund_says_where_the_money_is() -> None:
    assert refund_state("vk_ord_1", []) is None
    assert refund_state("vk_ord_1", [refund("vk_ord_1-refund", "PENDING", "2026-12-01T10:00:00+05:30")]) == "initiated"
    assert refund_state("vk_ord_1", [refund("vk_ord_1-refund", "SUCCESS", "2026-12-01T10:00:00+05:30")]) == "credited"
    assert refund_state("vk_ord_1", [refund("vk_ord_1-refund", "ONHOLD", "2026-12-01T10:00:00+05:30")]) == "onHold"
    # Cancelled by the provider, then asked again and given back: given back.
    again = [
        refund("vk_ord_1-refund", "CANCELLED", "2026-12-01T10:00:00+05:30"),
        refund("vk_ord_1-refund-2", "SUCCESS", "2026-12-02T10:00:00+05:30"),
    ]
    assert refund_state("vk_ord_1", again) == "credited"
    # A refund the desk gave on the same provider order is not the cancellation's.
    assert refund_state("vk_ord_1", [refund("desk-7f3a", "SUCCESS", "2026-12-01T10:00:00+05:30")]) is None
