"""Refunds of a mandate's debits at the payments mock, as Cashfree's subscription refunds (2025-01-01:
SubsCreateRefund, SubsFetchSubscriptionRefund) have them, driven through our own provider client:
a debited charge is refunded once (the same key replays the answer, the same refund_id for another
amount is refused), never beyond what was debited, and only a debited CHARGE of the subscription
is refunded; a refund is INITIATED, then SUCCESS once the bank pays it out, as an order's refund, or
held by QA's refund scenario and given up (its amount refundable again). Every call and answer is
held to our contract and Cashfree's document (the fixture's checks).
"""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest

from payments_client import MandateRefund, ProviderRefused
from tests.contract.test_payments_mandates import INSTALMENT, LENDER, Provider, _approved_mandate
from tests.contract.test_payments_mandates import provider as provider  # the fixture
from upstream_mocks.payments.provider_document import API_VERSION
from upstream_mocks.world import Scenario

SID = "LN-1001-mandate-1"
LENDER_HEADERS = {
    "x-client-id": LENDER.client_id,
    "x-client-secret": LENDER.client_secret,
    "x-api-version": API_VERSION,
}


async def _debited(p: Provider, payment_id: str = "LN-1001-jan") -> None:
    """A charge of the mandate, debited when the clock passes its date."""
    await p.lender.charge(
        SID, payment_id=payment_id, amount=INSTALMENT, scheduled_at=p.now() + timedelta(hours=24, minutes=10)
    )
    await p.move_clock(hours=24, minutes=15)
    assert (await p.lender.mandate_payment(SID, payment_id)).payment_status == "SUCCESS"


async def test_a_debited_charge_is_refunded_once_never_beyond_it_and_paid_out_as_an_order_refund(
    provider: Provider,
) -> None:
    p = provider
    await _approved_mandate(p, SID)
    await _debited(p)
    paid = await p.lender.mandate_payment(SID, "LN-1001-jan")

    made = await p.lender.refund_mandate_payment(
        SID,
        payment_id="LN-1001-jan",
        refund_id="LN-1001-jan-r1",
        amount=Decimal("2450.00"),
        key="refund-jan-1",
        note="Instalment overpaid",
    )
    assert isinstance(made, MandateRefund)
    assert (made.payment_id, made.cf_payment_id, made.refund_id, made.refund_amount, made.refund_status) == (
        "LN-1001-jan",
        paid.cf_payment_id,
        "LN-1001-jan-r1",
        Decimal("2450.00"),
        "INITIATED",
    )
    assert made.refund_note == "Instalment overpaid"

    # A retry after a lost answer (the same key) gets the same refund, not another.
    again = await p.lender.refund_mandate_payment(
        SID,
        payment_id="LN-1001-jan",
        refund_id="LN-1001-jan-r1",
        amount=Decimal("2450.00"),
        key="refund-jan-1",
        note="Instalment overpaid",
    )
    assert (again.cf_refund_id, again.refund_status) == (made.cf_refund_id, "INITIATED")
    # The same refund_id for another amount, under another key: refused; under the same key: a 422.
    with pytest.raises(ProviderRefused) as reused:
        await p.lender.refund_mandate_payment(
            SID, payment_id="LN-1001-jan", refund_id="LN-1001-jan-r1", amount=Decimal("100"), key="refund-jan-2"
        )
    assert (reused.value.status, reused.value.code) == (400, "refund_already_exists")
    with pytest.raises(ProviderRefused) as other_body:
        await p.lender.refund_mandate_payment(
            SID, payment_id="LN-1001-jan", refund_id="LN-1001-jan-r1", amount=Decimal("100"), key="refund-jan-1"
        )
    assert (other_body.value.status, other_body.value.code) == (422, "idempotency_error")

    # Never more than what is left of the debit: 12,450.50 less 2,450.00.
    left = INSTALMENT - Decimal("2450.00")
    with pytest.raises(ProviderRefused) as too_much:
        await p.lender.refund_mandate_payment(
            SID, payment_id="LN-1001-jan", refund_id="LN-1001-jan-r2", amount=left + Decimal("0.01"), key="refund-jan-3"
        )
    assert (too_much.value.status, too_much.value.code) == (400, "refund_amount_invalid")
    assert str(left) in too_much.value.message
    rest = await p.lender.refund_mandate_payment(
        SID, payment_id="LN-1001-jan", refund_id="LN-1001-jan-r2", amount=left, key="refund-jan-4"
    )
    assert rest.refund_amount == Decimal("10000.50")
    with pytest.raises(ProviderRefused) as nothing_left:
        await p.lender.refund_mandate_payment(
            SID, payment_id="LN-1001-jan", refund_id="LN-1001-jan-r3", amount=Decimal("0.01"), key="refund-jan-5"
        )
    assert nothing_left.value.code == "refund_amount_invalid"

    # The bank pays it out, as it does an order's refund; the merchant reads it so.
    await p.world.drain()
    read = await p.lender.mandate_refund(SID, "LN-1001-jan-r1")
    assert (read.cf_refund_id, read.refund_amount, read.refund_status) == (
        made.cf_refund_id,
        Decimal("2450.00"),
        "SUCCESS",
    )
    assert (await p.lender.mandate_refund(SID, "LN-1001-jan-r2")).refund_status == "SUCCESS"

    for missing in (p.lender.mandate_refund(SID, "LN-1001-jan-r9"), p.store.mandate_refund(SID, "LN-1001-jan-r1")):
        with pytest.raises(ProviderRefused) as unknown:
            await missing
        assert unknown.value.status == 404
    with pytest.raises(ProviderRefused) as others:
        await p.store.refund_mandate_payment(
            SID, payment_id="LN-1001-jan", refund_id="store-r1", amount=Decimal("1"), key="store-refund-1"
        )
    assert others.value.status == 404


