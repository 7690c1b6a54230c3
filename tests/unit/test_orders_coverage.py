"""The orders mock's delivery coverage and promises, from the offline India Post data set."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from upstream_mocks.ist import IST
from upstream_mocks.orders.pincodes import add_business_days, lookup, serviceable_count

MONDAY_NOON = datetime(2026, 11, 23, 12, 0, tzinfo=IST)


def test_the_store_serves_over_6500_real_pin_codes() -> None:
    assert serviceable_count() > 6500


def test_metro_pin_codes_get_it_in_one_hour_with_place_from_the_data_set() -> None:
    for pincode, city, state in [("122103", "Gurugram", "Haryana"), ("400003", "Mumbai", "Maharashtra")]:
        place = lookup(pincode, MONDAY_NOON)
        assert place is not None and (place.city, place.state, place.serviceability) == (city, state, "oneHour")
        assert place.delivery is not None and place.delivery.latest_by - MONDAY_NOON == timedelta(hours=1)


def test_standard_delivery_follows_the_shipping_policy_in_business_days() -> None:
    place = lookup("411001", MONDAY_NOON)  # Pune
    assert place is not None and place.serviceability == "standard" and place.delivery is not None
    # processing 1-2 + standard 5-7 business days (Mon-Sat): Mon 23 Nov -> Sat 30 Nov .. Wed 3 Dec
    assert place.delivery.earliest_by.date() == date(2026, 11, 30)
    assert place.delivery.latest_by.date() == date(2026, 12, 3)


def test_sundays_are_not_business_days() -> None:
    assert add_business_days(date(2026, 11, 28), 1) == date(2026, 11, 30)  # Saturday + 1 -> Monday


def test_unknown_and_unserved_pin_codes() -> None:
    assert lookup("999999", datetime.now(UTC)) is None
    far = lookup("600001", datetime.now(UTC))  # Chennai
    assert far is not None and far.serviceability == "notServiceable" and far.delivery is None
