"""India Standard Time, the one definition: the calendar days settlements, reconciliation and the
desk speak in, and the times on the mocks' documents. Which day it is comes from a clock
(gateway/plumbing/clock.py, upstream_mocks/clock.py), never from here. A fixed offset, not the
`Asia/Kolkata` zone database entry: India has kept +05:30 without daylight saving since 1945,
and a fixed zone needs no tzdata on the image."""

from __future__ import annotations

from datetime import timedelta, timezone

IST = timezone(timedelta(hours=5, minutes=30), "IST")
