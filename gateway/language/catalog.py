"""The gateway's own texts for a user, one TOML file per language (`texts/{en,hi}.toml`) read into
one typed table: a language lacking a key, or having one extra, fails at load. The upstreams'
texts (SMS, receipts, order mails) are theirs, asked for in the user's language."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import msgspec

from gateway.language.codes import Language

TEXTS_DIR = Path(__file__).resolve().parent / "texts"


class GatewayTexts(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Each text is a `str.format` pattern."""

    subscribe_subject: str
    contact_subject: str


@cache
def gateway_texts(language: Language) -> GatewayTexts:
    return msgspec.toml.decode((TEXTS_DIR / f"{language}.toml").read_bytes(), type=GatewayTexts)
