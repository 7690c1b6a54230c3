"""What `PUT /api/session/language` takes and answers."""

from __future__ import annotations

from typing import Annotated

import msgspec

from gateway.language.codes import Language


class LanguageChoice(msgspec.Struct, forbid_unknown_fields=True):
    # A plain string, checked by the service: an unknown language is a 422 in our words.
    language: Annotated[str, msgspec.Meta(max_length=16, description="`en` or `hi`", examples=["hi"])]


class LanguageView(msgspec.Struct, frozen=True):
    language: Language
