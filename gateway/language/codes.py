"""The languages the server writes in, and how each is named on the wire."""

from __future__ import annotations

from typing import Literal, TypeGuard

Language = Literal["en", "hi"]
LANGUAGES: tuple[Language, ...] = ("en", "hi")
DEFAULT: Language = "en"


def is_language(value: object) -> TypeGuard[Language]:
    return value in LANGUAGES


def texts_in(language: Language) -> dict[str, str]:
    """The header asking an upstream for the texts it makes for the user (SMS, mails, PDFs) in
    `language` (docs/decisions/server-texts-language.md)."""
    return {"Accept-Language": language}
