"""The Fineract lender's receipts, mailed by its companion service (`POST webRepayment/partnerReceipt`,
our lending contract's call for the support desk): Fineract's API draws none.

The figures are Fineract's own transaction (amount, its split, the balance after); the time is
the one the payment provider took the payment at (the lender hears of it from the provider, as
our own lender does), and where the provider has no record of it, the day Fineract booked it on
alone, never a made-up time. The borrower's address is the lender's own record (`EMAILS`):
Fineract's clients here carry none.
"""

from __future__ import annotations

import httpx

from payments_client import ProviderRefused
from upstream_mocks.fineract.seed import Client, Loan, Transaction
from upstream_mocks.lending.receipts import ReceiptFacts
from upstream_mocks.provider import provider
from upstream_mocks.world import MockWorld

# Where the lender mails each client (by Fineract client id); a client missing has no address.
EMAILS: dict[int, str] = {501: "meena.gupta@shop.example", 502: "ramesh.kumar@shop.example"}
LSP = "VoltKhata"


async def paid_at(world: MockWorld, t: Transaction) -> str:
    """The provider's time for the payment (asked of the provider, over HTTP), else the day
    Fineract booked it on (an ISO date)."""
    provider_id = t.external_id.removeprefix("pg-") if t.external_id and t.external_id.startswith("pg-") else None
    if provider_id is not None and t.receipt_number is not None:
        try:
            async with provider(world) as pg:
                attempts = await pg.payments(t.receipt_number)
        except (ProviderRefused, httpx.HTTPError):
            attempts = []  # the provider did not say: the booking day stands
        for p in attempts:
            if p.cf_payment_id == provider_id and p.payment_status == "SUCCESS":
                return p.payment_time
    return t.on.isoformat()


async def receipt_facts(
    world: MockWorld, client: Client, loan: Loan, t: Transaction, lender: str, registration: str
) -> ReceiptFacts:
    return ReceiptFacts(
        receipt_number=f"RCPT-FIN-{t.id}",
        borrower_name=client.display_name,
        mobile_number=client.mobile,
        loan_account=f"FIN-{loan.account_no}",
        amount=t.amount,
        paid_at=await paid_at(world, t),
        provider_reference=(t.external_id or "").removeprefix("pg-"),
        order_id=t.receipt_number or "",
        remaining_after=t.balance,
        lender_name=lender,
        lender_registration=registration,
        lsp_name=LSP,
        charges=t.penalty,
        interest=t.interest,
        principal=t.principal,
    )
