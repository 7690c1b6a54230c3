"""The QA login in front of the mocks' controls (`/_mocks`) on a shared test deployment.

`QA_STAFF` lists the testers, `name:scrypt$salt$key` entries separated by commas (the desk's
hash: `python -m gateway.security.qa_login NAME` asks for a secret, or reads it from stdin, and
prints the entry). Set, every `/_mocks` path asks for one of them by HTTP Basic, which a browser
asks for with its own login box and a script sends with `curl -u`: the controls hand out
one-time codes, tokens and resets.
Left open are the two things a real deployment's shopper reaches without any login: the payment
provider's hosted checkout page, and the catalogue's images (a CDN's). Unset, `/_mocks` is open,
for one developer's machine and the test suite's own gateways. A logged-in tester's calls reach
the mocks with their name in `X-QA-Tester` (the browser's own value replaced), which the mocks'
hold on the shared world reads (docs/decisions/qa-holds.md).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
import sys
from collections.abc import Callable, Mapping

from gateway.desk.staff import print_entry, secret_matches
from gateway.plumbing.asgi import ASGIApp, Receive, Scope, Send
from gateway.settings import UnsafeSettings

# What a shopper's browser opens itself: the provider's checkout page (and its pay button's call),
# and the product images. Whole paths, never prefixes: a proxy resolves `..`, so a prefix would let
# /_mocks/payments/checkout/../../lending/outbox through.
PUBLIC = re.compile(
    r"/_mocks/payments/checkout/session_[A-Za-z0-9_-]+(/pay)?/?"
    r"|/_mocks/catalogue/media/(products|brands)/(?!\.)[A-Za-z0-9_.-]+"
)
TESTER_HEADER = b"x-qa-tester"  # who calls, for the mocks' hold (docs/decisions/qa-holds.md)
REALM = b'Basic realm="QA", charset="UTF-8"'
_REMEMBERED = 64  # credentials checked once per process, so scrypt runs once per tester, not per call


def parse_qa_staff(entries: str) -> dict[str, str]:
    """name -> scrypt hash; raises UnsafeSettings naming a malformed entry."""
    accounts: dict[str, str] = {}
    for entry in filter(None, (e.strip() for e in entries.split(","))):
        name, _, secret_hash = entry.partition(":")
        if not name or not secret_hash.startswith("scrypt$"):
            raise UnsafeSettings(f"QA_STAFF: {name or entry[:20]!r} is not name:scrypt$salt$key")
        accounts[name] = secret_hash
    return accounts


class QaLogin:
    def __init__(self, accounts: Mapping[str, str]) -> None:
        self.accounts = dict(accounts)
        self._known: dict[bytes, str] = {}  # a checked Authorization header's digest -> tester

    def tester(self, authorization: bytes) -> str | None:
        """The tester an `Authorization: Basic` header names with their secret, else None."""
        digest = hashlib.sha256(authorization).digest()
        if digest in self._known:
            return self._known[digest]
        scheme, _, encoded = authorization.partition(b" ")
        if scheme.lower() != b"basic":
            return None
        try:
            name, _, secret = base64.b64decode(encoded.strip(), validate=True).decode().partition(":")
        except (binascii.Error, UnicodeDecodeError):
            return None
        secret_hash = self.accounts.get(name)
        if secret_hash is None or not secret_matches(secret, secret_hash):
            return None
        if len(self._known) >= _REMEMBERED:
            self._known.clear()
        self._known[digest] = name
        return name

    def guard(self, app: ASGIApp, path_of: Callable[[Scope], str]) -> ASGIApp:
        """`app` behind the login; `path_of` gives a request's full path (a mount sees only its rest)."""

        async def guarded(scope: Scope, receive: Receive, send: Send) -> None:
            if PUBLIC.fullmatch(path_of(scope)):
                await app(scope, receive, send)
                return
            authorization = next((v for k, v in scope["headers"] if k == b"authorization"), b"")
            tester = self.tester(authorization) if authorization else None
            if tester is not None:
                await app(as_tester(scope, tester), receive, send)
                return
            body = json.dumps(
                {"error": {"code": "qa_login_required", "message": "Log in as QA to use the mocks' controls."}}
            ).encode()
            headers: list[tuple[bytes, bytes]] = [
                (b"content-type", b"application/json"),
                (b"www-authenticate", REALM),
                (b"cache-control", b"no-store"),
            ]
            await send({"type": "http.response.start", "status": 401, "headers": headers})
            await send({"type": "http.response.body", "body": body})

        return guarded


def as_tester(scope: Scope, tester: str) -> Scope:
    """The request as the mocks see it: the QA login's name in X-QA-Tester, whatever the browser
    sent there, so a hold on the shared world (upstream_mocks/hold.py) is the logged-in tester's."""
    headers = [(k, v) for k, v in scope["headers"] if k != TESTER_HEADER]
    return {**scope, "headers": [*headers, (TESTER_HEADER, tester.encode())]}


def main(argv: list[str]) -> int:
    if len(argv) != 1 or ":" in argv[0] or "," in argv[0]:
        print("usage: python -m gateway.security.qa_login NAME", file=sys.stderr)
        return 2
    return print_entry(argv[0], "QA")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
