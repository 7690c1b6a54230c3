"""Choosing the language: kept in the session when there is one; the cookie carries it otherwise."""

from __future__ import annotations

from gateway.language.codes import Language, is_language
from gateway.plumbing.errors import InvalidInput
from gateway.plumbing.validation import LANGUAGE_MESSAGE
from gateway.sessions.service import Session


def chosen(value: str) -> Language:
    if not is_language(value):
        raise InvalidInput(LANGUAGE_MESSAGE, field="language")
    return value


async def keep_in_session(session: Session, language: Language) -> None:
    """A visitor without a session gets none for this (the cookie is enough until login), and
    with the session store down the cookie still carries the choice."""
    if not session.available or not session.exists:
        return
    if session.record.language != language:
        session.record.language = language
        await session.save()