async def test_only_a_debited_charge_of_the_subscription_is_refunded(provider: Provider) -> None:
    p = provider
    mandate = await _approved_mandate(p, SID)
    fail = await p.http.post(
        f"subscriptions/{mandate.cf_subscription_id}/debits/fail", json={"failure_reason": "Insufficient funds"}
    )
    assert fail.status_code == 200, fail.text
    await p.lender.charge(SID, payment_id="LN-1001-feb", amount=INSTALMENT, scheduled_at=p.now() + timedelta(hours=25))
    await p.move_clock(hours=28, minutes=15)
    assert (await p.lender.mandate_payment(SID, "LN-1001-feb")).payment_status == "FAILED"
    await p.lender.charge(SID, payment_id="LN-1001-mar", amount=INSTALMENT, scheduled_at=p.now() + timedelta(days=2))
    assert (await p.lender.mandate_payment(SID, "LN-1001-mar")).payment_status == "INITIALIZED"

    for n, payment_id in enumerate(("LN-1001-feb", "LN-1001-mar", f"{SID}-auth", "LN-1001-nope")):
        with pytest.raises(ProviderRefused) as refused:
            await p.lender.refund_mandate_payment(
                SID, payment_id=payment_id, refund_id=f"r-{n}", amount=Decimal("100"), key=f"refund-{n}"
            )
        assert (refused.value.status, refused.value.code) == (400, "payment_id_invalid"), payment_id
    with pytest.raises(ProviderRefused) as unknown:
        await p.lender.mandate_refund(SID, "r-0")
    assert unknown.value.status == 404


async def test_a_refund_named_by_cashfrees_payment_id_at_the_methods_speed(provider: Provider) -> None:
    p = provider
    await _approved_mandate(p, SID)
    await _debited(p)
    paid = await p.lender.mandate_payment(SID, "LN-1001-jan")
    body = {
        "subscription_id": SID,
        "cf_payment_id": int(paid.cf_payment_id),
        "refund_id": "by-cf-1",
        "refund_amount": 50,
    }
    instant = await p.http.post(
        f"pg/subscriptions/{SID}/refunds",
        json={**body, "refund_speed": "INSTANT"},
        headers={**LENDER_HEADERS, "x-idempotency-key": "by-cf-0"},
    )
    assert (instant.status_code, instant.json()["code"]) == (400, "refund_speed_invalid")  # UPI: STANDARD only
    made = await p.http.post(
        f"pg/subscriptions/{SID}/refunds", json=body, headers={**LENDER_HEADERS, "x-idempotency-key": "by-cf-1"}
    )
    assert made.status_code == 200, made.text
    assert {k: made.json()[k] for k in ("payment_id", "refund_amount", "refund_speed", "refund_status")} == {
        "payment_id": "LN-1001-jan",
        "refund_amount": 50.00,
        "refund_speed": "NORMAL",
        "refund_status": "INITIATED",
    }


async def test_a_refund_the_bank_gives_up_is_cancelled_and_its_amount_refundable_again(provider: Provider) -> None:
    p = provider
    await _approved_mandate(p, SID)
    await _debited(p)
    # QA's refund scenario, the one of order refunds: the bank gives the next refund up.
    p.world.scenarios.append(
        Scenario(mock="payments", path="refund", method="POST", refund="cancelled", delay_ms=1, times=1)
    )
    whole = await p.lender.refund_mandate_payment(
        SID, payment_id="LN-1001-jan", refund_id="LN-1001-jan-r1", amount=INSTALMENT, key="refund-jan-1"
    )
    assert whole.refund_status == "INITIATED"
    await p.world.drain()
    assert (await p.lender.mandate_refund(SID, "LN-1001-jan-r1")).refund_status == "CANCELLED"
    again = await p.lender.refund_mandate_payment(
        SID, payment_id="LN-1001-jan", refund_id="LN-1001-jan-r2", amount=INSTALMENT, key="refund-jan-2"
    )
    await p.world.drain()
    assert (await p.lender.mandate_refund(SID, again.refund_id)).refund_status == "SUCCESS"
