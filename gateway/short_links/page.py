"""Our own page for a short link that leads to no payment, in the visitor's language: a link not
found, one expired or closed, or a lender that cannot say now. Server-made HTML with no script:
the visitor came from an SMS and may be on a slow phone; one short page, then the portal."""

from __future__ import annotations

from html import escape
from typing import Literal

from gateway.language.catalog import gateway_texts
from gateway.language.codes import Language
from gateway.spa.pages import LANGUAGE_TAGS

Why = Literal["unknown", "expired", "cancelled", "unavailable"]

_STYLE = (
    "body{margin:0;padding:1.5rem;font-family:system-ui,sans-serif;color:#1b1f3b;line-height:1.5}"
    "main{max-width:32rem;margin:0 auto}h1{font-size:1.35rem}"
    "a{display:inline-block;padding:.75rem 1.25rem;border-radius:8px;background:#1b3a8a;color:#fff;"
    "text-decoration:none;font-weight:600}a:focus-visible{outline:3px solid #ffb400;outline-offset:2px}"
)


def link_page(why: Why, language: Language, product: str) -> str:
    words = gateway_texts(language)
    title, said = {
        "unknown": (words.link_unknown_title, words.link_unknown),
        "expired": (words.link_closed_title, words.link_expired),
        "cancelled": (words.link_closed_title, words.link_cancelled),
        "unavailable": (words.link_unavailable_title, words.link_unavailable),
    }[why]
    return f"""<!doctype html>
<html lang="{LANGUAGE_TAGS[language]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>{escape(title)} · {escape(product)}</title>
<style>{_STYLE}</style>
</head>
<body>
<main>
<h1>{escape(title)}</h1>
<p>{escape(said)}</p>
<p><a href="/payment">{escape(words.link_to_portal)}</a></p>
</main>
</body>
</html>"""
