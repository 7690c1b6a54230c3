"""Which real Indian pin codes the store delivers to, and how fast, at what hour.

Pin codes, districts and states come from the offline India Post data set of the MIT-licensed
`indian-pincode` package (data under GODL-India); nothing is fetched at run time. The coverage,
the dark stores' hours and the shipping days are contracts/delivery-service.json, the one file
the site's pages and policies quote too: one-hour in a few metro districts while the dark stores
are open, standard across the states we ship to, not serviceable elsewhere.
"""

from __future__ import annotations

import json
from datetime import date, datetime, time, timedelta
from functools import cache
from pathlib import Path
from typing import Any, Literal

import indian_pincode
import msgspec

from upstream_mocks.ist import IST

Serviceability = Literal["oneHour", "standard", "notServiceable"]


SERVICE_FILE = Path(__file__).resolve().parents[2] / "contracts" / "delivery-service.json"
SERVICE: dict[str, Any] = json.loads(SERVICE_FILE.read_text(encoding="utf-8"))

# Dark stores: districts served within the hour (122103 and 400003 are in them), while open.
ONE_HOUR_DISTRICTS = frozenset(SERVICE["oneHour"]["districts"])
ONE_HOUR_STATES = frozenset(SERVICE["oneHour"]["states"])
OPENS_AT = time.fromisoformat(SERVICE["oneHour"]["opensAt"])
CLOSES_AT = time.fromisoformat(SERVICE["oneHour"]["closesAt"])
# The last order promised within the hour: its delivery ends by closing time.
LAST_ORDER_AT = time.fromisoformat(SERVICE["oneHour"]["lastOrderAt"])
# States our warehouses ship to by courier.
STANDARD_STATES = frozenset(SERVICE["standard"]["states"])
# Shipping policy: processing 1-2 business days, then standard delivery 5-7.
PROCESSING_DAYS = tuple(SERVICE["standard"]["processingDays"])
STANDARD_DAYS = tuple(SERVICE["standard"]["deliveryDays"])
DELIVERY_CUTOFF = time.fromisoformat(SERVICE["standard"]["deliveredBy"])  # deliveries end by 8 pm

_SMALL_WORDS = {"AND", "OF", "THE"}
# India Post names districts; the address form wants the city people write.
_CITY_OF_DISTRICT = {"BENGALURU URBAN": "Bengaluru", "MUMBAI SUBURBAN": "Mumbai"}
_CITY_OF_STATE = {"DELHI": "Delhi", "CHANDIGARH": "Chandigarh"}


class DeliveryPromise(msgspec.Struct, rename="camel", kw_only=True):
    # oneHour: within the hour (area and hour allow it); nextOpening: a one-hour area while its
    # dark store is closed, the first hour after it opens; standard: by courier, a date range.
    type: Literal["oneHour", "nextOpening", "standard"]
    earliest_by: datetime
    latest_by: datetime


class StoreHours(msgspec.Struct, rename="camel", kw_only=True):
    """When a one-hour area's dark store takes one-hour orders (India time, every day)."""

    opens_at: str
    closes_at: str
    last_order_at: str
    time_zone: str = "Asia/Kolkata"
    open_now: bool = False


def store_hours(now: datetime) -> StoreHours:
    return StoreHours(
        opens_at=OPENS_AT.strftime("%H:%M"),
        closes_at=CLOSES_AT.strftime("%H:%M"),
        last_order_at=LAST_ORDER_AT.strftime("%H:%M"),
        open_now=taking_one_hour_orders(now),
    )


def taking_one_hour_orders(now: datetime) -> bool:
    return OPENS_AT <= now.astimezone(IST).time() < LAST_ORDER_AT


def next_opening(now: datetime) -> datetime:
    """The next time the dark stores open: today's opening before it, else tomorrow's."""
    local = now.astimezone(IST)
    today_opening = datetime.combine(local.date(), OPENS_AT, IST)
    return today_opening if local < today_opening else today_opening + timedelta(days=1)


class PincodeInfo(msgspec.Struct, rename="camel", kw_only=True):
    pincode: str
    district: str
    city: str
    state: str
    serviceability: Serviceability
    delivery: DeliveryPromise | None
    hours: StoreHours | None = None  # one-hour areas: the dark store's hours


def _title(name: str) -> str:
    words = name.split()
    return " ".join(w.lower() if i and w in _SMALL_WORDS else w.capitalize() for i, w in enumerate(words))


def add_business_days(start: date, days: int) -> date:
    """Business days are Monday to Saturday, as Indian couriers deliver; Sundays do not count."""
    current = start
    while days > 0:
        current += timedelta(days=1)
        if current.weekday() != 6:
            days -= 1
    return current


def promise(serviceability: Serviceability, now: datetime) -> DeliveryPromise | None:
    """The promise for an order placed at `now`: one hour only where the area and the hour allow."""
    if serviceability == "oneHour" and taking_one_hour_orders(now):
        return DeliveryPromise(type="oneHour", earliest_by=now, latest_by=now + timedelta(hours=1))
    if serviceability == "oneHour":
        opening = next_opening(now)
        return DeliveryPromise(type="nextOpening", earliest_by=opening, latest_by=opening + timedelta(hours=1))
    if serviceability == "standard":
        today = now.astimezone(IST).date()
        first = add_business_days(today, PROCESSING_DAYS[0] + STANDARD_DAYS[0])
        last = add_business_days(today, PROCESSING_DAYS[1] + STANDARD_DAYS[1])
        return DeliveryPromise(
            type="standard",
            earliest_by=datetime.combine(first, DELIVERY_CUTOFF, IST),
            latest_by=datetime.combine(last, DELIVERY_CUTOFF, IST),
        )
    return None


@cache
def _serviceability(pincode: str) -> Serviceability | None:
    details = indian_pincode.get_details(pincode)
    if details is None:
        return None
    state = details["state"] or ""
    districts = set(details["districts"])
    if state in ONE_HOUR_STATES or districts & ONE_HOUR_DISTRICTS:
        return "oneHour"
    return "standard" if state in STANDARD_STATES else "notServiceable"


def lookup(pincode: str, now: datetime) -> PincodeInfo | None:
    """The pin code's place and delivery promise; None for a number India Post does not know."""
    serviceability = _serviceability(pincode)
    details = indian_pincode.get_details(pincode)
    if serviceability is None or details is None:
        return None
    districts = details["districts"]
    # A pin code on a district boundary: prefer the metro district it is served from.
    district = next((d for d in districts if d in ONE_HOUR_DISTRICTS), districts[0] if districts else "")
    return PincodeInfo(
        pincode=pincode,
        district=_title(district),
        city=_CITY_OF_STATE.get(details["state"] or "") or _CITY_OF_DISTRICT.get(district) or _title(district),
        state=_title(details["state"] or ""),
        serviceability=serviceability,
        delivery=promise(serviceability, now),
        hours=store_hours(now) if serviceability == "oneHour" else None,
    )


def next_attempt(now: datetime) -> DeliveryPromise:
    """After a failed delivery attempt: the courier comes again the next business day, by 8 pm."""
    day = add_business_days(now.astimezone(IST).date(), 1)
    by = datetime.combine(day, DELIVERY_CUTOFF, IST)
    return DeliveryPromise(type="standard", earliest_by=by, latest_by=by)


def serviceable_count() -> int:
    return sum(1 for p in indian_pincode.get_pincodes() if _serviceability(p) in ("oneHour", "standard"))
