"""The Hindi legal texts hold every topic of the English ones: for each content file with a Hindi
version (`<name>.hi.md`, shown whole to a Hindi reader), the same headings, level by level and in
order, each written in Hindi, and the same figures (numbers, times, percentages, `{{tokens}}`,
links within the site, e-mail addresses), as many times each, as the English text states."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

CONTENT = Path(__file__).resolve().parents[2] / "frontend" / "src" / "content"
LEGAL_PAGES = Path(__file__).resolve().parents[2] / "frontend" / "src" / "features" / "site" / "legal-pages.ts"
HINDI = sorted(CONTENT.glob("*.hi.md"))
# The legal pages issue 54 names (privacy, terms, grievance redressal, the lending privacy policy),
# written in Hindi; the site's other pages show a Hindi summary above the English text.
WRITTEN = {"grievance-redressal", "lending-privacy-policy", "privacy-policy", "terms-and-conditions"}

_HEADING = re.compile(r"^(#{1,6}) +(.+)$", re.MULTILINE)
_FIGURES = (
    re.compile(r"\{\{\w+\}\}"),  # tokens: the product, the company, contacts, limits
    re.compile(r"\]\((/[^)\s]*)\)"),  # links within the site
    re.compile(r"[\w.+-]+@[\w-]+\.[\w.]+"),  # e-mail addresses
    re.compile(r"(?<![\w{])\d+(?:[.:,]\d+)*%?"),  # numbers, times, amounts, percentages
)
_DEVANAGARI = re.compile(r"[\u0900-\u097F]")


def headings(text: str) -> list[tuple[int, str]]:
    return [(len(marks), title) for marks, title in _HEADING.findall(text)]


def figures(text: str) -> Counter[str]:
    return Counter(found for pattern in _FIGURES for found in pattern.findall(text))


def english_of(hindi: Path) -> Path:
    return hindi.with_name(hindi.name.removesuffix(".hi.md") + ".md")


def test_the_pages_said_to_be_written_in_hindi_are() -> None:
    assert {path.name.removesuffix(".hi.md") for path in HINDI} >= WRITTEN
    loaded = LEGAL_PAGES.read_text()
    for path in HINDI:  # and the site shows them
        assert f'content/{path.name}?raw"' in loaded, path.name


@pytest.mark.parametrize("hindi", HINDI, ids=lambda path: path.name)
def test_a_hindi_text_has_every_heading_of_the_english_in_hindi(hindi: Path) -> None:
    english, translated = headings(english_of(hindi).read_text()), headings(hindi.read_text())
    assert [level for level, _ in translated] == [level for level, _ in english]
    untranslated = [title for _, title in translated if not _DEVANAGARI.search(title)]
    assert untranslated == [], f"headings still in English: {untranslated}"


@pytest.mark.parametrize("hindi", HINDI, ids=lambda path: path.name)
def test_a_hindi_text_states_every_figure_of_the_english(hindi: Path) -> None:
    english, translated = figures(english_of(hindi).read_text()), figures(hindi.read_text())
    assert translated == english, {"missing": english - translated, "extra": translated - english}


def test_the_comparison_catches_a_missing_topic_and_a_changed_figure() -> None:
    english = "# Title\n\n## Timelines\n\nWithin 30 days, 10:00 to 19:00. {{supportEmail}}\n\n## More\n"
    short = "# शीर्षक\n\n## समय-सीमा\n\n30 दिनों के भीतर, 10:00 से 18:00। {{supportEmail}}\n"
    assert [level for level, _ in headings(short)] != [level for level, _ in headings(english)]
    assert figures(english) - figures(short) == Counter({"19:00": 1})
