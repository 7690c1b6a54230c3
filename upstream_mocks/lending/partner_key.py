"""The partner key every partner call of the lender demands (`x-partner-key`), compared in constant
time: one check for all of them."""

from __future__ import annotations

import hmac
from typing import Any

from litestar import Request, Response

from upstream_mocks.envelope import envelope


def partner_refused(request: Request[Any, Any, Any], key: str) -> Response[Any] | None:
    """The 401 for a call without the partner's key; None when it carries it."""
    given = request.headers.get("x-partner-key", "").encode()
    if not hmac.compare_digest(given, key.encode()):
        return envelope(None, "Unauthorized", 401)
    return None
