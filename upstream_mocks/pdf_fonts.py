"""The fonts a mock's PDF is drawn with, by language.

English keeps the PDF's built-in Helvetica (Latin-1, nothing embedded). Hindi embeds Noto Sans
Devanagari (which also has digits and the rupee sign) with Noto Sans as the fallback for Latin
letters (Debian's fonts-noto-core, bundled in upstream_mocks/fonts with their OFL licence), and
shapes text with HarfBuzz (`uharfbuzz`), without which conjuncts and vowel signs would be drawn
apart.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fpdf import FPDF

from upstream_mocks.texts import Language

FONTS = Path(__file__).resolve().parent / "fonts"
LATIN = "NotoSans"
DEVANAGARI = "NotoSansDevanagari"


class MixedScriptPDF(FPDF):
    """fpdf2 2.8.9 loses track of the page's font when a line starts with a fallback font's
    text: it names the main font in that line's text object, switches to the fallback, and
    afterwards believes the main font is still set, so the next text in the main font is drawn
    with the fallback's font (or with the bold one's glyphs). Each cell here names its font
    again, whatever fpdf2 believes."""

    def cell(self, *args: Any, **kwargs: Any) -> bool:
        self.current_font_is_set_on_page = False
        return bool(super().cell(*args, **kwargs))

    def multi_cell(self, *args: Any, **kwargs: Any) -> Any:
        self.current_font_is_set_on_page = False
        return super().multi_cell(*args, **kwargs)


def new_pdf(language: Language, *, rupee_sign: bool = False) -> tuple[FPDF, str]:
    """An A4 document ready for text in `language`, and the font family to set. `rupee_sign`:
    an English document that writes amounts with ₹ embeds Noto Sans (Helvetica has no ₹)."""
    if language == "en" and rupee_sign:
        pdf = MixedScriptPDF(format="A4")
        pdf.add_font(LATIN, "", FONTS / f"{LATIN}-Regular.ttf")
        pdf.add_font(LATIN, "B", FONTS / f"{LATIN}-Bold.ttf")
        return pdf, LATIN
    if language == "en":
        return FPDF(format="A4"), "Helvetica"
    pdf = MixedScriptPDF(format="A4")
    for family in (LATIN, DEVANAGARI):
        pdf.add_font(family, "", FONTS / f"{family}-Regular.ttf")
        pdf.add_font(family, "B", FONTS / f"{family}-Bold.ttf")
    pdf.set_fallback_fonts([LATIN])
    pdf.set_text_shaping(True)
    return pdf, DEVANAGARI


def printable(language: Language, value: str) -> str:
    """A value typed by someone (a name, an address) as the document's fonts can draw it: the
    built-in fonts are Latin-1, so anything else prints as '?' in English documents."""
    if language == "en":
        return value.encode("latin-1", "replace").decode("latin-1")
    return value
