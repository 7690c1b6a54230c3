"""Dates, times and amounts in a text, as each language writes them, and as the app writes them
on screen: "6 Nov 2026, 3:04 pm IST" and "6 नवंबर 2026 को 15:04 बजे IST" (Hindi's months in
words and a 24-hour clock), "₹12,450.00" in both (the PDFs that write amounts embed Noto fonts,
which have the sign), digits grouped the Indian way.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

from upstream_mocks.ist import IST
from upstream_mocks.money import in_words, rupees_text
from upstream_mocks.texts.catalog import texts
from upstream_mocks.texts.hindi_numbers import in_hindi_words
from upstream_mocks.texts.language import Language


def day(language: Language, when: date) -> str:
    words = texts(language)
    return words.date.format(day=when.day, month=words.months[when.month - 1], year=when.year)


def moment(language: Language, when: datetime | str) -> str:
    """A moment in India Standard Time, from an aware datetime or an ISO 8601 string."""
    at = (datetime.fromisoformat(when) if isinstance(when, str) else when).astimezone(IST)
    return texts(language).time.format(
        date=day(language, at.date()),
        hour=at.hour,
        hour12=(at.hour - 1) % 12 + 1,
        minute=at.minute,
        am_pm="am" if at.hour < 12 else "pm",
    )


def amount(language: Language, value: Decimal) -> str:
    return rupees_text(value)


def amount_in_words(language: Language, value: Decimal) -> str:
    return in_hindi_words(value) if language == "hi" else in_words(value)
