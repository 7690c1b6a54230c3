"""Which language a request's server texts are in: the session's, else the `lang` cookie's,
else the browser's `Accept-Language` (Hindi preferred to English gives Hindi), else English.
A page of the app (gateway/spa/pages.py) is served in `?lang=` when the address names one (the native
app's web views open pages so, in the app's language), else as a visitor without a session.

`provide_language` is the Litestar dependency `user_language` for handlers without a login (not
`language`: Litestar answers 500 when a body field and a dependency share a name, and the
language switch's body has a `language`). A handler that
also declares `login` calls `language_of` itself: `login` and `language` both follow the
session, and two dependencies at one depth make Litestar start a task group
(docs/decisions/dependency-order.md).
"""

from __future__ import annotations

from typing import Any

from litestar import Request
from litestar.datastructures import Cookie
from litestar.di import NamedDependency

from gateway.language.codes import DEFAULT, Language, is_language
from gateway.sessions.service import Session

COOKIE_NAME = "lang"
QUERY_NAME = "lang"  # ?lang=hi in a page's address
COOKIE_MAX_AGE = 365 * 24 * 60 * 60


def cookie_language(request: Request[Any, Any, Any]) -> Language | None:
    """The language the app keeps in its `lang` cookie, when it is one we write in."""
    value = request.cookies.get(COOKIE_NAME)
    return value if is_language(value) else None


def _quality(parameters: list[str]) -> float:
    for parameter in parameters:
        name, _, value = parameter.strip().partition("=")
        if name.strip().lower() == "q":
            try:
                return max(0.0, min(1.0, float(value)))
            except ValueError:
                return 0.0
    return 1.0


def header_language(accept_language: str | None) -> Language | None:
    """The one of our languages the browser ranks highest (`hi-IN;q=0.9` counts as `hi`); on a
    tie the one it names first; None when it names neither."""
    best: tuple[float, Language] | None = None
    for entry in (accept_language or "").split(",")[:32]:  # a browser sends a handful
        tag, *parameters = entry.split(";")
        primary = tag.strip().split("-", 1)[0].lower()
        if not is_language(primary):
            continue
        quality = _quality(parameters)
        if quality > 0 and (best is None or quality > best[0]):
            best = (quality, primary)
    return best[1] if best else None


def query_language(request: Request[Any, Any, Any]) -> Language | None:
    """The language a page's address asks for (`?lang=hi`), when it is one we write in."""
    value = request.query_params.get(QUERY_NAME)
    return value if is_language(value) else None


def visitor_language(request: Request[Any, Any, Any]) -> Language:
    """The language of a request without a session's: the cookie's, else the browser's, else English."""
    return cookie_language(request) or header_language(request.headers.get("accept-language")) or DEFAULT


def language_of(request: Request[Any, Any, Any], session: Session) -> Language:
    if session.available and session.exists and session.record.language is not None:
        return session.record.language
    return visitor_language(request)


def provide_language(request: Request[Any, Any, Any], session: NamedDependency[Session]) -> Language:
    return language_of(request, session)


def language_cookie(language: Language, *, secure: bool) -> Cookie:
    """The app reads it too (the first paint's language), so it is not HttpOnly."""
    return Cookie(
        key=COOKIE_NAME,
        value=language,
        path="/",
        max_age=COOKIE_MAX_AGE,
        samesite="lax",
        httponly=False,
        secure=secure,
    )
