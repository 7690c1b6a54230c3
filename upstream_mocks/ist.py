"""India Standard Time, in which every date and time on the mocks' documents is shown: the one
definition is india/time_zone.py's, shared with the gateway."""

from __future__ import annotations

from datetime import datetime

from india.time_zone import IST

__all__ = ["IST", "as_ist"]


def as_ist(moment: datetime | str) -> str:
    """ "23 Nov 2026, 07:47 AM IST" from an aware datetime or an ISO 8601 string."""
    when = datetime.fromisoformat(moment) if isinstance(moment, str) else moment
    return when.astimezone(IST).strftime("%d %b %Y, %I:%M %p IST")
