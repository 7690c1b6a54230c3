"""India's time zone: the calendar days settlements, reconciliation and the desk speak in."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

INDIA = timezone(timedelta(hours=5, minutes=30), "IST")


def india_today() -> date:
    return datetime.now(INDIA).date()
