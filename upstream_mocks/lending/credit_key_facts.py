"""A credit offer's Key Facts Statement as a PDF (RBI's KFS: APR, fees, total cost, how it is
repaid, the cooling-off period, the grievance officer), in English or Hindi, drawn from the very
view the lender answers on screen (credit_line_routes.key_facts_view), so the two cannot differ;
and its version: a digest of those figures, which an acceptance records."""

from __future__ import annotations

import hashlib
from datetime import date
from decimal import Decimal
from typing import Any

import msgspec

from upstream_mocks.lending.loan_documents import pairs, section, start_document
from upstream_mocks.pdf_fonts import printable
from upstream_mocks.texts import Language, style, texts


def key_facts_version(view: dict[str, Any]) -> str:
    """The same figures, the same version; whether it was accepted is not a figure."""
    figures = {key: value for key, value in view.items() if key not in ("accepted", "keyFactsVersion")}
    return "KFS-" + hashlib.sha256(msgspec.json.encode(figures, order="sorted")).hexdigest()[:10].upper()


def render_offer_key_facts(view: dict[str, Any], language: Language = "en") -> bytes:
    words = texts(language)
    money = style.amount
    made_on = date.fromisoformat(view["madeOn"])
    pdf, font = start_document(
        language, words.credit_kfs_title.format(offer=view["offerId"]), words.kfs_heading, made_on
    )
    lender = view["lender"]
    regulated = words.loan_lender_regulated.format(
        name=lender["name"], registration=lender["registration"], website=lender["website"]
    )
    fee = Decimal(view["processingFee"])
    pairs(
        pdf,
        font,
        [
            (words.loan_borrower, printable(language, f"{view['borrowerName']}, {view['businessName']}")),
            (words.loan_lender, regulated),
            (words.loan_lsp, view["lendingServiceProvider"]),
            (words.credit_kfs_limit, money(language, Decimal(view["creditLimit"]))),
            (words.credit_kfs_rate.format(rate_type=view["rateType"]), f"{view['interestRate']}%"),
            (words.kfs_apr, f"{view['apr']}%"),
            (words.kfs_fee_processing, money(language, fee)),
            (words.credit_kfs_fee_total, money(language, fee)),
            (words.credit_kfs_interest_free, str(view["interestFreeDays"])),
        ],
    )
    section(
        pdf, font, words.credit_kfs_repayment, words.credit_kfs_repayment_terms.format(days=view["interestFreeDays"])
    )
    penal = view["penalCharge"]
    section(pdf, font, words.kfs_penal, words.kfs_penal_terms.format(amount=money(language, Decimal(penal["amount"]))))
    section(pdf, font, words.kfs_cooling_off, words.credit_kfs_cooling_off_terms.format(days=view["coolingOffDays"]))
    section(
        pdf, font, words.kfs_foreclosure, words.kfs_foreclosure_terms.format(percent=view["foreclosureChargePercent"])
    )
    agents = "\n".join(f"{agent['name']}, {agent['phone']}" for agent in view["recoveryAgents"])
    section(pdf, font, words.kfs_recovery_agents, agents)
    g = view["grievanceOfficer"]
    section(pdf, font, words.kfs_grievance, f"{g['name']}, {g['email']}, {g['phone']}\n{g['address']}")
    pdf.ln(4)
    pdf.set_font(font, size=8)
    version = words.credit_kfs_version.format(version=view["keyFactsVersion"], date=style.day(language, made_on))
    pdf.multi_cell(0, 4, version)
    return bytes(pdf.output())
