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
CLOSE_PREFIX = "FINCLOSE_"  # the gateway's order for a foreclosure, Fineract's external id for it


def online(t: Transaction) -> tuple[str, str | None] | None:
    """(provider order, provider payment id where Fineract keeps it) of a repayment paid online: one
    the gateway booked with the order as its receipt number and `pg-<payment id>` as its external
    id, or a foreclosure, whose command takes no payment details: the order is its external id."""
    if t.kind != "repayment" or not t.external_id:
        return None
    if t.external_id.startswith("pg-") and t.receipt_number is not None:
        return t.receipt_number, t.external_id.removeprefix("pg-")
    if t.external_id.startswith(CLOSE_PREFIX):
        return t.external_id, None
    return None


async def taken(world: MockWorld, t: Transaction) -> tuple[str, str]:
    """(when, provider payment id) of the payment the provider took: its time, asked of the
    provider over HTTP, else the day Fineract booked it on (an ISO date); the payment id Fineract
    keeps, else the provider's (a foreclosure's), else none."""
    paid = online(t)
    if paid is None:
        return t.on.isoformat(), ""
    order_id, provider_id = paid
    try:
        async with provider(world, world.settings.fineract_account) as pg:
            attempts = await pg.payments(order_id)
    except (ProviderRefused, httpx.HTTPError):
        attempts = []  # the provider did not say: the booking day stands
    for p in attempts:
        if p.payment_status == "SUCCESS" and provider_id in (None, p.cf_payment_id):
            return p.payment_time, p.cf_payment_id
    return t.on.isoformat(), provider_id or ""


async def receipt_facts(
    world: MockWorld, client: Client, loan: Loan, t: Transaction, lender: str, registration: str
) -> ReceiptFacts:
    paid = online(t)
    at, provider_reference = await taken(world, t)
    return ReceiptFacts(
        receipt_number=f"RCPT-FIN-{t.id}",
        borrower_name=client.display_name,
        mobile_number=client.mobile,
        loan_account=f"FIN-{loan.account_no}",
        amount=t.amount,
        paid_at=at,
        provider_reference=provider_reference,
        order_id=paid[0] if paid is not None else "",
        remaining_after=t.balance,
        lender_name=lender,
        lender_registration=registration,
        lsp_name=LSP,
        charges=t.penalty,
        interest=t.interest,
        principal=t.principal,
        refunded=t.overpayment,  # beyond everything the loan owed: given back (a credit balance refund)
    )
