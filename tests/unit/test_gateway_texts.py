"""The gateway's own texts for a user: every key in both languages, the same blanks, Hindi in Devanagari."""

from __future__ import annotations

import re
import string
import tomllib

import msgspec
import pytest

from gateway.language.catalog import TEXTS_DIR, GatewayTexts, gateway_texts


def blanks(pattern: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(pattern) if name}


def test_every_key_exists_in_both_languages_and_nowhere_else() -> None:
    english, hindi = (tomllib.loads((TEXTS_DIR / f"{lang}.toml").read_text()) for lang in ("en", "hi"))
    assert set(english) == set(hindi) == set(GatewayTexts.__struct_fields__)
    with pytest.raises(msgspec.ValidationError, match="contact_subject"):
        msgspec.convert({k: v for k, v in english.items() if k != "contact_subject"}, GatewayTexts)


@pytest.mark.parametrize("key", GatewayTexts.__struct_fields__)
def test_both_languages_fill_the_same_blanks_and_hindi_is_devanagari(key: str) -> None:
    english, hindi = getattr(gateway_texts("en"), key), getattr(gateway_texts("hi"), key)
    assert blanks(english) == blanks(hindi)
    assert re.search("[\u0900-\u097f]", hindi) and not re.search("[A-Za-z]", re.sub(r"\{[^}]*\}", "", hindi))
