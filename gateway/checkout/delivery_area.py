"""The pin code a shopper chose at the top of the store, kept in a cookie the gateway reads.

One cookie for visitors and logged-in shoppers alike, so the choice survives a login, a logout
and the session's end, as Blinkit's and Zepto's location does. The app reads it too (not
HttpOnly): a page knows at its first render whether a pin code is chosen, and only then asks for
its promise. The value is never trusted: anything but six digits is no choice.
"""

from __future__ import annotations

import re
from typing import Any

from litestar import Request
from litestar.datastructures import Cookie

COOKIE_NAME = "pincode"  # the app reads it by this name (features/store/delivery/chosen-pincode.ts)
COOKIE_MAX_AGE = 365 * 24 * 60 * 60
_PINCODE = re.compile(r"[1-9][0-9]{5}")


def chosen_pincode(request: Request[Any, Any, Any]) -> str | None:
    value = request.cookies.get(COOKIE_NAME) or ""
    return value if _PINCODE.fullmatch(value) else None


def area_cookie(pincode: str | None, *, secure: bool) -> Cookie:
    """The choice for a year; `None` clears it."""
    return Cookie(
        key=COOKIE_NAME,
        value=pincode or "",
        path="/",
        max_age=COOKIE_MAX_AGE if pincode else 0,
        samesite="lax",
        httponly=False,
        secure=secure,
    )
