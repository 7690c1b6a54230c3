"""The app words every error code the gateway can send (frontend/src/lib/error-messages.ts)."""

from __future__ import annotations

import re
from pathlib import Path

from gateway.plumbing.errors import REFUSALS, UPSTREAM_REFUSED

ROOT = Path(__file__).resolve().parents[2]
# How gateway code names an error code: code="x", code: str = "x", CODE_X = "x",
# error_response(status, "x", ...), _refuse(send, status, "x", ...), ("x", "Message.") pairs.
_CODE_PATTERNS = (
    re.compile(r'\bcode(?:: str)? ?= ?"([a-z_]+)"'),
    re.compile(r'\bCODE_[A-Z_]+ = "([a-z_]+)"'),
    re.compile(r'error_response\([^,()]+, *"([a-z_]+)"'),
    re.compile(r'_refuse\(send, *[0-9]+, *"([a-z_]+)"'),
    re.compile(r'\("([a-z]+(?:_[a-z]+)+)", "[A-Z][^"]*"\)'),
)


def gateway_codes() -> set[str]:
    codes = set(REFUSALS) | {UPSTREAM_REFUSED}
    # India's rules (india/gstin.py) answer in the gateway's words too.
    for source in [*(ROOT / "gateway").rglob("*.py"), *(ROOT / "india").rglob("*.py")]:
        text = source.read_text()
        for pattern in _CODE_PATTERNS:
            codes.update(pattern.findall(text))
    return codes


def app_codes() -> set[str]:
    text = (ROOT / "frontend" / "src" / "lib" / "error-messages.ts").read_text()
    table = text[text.index("ERROR_MESSAGES") : text.index("\n};")]
    return set(re.findall(r"^\s+([a-z_]+):", table, re.MULTILINE))


def test_the_app_words_every_code_the_gateway_sends() -> None:
    codes = gateway_codes()
    assert {"cod_limit", "gstin_wrong_state", "quantity_limit", "invalid_characters", "out_of_stock"} <= codes
    assert codes - app_codes() == set()
