"""Credentials for real upstreams: static headers, OAuth 2.0 client credentials, mutual TLS.

Each upstream reads its own from the environment, `<NAME>_` prefixed (LENDING_, CATALOGUE_,
MAIL_, ORDERS_); any of them may instead name a file with `_FILE` appended, for secrets an
orchestrator mounts (`MAIL_OAUTH_CLIENT_SECRET_FILE=/run/secrets/mail`):

- `<NAME>_HEADERS`: a JSON object of headers sent on every call (`{"X-Api-Key": "..."}`);
- `<NAME>_OAUTH_TOKEN_URL`, `_OAUTH_CLIENT_ID`, `_OAUTH_CLIENT_SECRET`, `_OAUTH_SCOPE`,
  `_OAUTH_LEEWAY`: a client-credentials token, fetched on first use, kept, and fetched again
  `LEEWAY` seconds (default 60) before it expires, by Authlib's httpx client;
- `<NAME>_TLS_CERT`, `_TLS_KEY`: the client certificate and key (PEM) for mutual TLS;
  `_TLS_CA`: the CA bundle the upstream's certificate is checked against (default: the system's).

Secret values never appear in a repr, a log line or an answer.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import anyio
import httpx
import msgspec
from authlib.integrations.base_client import OAuthError
from authlib.integrations.httpx_client import AsyncOAuth2Client

HIDDEN = "***"


class CredentialsError(ValueError):
    """A credential setting that cannot be used; names the variable, never its value."""


class CredentialsUnavailable(httpx.TransportError):
    """The token endpoint would not give a token: the upstream cannot be called."""


class OAuthClientCredentials(msgspec.Struct, frozen=True, kw_only=True):
    token_url: str
    client_id: str
    client_secret: str
    scope: str | None = None
    leeway: int = 60  # seconds before expiry that a token counts as expired


class UpstreamCredentials(msgspec.Struct, frozen=True, kw_only=True):
    headers: dict[str, str] = msgspec.field(default_factory=dict)
    oauth: OAuthClientCredentials | None = None
    tls_cert: str | None = None
    tls_key: str | None = None
    tls_ca: str | None = None

    def __repr__(self) -> str:
        kinds = [
            *(f"header {name}={HIDDEN}" for name in self.headers),
            *([f"oauth {self.oauth.client_id}@{self.oauth.token_url}"] if self.oauth else []),
            *([f"tls {self.tls_cert}"] if self.tls_cert else []),
        ]
        return f"UpstreamCredentials({', '.join(kinds)})"

    __str__ = __repr__


def _read(env: Mapping[str, str], name: str) -> str | None:
    """`name` from the environment, or the content of the file `name_FILE` names."""
    path = env.get(f"{name}_FILE")
    if path:
        try:
            return Path(path).read_text().strip()
        except OSError as exc:
            raise CredentialsError(f"{name}_FILE: cannot read {path} ({exc.strerror})") from exc
    return env.get(name) or None


def credentials_from_env(env: Mapping[str, str], upstreams: Iterable[str]) -> dict[str, UpstreamCredentials]:
    """The credentials configured for each upstream; upstreams without any are left out."""
    found: dict[str, UpstreamCredentials] = {}
    for upstream in upstreams:
        prefix = upstream.upper()
        headers: dict[str, str] = {}
        raw_headers = _read(env, f"{prefix}_HEADERS")
        if raw_headers:
            try:
                headers = msgspec.convert(json.loads(raw_headers), dict[str, str])
            except (ValueError, msgspec.ValidationError) as exc:
                raise CredentialsError(f"{prefix}_HEADERS must be a JSON object of header names to values") from exc
        oauth = None
        token_url = _read(env, f"{prefix}_OAUTH_TOKEN_URL")
        if token_url:
            client_id = _read(env, f"{prefix}_OAUTH_CLIENT_ID")
            client_secret = _read(env, f"{prefix}_OAUTH_CLIENT_SECRET")
            if not client_id or not client_secret:
                raise CredentialsError(f"{prefix}_OAUTH_TOKEN_URL needs {prefix}_OAUTH_CLIENT_ID and _CLIENT_SECRET")
            leeway = _read(env, f"{prefix}_OAUTH_LEEWAY")
            if leeway is not None and not leeway.isdigit():
                raise CredentialsError(f"{prefix}_OAUTH_LEEWAY must be a whole number of seconds")
            oauth = OAuthClientCredentials(
                token_url=token_url,
                client_id=client_id,
                client_secret=client_secret,
                scope=_read(env, f"{prefix}_OAUTH_SCOPE"),
                leeway=int(leeway) if leeway is not None else 60,
            )
        cert, key = _read(env, f"{prefix}_TLS_CERT"), _read(env, f"{prefix}_TLS_KEY")
        if bool(cert) != bool(key):
            raise CredentialsError(f"{prefix}_TLS_CERT and {prefix}_TLS_KEY go together")
        credentials = UpstreamCredentials(
            headers=headers, oauth=oauth, tls_cert=cert, tls_key=key, tls_ca=_read(env, f"{prefix}_TLS_CA")
        )
        if credentials != UpstreamCredentials():
            found[upstream] = credentials
    return found


class ClientCredentialsClient(AsyncOAuth2Client):  # type: ignore[misc]
    """Authlib's client, fetching its first token on first use (once, however many calls wait).

    Authlib refreshes the token under its own lock when it is within `leeway` of expiry. A call
    that carries a user's own `Authorization` (the lender's borrower token) keeps it.
    """

    def __init__(self, oauth: OAuthClientCredentials, **kwargs: Any) -> None:
        super().__init__(
            client_id=oauth.client_id,
            client_secret=oauth.client_secret,
            scope=oauth.scope,
            token_endpoint=oauth.token_url,
            grant_type="client_credentials",
            leeway=oauth.leeway,
            **kwargs,
        )
        self._first_token = anyio.Lock()

    async def request(self, method: str, url: Any, withhold_token: bool = False, **kwargs: Any) -> httpx.Response:
        headers = kwargs.get("headers") or {}
        if any(name.lower() == "authorization" for name in headers):
            withhold_token = True
        # Authlib's own token request passes its client authentication as `auth`.
        signs = kwargs.get("auth", httpx.USE_CLIENT_DEFAULT) is httpx.USE_CLIENT_DEFAULT
        try:
            if signs and not withhold_token and not self.token:
                async with self._first_token:
                    if not self.token:
                        await self.fetch_token()
            response: httpx.Response = await super().request(method, url, withhold_token=withhold_token, **kwargs)
        except OAuthError as exc:
            # The error code only: the description may echo what was sent.
            raise CredentialsUnavailable(f"token endpoint refused: {exc.error}") from None
        return response


def build_client(credentials: UpstreamCredentials | None, **kwargs: Any) -> httpx.AsyncClient:
    """An httpx client for one upstream, sending its headers and token; `kwargs` go to httpx
    (the transport carries the TLS settings: `transport.network_transport`)."""
    if credentials is None:
        return httpx.AsyncClient(**kwargs)
    kwargs["headers"] = {**kwargs.get("headers", {}), **credentials.headers}
    if credentials.oauth is not None:
        return ClientCredentialsClient(credentials.oauth, **kwargs)
    return httpx.AsyncClient(**kwargs)
