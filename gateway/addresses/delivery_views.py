"""A delivery promise and a pin code's check in the shopper's words: what an address's check, the
checkout's pin code lookup and quote, and an order all show. In the addresses group, which imports
neither of the others: orders and checkout read it from here, and no two groups import each other
(tests/unit/test_import_boundaries.py)."""

from __future__ import annotations

import msgspec

from gateway.addresses.schemas import DeliveryPromiseView, PincodeCheck, StoreHoursView
from gateway.upstreams.orders import DeliveryPromise, PincodeInfo, StoreHours
from india.time_zone import IST

ONE_HOUR = "Get it in 1 Hour"


def delivery_label(promise: DeliveryPromise) -> str:
    if promise.type == "oneHour":
        return ONE_HOUR
    if promise.type == "nextOpening":
        latest = promise.latest_by.astimezone(IST)
        return f"The store is closed now: delivery by {latest:%-I:%M %p} on {latest:%a %-d %b}"
    if promise.earliest_by.date() == promise.latest_by.date():
        return f"Delivery by {promise.latest_by:%a %-d %b}"
    return f"Delivery between {promise.earliest_by:%a %-d %b} and {promise.latest_by:%a %-d %b}"


def delivery_view(promise: DeliveryPromise) -> DeliveryPromiseView:
    return DeliveryPromiseView(
        type=promise.type,
        earliest_by=promise.earliest_by.isoformat(),
        latest_by=promise.latest_by.isoformat(),
        label=delivery_label(promise),
    )


def hours_view(hours: StoreHours | None) -> StoreHoursView | None:
    if hours is None:
        return None
    return StoreHoursView(**msgspec.structs.asdict(hours))  # the port's shape as it is


def pincode_check(info: PincodeInfo) -> PincodeCheck:
    if info.delivery is not None:
        message = delivery_label(info.delivery)
    else:
        message = f"Sorry, we do not deliver to pin code {info.pincode} ({info.city}, {info.state}) yet."
    return PincodeCheck(
        pincode=info.pincode,
        city=info.city,
        district=info.district,
        state=info.state,
        serviceability=info.serviceability,
        delivery=delivery_view(info.delivery) if info.delivery else None,
        message=message,
        hours=hours_view(info.hours),
    )
