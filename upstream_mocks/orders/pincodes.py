"""Which real Indian pin codes the store delivers to, and how fast.

Pin codes, districts and states come from the offline India Post data set of the MIT-licensed
`indian-pincode` package (data under GODL-India); nothing is fetched at run time. The coverage
is ours: one-hour in a few metro districts, standard across the states we ship to (over 6500
pin codes, as the site claims), not serviceable elsewhere.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from functools import cache
from typing import Literal

import indian_pincode
import msgspec

from upstream_mocks.ist import IST

Serviceability = Literal["oneHour", "standard", "notServiceable"]


# Dark stores: districts served within the hour (122103 and 400003 are in them).
ONE_HOUR_DISTRICTS = frozenset({"GURUGRAM", "MUMBAI", "BENGALURU URBAN"})
ONE_HOUR_STATES = frozenset({"DELHI"})
# States our warehouses ship to by courier.
STANDARD_STATES = frozenset(
    {
        "DELHI",
        "HARYANA",
        "CHANDIGARH",
        "PUNJAB",
        "UTTAR PRADESH",
        "RAJASTHAN",
        "GUJARAT",
        "MAHARASHTRA",
        "GOA",
        "KARNATAKA",
        "TELANGANA",
    }
)
# Shipping policy: processing 1-2 business days, then standard delivery 5-7.
PROCESSING_DAYS = (1, 2)
STANDARD_DAYS = (5, 7)
DELIVERY_CUTOFF = time(20, 0)  # deliveries end by 8 pm on the promised day

_SMALL_WORDS = {"AND", "OF", "THE"}
# India Post names districts; the address form wants the city people write.
_CITY_OF_DISTRICT = {"BENGALURU URBAN": "Bengaluru", "MUMBAI SUBURBAN": "Mumbai"}
_CITY_OF_STATE = {"DELHI": "Delhi", "CHANDIGARH": "Chandigarh"}


class DeliveryPromise(msgspec.Struct, rename="camel", kw_only=True):
    type: Literal["oneHour", "standard"]
    earliest_by: datetime
    latest_by: datetime


class PincodeInfo(msgspec.Struct, rename="camel", kw_only=True):
    pincode: str
    district: str
    city: str
    state: str
    serviceability: Serviceability
    delivery: DeliveryPromise | None


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
    if serviceability == "oneHour":
        return DeliveryPromise(type="oneHour", earliest_by=now, latest_by=now + timedelta(hours=1))
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
    )


def serviceable_count() -> int:
    return sum(1 for p in indian_pincode.get_pincodes() if _serviceability(p) in ("oneHour", "standard"))
