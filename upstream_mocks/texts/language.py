"""The language a caller asks the mocks' texts in: `Accept-Language: en` or `hi` (the contracts'
extension, docs/decisions/server-texts-language.md); anything else, or none, is English."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

Language = Literal["en", "hi"]


def requested(headers: Mapping[str, str]) -> Language:
    first = headers.get("accept-language", "").split(",", 1)[0]
    primary = first.split(";", 1)[0].strip().split("-", 1)[0].lower()
    return "hi" if primary == "hi" else "en"
