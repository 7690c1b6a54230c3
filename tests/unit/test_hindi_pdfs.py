"""Hindi documents: Devanagari drawn with the bundled Noto fonts, shaped by HarfBuzz, and each
line in its own font whatever the line before it was drawn in."""

from __future__ import annotations

import io
from datetime import UTC, datetime
from decimal import Decimal

import msgspec
from fpdf import FPDF
from fpdf.enums import XPos, YPos
from pypdf import PdfReader

from upstream_mocks.lending.receipts import ReceiptFacts, render_receipt
from upstream_mocks.pdf_fonts import DEVANAGARI, FONTS, LATIN, new_pdf

FACTS = ReceiptFacts(
    receipt_number="RCPT-7001",
    borrower_name="Ramesh Kumar",
    mobile_number="9876543210",
    loan_account="LN-1001",
    amount=Decimal("2500.50"),
    paid_at=datetime(2026, 11, 26, 14, 17, tzinfo=UTC).isoformat(),
    provider_reference="cf_1",
    order_id="REPAY_1001_7001",
    remaining_after=Decimal("123456.00"),
    lender_name="Sahyogkosh Finance Limited",
    lender_registration="N-14.03512",
    lsp_name="VoltKhata",
    charges=Decimal("450.00"),
    interest=Decimal("0.00"),
    principal=Decimal("2050.50"),
)


def lines_of(pdf: FPDF, lines: list[tuple[str, str]], font: str) -> list[str]:
    pdf.add_page()
    for style, text in lines:
        pdf.set_font(font, style=style, size=10)
        pdf.multi_cell(0, 6, text, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    return PdfReader(io.BytesIO(bytes(pdf.output()))).pages[0].extract_text().splitlines()


def test_a_hindi_receipt_embeds_the_devanagari_font_and_reads_in_hindi() -> None:
    reader = PdfReader(io.BytesIO(render_receipt(FACTS, "hi")))
    fonts = {str(f["/BaseFont"]).split("+")[-1] for f in reader.pages[0]["/Resources"]["/Font"].values()}
    assert {"NotoSansDevanagari", "NotoSansDevanagariBold", "NotoSans"} <= fonts
    text = reader.pages[0].extract_text()
    assert text.startswith("भुगतान रसीद\nरसीद संख्या RCPT-7001\n")
    assert "भुगतान की तारीख 26 नवंबर 2026 को 19:47 बजे IST" in text and "शेष बकाया ₹1,23,456.00" in text
    english = PdfReader(io.BytesIO(render_receipt(FACTS))).pages[0].extract_text()
    assert english.startswith("Payment receipt\nReceipt RCPT-7001\n") and "₹1,23,456.00" in english


def test_devanagari_is_shaped_into_conjuncts_and_a_reph() -> None:
    pdf, font = new_pdf("hi")
    pdf.add_page()
    pdf.set_font(font, size=10)
    pdf.cell(0, 6, "क्षत्रिय रिवर्स")
    pdf.output()
    glyphs = {glyph.glyph_name for glyph, _ in pdf.fonts[DEVANAGARI.lower()].subset.items() if glyph}
    # क्ष is one glyph and the र of र्स rides above as a reph: no virama left drawn on its own.
    assert {"kassadeva", "rephdeva"} <= glyphs and "viramadeva" not in glyphs


BOLD_THEN_FALLBACK = [("B", "खरीदार"), ("", "VoltKhata Trade"), ("", "मोबाइल"), ("", "4th Floor")]


def test_a_line_after_one_that_starts_in_the_fallback_font_keeps_its_own_font() -> None:
    pdf, font = new_pdf("hi")
    assert lines_of(pdf, BOLD_THEN_FALLBACK, font) == ["खरीदार", "VoltKhata Trade", "मोबाइल", "4th Floor"]


def test_fpdf2_alone_draws_that_line_in_the_wrong_font() -> None:
    """Why `MixedScriptPDF` exists: when this starts passing, fpdf2 has mended it and the class
    can go."""
    pdf = FPDF(format="A4")
    for family in (LATIN, DEVANAGARI):
        pdf.add_font(family, "", FONTS / f"{family}-Regular.ttf")
        pdf.add_font(family, "B", FONTS / f"{family}-Bold.ttf")
    pdf.set_fallback_fonts([LATIN])
    pdf.set_text_shaping(True)
    assert lines_of(pdf, BOLD_THEN_FALLBACK, DEVANAGARI)[2] != "मोबाइल"


def test_a_receipt_whose_lender_knows_only_the_day_shows_the_day_alone() -> None:
    day_only = msgspec.structs.replace(FACTS, paid_at="2026-11-26")
    english = PdfReader(io.BytesIO(render_receipt(day_only))).pages[0].extract_text()
    paid_on = next(line for line in english.splitlines() if "2026" in line and "Nov" in line)
    assert paid_on.endswith("26 Nov 2026"), paid_on  # no time after it, neither midnight nor noon
    hindi = PdfReader(io.BytesIO(render_receipt(day_only, "hi"))).pages[0].extract_text()
    assert "भुगतान की तारीख 26 नवंबर 2026\n" in hindi
