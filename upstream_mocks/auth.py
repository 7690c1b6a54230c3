"""Credentials the mocks can demand, so tests prove the gateway sends a real upstream's.

QA sets a requirement per mock (`POST /_mocks/auth`): static headers with given values (an
API key), and/or an OAuth 2.0 access token obtained with the client-credentials grant from
`POST /_mocks/oauth/token`, which expires after `tokenLifetime` seconds. A request without
them gets a 401 before the mock sees it. (Mutual TLS is demanded by the server itself: see
MOCKS_TLS_* in `python -m upstream_mocks`.)

A call may carry a user's own bearer token instead (the lender's borrower token); only a
token this server issued is held to the OAuth requirement.
"""

from __future__ import annotations

import base64
import secrets
import time
from typing import Any
from urllib.parse import parse_qsl

import msgspec

from upstream_mocks.world import MockWorld


class AuthRequirement(msgspec.Struct, rename="camel", kw_only=True):
    mock: str
    headers: dict[str, str] = msgspec.field(default_factory=dict)
    oauth: bool = False
    client_id: str = "qa-client"
    client_secret: str = "qa-secret"
    token_lifetime: int = 3600


class IssuedToken(msgspec.Struct, rename="camel", kw_only=True):
    client_id: str
    issued_at: float
    expires_at: float


class AuthState(msgspec.Struct):
    requirements: dict[str, AuthRequirement] = msgspec.field(default_factory=dict)
    tokens: dict[str, IssuedToken] = msgspec.field(default_factory=dict)


def state(world: MockWorld) -> AuthState:
    found: AuthState = world.states["auth"]
    return found


def refusal(world: MockWorld, mock: str, headers: dict[str, str]) -> str | None:
    """Why a request to `mock` lacks the credentials it requires, or None."""
    auth = state(world)
    requirement = auth.requirements.get(mock)
    if requirement is None:
        return None
    for name, value in requirement.headers.items():
        if not secrets.compare_digest(headers.get(name.lower(), ""), value):
            return f"Unauthorized: header {name} is missing or wrong"
    if requirement.oauth:
        scheme, _, token = headers.get("authorization", "").partition(" ")
        if scheme.lower() != "bearer" or not token:
            return "Unauthorized: no access token"
        issued = auth.tokens.get(token)
        # real time: an OAuth token's life, as the gateway's sessions
        if issued is not None and issued.expires_at <= time.time():
            return "Unauthorized: the access token has expired"
    return None


def issue_token(world: MockWorld, body: bytes, headers: dict[str, str]) -> tuple[int, dict[str, Any]]:
    """The client-credentials grant (RFC 6749 4.4), client authenticated by Basic or the form."""
    form = dict(parse_qsl(body.decode("utf-8", "replace")))
    client_id, client_secret = form.get("client_id", ""), form.get("client_secret", "")
    scheme, _, encoded = headers.get("authorization", "").partition(" ")
    if scheme.lower() == "basic":
        try:
            client_id, _, client_secret = base64.b64decode(encoded).decode().partition(":")
        except ValueError:
            return 401, {"error": "invalid_client"}
    if form.get("grant_type") != "client_credentials":
        return 400, {"error": "unsupported_grant_type"}
    auth = state(world)
    requirement = next(
        (
            r
            for r in auth.requirements.values()
            if r.oauth
            and secrets.compare_digest(r.client_id, client_id)
            and secrets.compare_digest(r.client_secret, client_secret)
        ),
        None,
    )
    if requirement is None:
        return 401, {"error": "invalid_client"}
    token = f"qa_{secrets.token_urlsafe(24)}"
    now = time.time()  # real time: an OAuth token's life, as the gateway's sessions
    auth.tokens[token] = IssuedToken(client_id=client_id, issued_at=now, expires_at=now + requirement.token_lifetime)
    return 200, {"access_token": token, "token_type": "Bearer", "expires_in": requirement.token_lifetime}
