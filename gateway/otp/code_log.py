"""What became of each login code asked for, per mobile number, for the support desk: sent by
the lender, not sent (the lender failed), or refused by our limits. Never the code itself.

A customer who calls because no code arrives has no order or repayment yet; this log is how the
desk finds them and can say what happened. It is kept in the session store for a week, at most
the last `KEPT` entries a number. Writing it is best effort: a log that cannot be written is
itself logged and never changes the answer the user gets (two sends at one moment may keep one).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Literal

import msgspec
import structlog

from gateway.sessions.outage import store_call
from gateway.sessions.store import SessionStore, keyspace

log = structlog.get_logger()

Outcome = Literal["sent", "failed", "refused"]
KEPT = 20
KEPT_SECONDS = 7 * 24 * 3600


class CodeEvent(msgspec.Struct, frozen=True, kw_only=True):
    at: datetime
    outcome: Outcome
    group: str  # where the login was asked for: 'portal' or 'store'
    reason: str | None = None  # a refusal's code (otp_resend_too_soon, otp_send_limit)


_events = msgspec.json.Decoder(list[CodeEvent])


class CodeLog:
    def __init__(self, store: SessionStore, timeout: float) -> None:
        self.store, self.prefix = keyspace(store, "login-codes")
        self.timeout = timeout

    async def record(self, mobile_number: str, group: str, outcome: Outcome, reason: str | None = None) -> None:
        # real time: when the code was asked for, as the desk's record
        event = CodeEvent(at=datetime.now(UTC), outcome=outcome, group=group, reason=reason)
        try:
            async with store_call(self.timeout):
                kept = await self._read(mobile_number)
                kept = [*kept[-(KEPT - 1) :], event]
                await self.store.set(self.prefix + mobile_number, msgspec.json.encode(kept), expires_in=KEPT_SECONDS)
        except Exception as exc:  # the code's answer stands whatever happens to its log line
            log.warning("login_code_not_logged", outcome=outcome, error=type(exc).__name__)

    async def recent(self, mobile_number: str) -> list[CodeEvent]:
        """The number's logged codes, oldest first; the store's 503 when it cannot be read."""
        async with store_call(self.timeout):
            return await self._read(mobile_number)

    async def _read(self, mobile_number: str) -> list[CodeEvent]:
        raw = await self.store.get(self.prefix + mobile_number)
        return _events.decode(raw) if raw else []
