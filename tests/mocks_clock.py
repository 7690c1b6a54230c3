"""The mocks' one clock as a test reads it (`/_mocks/clock`): the day and time every mock and,
while mocks are in use, the gateway's rules work from, never the machine's."""

from __future__ import annotations

from datetime import date, datetime

import httpx


def mocks_today(http: httpx.Client) -> date:
    """India's today on the mocks' clock."""
    return date.fromisoformat(http.get("/_mocks/clock").json()["today"])


def mocks_now(http: httpx.Client) -> datetime:
    return datetime.fromisoformat(http.get("/_mocks/clock").json()["now"])
