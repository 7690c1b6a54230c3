"""What a Hindi page may still show in Latin letters (issue 32): product names and brands, which
are names; units and codes; and the words Indians write in Latin letters (OTP, UPI, GST...).
Everything else in `main` must be Devanagari: `latin_words(page)` lists what is not, so a test
asserts it is empty and its failure names the English left on the page."""

from __future__ import annotations

import re

from playwright.sync_api import Page

from upstream_mocks.catalogue.ranges import BRANDS
from upstream_mocks.catalogue.seed import products

# Written in Latin letters in Hindi too, as Indian sites and documents do.
ALLOWED_WORDS = frozenset(
    {
        "OTP", "UPI", "GST", "GSTIN", "PDF", "IFSC", "PAN", "KYC", "EMI", "NEFT", "RTGS", "IMPS",
        "ID", "SMS", "COD", "MRP", "M.R.P", "KFS", "APR", "UTR", "PIN", "HSN", "IGST", "CGST", "SGST",
        "NBFC", "RBI", "English", "Android", "iOS", "App", "Store", "Google", "Play",
        "iPhone", "STD", "MSME", "FMEG", "API", "NPA", "CEO", "CTO",
        "Sahyogkosh", "Finance", "Limited",  # the lender's registered name, as its licence writes it
    }
)  # fmt: skip
# The electrical trade's abbreviations, written in Latin letters in Hindi shops and catalogues
# too ("LED बल्ब", "MCB और RCCB", "ISI मार्क"): the catalogue's Hindi words keep them.
TRADE_TERMS = frozenset({"PVC", "MCB", "RCCB", "LED", "ISI", "RPM", "ABS", "CRCA", "DIN", "SPN", "AA"})
# Units and their abbreviations as product facts print them.
UNITS = re.compile(r"^(mm|cm|m|km|sq|kg|g|W|kW|V|A|mA|kA|Hz|L|pcs|pc|nos|MB|KB|x)$")
EMAIL = re.compile(r"\S+@\S+\.\w+")
# Codes: order and payment numbers, pin codes, SKUs (a letter run beside digits or dashes).
CODE = re.compile(r"^[A-Z0-9]+([-_/][A-Z0-9]+)+$|^[A-Z]*\d[A-Z0-9]*$")
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'\u2019.-]*[A-Za-z]|[A-Za-z]")


def _names() -> list[str]:
    """Product names and brands, longest first, so a name is taken out whole."""
    names = {p.product_name for p in products()} | {b.name for b in BRANDS}
    return sorted(names, key=len, reverse=True)


def latin_words(page: Page, selector: str = "main", extra_names: tuple[str, ...] = ()) -> list[str]:
    """The Latin-script words shown in `selector` that are not a name, unit, code or allowed word."""
    text = page.locator(selector).inner_text()
    for name in (*extra_names, *_names()):
        text = text.replace(name, " ")
    text = EMAIL.sub(" ", text)  # an address (masked or not) is written as it is in any language
    words = []
    for token in re.split(r"\s+", text):
        for word in LATIN_WORD.findall(token):
            if word in ALLOWED_WORDS or word in TRADE_TERMS or UNITS.match(word) or CODE.match(token.strip(".,:;()₹")):
                continue
            words.append(word)
    return words
