"""Which language a request's server texts are in, from the browser's Accept-Language."""

from __future__ import annotations

import pytest

from gateway.language.resolution import header_language


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("hi-IN,hi;q=0.9,en-US;q=0.8,en;q=0.7", "hi"),
        ("en-IN,en;q=0.9,hi;q=0.8", "en"),
        ("en-US,hi;q=0.5", "en"),
        ("hi", "hi"),
        ("HI-in", "hi"),
        ("mr-IN,hi;q=0.8,en;q=0.6", "hi"),  # Marathi first: of ours, Hindi is preferred
        ("ta-IN,en;q=0.8,hi;q=0.6", "en"),
        ("en;q=0.5,hi;q=0.5", "en"),  # a tie: the one named first
        ("hi;q=0.5,en;q=0.5", "hi"),
        ("hi;q=0,en;q=0.1", "en"),  # q=0: not acceptable
        ("hi;q=abc", None),
        ("fr-FR,de;q=0.9", None),
        ("*", None),
        ("", None),
        (None, None),
    ],
)
def test_the_browser_s_preferred_one_of_ours(header: str | None, expected: str | None) -> None:
    assert header_language(header) == expected
