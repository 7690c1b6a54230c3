"""Cashfree's SubscriptionEligibility at the payments mock (x-api-version 2025-01-01), through our
provider client: a subscription of the calling account answers, per payment method, whether it may
authorise it and, for eNACH, the banks and each one's auth modes; another account's (or an unknown)
subscription is a 404. The same bank table holds at the eNACH AUTH: a bank without eNACH, or an
auth mode its bank does not offer, is refused; Aadhaar at a bank offering it is authorised.
Every call and answer is held to our contract and Cashfree's document (the provider fixture)."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import msgspec
import pytest

from payments_client import EnachMethod, ProviderMandate, ProviderRefused
from tests.contract.test_payments_mandates import RAMESH, RAMESH_BANK, Provider, _enach_mandate, provider

__all__ = ["provider"]  # the fixture, shared with the mandate tests


async def test_eligibility_lists_enach_banks_with_their_auth_modes_for_the_accounts_subscription(
    provider: Provider,
) -> None:
    p = provider
    mandate = await _enach_mandate(p, "LN-1001-enach-banks")
    methods = await p.lender.eligibility(mandate.subscription_id)
    assert [(m.entity_value, m.eligibility) for m in methods] == [
        ("enach", True),
        ("pnach", False),
        ("upi", True),
        ("card", False),
    ]
    (enach,) = await p.lender.eligibility(mandate.subscription_id, ["enach"])
    banks = {b.bank_id: b for b in enach.entity_details.all_bank_details}
    assert enach.entity_details.account_types == ["SAVINGS", "CURRENT"]
    expected = {"SBIN", "HDFC", "ICIC", "UTIB", "KKBK", "PUNB", "BARB", "CNRB", "UBIN", "IDFB", "YESB", "INDB"}
    assert expected <= set(banks)
    assert banks["HDFC"].account_auth_modes == ["DEBIT_CARD", "NET_BANKING", "AADHAAR"]
    assert "AADHAAR" not in banks["SBIN"].account_auth_modes
    assert banks["SVCB"].account_auth_modes == ["NET_BANKING"]  # a co-operative bank: net banking only
    assert "ZCBL" not in banks  # physical NACH only
    frequent = {b.bank_id for b in enach.entity_details.frequent_bank_details}
    assert frequent and frequent <= set(banks)

    raw = await p.http.post(
        "pg/subscriptions/eligibility/payment_methods",
        json={"queries": {"subscription_id": mandate.subscription_id}, "filters": {"payment_methods": ["upi"]}},
        headers=p.lender.headers,
    )
    assert raw.status_code == 200, raw.text
    assert isinstance(raw.json(), list)  # the array itself, as Cashfree's example answers


async def test_eligibility_of_another_accounts_or_an_unknown_subscription_is_not_found(provider: Provider) -> None:
    p = provider
    mandate = await _enach_mandate(p, "LN-1001-enach-theirs")
    for client, subscription_id in ((p.store, mandate.subscription_id), (p.lender, "no-such-subscription")):
        with pytest.raises(ProviderRefused) as missing:
            await client.eligibility(subscription_id, ["enach"])
        assert (missing.value.status, missing.value.code) == (404, "subscription_not_found")
    with pytest.raises(ProviderRefused) as bad:
        await p.lender.eligibility(mandate.subscription_id, ["netbanking"])
    assert bad.value.status == 400


async def test_the_enach_auth_holds_the_same_bank_table(provider: Provider) -> None:
    p = provider
    sbi = msgspec.structs.replace(RAMESH_BANK, account_ifsc="SBIN0000456", auth_mode="aadhaar")
    coop = msgspec.structs.replace(RAMESH_BANK, account_ifsc="SVCB0000123", auth_mode="debit_card")
    zoroastrian = msgspec.structs.replace(RAMESH_BANK, account_ifsc="ZCBL0000001")
    unknown = msgspec.structs.replace(RAMESH_BANK, account_ifsc="QQQQ0000001")
    cases = [
        (sbi, "auth_mode_invalid"),  # SBI takes no Aadhaar e-sign
        (coop, "auth_mode_invalid"),  # net banking only
        (zoroastrian, "account_ifsc_invalid"),  # no eNACH
        (unknown, "account_ifsc_invalid"),  # no such bank
    ]
    for n, (bank, code) in enumerate(cases):
        mandate = await _enach_mandate_at(p, f"LN-1001-bank-{n}", bank)
        with pytest.raises(ProviderRefused) as refused:
            await p.lender.authorise(mandate, payment_id=f"LN-1001-bank-{n}-auth", enach=bank)
        assert (refused.value.status, refused.value.code) == (400, code)

    aadhaar = msgspec.structs.replace(RAMESH_BANK, auth_mode="aadhaar")  # HDFC offers it
    mandate = await _enach_mandate(p, "LN-1001-aadhaar")
    auth = await p.lender.authorise(mandate, payment_id="LN-1001-aadhaar-auth", enach=aadhaar)
    assert auth.payment_status == "PENDING" and auth.data.url is not None
    page = await p.http.get(f"subscriptions/{mandate.cf_subscription_id}/bank")
    assert "by aadhaar" in page.text


async def _enach_mandate_at(p: Provider, subscription_id: str, bank: EnachMethod) -> ProviderMandate:
    """An eNACH subscription on `bank`'s account (the subscription names the payer's account)."""
    plan = await p.lender.create_plan(plan_id=f"{subscription_id}-plan", name="Loan", max_amount=Decimal("25000"))
    return await p.lender.create_mandate(
        subscription_id=subscription_id,
        plan_id=plan.plan_id,
        customer=msgspec.structs.replace(
            RAMESH,
            customer_bank_account_holder_name=bank.account_holder_name,
            customer_bank_account_number=bank.account_number,
            customer_bank_ifsc=bank.account_ifsc,
            customer_bank_account_type=bank.account_type,
        ),
        expires_at=p.now() + timedelta(days=365),
        method="enach",
    )
