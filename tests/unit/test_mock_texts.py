"""The mocks' texts for a user: every key in both languages, the same blanks, Hindi in Devanagari."""

from __future__ import annotations

import re
import string
import tomllib
from datetime import UTC, date, datetime
from decimal import Decimal

import msgspec
import pytest

from upstream_mocks.texts import requested, texts
from upstream_mocks.texts.catalog import HERE, Texts
from upstream_mocks.texts.style import amount, amount_in_words, day, moment

DEVANAGARI = re.compile("[\u0900-\u097f]")
# Texts made only of blanks, codes and marks the issue keeps in Latin letters in Hindi too.
LATIN_IN_HINDI = {"date", "time", "column_gst_rate", "document_buyer_gstin"}


def raw(language: str) -> dict[str, object]:
    return tomllib.loads((HERE / f"{language}.toml").read_text())


def blanks(pattern: str) -> set[str]:
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(pattern) if name}


def test_every_key_exists_in_both_languages_and_nowhere_else() -> None:
    english, hindi = raw("en"), raw("hi")
    assert set(english) == set(hindi) == set(Texts.__struct_fields__)
    texts("en"), texts("hi")  # and each reads into the typed table


def test_a_missing_or_extra_key_fails_at_load() -> None:
    english = raw("en")
    del english["sms_otp"]
    with pytest.raises(msgspec.ValidationError, match="sms_otp"):
        msgspec.convert(english, Texts)
    with pytest.raises(msgspec.ValidationError, match="unknown"):
        msgspec.convert({**raw("en"), "sms_typo": "x"}, Texts)


@pytest.mark.parametrize("key", [k for k in Texts.__struct_fields__ if k not in ("months", "time")])
def test_both_languages_fill_the_same_blanks(key: str) -> None:
    english, hindi = getattr(texts("en"), key), getattr(texts("hi"), key)
    assert blanks(english) == blanks(hindi), key


def test_a_time_uses_only_what_the_code_offers_each_language() -> None:
    # English writes a 12-hour clock, Hindi a 24-hour one.
    offered = {"date", "hour", "hour12", "minute", "am_pm"}
    assert blanks(texts("en").time) <= offered and blanks(texts("hi").time) <= offered


@pytest.mark.parametrize("key", [k for k in Texts.__struct_fields__ if k not in LATIN_IN_HINDI])
def test_hindi_is_written_in_devanagari(key: str) -> None:
    value = getattr(texts("hi"), key)
    words = " ".join(value) if isinstance(value, tuple) else value
    assert DEVANAGARI.search(words), key
    # Latin letters only for the words Indians write so, and blanks
    latin = set(re.findall(r"[A-Za-z]+", re.sub(r"\{[^}]*\}", "", words)))
    assert latin <= {"OTP", "UPI", "GST", "GSTIN", "CGST", "SGST", "IGST", "PDF", "IST"}, (key, latin)


def test_dates_amounts_and_times_as_each_language_writes_them() -> None:
    assert day("hi", date(2026, 11, 26)) == "26 नवंबर 2026"
    assert day("en", date(2026, 11, 6)) == "6 Nov 2026"
    assert amount("hi", Decimal("123456.5")) == "₹1,23,456.50"
    assert amount("en", Decimal("123456.5")) == "₹1,23,456.50"
    at = datetime(2026, 11, 26, 14, 17, tzinfo=UTC)  # 19:47 in India
    assert moment("hi", at) == "26 नवंबर 2026 को 19:47 बजे IST"
    assert moment("en", at) == "26 Nov 2026, 7:47 pm IST"


@pytest.mark.parametrize(
    ("header", "language"),
    [("hi", "hi"), ("hi-IN", "hi"), ("en", "en"), ("", "en"), ("fr", "en"), ("en, hi", "en")],
)
def test_the_language_a_caller_asks_for(header: str, language: str) -> None:
    assert requested({"accept-language": header} if header else {}) == language


@pytest.mark.parametrize(
    ("rupees", "words"),
    [
        ("1302.52", "एक हज़ार तीन सौ दो रुपये और बावन पैसे मात्र"),
        ("105000.50", "एक लाख पाँच हज़ार रुपये और पचास पैसे मात्र"),
        ("199", "एक सौ निन्यानवे रुपये मात्र"),
        ("12345678.09", "एक करोड़ तेईस लाख पैंतालीस हज़ार छह सौ अठहत्तर रुपये और नौ पैसे मात्र"),
        ("0.99", "शून्य रुपये और निन्यानवे पैसे मात्र"),
    ],
)
def test_an_invoice_total_in_hindi_words(rupees: str, words: str) -> None:
    assert amount_in_words("hi", Decimal(rupees)) == words
    assert amount_in_words("en", Decimal("1302.52")) == "Rupees One Thousand Three Hundred Two and Fifty-Two Paise Only"
