"""The desk's log of login codes: the last few a number, and never in the way of a code's answer."""

from __future__ import annotations

import pytest

from gateway.otp.code_log import KEPT, CodeLog
from gateway.plumbing.errors import SessionStoreUnavailable
from gateway.sessions.store import ClaimingMemoryStore


class BrokenStore(ClaimingMemoryStore):
    async def get(self, key: str, renew_for: int | None = None) -> bytes | None:
        raise ConnectionError("the store is down")


async def test_a_number_keeps_its_latest_codes_oldest_first() -> None:
    log = CodeLog(ClaimingMemoryStore(), 1.0)
    for n in range(KEPT + 3):
        await log.record("9000012399", "portal", "refused" if n % 2 else "sent", "otp_send_limit" if n % 2 else None)
    kept = await log.recent("9000012399")
    assert len(kept) == KEPT
    assert [e.at for e in kept] == sorted(e.at for e in kept)
    assert kept[-1].outcome == "sent" and kept[-1].reason is None  # the last of 23 (n = 22)
    assert await log.recent("9000012398") == []


async def test_a_log_that_cannot_be_written_changes_nothing_and_a_read_is_the_stores_503() -> None:
    log = CodeLog(BrokenStore(), 1.0)
    await log.record("9000012399", "store", "sent")  # no exception: the code's answer stands
    with pytest.raises(SessionStoreUnavailable):
        await log.recent("9000012399")
