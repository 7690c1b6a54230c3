"""The orders mock's delivery coverage and promises, from the offline India Post data set."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from upstream_mocks.ist import IST
from upstream_mocks.orders.pincodes import SERVICE, add_business_days, lookup, next_attempt, serviceable_count

MONDAY_NOON = datetime(2026, 11, 23, 12, 0, tzinfo=IST)


def test_the_pin_code_count_the_site_quotes_is_the_services_own() -> None:
    # contracts/delivery-service.json is what the site's pages and policies say: the same figure.
    assert serviceable_count() == SERVICE["serviceablePinCodes"]


def test_one_hour_only_while_the_dark_stores_take_orders() -> None:
    night = datetime(2026, 11, 27, 2, 50, tzinfo=IST)  # 2:50 am: closed until 7
    place = lookup("122103", night)
    assert place is not None and place.serviceability == "oneHour" and place.delivery is not None
    assert place.delivery.type == "nextOpening"
    assert place.delivery.earliest_by == datetime(2026, 11, 27, 7, 0, tzinfo=IST)
    assert place.hours is not None and not place.hours.open_now
    assert (place.hours.opens_at, place.hours.closes_at) == ("07:00", "23:00")
    late = lookup("122103", datetime(2026, 11, 27, 22, 30, tzinfo=IST))  # past the last one-hour order
    assert late is not None and late.delivery is not None and late.delivery.type == "nextOpening"
    assert late.delivery.earliest_by == datetime(2026, 11, 28, 7, 0, tzinfo=IST)
    assert lookup("411001", night) is not None and lookup("411001", night).hours is None  # type: ignore[union-attr]


def test_after_a_failed_attempt_the_promise_is_the_next_business_day() -> None:
    saturday_evening = datetime(2026, 11, 28, 18, 0, tzinfo=IST)
    again = next_attempt(saturday_evening)
    assert again.type == "standard" and again.latest_by == datetime(2026, 11, 30, 20, 0, tzinfo=IST)  # Monday


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
    noon = datetime(2026, 11, 27, 12, tzinfo=IST)  # any hour: neither has a promise
    assert lookup("999999", noon) is None
    far = lookup("600001", noon)  # Chennai
    assert far is not None and far.serviceability == "notServiceable" and far.delivery is None
