"""Support-desk staff: who may log in, with which role, checked against hashed secrets.

Accounts come from the `DESK_STAFF` setting, `name:role:hash` entries separated by commas, the
hash being `scrypt$<salt hex>$<key hex>` (the standard library's scrypt, n=2**14, r=8, p=1).
`python -m gateway.desk.staff NAME ROLE` asks for a secret and prints the entry to add.

In development (`make run`), with `DESK_STAFF` unset, two demonstration accounts exist (their
secrets are in the README); in `test` and production an unset `DESK_STAFF` means no one can log in
to the desk (a shared deployment never carries a published secret; a test that wants the
demonstration accounts names them in `DESK_STAFF`), and production refuses the demonstration
secrets at start-up.
"""

from __future__ import annotations

import functools
import getpass
import hashlib
import hmac
import secrets
import sys
from typing import Literal

import msgspec

from gateway.settings import Settings, UnsafeSettings

Role = Literal["agent", "supervisor"]
ROLES: tuple[Role, ...] = ("agent", "supervisor")
_N, _R, _P = 2**14, 8, 1

# Published demonstration accounts (development only, or named in DESK_STAFF), with fixed salts so their
# entries are the same on every start: name -> (role, secret, salt).
DEMO_ACCOUNTS: dict[str, tuple[Role, str, str]] = {
    "asha.agent": ("agent", "agent-demo-secret", "9f1c0e6a4b2d7c3e5a8b1d4f6e2c9a07"),
    "vikram.supervisor": ("supervisor", "supervisor-demo-secret", "3b7e2a9c5d1f4e8a6c0b2d7f9e1a3c5b"),
}


class StaffAccount(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    role: Role
    secret_hash: str


def hash_secret(secret: str, salt: bytes | None = None) -> str:
    salt = salt if salt is not None else secrets.token_bytes(16)
    key = hashlib.scrypt(secret.encode(), salt=salt, n=_N, r=_R, p=_P, dklen=32)
    return f"scrypt${salt.hex()}${key.hex()}"


def secret_matches(secret: str, secret_hash: str) -> bool:
    try:
        scheme, salt_hex, key_hex = secret_hash.split("$")
        salt = bytes.fromhex(salt_hex)
    except ValueError:
        return False
    if scheme != "scrypt":
        return False
    key = hashlib.scrypt(secret.encode(), salt=salt, n=_N, r=_R, p=_P, dklen=32)
    return hmac.compare_digest(key.hex(), key_hex)


@functools.cache  # hashing is slow on purpose; the entries never change
def demo_entries() -> str:
    """DESK_STAFF for the demonstration accounts, for a test that wants them."""
    return ",".join(
        f"{name}:{role}:{hash_secret(secret, bytes.fromhex(salt))}"
        for name, (role, secret, salt) in DEMO_ACCOUNTS.items()
    )


def parse_staff(entries: str) -> dict[str, StaffAccount]:
    accounts: dict[str, StaffAccount] = {}
    for entry in filter(None, (e.strip() for e in entries.split(","))):
        name, _, rest = entry.partition(":")
        role, _, secret_hash = rest.partition(":")
        if not name or role not in ROLES or not secret_hash.startswith("scrypt$"):
            raise UnsafeSettings(f"DESK_STAFF: {name or entry[:20]!r} is not name:agent|supervisor:scrypt$salt$key")
        accounts[name] = StaffAccount(name=name, role=role, secret_hash=secret_hash)
    return accounts


def staff_accounts(settings: Settings) -> dict[str, StaffAccount]:
    """The desk's accounts; raises UnsafeSettings for production with a demonstration account."""
    if not settings.desk_staff:
        return parse_staff(demo_entries()) if settings.environment == "development" else {}
    accounts = parse_staff(settings.desk_staff)
    if settings.environment == "production":
        for account in accounts.values():
            if any(_is_published(secret, account.secret_hash) for _, secret, _ in DEMO_ACCOUNTS.values()):
                raise UnsafeSettings(
                    f"ENVIRONMENT=production: DESK_STAFF account {account.name!r} has a published demonstration "
                    "secret; give it one of its own (python -m gateway.desk.staff NAME ROLE)."
                )
    return accounts


class RosterEntry(msgspec.Struct, frozen=True, kw_only=True):
    """A desk login as QA reads it: never its hash; its secret only when it is a published one."""

    name: str
    role: Role
    purpose: str
    published_secret: str | None  # a demonstration account's secret (README), else None


def roster(settings: Settings) -> list[RosterEntry]:
    """Who can log in to the desk now, what each role is for, and the demonstration secrets among them."""
    above = settings.desk_refund_second_approval_above
    purposes: dict[Role, str] = {
        "agent": (
            "Finds a customer by mobile, order number, loan number or UPI reference and resends receipts "
            "and invoice mails, each with a reason; cannot cancel or refund."
        ),
        "supervisor": (
            "Everything an agent does, plus cancel and refund an order (a second supervisor approves a refund "
            f"above ₹{above:,.2f}) and the day's reconciliation."
        ),
    }
    return [
        RosterEntry(
            name=account.name,
            role=account.role,
            purpose=purposes[account.role],
            published_secret=_published_secret(account),
        )
        for account in staff_accounts(settings).values()
    ]


def _published_secret(account: StaffAccount) -> str | None:
    """The demonstration secret, when the account is a demonstration one and still has it."""
    demo = DEMO_ACCOUNTS.get(account.name)
    return demo[1] if demo is not None and _is_published(demo[1], account.secret_hash) else None


@functools.lru_cache(maxsize=64)
def _is_published(published: str, secret_hash: str) -> bool:
    """Whether a hash is of a published demonstration secret: the same answer for the same pair,
    so scrypt runs once a process for each, not at every app build (each app's QA roster asks;
    the tests build hundreds of apps)."""
    return secret_matches(published, secret_hash)


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[1] not in ROLES:
        print("usage: python -m gateway.desk.staff NAME agent|supervisor", file=sys.stderr)
        return 2
    return print_entry(f"{argv[0]}:{argv[1]}", "desk")


def print_entry(prefix: str, kind: str) -> int:
    """Ask for a secret (or read it from stdin) and print `prefix:hash`, the entry to add; `kind`
    names whose secret it is in the refusal of a short one. The QA login's tool uses it too."""
    secret = getpass.getpass("Secret: ") if sys.stdin.isatty() else sys.stdin.readline().rstrip("\n")
    if len(secret) < 12:
        print(f"a {kind} secret has at least 12 characters", file=sys.stderr)
        return 2
    print(f"{prefix}:{hash_secret(secret)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
