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
    # A reminder's short link (/l/<code>) that leads to no payment: the page's title and words.
    link_unknown_title: str
    link_unknown: str
    link_closed_title: str
    link_expired: str
    link_cancelled: str
    link_unavailable_title: str
    link_unavailable: str
    link_to_portal: str


@cache
def gateway_texts(language: Language) -> GatewayTexts:
    return msgspec.toml.decode((TEXTS_DIR / f"{language}.toml").read_bytes(), type=GatewayTexts)
