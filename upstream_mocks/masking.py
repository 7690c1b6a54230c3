"""Masking personal data in recorded exchanges: mobile numbers, e-mail addresses, names and tokens.

Values are replaced by keyed pseudonyms (HMAC with a key that lives only as long as one
recording), so one number maps to one stand-in across a recording while the real one cannot
be recovered from the files. Replay matches requests with every personal value blanked, so a
recorded exchange answers whatever number is sent.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Callable
from typing import Any

MOBILE = re.compile(r"^(\+91)?[6-9][0-9]{9}$")
EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
# Field names as the upstreams spell them.
TOKEN_KEYS = frozenset({"accessToken", "access_token", "refreshToken", "refresh_token", "token", "id_token"})
NAME_KEYS = frozenset({"userName", "user_name", "customerName", "customer_name", "fullName"})
CONTACT_KEYS = frozenset({"mobileNumber", "mobile_number", "customer_phone", "contact", "phone", "email"})

Replace = Callable[[str, str], str]  # (kind, value) -> stand-in


def _kind(key: str | None, value: str, siblings: frozenset[str]) -> str | None:
    if key in TOKEN_KEYS:
        return "token"
    # "name" is a person's only beside contact details (an address, a support request), not a brand's.
    if key in NAME_KEYS or (key == "name" and siblings & CONTACT_KEYS):
        return "name"
    if EMAIL.match(value):
        return "email"
    if MOBILE.match(value) or (key in CONTACT_KEYS and value.isdigit()):
        return "mobile"
    return None


def walk(value: Any, replace: Replace, key: str | None = None, siblings: frozenset[str] = frozenset()) -> Any:
    """A copy of a JSON value with every personal string replaced."""
    if isinstance(value, dict):
        keys = frozenset(value)
        return {k: walk(v, replace, k, keys) for k, v in value.items()}
    if isinstance(value, list):
        return [walk(v, replace, key, siblings) for v in value]
    if isinstance(value, str) and value:
        kind = _kind(key, value, siblings)
        return replace(kind, value) if kind else value
    return value


def mask_path(path: str, replace: Replace) -> str:
    return "/".join(replace("mobile", part) if MOBILE.match(part) else part for part in path.split("/"))


class Masker:
    """Keyed pseudonyms for one recording."""

    def __init__(self, key: bytes | None = None) -> None:
        self._key = key or secrets.token_bytes(32)

    def _digest(self, kind: str, value: str) -> str:
        return hmac.new(self._key, f"{kind}:{value}".encode(), hashlib.sha256).hexdigest()

    def __call__(self, kind: str, value: str) -> str:
        digest = self._digest(kind, value)
        if kind == "mobile":
            return "9" + f"{int(digest, 16) % 10**9:09d}"  # still a valid-looking Indian mobile number
        if kind == "email":
            return f"user-{digest[:10]}@example.invalid"
        if kind == "name":
            return f"Customer {digest[:6].upper()}"
        return f"masked-{digest[:32]}"


def blank(kind: str, value: str) -> str:
    """Every personal value alike, for matching a request against a recording."""
    return f"<{kind}>"
