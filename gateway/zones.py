"""India's time zone: the calendar days settlements, reconciliation and the desk speak in. Which
day it is comes from the clock the gateway reads (gateway/clock.py), never from here."""

from __future__ import annotations

from datetime import timedelta, timezone

INDIA = timezone(timedelta(hours=5, minutes=30), "IST")
