"""PUT /api/session/language: the app's language switch, for the texts the server makes."""

from __future__ import annotations

from litestar import Response, Router, put
from litestar.di import NamedDependency
from litestar.params import JSONBody

from gateway.language.resolution import language_cookie
from gateway.language.schemas import LanguageChoice, LanguageView
from gateway.language.service import chosen, keep_in_session
from gateway.sessions.service import Session


def build_router(secure_cookies: bool) -> Router:
    @put(
        "/language",
        status_code=200,
        summary="Choose the language (en or hi) of the SMS, mails and PDFs the server makes",
        description=(
            "Sets the `lang` cookie (readable by the app) and keeps the language in the session when "
            "there is one; a login takes the cookie's language into the new session."
        ),
    )
    async def set_language(session: NamedDependency[Session], data: JSONBody[LanguageChoice]) -> Response[LanguageView]:
        language = chosen(data.language)
        await keep_in_session(session, language)
        return Response(LanguageView(language=language), cookies=[language_cookie(language, secure=secure_cookies)])

    return Router(path="/api/session", route_handlers=[set_language], tags=["session"])
